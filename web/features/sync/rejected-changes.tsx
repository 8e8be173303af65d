import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useSyncEngine } from "../../local/session-sync.ts";

/**
 * The changes the server refused (docs/sync.md "Client"), oldest first, each with the server's
 * (already localized) message and a Discard button. The local edit is already gone from the view.
 *
 * Not yet here: "Fix", which reopens the refused edit as a draft in its form (the webcast forms
 * come with the webcast screens); until then a refused change can only be discarded.
 */
export function RejectedChanges() {
  const engine = useSyncEngine();
  const { t } = useLingui();
  const rejected = useLiveQuery(async () => (engine ? engine.db.rejected.orderBy("seq").toArray() : []), [engine]);
  if (!engine || !rejected) return null;
  return (
    <section className="rejected-changes" data-testid="rejected-changes" aria-label={t`Rejected changes`}>
      <h2 className="rejected-changes__title">
        <Trans>Rejected changes</Trans>
      </h2>
      {rejected.length === 0 ? (
        <p>
          <Trans>No rejected changes.</Trans>
        </p>
      ) : (
        <ul className="rejected-changes__list">
          {rejected.map((entry) => (
            <li key={entry.mutation_id} className="rejected-changes__item" data-testid="rejected-change">
              <span className="rejected-changes__message">{entry.error.message}</span>
              <button
                type="button"
                className="button"
                onClick={() => void engine.discardRejected(entry.mutation_id)}
              >
                <Trans>Discard</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
