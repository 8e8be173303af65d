import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { currentLocale } from "../../i18n/i18n.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { syncState } from "../../local/sync-state.ts";
import { RejectedChanges } from "./rejected-changes.tsx";
import { relativeTime } from "./relative-time.ts";
import { useNow } from "../../ui/use-now.ts";
import "./sync.css";


/**
 * Header badge of the sync engine (web/local/sync-engine.ts): offline / syncing / all changes
 * saved / error, the pending count, when it last synced and the rejected count. It opens a panel
 * with the rejected changes. Hidden while signed out (no database); shown as syncing while the
 * engine's code loads (web/local/session-sync.ts).
 */
export function SyncIndicator() {
  const db = useLocalDatabase();
  const { status, pending, lastSyncedAt, rejected } = useSnapshot(syncState);
  const { t } = useLingui();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (!db) return null;

  const label =
    status === "offline" ? t`Offline: changes are kept on this device` : status === "syncing" ? t`Syncing…` : status === "error" ? t`Sync failed, retrying` : t`All changes saved`;
  const when = lastSyncedAt ? relativeTime(lastSyncedAt, now, currentLocale()) : null;

  return (
    <div className="sync-indicator" ref={root} data-tour="sync">
      <button
        type="button"
        className="sync-indicator__button"
        data-testid="sync-indicator"
        data-status={status}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={`sync-indicator__dot sync-indicator__dot--${status}`} aria-hidden="true" />
        <span className="sync-indicator__label">{label}</span>
        {pending > 0 ? (
          <span className="sync-indicator__count" data-testid="sync-pending">
            <Plural value={pending} one="# pending change" other="# pending changes" />
          </span>
        ) : null}
        {pending + rejected > 0 ? (
          // Below sm the labels above are visually hidden (still read); the phone header shows this number.
          <span className="sync-indicator__short-count" aria-hidden="true">
            {pending + rejected}
          </span>
        ) : null}
        {rejected > 0 ? (
          <span className="sync-indicator__count sync-indicator__count--rejected" data-testid="sync-rejected-count">
            <Plural value={rejected} one="# rejected" other="# rejected" />
          </span>
        ) : null}
        <span className="visually-hidden sync-indicator__when">{when ? <Trans>Last synced {when}</Trans> : <Trans>Not synced yet</Trans>}</span>
      </button>
      <div id={panelId} className="sync-indicator__panel" hidden={!open}>
        <p className="sync-indicator__detail">{when ? <Trans>Last synced {when}</Trans> : <Trans>Not synced yet</Trans>}</p>
        {open ? <RejectedChanges /> : null}
      </div>
    </div>
  );
}
