import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RESOURCE_KINDS } from "../../../domain/resources/record.ts";
import { POLL_DISPLAYS, POLL_STATUSES, type PollOption } from "../../../domain/polls/record.ts";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";
import { webcasts } from "./webcasts.ts";

/**
 * The webcast's synced sub-collections (domain/webcasts/parts.ts, same column names). Every table
 * has the sync columns (text id, organization_id, webcast_id, created_at, updated_at) and indexes
 * on organization and webcast. Deleting a webcast deletes them through the sync store (a `del` per
 * row, SYNC_CASCADES); the foreign keys' cascade only backs that up.
 */
export const part = {
  id: text("id").primaryKey(),
  organization_id: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  webcast_id: text("webcast_id")
    .notNull()
    .references(() => webcasts.id, { onDelete: "cascade" }),
  created_at: text("created_at").notNull(),
  updated_at: text("updated_at").notNull(),
};

export const webcastSpeakers = sqliteTable(
  "webcast_speakers",
  {
    ...part,
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    is_producer: integer("is_producer", { mode: "boolean" }).notNull().default(false),
    shown_in_lobby: integer("shown_in_lobby", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
    invited_at: text("invited_at"),
  },
  (table) => [index("webcast_speakers_org_idx").on(table.organization_id), index("webcast_speakers_webcast_idx").on(table.webcast_id), index("webcast_speakers_user_idx").on(table.user_id)],
);

export const polls = sqliteTable(
  "polls",
  {
    ...part,
    series_id: text("series_id"),
    title: text("title").notNull(),
    description: text("description"),
    language: text("language", { enum: ["en", "fr"] }).notNull(),
    options: text("options", { mode: "json" }).$type<PollOption[]>().notNull(),
    recommended_option_id: text("recommended_option_id"),
    multiple_choice: integer("multiple_choice", { mode: "boolean" }).notNull().default(false),
    display: text("display", { enum: POLL_DISPLAYS }).notNull().default("fluid"),
    position: integer("position").notNull().default(0),
    status: text("status", { enum: POLL_STATUSES }).notNull().default("unpublished"),
  },
  (table) => [index("polls_org_idx").on(table.organization_id), index("polls_webcast_idx").on(table.webcast_id)],
);

export const pollingSeries = sqliteTable(
  "polling_series",
  {
    ...part,
    title: text("title").notNull(),
    description: text("description"),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("polling_series_org_idx").on(table.organization_id), index("polling_series_webcast_idx").on(table.webcast_id)],
);

export const resources = sqliteTable(
  "resources",
  {
    ...part,
    title: text("title").notNull(),
    description: text("description"),
    language: text("language", { enum: ["en", "fr"] }),
    kind: text("kind", { enum: RESOURCE_KINDS }).notNull(),
    url: text("url"),
    file_key: text("file_key"),
    file_name: text("file_name"),
    visible: integer("visible", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("resources_org_idx").on(table.organization_id), index("resources_webcast_idx").on(table.webcast_id)],
);

export const embedApps = sqliteTable(
  "embed_apps",
  {
    ...part,
    title: text("title").notNull(),
    description: text("description"),
    embed_code: text("embed_code").notNull(),
  },
  (table) => [index("embed_apps_org_idx").on(table.organization_id), index("embed_apps_webcast_idx").on(table.webcast_id)],
);

export const segments = sqliteTable(
  "segments",
  {
    ...part,
    name: text("name").notNull(),
  },
  (table) => [index("segments_org_idx").on(table.organization_id), index("segments_webcast_idx").on(table.webcast_id)],
);

export const streamingOutputs = sqliteTable(
  "streaming_outputs",
  {
    ...part,
    rtmp_url: text("rtmp_url").notNull(),
    stream_key: text("stream_key").notNull(),
    username: text("username"),
    password: text("password"),
    activated: integer("activated", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [index("streaming_outputs_org_idx").on(table.organization_id), index("streaming_outputs_webcast_idx").on(table.webcast_id)],
);
