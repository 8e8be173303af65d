import type { ChatMessage } from "../../domain/chat/record.ts";
import { queueOutbox } from "./outbox.ts";

/**
 * The room's chat (issue #16), in its own SQLite database (migrations.ts 0002_interactions): each
 * message as it now is (a deleted one as its tombstone). The rules are domain/chat's; every write
 * queues its outbox row for D1 (outbox.ts).
 */

/** How many of the newest messages the room reads to make a reader's first page on join. */
export const CHAT_SCAN_ON_JOIN = 1_000;

export function findMessage(sql: SqlStorage, id: string): ChatMessage | null {
  const row = sql.exec<{ record: string }>("SELECT record FROM chat WHERE id = ?", id).toArray()[0];
  return row ? (JSON.parse(row.record) as ChatMessage) : null;
}

/** The newest `limit` messages, oldest first (ids are UUIDv7: id order is send order). */
export function recentMessages(sql: SqlStorage, limit = CHAT_SCAN_ON_JOIN): ChatMessage[] {
  return sql
    .exec<{ record: string }>("SELECT record FROM chat ORDER BY id DESC LIMIT ?", limit)
    .toArray()
    .map((row) => JSON.parse(row.record) as ChatMessage)
    .reverse();
}

export function saveMessage(sql: SqlStorage, message: ChatMessage): void {
  sql.exec("INSERT INTO chat (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record", message.id, JSON.stringify(message));
  queueOutbox(sql, { kind: "chat", key: message.id, value: message });
}
