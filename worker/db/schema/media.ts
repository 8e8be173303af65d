import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ARCHIVE_STATUSES } from "../../../domain/archive/record.ts";
import { MEDIA_LOOP_MODES, MEDIA_SOURCES, MEDIA_STATUSES, type MediaCut, type MediaEdition } from "../../../domain/media/record.ts";
import { UPLOAD_KINDS, UPLOAD_STATUSES } from "../../../domain/uploads/record.ts";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";
import { part } from "./webcast-parts.ts";
import { webcasts } from "./webcasts.ts";

/**
 * Files on R2 and what the product makes of them (issue #17, docs/uploads.md): the uploads in
 * flight and their parts (server data), the library's videos (synced, organization-scoped), a
 * webcast's slide deck and premiere playlist (synced webcast parts), its archive and editions
 * (server data).
 */

/** An upload through R2's multipart API; the parts it holds are rows of `upload_parts` (R2's binding cannot list them). */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    /** Null for a profile photo (its user's, whatever organizations they belong to: docs/decisions.md). */
    organization_id: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id").references(() => webcasts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    target_id: text("target_id").notNull(),
    key: text("key").notNull().unique(),
    r2_upload_id: text("r2_upload_id").notNull(),
    file_name: text("file_name").notNull(),
    content_type: text("content_type").notNull(),
    size: integer("size").notNull(),
    part_bytes: integer("part_bytes").notNull(),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull().default("uploading"),
    /** The file's row took it (a resource, a video, a deck): the sweep leaves its object alone. */
    attached: integer("attached", { mode: "boolean" }).notNull().default(false),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (table) => [index("uploads_org_idx").on(table.organization_id), index("uploads_status_updated_idx").on(table.status, table.updated_at), index("uploads_target_idx").on(table.target_id)],
);

export const uploadParts = sqliteTable(
  "upload_parts",
  {
    upload_id: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    part_number: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (table) => [primaryKey({ columns: [table.upload_id, table.part_number] })],
);

/** The organization's video library (domain/media/record.ts `MediaRow`, same column names). */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: MEDIA_STATUSES }).notNull().default("created"),
    failure_reason: text("failure_reason"),
    duration: real("duration"),
    width: integer("width"),
    height: integer("height"),
    file_key: text("file_key"),
    file_name: text("file_name"),
    size: integer("size"),
    content_type: text("content_type"),
    poster_key: text("poster_key"),
    pre_webcast_loop: integer("pre_webcast_loop", { mode: "boolean" }).notNull().default(false),
    post_webcast_loop: integer("post_webcast_loop", { mode: "boolean" }).notNull().default(false),
    loop_mode: text("loop_mode", { enum: MEDIA_LOOP_MODES }).notNull().default("repeat"),
    source: text("source", { enum: MEDIA_SOURCES }).notNull().default("upload"),
    edition: text("edition", { mode: "json" }).$type<MediaEdition>(),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (table) => [index("media_org_idx").on(table.organization_id)],
);


/** A webcast's deck (domain/slides/record.ts `SlidesRow`): one per webcast. */
export const slides = sqliteTable(
  "slides",
  {
    ...part,
    file_key: text("file_key").notNull(),
    file_name: text("file_name").notNull(),
    size: integer("size").notNull(),
    page_count: integer("page_count").notNull(),
    approved: integer("approved", { mode: "boolean" }).notNull().default(false),
    approved_at: text("approved_at"),
  },
  (table) => [index("slides_org_idx").on(table.organization_id), uniqueIndex("slides_webcast_idx").on(table.webcast_id)],
);

/** A premiere webcast's playlist (domain/premiere-videos/record.ts `PremiereVideoRow`). */
export const premiereVideos = sqliteTable(
  "premiere_videos",
  {
    ...part,
    media_id: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("premiere_videos_org_idx").on(table.organization_id), index("premiere_videos_webcast_idx").on(table.webcast_id), index("premiere_videos_media_idx").on(table.media_id)],
);

/** A webcast's recording (domain/archive/record.ts): one per webcast, the latest one. */
export const archives = sqliteTable("archives", {
  webcast_id: text("webcast_id")
    .primaryKey()
    .references(() => webcasts.id, { onDelete: "cascade" }),
  organization_id: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  status: text("status", { enum: ARCHIVE_STATUSES }).notNull().default("processing"),
  file_key: text("file_key"),
  content_type: text("content_type"),
  size: integer("size"),
  duration: real("duration"),
  /** The library video the recording stands in for (until live recording exists), else null. */
  media_id: text("media_id"),
  expires_at: text("expires_at"),
  created_at: text("created_at").notNull(),
  updated_at: text("updated_at").notNull(),
});

/** Editions of an archive: edit lists applied at playback; `signature` refuses the same parameters twice. */
export const archiveEditions = sqliteTable(
  "archive_editions",
  {
    id: text("id").primaryKey(),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => archives.webcast_id, { onDelete: "cascade" }),
    start: real("start").notNull(),
    end: real("end").notNull(),
    cuts: text("cuts", { mode: "json" }).$type<MediaCut[]>().notNull(),
    add_to_gallery: integer("add_to_gallery", { mode: "boolean" }).notNull().default(false),
    media_id: text("media_id"),
    signature: text("signature").notNull(),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: text("created_at").notNull(),
  },
  (table) => [uniqueIndex("archive_editions_signature_idx").on(table.webcast_id, table.signature)],
);
