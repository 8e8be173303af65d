import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { WEBCAST_API_STATUSES } from "../../../domain/webcasts/record.ts";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";

/** The synced core of a webcast (domain/webcasts/record.ts `WebcastRow`, same column names). */
export const webcasts = sqliteTable(
  "webcasts",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    event_title: text("event_title").notNull(),
    description: text("description"),
    event_start_date_time: text("event_start_date_time").notNull(),
    duration: integer("duration").notNull(),
    timezone: text("timezone").notNull(),
    language: text("language", { enum: ["en", "fr"] }).notNull(),
    state: text("state", { enum: WEBCAST_API_STATUSES }).notNull().default("upcoming"),
    is_premiere: integer("is_premiere", { mode: "boolean" }).notNull().default(false),
    is_test: integer("is_test", { mode: "boolean" }).notNull().default(false),
    created_by: integer("created_by")
      .notNull()
      .references(() => users.id),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (table) => [index("webcasts_org_start_idx").on(table.organization_id, table.event_start_date_time)],
);
