import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "../../api/errors.ts";
import { FormAlert } from "../../ui/form.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { type LocalMail, fetchLocalMail, isSameOrigin, linkify } from "./api.ts";

type MailboxState =
  | { kind: "loading" }
  | { kind: "ready"; mails: LocalMail[] }
  | { kind: "unavailable" }
  | { kind: "error"; message: string };

/**
 * /dev/mailbox: the e-mails the worker "sent" in local mode, so someone trying the app can open the
 * validation or reset link. Production answers 404: the screen then says it is not available.
 */
export function MailboxPage() {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<MailboxState>({ kind: "loading" });
  const [selectedId, setSelectedId] = useState<LocalMail["id"] | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      fetchLocalMail(signal).then(
        (mails) => setState({ kind: "ready", mails }),
        (error: unknown) => {
          if (signal?.aborted) return;
          if (error instanceof ApiRequestError && error.status === 404) setState({ kind: "unavailable" });
          else setState({ kind: "error", message: error instanceof ApiRequestError && !error.isNetworkError ? error.message : t`The server cannot be reached. Check your connection and try again.` });
        },
      );
    },
    [t],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const mails = state.kind === "ready" ? state.mails : [];
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];
  const date = (value: string) => {
    const parsed = new Date(value.includes("T") || value.endsWith("Z") ? value : `${value.replace(" ", "T")}Z`);
    return Number.isNaN(parsed.getTime()) ? value : i18n.date(parsed, { dateStyle: "medium", timeStyle: "short" });
  };

  return (
    <section className="mailbox" data-testid="mailbox-page">
      <div className="mailbox__header">
        <PageTitle>
          <Trans>Local mailbox</Trans>
        </PageTitle>
        <button type="button" className="button" onClick={() => load()} disabled={state.kind === "unavailable"}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      <p className="muted">
        <Trans>E-mails sent by the app while it runs locally. Nothing here leaves your computer.</Trans>
      </p>
      {state.kind === "loading" ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {state.kind === "unavailable" ? (
        <FormAlert tone="info">
          <Trans>The local mailbox is not available here: it only exists when the app runs locally.</Trans>
        </FormAlert>
      ) : null}
      {state.kind === "error" ? <FormAlert>{state.message}</FormAlert> : null}
      {state.kind === "ready" && mails.length === 0 ? (
        <p data-testid="mailbox-empty">
          <Trans>No e-mail yet.</Trans>
        </p>
      ) : null}
      {selected ? (
        <div className="mailbox__body">
          <nav aria-label={t`Messages`}>
            <ul className="mailbox__list" data-testid="mailbox-list">
              {mails.map((mail) => (
                <li key={mail.id}>
                  <button
                    type="button"
                    className="mailbox__item"
                    aria-current={mail.id === selected.id || undefined}
                    onClick={() => setSelectedId(mail.id)}
                    data-testid="mailbox-item"
                  >
                    <span className="mailbox__subject">{mail.subject}</span>
                    <span className="muted">{mail.to}</span>
                    <span className="muted">{date(mail.created_at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <article className="mailbox__message card" aria-labelledby="mailbox-subject" data-testid="mailbox-message">
            <h2 id="mailbox-subject" className="card__title">
              {selected.subject}
            </h2>
            <dl className="mailbox__meta">
              <div>
                <dt>
                  <Trans>To</Trans>
                </dt>
                <dd>{selected.to}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Date</Trans>
                </dt>
                <dd>{date(selected.created_at)}</dd>
              </div>
            </dl>
            <MailText text={selected.text} />
          </article>
        </div>
      ) : null}
    </section>
  );
}

function MailText({ text }: { text: string }) {
  return (
    <div className="mailbox__text">
      {linkify(text).map((part, index) =>
        part.kind === "text" ? (
          <span key={index}>{part.text}</span>
        ) : isSameOrigin(part.href) ? (
          <a key={index} href={part.href}>
            {part.href}
          </a>
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noreferrer noopener">
            {part.href}
          </a>
        ),
      )}
    </div>
  );
}
