/**
 * Schema of each webcast room's own SQLite database (Durable Object storage), applied in the
 * constructor. APPEND-ONLY: a migration that ran in some room must never change, because that room
 * will not run it again. `migrate` throws when an applied migration's id or SQL differs from the
 * list, so an edit fails loudly in tests instead of silently diverging in production.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: "0000_room_state",
    sql: `
      CREATE TABLE room_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        revision INTEGER NOT NULL,
        announcement_text TEXT,
        announcement_connection_id TEXT,
        announcement_sent_at INTEGER
      );
      INSERT INTO room_state (id, revision) VALUES (1, 0);
    `,
  },
  {
    // Issue #15: the live control room. The announcement skeleton's table goes; each room keeps its
    // webcast's live state (one row), the numbered events clients resume from, the command ids it
    // acknowledged, the replay timecodes and the audience minute by minute.
    id: "0001_live_room",
    sql: `
      DROP TABLE room_state;
      CREATE TABLE room (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        webcast_uid TEXT NOT NULL,
        organization_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        limits TEXT NOT NULL,
        mirrored TEXT NOT NULL
      );
      CREATE TABLE events (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        name TEXT NOT NULL,
        patch TEXT NOT NULL
      );
      CREATE TABLE acks (
        actor_key TEXT NOT NULL,
        command_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        result TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (actor_key, command_id)
      );
      CREATE INDEX acks_at_idx ON acks (at);
      CREATE TABLE timecodes (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        media_ms INTEGER,
        kind TEXT NOT NULL,
        value TEXT NOT NULL
      );
      CREATE TABLE audience (
        minute INTEGER PRIMARY KEY,
        viewers INTEGER NOT NULL,
        speakers INTEGER NOT NULL,
        peak INTEGER NOT NULL
      );
    `,
  },
  {
    // Issue #16: the audience's interactions. The webcast's polls as the room last read them with
    // their live status; each voter's ballot and the log of every accepted ballot (its seq); the
    // questions, their upvotes and each asker's last question; the chat; the room's own flags;
    // and the outbox of what D1 still has to be told (outbox.ts).
    id: "0002_interactions",
    sql: `
      CREATE TABLE polls (
        id TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        status TEXT NOT NULL,
        record TEXT NOT NULL
      );
      CREATE TABLE ballots (
        poll_id TEXT NOT NULL,
        voter_key TEXT NOT NULL,
        option_ids TEXT NOT NULL,
        weight REAL NOT NULL,
        cast_at INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (poll_id, voter_key)
      );
      CREATE INDEX ballots_voter_idx ON ballots (voter_key);
      CREATE TABLE ballot_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        poll_id TEXT NOT NULL,
        voter_key TEXT NOT NULL,
        option_ids TEXT NOT NULL,
        weight REAL NOT NULL,
        cast_at INTEGER NOT NULL
      );
      CREATE TABLE questions (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL
      );
      CREATE TABLE question_upvotes (
        question_id TEXT NOT NULL,
        voter_id TEXT NOT NULL,
        upvoted_at INTEGER NOT NULL,
        PRIMARY KEY (question_id, voter_id)
      );
      CREATE INDEX question_upvotes_voter_idx ON question_upvotes (voter_id);
      CREATE TABLE askers (
        asker_id TEXT PRIMARY KEY,
        last_asked_at INTEGER NOT NULL
      );
      CREATE TABLE chat (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL
      );
      CREATE TABLE flags (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE outbox (
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        version INTEGER NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (kind, key)
      );
    `,
  },
];

/** Bookkeeping lives outside the list so the guard works from the very first migration. */
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS room_migrations (
  id TEXT PRIMARY KEY,
  sql TEXT NOT NULL,
  applied_at INTEGER NOT NULL
)`;

/** Applies the pending migrations, each in its own transaction; returns the ids it applied. */
export function migrate(storage: DurableObjectStorage, migrations: readonly Migration[] = MIGRATIONS): string[] {
  const { sql } = storage;
  sql.exec(BOOKKEEPING);
  const applied = sql.exec<{ id: string; sql: string }>("SELECT id, sql FROM room_migrations ORDER BY rowid").toArray();
  applied.forEach((row, index) => {
    const defined = migrations[index];
    if (!defined) throw new Error(`webcast-room: migration ${row.id} was applied but is no longer defined (append-only list)`);
    if (defined.id !== row.id || defined.sql !== row.sql) {
      throw new Error(`webcast-room: applied migration ${row.id} changed (now ${defined.id}); migrations are append-only`);
    }
  });
  const pending = migrations.slice(applied.length);
  for (const migration of pending) {
    storage.transactionSync(() => {
      sql.exec(migration.sql);
      sql.exec("INSERT INTO room_migrations (id, sql, applied_at) VALUES (?, ?, ?)", migration.id, migration.sql, Date.now());
    });
  }
  return pending.map((migration) => migration.id);
}
