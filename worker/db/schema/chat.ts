import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations.ts";
import { webcasts } from "./webcasts.ts";

/**
 * A webcast's chat (domain/chat/record.ts `ChatMessage`, same column names), written by the
 * webcast's room (durable/webcast-room/outbox.ts) after its own storage, in batches, by id
 * (idempotent). Server only, never synced: GET chat-messages reads the history here once the room
 * is gone.
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    sender_id: text("sender_id").notNull(),
    sender_name: text("sender_name").notNull(),
    profile_picture_url: text("profile_picture_url"),
    is_private: integer("is_private", { mode: "boolean" }).notNull(),
    target_id: text("target_id"),
    target_name: text("target_name"),
    sent_at: integer("sent_at").notNull(),
    delivered: integer("delivered", { mode: "boolean" }).notNull(),
    deleted_at: integer("deleted_at"),
    deleted_by: integer("deleted_by"),
  },
  (table) => [index("chat_messages_webcast_idx").on(table.webcast_id, table.id)],
);
