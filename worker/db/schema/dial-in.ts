import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { webcasts } from "./webcasts.ts";

/**
 * A webcast's phone dial-in reservation (server only, never synced): the conference PIN callers
 * key in after dialling one of the platform's numbers (`DIAL_IN_NUMBERS`, worker/features/dial-in).
 * The numbers themselves are configuration, read when answering, not copied here. The PIN is
 * unique among all reservations: the numbers are shared, so the PIN alone names the webcast.
 * Deleting the webcast deletes its reservation (the foreign key's cascade, as `webcast_secrets`).
 */
export const webcastDialIn = sqliteTable("webcast_dial_in", {
  webcast_id: text("webcast_id")
    .primaryKey()
    .references(() => webcasts.id, { onDelete: "cascade" }),
  pin: text("pin").notNull().unique(),
  reserved_at: text("reserved_at").notNull(),
  /** Who reserved it; null once that account is gone. */
  reserved_by: integer("reserved_by").references(() => users.id, { onDelete: "set null" }),
});
