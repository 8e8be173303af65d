import { proxy, ref, subscribe, useSnapshot } from "valtio";
import { onSignOut } from "../features/session/api.ts";
import { session } from "../features/session/store.ts";
import { LocalDatabase, deleteLocalDatabase } from "./db.ts";
import { resetSyncState, syncState } from "./sync-state.ts";
import type { SyncEngine, SyncEngineOptions } from "./sync-engine.ts";

/**
 * The signed-in user's database and running engine (null while signed out). The database is
 * there at once; the engine (with every mutator and its zod schemas) loads in its own chunk once
 * the page has loaded, so the first screen reads IndexedDB without waiting for that code (issue
 * #4, offline home render). Readers take `useLocalDatabase`; writers and the sync panels the engine.
 */
export const activeSync = proxy<{ engine: ReturnType<typeof ref<SyncEngine>> | null; db: ReturnType<typeof ref<LocalDatabase>> | null }>({ engine: null, db: null });

/** The signed-in user's engine, live (React); null until its code has loaded. */
export function useSyncEngine(): SyncEngine | null {
  return useSnapshot(activeSync).engine;
}

/** The signed-in user's engine now (outside React). */
export function currentSyncEngine(): SyncEngine | null {
  return activeSync.engine;
}

/** The signed-in user's database, live (React): there before the engine (or the engine's own in tests). */
export function useLocalDatabase(): LocalDatabase | null {
  const { db, engine } = useSnapshot(activeSync);
  return db ?? engine?.db ?? null;
}

/** The signed-in user's database now (outside React). */
export function currentLocalDatabase(): LocalDatabase | null {
  return activeSync.db ?? activeSync.engine?.db ?? null;
}

let installed: (() => void) | null = null;
/** The user whose database this browser holds for the current sign-in (deleted on sign-out). */
let signedInUserId: number | null = null;
let engineOptions: Omit<SyncEngineOptions, "user"> = {};
let stopping: Promise<void> = Promise.resolve();
const databaseListeners = new Set<(db: LocalDatabase | null) => void>();

/**
 * Calls `listener` with the user's database once its sync engine runs, and with null when it stops
 * (sign-out, another user): what works beside the sync (the uploads, web/features/uploads) follows it.
 */
export function onLocalDatabase(listener: (db: LocalDatabase | null) => void): () => void {
  databaseListeners.add(listener);
  // Registered after the engine started (a listener's code loads lazily): told at once.
  if (activeSync.engine && activeSync.db) listener(activeSync.db);
  return () => databaseListeners.delete(listener);
}

async function stopEngine(): Promise<void> {
  const { engine, db } = activeSync;
  if (db) for (const listener of databaseListeners) listener(null);
  activeSync.engine = null;
  activeSync.db = null;
  // An engine closes its database; one whose code has not loaded yet leaves it to us.
  if (engine) stopping = engine.stop();
  else if (db) db.close();
  await stopping;
}

function follow(): void {
  const user = session.user;
  if (user && activeSync.db?.userId === user.id) return;
  if (activeSync.db || activeSync.engine) void stopEngine();
  if (!user) return;
  signedInUserId = user.id;
  const db = new LocalDatabase(user.id);
  activeSync.db = ref(db);
  // Until the engine runs (a few milliseconds), the header says it is about to sync.
  resetSyncState();
  syncState.status = "syncing";
  // After the page has loaded (with the first screen's preloaded code) and in idle time: the first
  // screen's code and database reads go first, the engine's code and first sync after.
  afterLoad(() => {
    if (activeSync.db !== db) return;
    import("./sync-engine.ts").then(
      ({ SyncEngine }) => {
        // Signed out (or another user) while the code loaded: that session's database is gone.
        if (activeSync.db !== db) return;
        const engine = new SyncEngine({ user, db, ...engineOptions });
        activeSync.engine = ref(engine);
        engine.start();
        for (const listener of databaseListeners) listener(db);
      },
      (error: unknown) => {
        // The engine's chunk is precached with the app; failing to load it means a broken deployment.
        console.error("the sync engine could not load", error);
      },
    );
  });
}

function afterLoad(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 300 }) : setTimeout(run, 0));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * What the route guard calls: `installSessionSync` with the defaults, except under unit tests
 * (MODE "test", like the service worker), where screens are tested without a sync engine making
 * requests and opening sockets in the background; the sync tests install it themselves.
 */
export function autoInstallSessionSync(): void {
  if (import.meta.env.MODE === "test") return;
  installSessionSync();
}

/**
 * Ties the sync engine to the session (idempotent; called by the route guard, where the user
 * becomes known): an engine starts when a user is set (login, GET /api/profile, or the offline
 * copy of the profile) and stops when the user goes (logout, or a 401 anywhere, which keeps the
 * database: the same user signing in again finds their unsent changes). Logout (`onSignOut`)
 * also deletes the user's database, so nothing of theirs stays on the device.
 */
export function installSessionSync(options: Omit<SyncEngineOptions, "user"> = {}): () => void {
  if (installed) return installed;
  engineOptions = options;
  const unsubscribe = subscribe(session, follow, true);
  const offSignOut = onSignOut(async () => {
    await stopEngine();
    const userId = signedInUserId;
    signedInUserId = null;
    if (userId !== null) await deleteLocalDatabase(userId);
  });
  follow();
  const uninstall = () => {
    unsubscribe();
    offSignOut();
    installed = null;
    void stopEngine();
  };
  installed = uninstall;
  return uninstall;
}
