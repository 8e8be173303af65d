import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations.ts";
import { webcasts } from "./webcasts.ts";

/**
 * The ballots of a webcast's polls (domain/polls/ballots.ts), written by the webcast's room
 * (durable/webcast-room/outbox.ts) after its own storage, in batches, by key: a batch written twice
 * writes the same rows. Server only, never synced: the votes tab, the exports and the analytics
 * read them here, after the webcast too (a room's storage goes with the webcast).
 *
 * `poll_ballots`: each voter's current ballot per poll (what the tally counts);
 * `poll_ballot_log`: every accepted ballot in the room's order (`seq`), replaced ones included —
 * the auditable log the organizer exports.
 */
export const pollBallots = sqliteTable(
  "poll_ballots",
  {
    poll_id: text("poll_id").notNull(),
    voter_key: text("voter_key").notNull(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    option_ids: text("option_ids", { mode: "json" }).$type<string[]>().notNull(),
    weight: real("weight").notNull(),
    cast_at: integer("cast_at").notNull(),
    seq: integer("seq").notNull(),
  },
  (table) => [primaryKey({ columns: [table.poll_id, table.voter_key] }), index("poll_ballots_webcast_idx").on(table.webcast_id)],
);

export const pollBallotLog = sqliteTable(
  "poll_ballot_log",
  {
    webcast_id: text("webcast_id")
      .notNull()
      .references(() => webcasts.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    organization_id: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    poll_id: text("poll_id").notNull(),
    voter_key: text("voter_key").notNull(),
    option_ids: text("option_ids", { mode: "json" }).$type<string[]>().notNull(),
    weight: real("weight").notNull(),
    cast_at: integer("cast_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.webcast_id, table.seq] })],
);
