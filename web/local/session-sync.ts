import { proxy, ref, subscribe, useSnapshot } from "valtio";
import { onSignOut } from "../features/session/api.ts";
import { session } from "../features/session/store.ts";
import { deleteLocalDatabase } from "./db.ts";
import { SyncEngine, type SyncEngineOptions } from "./sync-engine.ts";

/** The running engine (null while signed out), for the hooks and panels that read the user's database. */
export const activeSync = proxy<{ engine: ReturnType<typeof ref<SyncEngine>> | null }>({ engine: null });

/** The signed-in user's engine, live (React). */
export function useSyncEngine(): SyncEngine | null {
  return useSnapshot(activeSync).engine;
}

/** The signed-in user's engine now (outside React). */
export function currentSyncEngine(): SyncEngine | null {
  return activeSync.engine;
}

let installed: (() => void) | null = null;
/** The user whose database this browser holds for the current sign-in (deleted on sign-out). */
let signedInUserId: number | null = null;
let engineOptions: Omit<SyncEngineOptions, "user"> = {};
let stopping: Promise<void> = Promise.resolve();

async function stopEngine(): Promise<void> {
  const engine = activeSync.engine;
  activeSync.engine = null;
  if (engine) stopping = engine.stop();
  await stopping;
}

function follow(): void {
  const user = session.user;
  if (user && activeSync.engine?.userId === user.id) return;
  if (activeSync.engine) void stopEngine();
  if (!user) return;
  signedInUserId = user.id;
  const engine = new SyncEngine({ user, ...engineOptions });
  activeSync.engine = ref(engine);
  engine.start();
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
