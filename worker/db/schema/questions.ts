import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { SupportDesk } from "../../../domain/questions/record.ts";
import { organizations } from "./organizations.ts";
import { webcasts } from "./webcasts.ts";

/**
 * A webcast's questions (domain/questions/record.ts `Question`, same column names) and their
 * upvotes, written by the webcast's room (durable/webcast-room/outbox.ts) after its own storage, in
 * batches, by id (idempotent), and by the §7 calls made when no room runs. Server only, never
 * synced: GET questions, the download and the analytics read them here.
 */
export const questions = sqliteTable(
  "questions",
  {
    id: text("id").primaryKey(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    asker_id: text("asker_id").notNull(),
    asker_name: text("asker_name"),
    asker_email: text("asker_email"),
    session_id: text("session_id"),
    text: text("text").notNull(),
    anonymous: integer("anonymous", { mode: "boolean" }).notNull(),
    source: text("source", { enum: ["web", "sms"] }).notNull(),
    asked_at: integer("asked_at").notNull(),
    answered: integer("answered", { mode: "boolean" }).notNull(),
    answered_by: integer("answered_by"),
    answered_at: integer("answered_at"),
    answer: text("answer"),
    answer_by: integer("answer_by"),
    answer_at: integer("answer_at"),
    hidden: integer("hidden", { mode: "boolean" }).notNull(),
    pushed_to_speakers: integer("pushed_to_speakers", { mode: "boolean" }).notNull(),
    pushed_at: integer("pushed_at"),
    support_desk: text("support_desk", { mode: "json" }).$type<SupportDesk>(),
    upvotes: integer("upvotes").notNull().default(0),
  },
  (table) => [index("questions_webcast_idx").on(table.webcast_id, table.asked_at)],
);

export const questionUpvotes = sqliteTable(
  "question_upvotes",
  {
    question_id: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    voter_id: text("voter_id").notNull(),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    upvoted_at: integer("upvoted_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.question_id, table.voter_id] })],
);
