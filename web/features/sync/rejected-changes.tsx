import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import type { StoredRejected } from "../../local/db.ts";
import { useSyncEngine } from "../../local/session-sync.ts";

type FixTarget = { to: "/webcasts/new"; search: { fix: string } } | { to: "/webcasts/$uid/edit"; params: { uid: string }; search: { fix: string } };

function argsOf(entry: StoredRejected): { id?: string; event_title?: string } {
  const args = entry.mutation.args;
  return typeof args === "object" && args !== null ? (args as { id?: string; event_title?: string }) : {};
}

/**
 * The changes the server refused (docs/sync.md "Client"), oldest first: which change (kind and
 * webcast title), the server's (already localized) reason, and Fix / Discard. Fix reopens the
 * refused edit as a draft in its form, with the reason and field errors; saving it sends a new
 * change and removes this one. A refused deletion can only be dismissed.
 */
export function RejectedChanges() {
  const engine = useSyncEngine();
  const { t } = useLingui();
  const data = useLiveQuery(async () => {
    if (!engine) return null;
    const rejected = await engine.db.rejected.orderBy("seq").toArray();
    const ids = rejected.map((entry) => argsOf(entry).id).filter((id): id is string => typeof id === "string");
    const present = new Set((await engine.db.view_webcasts.bulkGet(ids)).flatMap((row) => (row ? [row.id] : [])));
    return { rejected, present };
  }, [engine]);
  if (!engine || !data) return null;
  const { rejected, present } = data;

  const describe = (entry: StoredRejected): string => {
    const title = argsOf(entry).event_title;
    switch (entry.mutation.name) {
      case "createWebcast":
        return title ? t`New webcast “${title}”` : t`New webcast`;
      case "updateWebcast":
        return title ? t`Changes to the webcast “${title}”` : t`Changes to a webcast`;
      case "deleteWebcast":
        return t`Deletion of a webcast`;
      default:
        return t`A change`;
    }
  };
  const fixTarget = (entry: StoredRejected): FixTarget | null => {
    const id = argsOf(entry).id;
    if (entry.mutation.name === "createWebcast") return { to: "/webcasts/new", search: { fix: entry.mutation_id } };
    if (entry.mutation.name !== "updateWebcast" || !id) return null;
    // The webcast is gone (deleted meanwhile): the edit can be recreated as a new webcast.
    return present.has(id) ? { to: "/webcasts/$uid/edit", params: { uid: id }, search: { fix: entry.mutation_id } } : { to: "/webcasts/new", search: { fix: entry.mutation_id } };
  };

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
          {rejected.map((entry) => {
            const target = fixTarget(entry);
            return (
              <li key={entry.mutation_id} className="rejected-changes__item" data-testid="rejected-change">
                <span className="rejected-changes__what">{describe(entry)}</span>
                <span className="rejected-changes__message" data-testid="rejected-message">
                  {entry.error.message}
                </span>
                <span className="rejected-changes__actions">
                  {target ? (
                    <Link {...target} className="button button--primary" data-testid="rejected-fix">
                      <Trans>Fix</Trans>
                    </Link>
                  ) : null}
                  <button type="button" className="button" data-testid="rejected-discard" onClick={() => void engine.discardRejected(entry.mutation_id)}>
                    {target ? <Trans>Discard</Trans> : <Trans>Dismiss</Trans>}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
