import { z } from "zod";
import { STORAGE_PREFIX } from "../../../domain/i18n/locales.ts";
import { roomCommandSchema } from "../../../domain/webcast-room/commands.ts";
import type { PendingCommand } from "./room-state.ts";

/**
 * The control room's pending commands, kept on this device so that closing the tab (or the
 * browser) loses none: the room client (room-client.ts) adds each command it queues and removes
 * it once the room acknowledged or refused it; a new client for the same webcast and user starts
 * with what is left and sends it after the welcome, like after a reconnect. The room acknowledges
 * each command id once per user (durable/webcast-room, kept 24 h), so a command sent twice, by
 * this tab and by another of the same user, applies once.
 *
 * localStorage (not the user's Dexie database): writes are synchronous, so a command made a
 * moment before the tab closes is already stored, and the client reads the queue before its
 * first hello without waiting. Keyed by user and webcast (another account on this browser never
 * sends them). Entries are added and removed one by one (not the whole list rewritten), so two
 * tabs of the same control room keep each other's.
 *
 * The viewer page (issue #19) keeps its queue the same way, in the tab's sessionStorage
 * (`tabStorage`) and keyed by the viewer: a question or chat message typed offline survives a
 * reload and is sent once the room is reached; closing the tab ends the viewing, and with it the
 * queue (a question from a session left hours ago should not appear in a later one).
 */
export interface PendingStore {
  /** The stored commands still worth sending, oldest first (expired or unreadable ones are dropped). */
  load(): PendingCommand[];
  add(item: PendingCommand): void;
  remove(id: string): void;
}

/** What the store needs of Web Storage (tests pass their own). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Stored commands older than this are dropped unsent: well within the room's 24 h memory of
 * acknowledged ids (even with a device clock hours off), and a change made the day before is
 * no longer what the producer means.
 */
export const PENDING_MAX_AGE_MS = 12 * 60 * 60_000;

/** At most this many are kept per webcast (the oldest go first): a queue, not a log. */
export const PENDING_MAX_ENTRIES = 200;

const storedEntry = z.object({ id: z.string().min(1), command: roomCommandSchema, at: z.number() });
type StoredEntry = z.infer<typeof storedEntry>;

/** The owner is a user id (the control room) or a viewer's key (`viewer:<id>`, the viewer page). */
export function pendingStorageKey(owner: number | string, uid: string): `${typeof STORAGE_PREFIX}.${string}` {
  return `${STORAGE_PREFIX}.room-pending.${owner}.${uid}`;
}

function browserStorage(kind: "localStorage" | "sessionStorage" = "localStorage"): KeyValueStorage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    // Storage disabled (private mode, blocked cookies): the queue lasts as long as the page.
    return undefined;
  }
}

/**
 * This tab's sessionStorage (the viewer page's queue: a reload keeps it, closing the tab ends it),
 * or undefined when storage is refused.
 */
export function tabStorage(): KeyValueStorage | undefined {
  return browserStorage("sessionStorage");
}

export interface StoredPendingOptions {
  /** Whose commands: a user id, or a viewer's key (see pendingStorageKey). */
  userId: number | string;
  uid: string;
  /** Default: localStorage (absent or failing storage keeps nothing, silently). */
  storage?: KeyValueStorage | undefined;
  /** Epoch ms (default Date.now). */
  now?(): number;
}

/** The pending commands of one user's control room of one webcast, in Web Storage. */
export function storedPendingCommands(options: StoredPendingOptions): PendingStore {
  const key = pendingStorageKey(options.userId, options.uid);
  const storage = "storage" in options ? options.storage : browserStorage();
  const now = options.now ?? Date.now;

  const read = (): StoredEntry[] => {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(key) ?? null;
    } catch {
      return [];
    }
    if (raw === null) return [];
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
    if (!Array.isArray(value)) return [];
    const oldest = now() - PENDING_MAX_AGE_MS;
    // One by one: an entry this version cannot read (a command since changed) goes, the others stay.
    return value.flatMap((item) => {
      const parsed = storedEntry.safeParse(item);
      return parsed.success && parsed.data.at >= oldest ? [parsed.data] : [];
    });
  };

  const write = (entries: readonly StoredEntry[]): void => {
    try {
      if (entries.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(entries.slice(-PENDING_MAX_ENTRIES)));
    } catch {
      // Quota or storage gone: the queue still lives in the page.
    }
  };

  return {
    load() {
      const entries = read();
      // Expired and unreadable entries are gone for good.
      write(entries);
      return entries.map(({ id, command }) => ({ id, command }));
    },
    add(item) {
      const entries = read().filter((entry) => entry.id !== item.id);
      write([...entries, { id: item.id, command: item.command, at: now() }]);
    },
    remove(id) {
      const entries = read();
      const left = entries.filter((entry) => entry.id !== id);
      if (left.length !== entries.length) write(left);
    },
  };
}
