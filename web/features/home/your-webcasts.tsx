import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useLayoutEffect, useState } from "react";
import { EmptyState } from "../../ui/list-controls.tsx";
import { useCurrentUser } from "../session/store.ts";
import { useHomeWebcasts } from "./use-home-webcasts.ts";
import { WebcastSummary } from "./webcast-summary.tsx";

/** Marked once per page load when the block first shows rows read from IndexedDB (bench contract). */
export const HOME_WEBCASTS_READY_MARK = "igo:home-webcasts-ready";
let marked = false;

/** Tests only: a new "page load". */
export function resetHomeWebcastsReadyMark(): void {
  marked = false;
}

/**
 * SPEC §2 "your webcasts": read live from IndexedDB (every organization of the user, by index:
 * home-queries.ts; read ahead by the /home loader), so it renders offline and shows unsent
 * changes. Benchmark contract: the first time its rows are on screen,
 * `performance.mark("igo:home-webcasts-ready")` (once per page load) and `data-ready="true"` on
 * the block.
 */
export function YourWebcasts({ canCreate, canOpenSessions }: { canCreate: boolean; canOpenSessions: boolean }) {
  const headingId = useId();
  const user = useCurrentUser();
  // What the user may see, coming soonest first, then the past; at most the home limit.
  const rows = useHomeWebcasts();
  const [ready, setReady] = useState(false);
  const showOrganization = (user?.accounts.length ?? 0) > 1;

  // Layout effect: the rows are in the DOM, not yet painted; the mark is as close to the render as it gets.
  useLayoutEffect(() => {
    if (rows === undefined || ready) return;
    if (!marked) {
      marked = true;
      performance.mark(HOME_WEBCASTS_READY_MARK);
    }
    setReady(true);
  }, [rows, ready]);

  return (
    <section className="card home-webcasts" data-tour="your-webcasts" aria-labelledby={headingId} aria-busy={rows === undefined} data-testid="home-webcasts" data-ready={ready ? "true" : undefined}>
      <div className="card__header">
        <h2 id={headingId} className="card__title">
          <Trans>Your webcasts</Trans>
        </h2>
        {canOpenSessions ? (
          <Link to="/sessions" className="home-webcasts__all">
            <Trans>All sessions</Trans>
          </Link>
        ) : null}
      </div>
      {rows === undefined ? (
        <p className="muted">
          <Trans>Loading your webcasts…</Trans>
        </p>
      ) : rows.length === 0 ? (
        <EmptyState>
          <p>
            <Trans>You have no webcasts yet.</Trans>
          </p>
          {canCreate ? (
            <Link to="/webcasts/new" className="button button--primary">
              <Trans>Create a webcast</Trans>
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="home-webcasts__list">
          {rows.map((row) => (
            <li key={row.id} data-testid="home-webcast">
              <WebcastSummary
                webcast={{ ...row, uid: row.id, organizationName: user?.accounts.find((account) => account.id === row.organization_id)?.name ?? null }}
                showOrganization={showOrganization}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
