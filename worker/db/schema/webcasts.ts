import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";
import { type AttendeeOptions, DEFAULT_ATTENDEE_OPTIONS, WEBCAST_API_STATUSES, WEBCAST_EVENT_TYPES, WEBCAST_PRIVACIES, WEBCAST_QUALITIES, WEBCAST_SOURCE_TYPES } from "../../../domain/webcasts/record.ts";
import type { RegistrationField } from "../../../domain/registration/record.ts";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";

/** The synced webcast (domain/webcasts/record.ts `WebcastRow`, same column names; settings default as DEFAULT_WEBCAST_SETTINGS). */
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
    // Settings (issue #5).
    event_type: text("event_type", { enum: WEBCAST_EVENT_TYPES }).notNull().default("video"),
    source_type: text("source_type", { enum: WEBCAST_SOURCE_TYPES }),
    quality: text("quality", { enum: WEBCAST_QUALITIES }).notNull().default("720p"),
    screen_sharing: integer("screen_sharing", { mode: "boolean" }).notNull().default(false),
    replay_enabled: integer("replay_enabled", { mode: "boolean" }).notNull().default(true),
    privacy: text("privacy", { enum: WEBCAST_PRIVACIES }).notNull().default("public"),
    registration_required: integer("registration_required", { mode: "boolean" }).notNull().default(false),
    control_number_required: integer("control_number_required", { mode: "boolean" }).notNull().default(false),
    sso_required: integer("sso_required", { mode: "boolean" }).notNull().default(false),
    has_password: integer("has_password", { mode: "boolean" }).notNull().default(false),
    tag: text("tag"),
    attendee_options: text("attendee_options", { mode: "json" }).$type<AttendeeOptions>().notNull().default(DEFAULT_ATTENDEE_OPTIONS),
    anonymous_questions: integer("anonymous_questions", { mode: "boolean" }).notNull().default(false),
    speakers_see_stats: integer("speakers_see_stats", { mode: "boolean" }).notNull().default(false),
    schedule_visible: integer("schedule_visible", { mode: "boolean" }).notNull().default(true),
    add_to_calendar_visible: integer("add_to_calendar_visible", { mode: "boolean" }).notNull().default(true),
    vod_download: integer("vod_download", { mode: "boolean" }).notNull().default(false),
    sponsors_visible: integer("sponsors_visible", { mode: "boolean" }).notNull().default(false),
    billing_enabled: integer("billing_enabled", { mode: "boolean" }).notNull().default(false),
    theme: text("theme").notNull().default("go"),
    title_color: text("title_color"),
    logo_key: text("logo_key"),
    cover_key: text("cover_key"),
    banner_key: text("banner_key"),
    intro_loop_media_id: text("intro_loop_media_id"),
    outro_loop_media_id: text("outro_loop_media_id"),
    registration_fields: text("registration_fields", { mode: "json" }).$type<RegistrationField[]>().notNull().default([]),
  },
  (table) => [index("webcasts_org_start_idx").on(table.organization_id, table.event_start_date_time)],
);

/**
 * What a webcast keeps on the server only (never synced): the access password's hash. The synced
 * row says `has_password`; the access-controls route sets both in one batch.
 */
export const webcastSecrets = sqliteTable("webcast_secrets", {
  webcast_id: text("webcast_id")
    .primaryKey()
    .references(() => webcasts.id, { onDelete: "cascade" }),
  organization_id: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  password_hash: text("password_hash"),
  updated_at: text("updated_at").notNull(),
});
