import { Dexie, type Table } from "dexie";
import type { OutboxEntry, RejectedMutation } from "../../domain/sync/replica-store.ts";
import type { SyncRow, SyncTable } from "../../domain/sync/types.ts";

/** A queued mutation as stored: `seq` (auto-increment) is the outbox order (UUIDv7s of one millisecond are not ordered). */
export interface StoredOutboxEntry extends OutboxEntry {
  seq?: number;
}

/** A refused mutation as stored: `seq` keeps them oldest first; `mutation_id` is the key the UI discards by. */
export interface StoredRejected extends RejectedMutation {
  seq?: number;
  mutation_id: string;
}

/**
 * A webcast draft (SPEC §3 "Draft webcast: details payload and access payload"), autosaved while
 * a form is edited. `key` says which form: `webcast:new:<organizationId>` for the wizard,
 * `webcast:<uid>` for an existing webcast's form, `rejected:<mutationId>` for a refused change
 * being fixed. Clearing a draft deletes the record (both payloads).
 */
export interface StoredDraft {
  key: string;
  details: Record<string, unknown>;
  access: Record<string, unknown>;
  updated_at: string;
}

/** Small key-value facts about the replica. */
export type MetaRecord = { key: "cursor"; value: number } | { key: "last_synced_at"; value: string };

/** The database name of one user: data is scoped per user (another account on this browser never sees it). */
export function localDatabaseName(userId: number): string {
  return `igo-${userId}`;
}

/**
 * THE Dexie database of the app (docs/sync.md "Dexie adapter"), one per signed-in user
 * (`igo-<userId>`). Every schema version is declared here, in order; a new synced table adds
 * `base_<table>` and `view_<table>` in a new version.
 *
 * - `base_*`: server rows as last pulled; `view_*`: what screens show (base + pending mutations).
 * - `outbox`: queued mutations, ordered by the auto-increment `seq`, unique by `id`.
 * - `rejected`: mutations the server refused, with their (server-localized) message.
 * - `meta`: the pull cursor and the last successful sync time.
 * - `drafts`: unsaved form drafts (not synced, not part of the replica's transactions).
 */
export class LocalDatabase extends Dexie {
  base_webcasts!: Table<SyncRow<"webcasts">, string>;
  view_webcasts!: Table<SyncRow<"webcasts">, string>;
  base_viewers!: Table<SyncRow<"viewers">, string>;
  view_viewers!: Table<SyncRow<"viewers">, string>;
  outbox!: Table<StoredOutboxEntry, number>;
  rejected!: Table<StoredRejected, number>;
  meta!: Table<MetaRecord, MetaRecord["key"]>;
  drafts!: Table<StoredDraft, string>;

  constructor(readonly userId: number) {
    super(localDatabaseName(userId));
    this.version(1).stores({
      base_webcasts: "id, organization_id",
      view_webcasts: "id, organization_id",
      outbox: "++seq, &id",
      rejected: "++seq, &mutation_id",
      meta: "key",
    });
    // Version 2: form drafts (not synced: a draft is this device's unsaved work).
    this.version(2).stores({ drafts: "key" });
    // Version 3: the viewers of the webcasts (pulled only where the user manages viewers).
    this.version(3).stores({
      base_viewers: "id, organization_id, webcast_id",
      view_viewers: "id, organization_id, webcast_id",
    });
  }

  /** The base or view table of a synced table. */
  rows<T extends SyncTable>(which: "base" | "view", table: T): Table<SyncRow<T>, string> {
    const tables: { [K in SyncTable]: { base: Table<SyncRow<K>, string>; view: Table<SyncRow<K>, string> } } = {
      webcasts: { base: this.base_webcasts, view: this.view_webcasts },
      viewers: { base: this.base_viewers, view: this.view_viewers },
    };
    return tables[table][which];
  }

  /** Every table (a transaction over "everything"). */
  allTables(): Table[] {
    return [this.base_webcasts, this.view_webcasts, this.base_viewers, this.view_viewers, this.outbox, this.rejected, this.meta];
  }

  /** Pairs of base/view tables of every synced table. */
  rowTables(): { base: Table<SyncRow, string>; view: Table<SyncRow, string> }[] {
    return [
      { base: this.base_webcasts, view: this.view_webcasts },
      { base: this.base_viewers, view: this.view_viewers },
    ];
  }
}

/** Deletes a user's database (sign-out). Waits for open connections to close. */
export function deleteLocalDatabase(userId: number): Promise<void> {
  return Dexie.delete(localDatabaseName(userId));
}
