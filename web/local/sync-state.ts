import { proxy } from "valtio";

export type SyncStatus = "offline" | "syncing" | "idle" | "error";

/** What the header shows of the sync engine (web/local/sync-engine.ts). */
export interface SyncState {
  status: SyncStatus;
  /** Mutations not yet in the server rows this browser holds (the outbox). */
  pending: number;
  /** ISO time of the last push + pull that succeeded; null before the first. */
  lastSyncedAt: string | null;
  /** Mutations the server refused, waiting for the user (the rejected-changes panel). */
  rejected: number;
}

export const INITIAL_SYNC_STATE: Readonly<SyncState> = { status: "idle", pending: 0, lastSyncedAt: null, rejected: 0 };

export const syncState = proxy<SyncState>({ ...INITIAL_SYNC_STATE });

export function resetSyncState(): void {
  Object.assign(syncState, INITIAL_SYNC_STATE);
}
