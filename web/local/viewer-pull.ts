import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { SyncEngine } from "./sync-engine.ts";
import { useLocalDatabase, useSyncEngine } from "./session-sync.ts";
import { syncState } from "./sync-state.ts";
import { type ViewerPullProgress, viewerPullState } from "./viewer-pull-state.ts";

/**
 * Viewers on demand (docs/sync.md "Viewers on demand"): a webcast's viewers come to the device when
 * the webcast is opened (its edit page, its viewers tab) and stay for offline use. Screens read
 * them with `db.view_viewers.where("webcast_id").equals(webcastId)`.
 */

/** Registers the webcast on this device and pulls its viewers now; resolves once that sync is over. */
export function openWebcastViewers(engine: SyncEngine, webcastId: string): Promise<void> {
  return engine.openWebcastViewers(webcastId);
}

export interface ViewerPull {
  /**
   * "ready": the device holds the webcast's viewers (a pull completed once; offline too), kept up
   * to date by every sync; "pulling": the first pull runs; "offline": never pulled and no network;
   * "error": refused (another tenant's webcast, no viewers.manage) or failed.
   */
  status: ViewerPullProgress["status"];
  /** Viewers written by the first pull so far (once ready: held on the device). */
  loaded: number;
  /** How many viewers the webcast has (the server's count on the first page); null before. */
  total: number | null;
  error: string | null;
}

/**
 * Opens the webcast's viewers on this device while mounted (registers it: they are pulled now and
 * kept) and reports the first pull's progress. Before the engine's code has loaded the webcast is
 * registered in the database, and the engine's first sync pulls it.
 */
export function useViewerPull(webcastId: string): ViewerPull {
  const db = useLocalDatabase();
  const engine = useSyncEngine();
  const progress = useSnapshot(viewerPullState).pulls[webcastId];
  const { status: syncStatus } = useSnapshot(syncState);
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  // `null`: not registered (yet); undefined while the query loads.
  const opened = useLiveQuery(async () => (db ? ((await db.opened_webcasts.get(webcastId)) ?? null) : undefined), [db, webcastId]);
  const ready = opened?.synced !== null && opened?.synced !== undefined;
  const held = useLiveQuery(async () => (db && ready ? db.view_viewers.where("webcast_id").equals(webcastId).count() : undefined), [db, webcastId, ready]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  useEffect(() => {
    if (engine) {
      void openWebcastViewers(engine, webcastId).catch(() => undefined);
      return;
    }
    if (!db) return;
    // The engine's code is still loading: register now, its first sync pulls the webcast.
    void db
      .transaction("rw", db.opened_webcasts, async () => {
        if (!(await db.opened_webcasts.get(webcastId))) await db.opened_webcasts.put({ webcast_id: webcastId, cursor: 0, synced: null, opened_at: new Date().toISOString() });
      })
      .catch(() => undefined);
  }, [db, engine, webcastId]);

  if (ready) return { status: "ready", loaded: held ?? progress?.loaded ?? 0, total: progress?.total ?? held ?? null, error: null };
  if (progress?.status === "error") return { status: "error", loaded: progress.loaded, total: progress.total, error: progress.error };
  const offline = !online || syncStatus === "offline" || progress?.status === "offline";
  return { status: offline ? "offline" : "pulling", loaded: progress?.loaded ?? 0, total: progress?.total ?? null, error: null };
}
