import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { UI_LOCALES, type UiLocale, isUiLocale } from "../../../domain/i18n/locales.ts";
import {
  INVITATION_PLACEHOLDERS,
  type InvitationKind,
  type InvitationTemplateText,
  type InvitationValues,
  invitationDate,
  invitationTemplateErrors,
  renderInvitation,
} from "../../../domain/viewers/invitations.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { LOCALE_NAMES } from "../../i18n/locale-names.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert, TextField } from "../../ui/form.tsx";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { LoadError } from "../../ui/list-controls.tsx";
import { toast } from "../../ui/toast.ts";
import { useResource } from "../../ui/use-resource.ts";
import { useOnline } from "../pwa/use-online.ts";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { useWebcastSynced } from "../webcasts/use-webcast-synced.ts";
import { type InvitationTemplate, type InvitationsOverview, type RecipientStatus, customizeInvitation, fetchInvitations, sendBulkInvitations } from "../viewers/api.ts";
import "../viewers/viewers.css";

/** How often the delivery counts are asked for while e-mails are queued (tests shorten it). */
export const deliveryPolling = { intervalMs: 2_000 };

type TemplateField = keyof InvitationTemplateText;
const TEMPLATE_FIELDS: readonly TemplateField[] = ["title", "sender_name", "subject", "message"];
const RECIPIENTS: readonly RecipientStatus[] = ["all", "registered", "not_registered", "not_invited"];

/**
 * The webcast's "invitations" tab (SPEC §2, §3 "Invitation templates"; docs/viewers-api.md
 * "Invitations"): the invitation e-mail per language (title, sender name, subject, message, with
 * the placeholders listed and insertable), previewed live for the first viewer (or a sample), saved
 * to the server; then sending it to a group of viewers, with the delivery counts. The server keeps
 * the templates and sends the e-mails: online only.
 */
export function InvitationsTab({ row, active }: Pick<WebcastTabProps, "row"> & { active: boolean }) {
  const [shown, setShown] = useState(active);
  useEffect(() => {
    if (active) setShown(true);
  }, [active]);
  if (!shown) return null;
  return <InvitationsPanel row={row} />;
}

function InvitationsPanel({ row }: { row: WebcastRow }) {
  const { t } = useLingui();
  const online = useOnline();
  const synced = useWebcastSynced(row.id);
  const key = online && synced === true ? `invitations:${row.id}` : null;
  const loaded = useResource(key, (signal) => fetchInvitations(row.id, signal));
  const overview = loaded.dataKey === key ? loaded.data : undefined;

  // While e-mails are queued, the counts are asked for again (each answer arms the next read).
  const queued = overview?.deliveries.queued ?? 0;
  const { reload } = loaded;
  useEffect(() => {
    if (!online || queued === 0 || !overview) return;
    const timer = setTimeout(reload, deliveryPolling.intervalMs);
    return () => clearTimeout(timer);
  }, [online, queued, overview, reload]);

  let body: ReactNode;
  if (!online || (loaded.error?.isNetworkError && !overview)) {
    body = (
      <div className="callout" role="status" data-testid="invitations-offline">
        <p>
          <Trans>You are offline. The invitation e-mails are kept and sent by the server: connect to the internet to edit and send them.</Trans>
        </p>
      </div>
    );
  } else if (synced === false) {
    body = (
      <p className="muted" data-testid="invitations-not-synced">
        <Trans>This webcast has not reached the server yet: its invitations can be prepared once it is synced.</Trans>
      </p>
    );
  } else if (loaded.error && !overview) {
    body = <LoadError error={loaded.error} onRetry={loaded.reload} />;
  } else if (!overview) {
    body = (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  } else {
    body = (
      <>
        <TemplateEditor row={row} overview={overview} onSaved={(template) => loaded.setData({ ...overview, templates: overview.templates.map((entry) => (entry.locale === template.locale ? template : entry)) })} />
        <BulkSend webcastId={row.id} overview={overview} onSent={loaded.reload} />
      </>
    );
  }
  return (
    <section className="invitations" aria-label={t`Invitations`} data-testid="webcast-invitations">
      {body}
    </section>
  );
}

/** A placeholder's name, whether the server wrote it bare ("name") or with its braces ("{{name}}"). */
const bare = (placeholder: string) => placeholder.replace(/^\{\{\s*|\s*\}\}$/g, "");

function defaultLocale(row: WebcastRow, current: string): UiLocale {
  return isUiLocale(current) ? current : row.language;
}

function TemplateEditor({ row, overview, onSaved }: { row: WebcastRow; overview: InvitationsOverview; onSaved(template: InvitationTemplate): void }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const formId = useId();
  const [locale, setLocale] = useState<UiLocale>(() => defaultLocale(row, i18n.locale));
  const templateOf = (wanted: UiLocale): InvitationTemplateText => {
    const found = overview.templates.find((entry) => entry.locale === wanted);
    return { title: found?.title ?? "", sender_name: found?.sender_name ?? "", subject: found?.subject ?? "", message: found?.message ?? "" };
  };
  const [drafts, setDrafts] = useState<Partial<Record<UiLocale, InvitationTemplateText>>>({});
  const [serverErrors, setServerErrors] = useState<{ locale: UiLocale; message: string; errors: Record<string, string[]> } | null>(null);
  const [saving, setSaving] = useState(false);
  const lastField = useRef<{ field: TemplateField; element: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  const draft = drafts[locale] ?? templateOf(locale);
  const saved = templateOf(locale);
  const dirty = TEMPLATE_FIELDS.some((field) => draft[field] !== saved[field]);
  const customized = overview.templates.find((entry) => entry.locale === locale)?.customized ?? false;
  const messageLocale = formMessageLocale();
  const ownErrors = invitationTemplateErrors(draft, messageLocale);
  const errorsOf = (field: TemplateField) => [...new Set([...(ownErrors[field] ?? []), ...(serverErrors?.locale === locale ? (serverErrors.errors[field] ?? []) : [])])];

  const firstViewer = useLiveQuery(async () => {
    if (!engine) return null;
    const viewers = await engine.db.view_viewers.where("webcast_id").equals(row.id).toArray();
    return viewers.sort((a, b) => a.name.localeCompare(b.name))[0] ?? null;
  }, [engine, row.id]);
  const organization = useLiveQuery(async () => (engine ? ((await engine.db.view_organizations.get(String(row.organization_id))) ?? null) : null), [engine, row.organization_id]);

  const values: InvitationValues = {
    name: firstViewer?.name ?? t`Alex Martin`,
    email: firstViewer?.email ?? "alex.martin@example.com",
    webcast_title: row.event_title,
    webcast_date: invitationDate(row.event_start_date_time, row.timezone, locale),
    webcast_link: `${window.location.origin}/w/${row.id}?invite=…`,
    organization_name: organization?.name ?? t`Your organization`,
    sender_name: "",
  };
  const preview = renderInvitation(draft, values);

  const set = (field: TemplateField, value: string) => setDrafts((current) => ({ ...current, [locale]: { ...draft, [field]: value } }));

  const insert = (placeholder: string) => {
    const target = lastField.current;
    const token = `{{${placeholder}}}`;
    const field = target?.field ?? "message";
    const element = target?.element ?? null;
    const text = draft[field];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    set(field, text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      const input = element ?? document.querySelector(`[data-testid=invitation-form] [name=${field}]`);
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
        input.focus();
        input.setSelectionRange(start + token.length, start + token.length);
      }
    });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(ownErrors).length > 0) return;
    setSaving(true);
    setServerErrors(null);
    try {
      const template = await customizeInvitation(row.id, { locale, ...draft });
      onSaved(template);
      setDrafts((current) => {
        const next = { ...current };
        delete next[locale];
        return next;
      });
      toast.success(t`The ${LOCALE_NAMES[locale]} invitation was saved.`);
    } catch (error) {
      if (error instanceof ApiRequestError && !error.isNetworkError) setServerErrors({ locale, message: error.message, errors: error.errors });
      else setServerErrors({ locale, message: t`The server cannot be reached. Check your connection and try again.`, errors: {} });
    } finally {
      setSaving(false);
    }
  };

  const track = (field: TemplateField) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    lastField.current = { field, element: event.currentTarget };
  };

  return (
    <section className="invitations__editor" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="form-section__title">
        <Trans>Invitation e-mail</Trans>
      </h2>
      <div className="field">
        <label htmlFor={`${formId}-locale`} className="field__label">
          <Trans>Language of the e-mail</Trans>
        </label>
        <select id={`${formId}-locale`} className="field__input" value={locale} onChange={(event) => setLocale(event.target.value as UiLocale)} data-testid="invitation-locale">
          {UI_LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
              {drafts[code] ? ` (${t`unsaved`})` : ""}
            </option>
          ))}
        </select>
        <p className="field__hint">
          {customized ? <Trans>This language has your own text.</Trans> : <Trans>This language has the default text: change it and save to use your own.</Trans>}
        </p>
      </div>
      <div className="invitations__layout">
        <form className="form" noValidate onSubmit={(event) => void save(event)} data-testid="invitation-form" lang={locale}>
          {serverErrors?.locale === locale ? <FormAlert>{serverErrors.message}</FormAlert> : null}
          <TextField label={t`Title`} name="title" value={draft.title} errors={errorsOf("title")} onChange={(event) => set("title", event.target.value)} onSelect={track("title")} onFocus={track("title")} />
          <TextField
            label={t`Sender name`}
            name="sender_name"
            hint={t`Empty: the organization's name.`}
            value={draft.sender_name}
            errors={errorsOf("sender_name")}
            onChange={(event) => set("sender_name", event.target.value)}
            onSelect={track("sender_name")}
            onFocus={track("sender_name")}
          />
          <TextField label={t`Subject`} name="subject" required value={draft.subject} errors={errorsOf("subject")} onChange={(event) => set("subject", event.target.value)} onSelect={track("subject")} onFocus={track("subject")} />
          <TextAreaField
            label={t`Message`}
            name="message"
            rows={10}
            required
            value={draft.message}
            errors={errorsOf("message")}
            onChange={(event) => set("message", event.target.value)}
            onSelect={track("message")}
            onFocus={track("message")}
          />
          <div className="field">
            <p className="field__label" id={`${formId}-placeholders`}>
              <Trans>Placeholders (inserted where the cursor is, in the last field you were in)</Trans>
            </p>
            <ul className="invitations__placeholders" aria-labelledby={`${formId}-placeholders`}>
              {(overview.placeholders.length > 0 ? overview.placeholders.map(bare) : [...INVITATION_PLACEHOLDERS]).map((placeholder) => {
                const token = `{{${placeholder}}}`;
                return (
                  <li key={placeholder}>
                    <button type="button" className="button button--small" onClick={() => insert(placeholder)} aria-label={t`Insert ${token}`} data-testid="invitation-placeholder">
                      <code>{token}</code>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={saving || !dirty} aria-busy={saving || undefined} data-testid="invitation-save">
              <Trans>Save this language's e-mail</Trans>
            </button>
            {dirty ? (
              <button type="button" className="button" onClick={() =>
                  setDrafts((current) => {
                    const next = { ...current };
                    delete next[locale];
                    return next;
                  })
                }>
                <Trans>Undo the changes</Trans>
              </button>
            ) : null}
          </div>
        </form>
        <section className="invitations__preview" aria-labelledby={`${formId}-preview`} data-testid="invitation-preview" lang={locale}>
          <h3 id={`${formId}-preview`} className="form-section__title">
            {firstViewer ? <Trans>Preview for {firstViewer.name}</Trans> : <Trans>Preview with a sample viewer</Trans>}
          </h3>
          <p className="invitations__preview-meta">
            <Trans>From:</Trans> <span data-testid="invitation-preview-sender">{preview.sender_name}</span>
          </p>
          <p className="invitations__preview-meta">
            <Trans>Subject:</Trans> <strong data-testid="invitation-preview-subject">{preview.subject}</strong>
          </p>
          {preview.title ? (
            <p className="invitations__preview-title" data-testid="invitation-preview-title">
              <strong>{preview.title}</strong>
            </p>
          ) : null}
          <p className="invitations__preview-message" data-testid="invitation-preview-message">
            {preview.message}
          </p>
        </section>
      </div>
    </section>
  );
}

function BulkSend({ webcastId, overview, onSent }: { webcastId: string; overview: InvitationsOverview; onSent(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [recipients, setRecipients] = useState<RecipientStatus>("not_invited");
  const [kind, setKind] = useState<InvitationKind>("invitation");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  const labels: Record<RecipientStatus, string> = {
    all: t`All viewers`,
    registered: t`Registered viewers`,
    not_registered: t`Viewers not registered`,
    not_invited: t`Viewers not yet invited`,
  };
  const count = overview.recipients[recipients];

  const send = async () => {
    const group = labels[recipients];
    const accepted = await confirm({
      title: kind === "reminder" ? t`Send the reminders?` : t`Send the invitations?`,
      message:
        kind === "reminder"
          ? plural(count, { one: `# reminder e-mail will be sent to: ${group}.`, other: `# reminder e-mails will be sent to: ${group}.` })
          : plural(count, { one: `# invitation e-mail will be sent to: ${group}.`, other: `# invitation e-mails will be sent to: ${group}.` }),
      acceptLabel: t`Send`,
      cancelLabel: t`Cancel`,
    });
    if (!accepted) return;
    setSending(true);
    setError(null);
    try {
      const answer = await sendBulkInvitations(webcastId, recipients, kind);
      toast.success(plural(answer.queued, { one: "# e-mail is on its way.", other: "# e-mails are on their way." }));
      onSent();
    } catch (failure) {
      setError(failure instanceof ApiRequestError && !failure.isNetworkError ? failure.message : t`The server cannot be reached. Check your connection and try again.`);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="invitations__bulk" aria-labelledby={`${id}-title`} data-testid="invitation-bulk">
      <h2 id={`${id}-title`} className="form-section__title">
        <Trans>Send the invitations</Trans>
      </h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="invitations__send">
        <fieldset className="field">
          <legend className="field__label">
            <Trans>Recipients</Trans>
          </legend>
          {RECIPIENTS.map((status) => (
            <div key={status} className="field--checkbox">
              <input
                type="radio"
                id={`${id}-${status}`}
                name={`${id}-recipients`}
                value={status}
                checked={recipients === status}
                onChange={() => setRecipients(status)}
                data-testid={`invitation-recipients-${status}`}
              />
              <label htmlFor={`${id}-${status}`}>
                {labels[status]} <span data-testid={`invitation-count-${status}`}>({number(overview.recipients[status])})</span>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-kind`} className="field__label">
            <Trans>E-mail</Trans>
          </label>
          <select id={`${id}-kind`} className="field__input" value={kind} onChange={(event) => setKind(event.target.value as InvitationKind)} data-testid="invitation-kind">
            <option value="invitation">{t`The invitation`}</option>
            <option value="reminder">{t`A reminder`}</option>
          </select>
        </div>
        <button type="button" className="button button--primary" disabled={sending || count === 0} aria-busy={sending || undefined} onClick={() => void send()} data-testid="invitation-send">
          {kind === "reminder" ? <Trans>Send the reminders</Trans> : <Trans>Send the invitations</Trans>}
        </button>
      </div>
      <h3 className="form-section__title">
        <Trans>Deliveries</Trans>
      </h3>
      <ul className="invitations__counts" aria-live="polite" data-testid="invitation-deliveries">
        <li>{t`Queued: ${number(overview.deliveries.queued)}`}</li>
        <li>{t`Sent: ${number(overview.deliveries.sent)}`}</li>
        <li>{t`Failed: ${number(overview.deliveries.failed)}`}</li>
      </ul>
      {overview.deliveries.failed > 0 ? (
        <p className="muted">
          <Trans>Failed e-mails are tried again by the server, up to five times.</Trans>
        </p>
      ) : null}
    </section>
  );
}
