import { Dexie, type Table } from "dexie";
import type { OpenedWebcast, OutboxEntry, RejectedMutation } from "../../domain/sync/replica-store.ts";
import { type OnDemandTable, SYNC_TABLES } from "../../domain/sync/tables.ts";
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
 * a form is edited. `key` says which form: `webcast:new` for the wizard, `webcast:<uid>` for an
 * existing webcast's details tab and `webcast:<uid>:<tab>` for its other tabs,
 * `rejected:<mutationId>` for a refused change being fixed. Clearing a draft deletes the record (both payloads).
 */
export interface StoredDraft {
  key: string;
  details: Record<string, unknown>;
  access: Record<string, unknown>;
  updated_at: string;
}

/**
 * A file being uploaded from this device (web/features/uploads, docs/uploads.md): kept so an upload
 * survives a reload, a network cut or a browser restart. `file` is the chosen File itself (the
 * browser keeps a copy in IndexedDB); null when it could not be stored, and then the same file must
 * be chosen again to resume. `finish` says what to do with the uploaded file (a named step of the
 * feature that asked for it).
 */
export interface StoredUpload {
  /** This device's id of the upload (UUIDv7). */
  id: string;
  /** The server's upload id, once created. */
  upload_id: string | null;
  kind: "video" | "slides" | "resource" | "image" | "branding" | "photo";
  organization_id: number;
  webcast_id: string | null;
  target_id: string;
  file: Blob | null;
  file_name: string;
  size: number;
  last_modified: number;
  type: string;
  /** The feature's step run after completion: its name and JSON arguments. */
  finish: { type: string; args: Record<string, unknown> };
  status: "queued" | "uploading" | "completing" | "finishing" | "done" | "failed" | "canceled";
  /** Bytes the server holds (parts acknowledged). */
  uploaded_bytes: number;
  /** The last refusal (already localized by the server), null when none. */
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Small key-value facts about the replica. */
export type MetaRecord = { key: "cursor"; value: number } | { key: "synced_cursor"; value: number } | { key: "last_synced_at"; value: string };

/** The database name of one user: data is scoped per user (another account on this browser never sees it). */
export function localDatabaseName(userId: number): string {
  return `igo-${userId}`;
}

/** The `base_<table>` and `view_<table>` stores of every synced table (see `LocalDatabase`). */
type SyncedStores = { [T in SyncTable as `${"base" | "view"}_${T}`]: Table<SyncRow<T>, string> };

/**
 * THE Dexie database of the app (docs/sync.md "Dexie adapter"), one per signed-in user
 * (`igo-<userId>`). Every schema version is declared here, in order, and never changes once
 * shipped; a new synced table (domain/sync/tables.ts `SYNC_TABLES`) adds its `base_<table>` and
 * `view_<table>` stores in a new version, and the accessors below find them by name.
 *
 * - `base_*`: server rows as last pulled; `view_*`: what screens show (base + pending mutations).
 * - `outbox`: queued mutations, ordered by the auto-increment `seq`, unique by `id`.
 * - `rejected`: mutations the server refused, with their (server-localized) message.
 * - `meta`: the pull cursor and the last successful sync time.
 * - `drafts`: unsaved form drafts (not synced, not part of the replica's transactions).
 * - `opened_webcasts`: the webcasts whose viewers this device pulls on demand and keeps, each with
 *   its own cursor (docs/sync.md "Viewers on demand"); read `view_viewers` by `webcast_id`.
 */
// The synced stores are typed by this interface (merged into the class) and set up by Dexie.
export interface LocalDatabase extends SyncedStores {}
export class LocalDatabase extends Dexie {
  outbox!: Table<StoredOutboxEntry, number>;
  rejected!: Table<StoredRejected, number>;
  meta!: Table<MetaRecord, MetaRecord["key"]>;
  drafts!: Table<StoredDraft, string>;
  uploads!: Table<StoredUpload, string>;
  opened_webcasts!: Table<OpenedWebcast, string>;

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
    // Version 4: the user's organizations (name and rules: web/local/organization-rules.ts). The
    // server sends organizations whole only on a reset (their rows predate the change log): an
    // upgraded database forgets its cursor, so its next pull is one (the outbox is kept).
    this.version(4)
      .stores({
        base_organizations: "id, organization_id",
        view_organizations: "id, organization_id",
      })
      .upgrade((tx) => tx.table<MetaRecord, MetaRecord["key"]>("meta").delete("cursor"));
    // Version 5: the webcasts' sub-collections (domain/webcasts/parts.ts), by webcast. Their rows
    // are new on the server too: nothing to re-pull.
    const part = "id, organization_id, webcast_id";
    // Frozen: the part tables as they were in version 5 (later ones come in their own versions).
    const VERSION_5_PARTS = ["webcast_speakers", "polls", "polling_series", "resources", "embed_apps", "segments", "streaming_outputs"];
    this.version(5).stores(
      Object.fromEntries(VERSION_5_PARTS.flatMap((table) => [
        [`base_${table}`, part],
        [`view_${table}`, part],
      ])),
    );
    // Version 6: indexes for the home screen (web/features/home/home-queries.ts), so it reads the
    // few webcasts it shows instead of all of them: by start time; by state then start time (the
    // on-air, upcoming and ended ones in order); by duration (the longest bounds how far back an
    // unfinished webcast can have started). Screens read the view only; no re-pull needed.
    this.version(6).stores({
      view_webcasts: "id, organization_id, event_start_date_time, [state+event_start_date_time], duration",
    });
    // Version 7 (issue #17): the video library (organization-scoped), a webcast's slide deck and
    // premiere playlist (webcast parts), and this device's uploads (not synced: docs/uploads.md).
    // New tables on the server too: nothing to re-pull.
    this.version(7).stores({
      base_media: "id, organization_id",
      view_media: "id, organization_id",
      base_slides: part,
      view_slides: part,
      base_premiere_videos: "id, organization_id, webcast_id, media_id",
      view_premiere_videos: "id, organization_id, webcast_id, media_id",
      uploads: "id, upload_id, status, target_id",
    });
    // Version 8 (issue #18): viewers come per webcast, when it is opened on this device, with a
    // cursor per webcast (`opened_webcasts`); the main pull no longer sends them. The organization-wide
    // viewers an older version pulled are dropped (no webcast was "opened" then; each comes back,
    // alone, when opened). Queued mutations stay; the server's scope change resets the main pull.
    this.version(8)
      .stores({ opened_webcasts: "webcast_id" })
      .upgrade(async (tx) => {
        await tx.table("base_viewers").clear();
        await tx.table("view_viewers").clear();
      });
  }

  /** The base or view table of a synced table. */
  rows<T extends SyncTable>(which: "base" | "view", table: T): Table<SyncRow<T>, string> {
    return this.table<SyncRow<T>, string>(`${which}_${table}`);
  }

  /** Every table of the replica (a transaction over "everything"; drafts are not part of it). */
  allTables(): Table[] {
    return [...this.rowTables().flatMap(({ base, view }) => [base, view]), this.outbox, this.rejected, this.meta, this.opened_webcasts];
  }

  /**
   * The tables of an on-demand pull's page (docs/sync.md "Viewers on demand"): that table's rows,
   * the outbox, the registry and the cursors. Screens reading other tables go on meanwhile.
   */
  onDemandTables(table: OnDemandTable): Table[] {
    return [this.rows("base", table), this.rows("view", table), this.outbox, this.meta, this.opened_webcasts];
  }

  /** Pairs of base/view tables of every synced table. */
  rowTables(): { base: Table<SyncRow, string>; view: Table<SyncRow, string> }[] {
    return SYNC_TABLES.map((table) => ({ base: this.rows("base", table), view: this.rows("view", table) }));
  }
}

/** Deletes a user's database (sign-out). Waits for open connections to close. */
export function deleteLocalDatabase(userId: number): Promise<void> {
  return Dexie.delete(localDatabaseName(userId));
}
