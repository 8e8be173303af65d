import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations.ts";
import { webcasts } from "./webcasts.ts";

/**
 * The synced part of a webcast's viewers (domain/viewers/record.ts `ViewerRow`, same column
 * names). No password column: viewer passwords are secrets that never sync; the issue that sets
 * them stores them apart. Deleting a webcast deletes its viewers through the sync store (which logs
 * a `del` for each); the foreign key's cascade only backs that up.
 */
export const viewers = sqliteTable(
  "viewers",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    control_number: text("control_number"),
    vote_weight: real("vote_weight").notNull().default(1),
    registered: integer("registered", { mode: "boolean" }).notNull().default(false),
    invitation_sent: integer("invitation_sent", { mode: "boolean" }).notNull().default(false),
    reminder_sent: integer("reminder_sent", { mode: "boolean" }).notNull().default(false),
    is_moderator: integer("is_moderator", { mode: "boolean" }).notNull().default(false),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (table) => [index("viewers_org_idx").on(table.organization_id), index("viewers_webcast_idx").on(table.webcast_id)],
);
