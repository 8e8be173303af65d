import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useLayoutEffect, useMemo, useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { can } from "../../../domain/permissions/can.ts";
import { FEATURED_WEBCASTS } from "../../../domain/ui/constants.ts";
import { FEATURED_PERMISSION, homeWebcasts } from "../../../domain/webcasts/featured.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { EmptyState } from "../../ui/list-controls.tsx";
import { useCurrentUser } from "../session/store.ts";
import { useAllWebcasts } from "../webcasts/use-local-webcasts.ts";
import { WebcastSummary } from "./webcast-summary.tsx";

/** Marked once per page load when the block first shows rows read from IndexedDB (bench contract). */
export const HOME_WEBCASTS_READY_MARK = "igo:home-webcasts-ready";
let marked = false;

/** Tests only: a new "page load". */
export function resetHomeWebcastsReadyMark(): void {
  marked = false;
}

/** The rows the block shows: what the user may see, coming soonest first, then the past; at most the home limit. */
export function homeRows(webcasts: readonly WebcastRow[], user: ProfileUser | null, now: number): WebcastRow[] {
  const visible = webcasts.filter((webcast) => can(user, FEATURED_PERMISSION, webcast.organization_id));
  return homeWebcasts(visible, now, FEATURED_WEBCASTS.homeListLimit);
}

/**
 * SPEC §2 "your webcasts": read live from IndexedDB (every organization of the user), so it
 * renders offline and shows unsent changes. Benchmark contract: the first time its rows are on
 * screen, `performance.mark("igo:home-webcasts-ready")` (once per page load) and
 * `data-ready="true"` on the block.
 */
export function YourWebcasts({ canCreate }: { canCreate: boolean }) {
  const headingId = useId();
  const user = useCurrentUser();
  const webcasts = useAllWebcasts();
  const rows = useMemo(() => (webcasts ? homeRows(webcasts, user, Date.now()) : undefined), [webcasts, user]);
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
    <section className="card home-webcasts" aria-labelledby={headingId} aria-busy={rows === undefined} data-testid="home-webcasts" data-ready={ready ? "true" : undefined}>
      <div className="card__header">
        <h2 id={headingId} className="card__title">
          <Trans>Your webcasts</Trans>
        </h2>
        <Link to="/sessions" className="home-webcasts__all">
          <Trans>All sessions</Trans>
        </Link>
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
