import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { isUiLocale } from "../../../domain/i18n/locales.ts";
import { MAX_VIEWER_IDS } from "../../../domain/viewers/mutators.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import type { StoredRejected } from "../../local/db.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { unsyncedIds } from "../../local/unsynced.ts";
import { useViewerPull } from "../../local/viewer-pull.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { EmptyState, Pagination } from "../../ui/list-controls.tsx";
import { toast } from "../../ui/toast.ts";
import { useResource } from "../../ui/use-resource.ts";
import { useOnline } from "../pwa/use-online.ts";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { refusalText } from "../webcasts/form-support.ts";
import { useWebcastSynced } from "../webcasts/use-webcast-synced.ts";
import {
  type ExportType,
  type InvitationFilter,
  type RegistrationFilter,
  type ViewerFilters,
  type ViewerJson,
  fetchViewers,
  participantExportUrl,
  sendViewerInvitation,
} from "./api.ts";
import { ImportPanel } from "./import-panel.tsx";
import { EXPORT_LABELS, INVITATION_FILTER_LABELS, INVITATION_STATUS_LABELS, REGISTRATION_FILTER_LABELS } from "./labels.ts";
import { ViewerForm } from "./viewer-form.tsx";
import "./viewers.css";

export const VIEWERS_PAGE_SIZE = 50;

const byName = (a: ViewerRow, b: ViewerRow) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email) || a.id.localeCompare(b.id);

/** Whether a viewer matches the search (name, e-mail, tags, control number; case-insensitive) and the filters. */
export function viewerMatches(viewer: ViewerRow, filters: ViewerFilters): boolean {
  if (filters.invitation === "sent" && !viewer.invitation_sent) return false;
  if (filters.invitation === "not_sent" && viewer.invitation_sent) return false;
  if (filters.registration === "registered" && !viewer.registered) return false;
  if (filters.registration === "not_registered" && viewer.registered) return false;
  const q = filters.q.trim().toLocaleLowerCase();
  if (q === "") return true;
  return (
    viewer.name.toLocaleLowerCase().includes(q) ||
    viewer.email.includes(q) ||
    (viewer.control_number ?? "").toLocaleLowerCase().includes(q) ||
    viewer.tags.some((tag) => tag.toLocaleLowerCase().includes(q))
  );
}

const VIEWER_MUTATIONS: ReadonlySet<string> = new Set(["createViewer", "updateViewer", "deleteViewers"]);

type Editing = { viewer: ViewerRow | null; fix?: StoredRejected | undefined } | null;

/**
 * The webcast's "viewers" tab (SPEC §2; docs/viewers-api.md). The panel is built the first time
 * the tab is shown (every panel of the edit page stays mounted): then the webcast's viewers come to
 * this device (`useViewerPull`) and are read from IndexedDB, so the list, the search, the filters,
 * adding, editing and deleting work offline (through the viewers' mutators). What only the server
 * knows or does — the e-mails' delivery states, sending an invitation, passwords, CSV imports,
 * exports — needs a connection, and says so offline.
 */
export function ViewersTab({ row, active }: Pick<WebcastTabProps, "row"> & { active: boolean }) {
  const [shown, setShown] = useState(active);
  useEffect(() => {
    if (active) setShown(true);
  }, [active]);
  if (!shown) return null;
  return <ViewersPanel webcastId={row.id} title={row.event_title} />;
}

function ViewersPanel({ webcastId, title }: { webcastId: string; title: string }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const online = useOnline();
  const synced = useWebcastSynced(webcastId);
  const pull = useViewerPull(webcastId);
  const lang = isUiLocale(i18n.locale) ? i18n.locale : "fr";
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);

  const [filters, setFilters] = useState<ViewerFilters>({ q: "", invitation: "all", registration: "all" });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [announcement, setAnnouncement] = useState("");
  const [actionError, setActionError] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  // Viewers as the server last answered for them (an invitation sent, a password set or removed): newer than the list's page.
  const [answered, setAnswered] = useState<Record<string, ViewerJson>>({});
  const [busy, setBusy] = useState(false);
  const [debouncedFilters, setDebouncedFilters] = useState(filters);
  const selectAllRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDebouncedFilters(filters), 300);
    return () => clearTimeout(timer);
  }, [filters]);

  const data = useLiveQuery(async () => {
    if (!engine) return undefined;
    const rows = await engine.db.view_viewers.where("webcast_id").equals(webcastId).toArray();
    const unsynced = await unsyncedIds(engine.db, "viewers", new Set(rows.map((viewer) => viewer.id)));
    return { rows: rows.sort(byName), unsynced };
  }, [engine, webcastId]);

  const rejected = useLiveQuery(async () => {
    if (!engine) return [];
    const mine: StoredRejected[] = [];
    for (const entry of await engine.db.rejected.orderBy("seq").toArray()) {
      if (!VIEWER_MUTATIONS.has(entry.mutation.name)) continue;
      const args = (entry.mutation.args ?? {}) as { id?: string; webcast_id?: string };
      const owner = args.webcast_id ?? (args.id ? (await engine.db.view_viewers.get(args.id))?.webcast_id : undefined);
      if (owner === webcastId) mine.push(entry);
    }
    return mine;
  }, [engine, webcastId]);

  const all = data?.rows ?? [];
  const matching = useMemo(() => all.filter((viewer) => viewerMatches(viewer, filters)), [all, filters]);
  const pages = Math.max(1, Math.ceil(matching.length / VIEWERS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageRows = matching.slice((current - 1) * VIEWERS_PAGE_SIZE, current * VIEWERS_PAGE_SIZE);
  const registered = all.filter((viewer) => viewer.registered).length;
  const invited = all.filter((viewer) => viewer.invitation_sent).length;
  const matchingText = number(matching.length);

  // What only the server knows (the e-mail's delivery), for the page shown, online only.
  const restKey = online && synced === true && all.length > 0 ? `viewers:${webcastId}:${current}:${JSON.stringify(debouncedFilters)}:${all.length}` : null;
  const remote = useResource(restKey, (signal) => fetchViewers(webcastId, debouncedFilters, current, VIEWERS_PAGE_SIZE, signal));
  const remoteById = useMemo(() => {
    const map = new Map<string, ViewerJson>();
    if (online) for (const viewer of remote.data?.data ?? []) map.set(viewer.id, viewer);
    if (online) for (const viewer of Object.values(answered)) map.set(viewer.id, viewer);
    return map;
  }, [remote.data, answered, online]);

  // The header checkbox: checked when the whole page is selected, mixed when part of it.
  const pageSelected = pageRows.filter((viewer) => selected.has(viewer.id)).length;
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = pageSelected > 0 && pageSelected < pageRows.length;
  }, [pageSelected, pageRows.length]);

  const changeFilters = (patch: Partial<ViewerFilters>) => {
    setFilters((currentFilters) => ({ ...currentFilters, ...patch }));
    setPage(1);
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((currentSelection) => {
      const next = new Set(currentSelection);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const togglePage = (on: boolean) =>
    setSelected((currentSelection) => {
      const next = new Set(currentSelection);
      for (const viewer of pageRows) {
        if (on) next.add(viewer.id);
        else next.delete(viewer.id);
      }
      return next;
    });

  const remove = async (ids: readonly string[]) => {
    if (!engine || ids.length === 0) return;
    const count = ids.length;
    const countText = number(count);
    const accepted = await confirm({
      title: count === 1 ? t`Delete this viewer?` : t`Delete these ${countText} viewers?`,
      message: plural(count, {
        one: "# viewer will be deleted from this webcast, with their invitation. This cannot be undone.",
        other: "# viewers will be deleted from this webcast, with their invitations. This cannot be undone.",
      }),
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (!accepted) return;
    setBusy(true);
    setActionError(null);
    try {
      for (let start = 0; start < ids.length; start += MAX_VIEWER_IDS) {
        await engine.mutate("deleteViewers", { webcast_id: webcastId, ids: ids.slice(start, start + MAX_VIEWER_IDS) });
      }
      setSelected((currentSelection) => new Set([...currentSelection].filter((id) => !ids.includes(id))));
      setAnnouncement(plural(count, { one: "# viewer was deleted.", other: "# viewers were deleted." }));
    } catch (error) {
      const refused = refusalText(error);
      if (!refused) throw error;
      setActionError(refused.message);
    } finally {
      setBusy(false);
    }
  };

  const sendInvitation = async (viewer: ViewerRow) => {
    const kind = viewer.invitation_sent ? "reminder" : "invitation";
    setSending(viewer.id);
    setActionError(null);
    try {
      const answer = await sendViewerInvitation(webcastId, viewer.id, kind);
      setAnswered((current) => ({ ...current, [viewer.id]: answer }));
      engine?.requestSync();
      toast.success(kind === "reminder" ? t`The reminder was sent to ${viewer.name}.` : t`The invitation was sent to ${viewer.name}.`);
    } catch (error) {
      if (error instanceof ApiRequestError && !error.isNetworkError) {
        // 502: the e-mail failed; the delivery is kept "failed" and retried by the server.
        if (error.status === 502) setAnswered((current) => ({ ...current, [viewer.id]: { ...(remoteById.get(viewer.id) ?? { ...viewer, has_password: false }), invitation_status: "failed" } }));
        setActionError(error.message);
      } else setActionError(t`The server cannot be reached. Check your connection and try again.`);
    } finally {
      setSending(null);
    }
  };

  const invitationCell = (viewer: ViewerRow) => {
    const known = remoteById.get(viewer.id);
    if (known) {
      return (
        <span className="badge" data-status={known.invitation_status} data-testid="viewer-invitation">
          {i18n._(INVITATION_STATUS_LABELS[known.invitation_status])}
          {known.reminder_sent ? <span className="muted"> · {t`reminder sent`}</span> : null}
        </span>
      );
    }
    return (
      <span className="badge" data-status={viewer.invitation_sent ? "sent" : "none"} data-testid="viewer-invitation">
        {viewer.reminder_sent ? t`Reminder sent` : viewer.invitation_sent ? t`Invitation sent` : t`Not invited`}
      </span>
    );
  };

  const fixRefused = (entry: StoredRejected) => {
    const args = (entry.mutation.args ?? {}) as Partial<ViewerRow> & { id?: string };
    const viewer = entry.mutation.name === "updateViewer" ? (all.find((candidate) => candidate.id === args.id) ?? null) : null;
    setEditing({ viewer, fix: entry });
  };

  const describeRefused = (entry: StoredRejected) => {
    const args = (entry.mutation.args ?? {}) as { name?: string; email?: string; ids?: string[] };
    switch (entry.mutation.name) {
      case "createViewer":
        return t`New viewer ${args.name ?? ""} (${args.email ?? ""})`;
      case "updateViewer":
        return t`Changes to a viewer`;
      default:
        return plural(args.ids?.length ?? 0, { one: "# viewer to delete", other: "# viewers to delete" });
    }
  };

  const exportLinks = (Object.keys(EXPORT_LABELS) as ExportType[]).map((type) => ({ type, href: participantExportUrl(webcastId, type, filters, lang), label: i18n._(EXPORT_LABELS[type]) }));

  return (
    <section className="viewers" aria-label={t`Viewers`} data-testid="webcast-viewers">
      <PullProgress pull={pull} number={number} hasRows={all.length > 0} />
      {!online ? (
        <p className="muted" data-testid="viewers-offline-note">
          <Trans>You are offline: the viewers on this device are listed and your changes are sent when you are back online. Invitations, passwords, imports and exports need a connection.</Trans>
        </p>
      ) : null}
      {rejected && rejected.length > 0 ? (
        <div className="callout" data-tone="danger" data-testid="viewers-rejected">
          <p>
            <strong>
              <Trans>The server refused these changes:</Trans>
            </strong>
          </p>
          <ul className="viewers-rejected">
            {rejected.map((entry) => {
              const details = [...new Set(Object.values(entry.error.errors ?? {}).flat())].filter((message) => message !== entry.error.message);
              return (
                <li key={entry.mutation_id} data-testid="viewers-rejected-change">
                  <span>{describeRefused(entry)}</span> — <span data-testid="viewers-rejected-message">{entry.error.message}</span>
                  {details.length > 0 ? <span> {details.join(" ")}</span> : null}
                  <span className="row-actions">
                    {entry.mutation.name !== "deleteViewers" ? (
                      <button type="button" className="button button--small button--primary" onClick={() => fixRefused(entry)}>
                        <Trans>Fix</Trans>
                      </button>
                    ) : null}
                    <button type="button" className="button button--small" onClick={() => void engine?.discardRejected(entry.mutation_id)}>
                      <Trans>Dismiss</Trans>
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {actionError ? <FormAlert>{actionError}</FormAlert> : null}

      <div className="viewers-toolbar">
        <button type="button" className="button button--primary" onClick={() => setEditing({ viewer: null })} data-testid="viewer-add">
          <Trans>Add a viewer</Trans>
        </button>
        <div className="viewers-toolbar__search" role="search">
          <label htmlFor={`viewer-search-${webcastId}`} className="visually-hidden">
            <Trans>Search the viewers (name, e-mail, tag, control number)</Trans>
          </label>
          <input
            id={`viewer-search-${webcastId}`}
            type="search"
            className="field__input"
            placeholder={t`Search: name, e-mail, tag, control number`}
            value={filters.q}
            onChange={(event) => changeFilters({ q: event.target.value })}
            data-testid="viewer-search"
          />
        </div>
        <label className="viewers-toolbar__filter">
          <span>
            <Trans>Invitation</Trans>
          </span>
          <select className="field__input" value={filters.invitation} onChange={(event) => changeFilters({ invitation: event.target.value as InvitationFilter })} data-testid="viewer-filter-invitation">
            {(Object.keys(INVITATION_FILTER_LABELS) as InvitationFilter[]).map((value) => (
              <option key={value} value={value}>
                {i18n._(INVITATION_FILTER_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
        <label className="viewers-toolbar__filter">
          <span>
            <Trans>Registration</Trans>
          </span>
          <select className="field__input" value={filters.registration} onChange={(event) => changeFilters({ registration: event.target.value as RegistrationFilter })} data-testid="viewer-filter-registration">
            {(Object.keys(REGISTRATION_FILTER_LABELS) as RegistrationFilter[]).map((value) => (
              <option key={value} value={value}>
                {i18n._(REGISTRATION_FILTER_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
      </div>

      <p className="viewers-counts" data-testid="viewer-counts">
        <span>{plural(all.length, { one: "# viewer", other: "# viewers" })}</span>
        <span>{plural(registered, { one: "# registered", other: "# registered" })}</span>
        <span>{plural(invited, { one: "# invited", other: "# invited" })}</span>
        {matching.length !== all.length ? <span data-testid="viewer-matching">{plural(matching.length, { one: "# match", other: "# matches" })}</span> : null}
      </p>

      <div className="viewers-export" role="group" aria-label={t`Export the viewers`} data-testid="viewer-export">
        <span className="viewers-export__label">
          <Trans>Export:</Trans>
        </span>
        {exportLinks.map((link) =>
          online ? (
            <a key={link.type} className="button button--small" href={link.href} download data-testid={`viewer-export-${link.type}`}>
              {link.label}
            </a>
          ) : (
            <button key={link.type} type="button" className="button button--small" disabled data-testid={`viewer-export-${link.type}`}>
              {link.label}
            </button>
          ),
        )}
        {!online ? (
          <span className="muted">
            <Trans>Exports need a connection.</Trans>
          </span>
        ) : null}
      </div>

      {selected.size > 0 || matching.length > pageRows.length ? (
        <div className="viewers-selection" data-testid="viewer-selection">
          {selected.size > 0 ? (
            <span data-testid="viewer-selected-count">{plural(selected.size, { one: "# selected", other: "# selected" })}</span>
          ) : null}
          {matching.length > 0 && matching.some((viewer) => !selected.has(viewer.id)) ? (
            <button type="button" className="button button--small" onClick={() => setSelected(new Set(matching.map((viewer) => viewer.id)))} data-testid="viewer-select-matching">
              {t`Select all the viewers shown by the filters (${matchingText})`}
            </button>
          ) : null}
          {selected.size > 0 ? (
            <>
              <button type="button" className="button button--small" onClick={() => setSelected(new Set())}>
                <Trans>Clear the selection</Trans>
              </button>
              <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => void remove([...selected])} data-testid="viewer-delete-selected">
                <Trans>Delete the selected viewers</Trans>
              </button>
            </>
          ) : null}
        </div>
      ) : null}

      {data === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : all.length === 0 ? (
        pull.status === "pulling" ? null : (
          <EmptyState>
            <p>
              <Trans>No viewers yet. Add them one by one, or import a CSV file below.</Trans>
            </p>
          </EmptyState>
        )
      ) : matching.length === 0 ? (
        <EmptyState>
          <p>
            <Trans>No viewer matches this search and these filters.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table viewers-table">
              <caption className="visually-hidden">
                <Trans>Viewers of {title}</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="viewers-table__check">
                    <input
                      ref={selectAllRef}
                      type="checkbox"
                      aria-label={t`Select the viewers of this page`}
                      checked={pageRows.length > 0 && pageSelected === pageRows.length}
                      onChange={(event) => togglePage(event.target.checked)}
                      data-testid="viewer-select-page"
                    />
                  </th>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>E-mail</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Tags</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Control number</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Vote weight</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Registered</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Invitation</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Actions</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {pageRows.map((viewer) => {
                  const unsynced = data.unsynced.has(viewer.id);
                  return (
                    <tr key={viewer.id} data-testid="viewer-row">
                      <td className="viewers-table__check">
                        <input type="checkbox" aria-label={t`Select ${viewer.name}`} checked={selected.has(viewer.id)} onChange={(event) => toggle(viewer.id, event.target.checked)} data-testid="viewer-select" />
                      </td>
                      <td>
                        <span className="viewers-table__name" data-testid="viewer-name">
                          {viewer.name}
                        </span>
                        {viewer.is_moderator ? (
                          <span className="badge viewers-table__badge">
                            <Trans>Moderator</Trans>
                          </span>
                        ) : null}
                        {unsynced ? (
                          <span className="badge badge--pending viewers-table__badge">
                            <Trans>Not synced yet</Trans>
                          </span>
                        ) : null}
                      </td>
                      <td className="viewers-table__email">{viewer.email}</td>
                      <td>
                        {viewer.tags.length > 0 ? (
                          <ul className="viewer-chips">
                            {viewer.tags.map((tag) => (
                              <li key={tag} className="viewer-chip">
                                {tag}
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </td>
                      <td>{viewer.control_number ?? ""}</td>
                      <td>{number(viewer.vote_weight)}</td>
                      <td>{viewer.registered ? t`Yes` : t`No`}</td>
                      <td>{invitationCell(viewer)}</td>
                      <td>
                        <span className="row-actions">
                          <button type="button" className="button button--small" aria-label={t`Edit ${viewer.name}`} onClick={() => setEditing({ viewer })} data-testid="viewer-edit">
                            <Trans>Edit</Trans>
                          </button>
                          <button
                            type="button"
                            className="button button--small"
                            disabled={!online || unsynced || sending !== null || synced !== true}
                            aria-busy={sending === viewer.id || undefined}
                            aria-label={viewer.invitation_sent ? t`Send a reminder to ${viewer.name}` : t`Send invitation to ${viewer.name}`}
                            title={!online ? t`Invitations need a connection.` : unsynced ? t`This viewer is not synced yet.` : undefined}
                            onClick={() => void sendInvitation(viewer)}
                            data-testid="viewer-send-invitation"
                          >
                            {viewer.invitation_sent ? <Trans>Send a reminder</Trans> : <Trans>Send invitation</Trans>}
                          </button>
                          <button type="button" className="button button--small button--danger" aria-label={t`Delete ${viewer.name}`} disabled={busy} onClick={() => void remove([viewer.id])} data-testid="viewer-delete">
                            <Trans>Delete</Trans>
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination meta={{ page: current, per_page: VIEWERS_PAGE_SIZE, total: matching.length }} onPage={setPage} />
        </>
      )}

      <p className="visually-hidden" aria-live="polite" data-testid="viewer-announcement">
        {announcement}
      </p>

      <ImportPanel webcastId={webcastId} online={online} synced={synced === true} />

      {editing ? (
        <ViewerForm
          webcastId={webcastId}
          viewer={editing.viewer}
          hasPassword={editing.viewer ? remoteById.get(editing.viewer.id)?.has_password : undefined}
          initial={editing.fix ? fixValues(editing.fix) : undefined}
          initialErrors={editing.fix?.error.errors}
          initialMessage={editing.fix?.error.message}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={(name, answer) => {
            const fix = editing.fix;
            setEditing(null);
            if (answer) setAnswered((current) => ({ ...current, [answer.id]: answer }));
            if (fix) void engine?.discardRejected(fix.mutation_id);
            setAnnouncement(editing.viewer ? t`${name} was saved.` : t`${name} was added to the viewers.`);
            toast.success(editing.viewer ? t`${name} was saved.` : t`${name} was added to the viewers.`);
          }}
        />
      ) : null}
    </section>
  );
}

function fixValues(entry: StoredRejected): Partial<ViewerRow> {
  const args = (entry.mutation.args ?? {}) as Record<string, unknown>;
  const values: Partial<ViewerRow> = {};
  for (const key of ["name", "email", "tags", "control_number", "vote_weight", "registered", "is_moderator"] as const) {
    if (args[key] !== undefined) Object.assign(values, { [key]: args[key] });
  }
  return values;
}

function PullProgress({ pull, number, hasRows }: { pull: ReturnType<typeof useViewerPull>; number(value: number): string; hasRows: boolean }) {
  const { t } = useLingui();
  if (pull.status === "pulling") {
    const loaded = number(pull.loaded);
    const total = pull.total === null ? null : number(pull.total);
    return (
      <div className="viewers-pull" role="status" data-testid="viewers-pull">
        <p>{total === null ? t`Loading viewers… ${loaded}` : t`Loading viewers… ${loaded} / ${total}`}</p>
        {pull.total === null ? <progress aria-label={t`Loading viewers`} /> : <progress aria-label={t`Loading viewers`} value={pull.loaded} max={Math.max(1, pull.total)} />}
      </div>
    );
  }
  if (pull.status === "offline" && !hasRows) {
    return (
      <div className="callout" role="status" data-testid="viewers-pull-offline">
        <p>
          <Trans>You are offline and this device does not hold the viewers of this webcast yet: they are loaded once you are back online, then kept here for offline use.</Trans>
        </p>
      </div>
    );
  }
  if (pull.status === "error") {
    return (
      <div className="callout" data-tone="danger" role="alert" data-testid="viewers-pull-error">
        <p>{pull.error ?? t`The viewers could not be loaded. Try again later.`}</p>
      </div>
    );
  }
  return null;
}
