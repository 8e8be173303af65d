import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { RegistrationAnswers } from "../../../domain/registration/record.ts";
import { IMPORT_STATUSES } from "../../../domain/viewers/import-log.ts";
import { organizations } from "./organizations.ts";
import { users } from "./users.ts";
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
  (table) => [
    index("viewers_org_idx").on(table.organization_id),
    index("viewers_webcast_idx").on(table.webcast_id),
    // An e-mail is a viewer's identity in a webcast (stored in lower case): the CSV import upserts
    // on it, and the mutators refuse a second viewer with it.
    uniqueIndex("viewers_webcast_email_idx").on(table.webcast_id, table.email),
  ],
);

/** A viewer's password (SPEC §3), hashed; never synced. Set by the REST routes and the CSV import. */
export const viewerSecrets = sqliteTable("viewer_secrets", {
  viewer_id: text("viewer_id")
    .primaryKey()
    .references(() => viewers.id, { onDelete: "cascade" }),
  password_hash: text("password_hash").notNull(),
  updated_at: text("updated_at").notNull(),
});

/**
 * One CSV import of a webcast's viewers (SPEC §4: importing → processing → completed / imported /
 * imported_with_errors / failed / canceled; GET/DELETE viewers/upload-logs). The file is in R2 at
 * `file_key`; the webcast's `ViewerJobs` Durable Object reads it in pieces and commits each chunk.
 */
export const viewerImports = sqliteTable(
  "viewer_imports",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: IMPORT_STATUSES }).notNull(),
    /** The uploader's language: row errors are written in it. */
    locale: text("locale").notNull(),
    file_name: text("file_name").notNull(),
    file_key: text("file_key").notNull(),
    file_size: integer("file_size").notNull(),
    /** Data rows of the file (known after the counting pass), rows read so far, and their outcome. */
    total_rows: integer("total_rows"),
    processed_rows: integer("processed_rows").notNull().default(0),
    created_rows: integer("created_rows").notNull().default(0),
    updated_rows: integer("updated_rows").notNull().default(0),
    error_rows: integer("error_rows").notNull().default(0),
    bytes_done: integer("bytes_done").notNull().default(0),
    /** The CSV reader's state after the last committed chunk (resume after an eviction). */
    reader_state: text("reader_state", { mode: "json" }).$type<unknown>(),
    /** A file-level failure ("Invalid CSV file", …) as `{ message, errors }`. */
    failure: text("failure", { mode: "json" }).$type<{ message: string; errors?: Record<string, string[]> }>(),
    cancel_requested: integer("cancel_requested", { mode: "boolean" }).notNull().default(false),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
    started_at: text("started_at"),
    finished_at: text("finished_at"),
  },
  (table) => [index("viewer_imports_webcast_idx").on(table.webcast_id, table.created_at)],
);

/** The row errors of an import: what the log shows and the downloadable error file holds. */
export const viewerImportErrors = sqliteTable(
  "viewer_import_errors",
  {
    import_id: text("import_id")
      .notNull()
      .references(() => viewerImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    /** Field → messages, in the uploader's language. */
    errors: text("errors", { mode: "json" }).$type<Record<string, string[]>>().notNull(),
    /** The row's cells as read, for the error file. */
    cells: text("cells", { mode: "json" }).$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.import_id, table.row] })],
);

/**
 * A webcast's invitation e-mail per language (SPEC §3 "Invitation templates: title, sender name,
 * subject, message, recipients"; POST invitations/customize). No row: the product's default text.
 */
export const invitationTemplates = sqliteTable(
  "invitation_templates",
  {
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title"),
    sender_name: text("sender_name"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.webcast_id, table.locale] })],
);

/**
 * One invitation or reminder e-mail to one viewer (POST send-invitation, bulk-invitations): queued,
 * then sent or failed (retried with backoff up to `attempts` = 5). The mailbox holds the message.
 */
export const invitationDeliveries = sqliteTable(
  "invitation_deliveries",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    viewer_id: text("viewer_id")
      .notNull()
      .references(() => viewers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["invitation", "reminder"] }).notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    next_attempt_at: text("next_attempt_at"),
    /** The app's origin when it was queued: the personal link's, as the request that asked saw it. */
    origin: text("origin"),
    created_at: text("created_at").notNull(),
    sent_at: text("sent_at"),
  },
  (table) => [index("invitation_deliveries_webcast_idx").on(table.webcast_id, table.status), index("invitation_deliveries_viewer_idx").on(table.viewer_id)],
);

/**
 * A magic link and its PIN (issue #19, docs/viewer-page.md): mailed to a viewer who asks to sign in
 * to a webcast's page. Only hashes are kept (SHA-256 of the link's token; of the viewer id and PIN);
 * one use (`used_at`), MAGIC_LINK_TTL_MINUTES (domain/viewer-page/api.ts).
 */
export const viewerSignInCodes = sqliteTable(
  "viewer_sign_in_codes",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    viewer_id: text("viewer_id")
      .notNull()
      .references(() => viewers.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    pin_hash: text("pin_hash").notNull(),
    /** Epoch ms. */
    expires_at: integer("expires_at").notNull(),
    used_at: integer("used_at"),
    created_at: integer("created_at").notNull(),
  },
  (table) => [index("viewer_sign_in_codes_viewer_idx").on(table.webcast_id, table.viewer_id)],
);

/**
 * A viewing session (issue #19 "Viewing sessions"): one viewer watching one webcast live or on
 * demand, from start to end, kept alive by heartbeats. Summed into the webcast's
 * live_viewing_sessions_count / vod_viewing_sessions_count. `viewer_id` is a viewer's id or a
 * guest's (`guest:<uuid>`); `id` is made by the device, so a repeated start applies once.
 */
export const viewingSessions = sqliteTable(
  "viewing_sessions",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    viewer_id: text("viewer_id").notNull(),
    kind: text("kind", { enum: ["live", "vod"] }).notNull(),
    /** Epoch ms. */
    started_at: integer("started_at").notNull(),
    last_seen_at: integer("last_seen_at").notNull(),
    ended_at: integer("ended_at"),
  },
  (table) => [index("viewing_sessions_webcast_idx").on(table.webcast_id, table.kind)],
);

/**
 * A viewer's answers to the webcast's registration form (issue #19, POST /api/watch/{id}/register):
 * one row per viewer, replaced when they register again. `option_ids` are the options chosen
 * (`chosenOptionIds`), so an option's participant limit is counted in SQL (json_each) without
 * reading the answers.
 */
export const viewerRegistrations = sqliteTable(
  "viewer_registrations",
  {
    viewer_id: text("viewer_id")
      .primaryKey()
      .references(() => viewers.id, { onDelete: "cascade" }),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    answers: text("answers", { mode: "json" }).$type<RegistrationAnswers>().notNull(),
    option_ids: text("option_ids", { mode: "json" }).$type<string[]>().notNull(),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (table) => [index("viewer_registrations_webcast_idx").on(table.webcast_id)],
);
