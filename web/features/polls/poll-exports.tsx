import { Trans, useLingui } from "@lingui/react/macro";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { useOnline } from "../pwa/use-online.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { POLL_EXPORT_TYPES } from "./poll-labels.ts";

/** GET /api/webcasts/{uid}/polls/export: `lang` sets the headers (a download link sends no language header). */
export function pollExportUrl(uid: string, type: string, lang: UiLocale): string {
  return `/api/webcasts/${encodeURIComponent(uid)}/polls/export?${new URLSearchParams({ type, lang })}`;
}

/**
 * The polls export (SPEC §9: XLSX, CSV comma, CSV semicolon) in the interface's validation
 * language (en, else fr). The server builds the file from its own rows, so this needs a
 * connection; offline the links are disabled with a note (changes not synced yet are not in it).
 */
export function PollExports({ uid }: { uid: string }) {
  const { i18n } = useLingui();
  const online = useOnline();
  const lang = formMessageLocale();
  return (
    <section className="form-section" aria-labelledby="poll-exports-title" data-testid="poll-exports">
      <h2 id="poll-exports-title" className="form-section__title">
        <Trans>Export the polls</Trans>
      </h2>
      {online ? (
        <p className="muted">
          <Trans>One row per option, with the votes once they are recorded. Changes not synced yet are not included.</Trans>
        </p>
      ) : null}
      <div className="row-actions">
        {POLL_EXPORT_TYPES.map(({ type, label }) =>
          online ? (
            <a key={type} className="button button--small" href={pollExportUrl(uid, type, lang)} download data-testid={`poll-export-${type}`}>
              {i18n._(label)}
            </a>
          ) : (
            <button key={type} type="button" className="button button--small" disabled aria-describedby="poll-exports-offline" data-testid={`poll-export-${type}`}>
              {i18n._(label)}
            </button>
          ),
        )}
      </div>
      {online ? null : (
        <p className="muted" id="poll-exports-offline" data-testid="poll-exports-offline">
          <Trans>You are offline: exports are made by the server and need a connection.</Trans>
        </p>
      )}
    </section>
  );
}
