import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { can } from "../../../domain/permissions/can.ts";
import { WEBCAST_STATUS_GROUPS, type WebcastStatusGroup, displayedState, matchesSearch, statusGroupOf } from "../../../domain/webcasts/status.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { EmptyState, Pagination, SearchForm } from "../../ui/list-controls.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { useCurrentUser } from "../session/store.ts";
import { formatWebcastStart } from "./format.ts";
import { PendingBadge } from "./webcast-status.tsx";
import { GROUP_LABELS, STATE_LABELS } from "./labels.ts";
import { useAllWebcasts, usePendingRowIds } from "./use-local-webcasts.ts";
import "../organizations/management.css";
import "./webcasts.css";

export const SESSIONS_PER_PAGE = 20;

export interface SessionsSearch {
  q?: string;
  status?: WebcastStatusGroup;
  page?: number;
}

/**
 * /sessions (SPEC §2): the webcasts of the user's organizations from the device's replica, so the
 * list works offline and shows changes not synced yet. Search (title, description), status groups
 * (SPEC §4 interface statuses) and pages of 20; filters live in the address.
 */
export function SessionsPage({ search, onSearch }: { search: SessionsSearch; onSearch(next: SessionsSearch): void }) {
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const webcasts = useAllWebcasts();
  const pending = usePendingRowIds();
  const locale = currentLocale();
  const q = search.q ?? "";
  const page = Math.max(1, search.page ?? 1);

  const { rows, counts } = useMemo(() => {
    const found = (webcasts ?? []).filter((webcast) => matchesSearch(webcast, q));
    const counts = Object.fromEntries(WEBCAST_STATUS_GROUPS.map((group) => [group, 0])) as Record<WebcastStatusGroup, number>;
    for (const webcast of found) counts[statusGroupOf(webcast)] += 1;
    const rows = search.status ? found.filter((webcast) => statusGroupOf(webcast) === search.status) : found;
    // Past sessions read most recent first; the others soonest first.
    if (search.status === "after" || search.status === "canceled") rows.reverse();
    return { rows, counts };
  }, [webcasts, q, search.status]);

  const pageRows = rows.slice((page - 1) * SESSIONS_PER_PAGE, page * SESSIONS_PER_PAGE);
  const canCreate = can(user, "webcasts.create");

  return (
    <div className="page sessions" data-testid="sessions-page">
      <div className="page-heading">
        <PageTitle>
          <Trans>Sessions</Trans>
        </PageTitle>
        {canCreate ? (
          <Link to="/webcasts/new" className="button button--primary" data-testid="create-webcast">
            <Trans>Create a webcast</Trans>
          </Link>
        ) : null}
      </div>
      <SearchForm value={q} label={t`Search sessions`} onSearch={(text) => onSearch({ ...search, q: text || undefined, page: undefined })} />
      <div className="status-filter" role="group" aria-label={t`Status`}>
        <button type="button" className="chip" aria-pressed={!search.status} onClick={() => onSearch({ ...search, status: undefined, page: undefined })}>
          <Trans>All</Trans> <span className="chip__count">{Object.values(counts).reduce((a, b) => a + b, 0)}</span>
        </button>
        {WEBCAST_STATUS_GROUPS.map((group) => (
          <button
            key={group}
            type="button"
            className="chip"
            aria-pressed={search.status === group}
            data-testid={`status-${group}`}
            onClick={() => onSearch({ ...search, status: group, page: undefined })}
          >
            {i18n._(GROUP_LABELS[group])} <span className="chip__count">{counts[group]}</span>
          </button>
        ))}
      </div>
      {webcasts === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : rows.length === 0 ? (
        <EmptyState>
          {q || search.status ? <Trans>No session matches these filters.</Trans> : <Trans>No sessions yet.</Trans>}{" "}
          {canCreate && !q && !search.status ? (
            <Link to="/webcasts/new">
              <Trans>Create your first webcast</Trans>
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <ul className="session-list" data-testid="session-list">
            {pageRows.map((webcast) => (
              <li key={webcast.id} className="session-list__item" data-testid="session-item">
                <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} className="session-list__title">
                  {webcast.event_title}
                </Link>
                <span className="session-list__when">{formatWebcastStart(webcast, locale)}</span>
                <span className="badge" data-state={webcast.state}>
                  {i18n._(STATE_LABELS[displayedState(webcast)])}
                </span>
                {pending.has(webcast.id) ? (
                  <PendingBadge />
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination meta={{ page, per_page: SESSIONS_PER_PAGE, total: rows.length }} onPage={(next) => onSearch({ ...search, page: next })} />
        </>
      )}
    </div>
  );
}
