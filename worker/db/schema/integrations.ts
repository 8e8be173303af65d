import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { WebhookEvent } from "../../../domain/integrations/webhooks.ts";
import { webcasts } from "./webcasts.ts";

/**
 * A webcast's outgoing webhooks (domain/integrations/webhooks.ts; server only, never synced: the
 * secret signs deliveries and only editors may read it). `url` is stored normalized and is unique
 * per webcast, so a list sent again keeps each webhook's id and secret, also when two saves race.
 * `events` is a JSON array in WEBHOOK_EVENTS order; `position` keeps the order the list was saved
 * in (UUIDv7 ids made in one millisecond do not sort by creation). Deleting the webcast deletes its webhooks (the
 * foreign key's cascade, like `webcast_secrets` and `webcast_dial_in`).
 */
export const webcastWebhooks = sqliteTable(
  "webcast_webhooks",
  {
    /** UUIDv7. */
    id: text("id").primaryKey(),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<WebhookEvent[]>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** 32 random bytes, base64url: the HMAC-SHA256 key (its UTF-8 text) of `X-Igo-Signature`. */
    secret: text("secret").notNull(),
    /** 0-based place in the saved list. */
    position: integer("position").notNull().default(0),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  // Also the index of "the webcast's webhooks".
  (table) => [uniqueIndex("webcast_webhooks_webcast_url_idx").on(table.webcast_id, table.url)],
);
