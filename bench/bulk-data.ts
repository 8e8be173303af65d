// Bulk synced data for benchmarks, made by SQLite itself (recursive CTEs) in one small SQL file run
// with `wrangler d1 execute --local` on the bench's state dir: no HTTP route, no 100k-line file.
// Each row also gets its `sync_changes` entry (pull reads the change log, docs/sync.md "Pull").
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { d1Execute, d1Query, migratedState, seedDemo, startPreview } from "./app.ts";
import { log } from "./lib.ts";

export interface BulkOptions {
  organizationId: number;
  /** The demo account recorded as creator (`created_by`). */
  createdByEmail: string;
  webcasts: number;
  /** Spread evenly over the webcasts; 0 when the viewers table is not there. */
  viewers: number;
  /**
   * Instead of spreading: the first `viewersPerWebcast[0]` viewers go to webcast 1, the next
   * `viewersPerWebcast[1]` to webcast 2, … (their sum is `viewers`).
   */
  viewersPerWebcast?: readonly number[];
}

/** The SQL of viewer `i`'s webcast number (1-based). */
function webcastNumberSql({ webcasts, viewersPerWebcast }: BulkOptions): string {
  if (!viewersPerWebcast) return `((i - 1) % ${webcasts}) + 1`;
  let bound = 0;
  const arms = viewersPerWebcast.map((count, index) => {
    bound += count;
    return `WHEN i <= ${bound} THEN ${index + 1}`;
  });
  return `CASE ${arms.join(" ")} ELSE ${viewersPerWebcast.length} END`;
}

/** UUIDv7-shaped ids, distinct per table, ordered like their number. */
export const BULK_ID_PREFIX = { webcasts: "01950000-0000-7000-8000-", viewers: "01950000-0000-7000-9000-" } as const;

/** A counting CTE 1..n. */
const numbers = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;

function webcastsSql({ organizationId, createdByEmail, webcasts }: BulkOptions): string {
  return `
INSERT INTO webcasts (id, organization_id, event_title, description, event_start_date_time, duration, timezone, language, state, is_premiere, is_test, created_by, created_at, updated_at)
${numbers(webcasts)}
SELECT
  printf('${BULK_ID_PREFIX.webcasts}%012x', i),
  ${organizationId},
  CASE i % 4 WHEN 0 THEN 'Quarterly results ' WHEN 1 THEN 'Annual general meeting ' WHEN 2 THEN 'Product launch ' ELSE 'Investor day ' END || i,
  CASE WHEN i % 2 = 0 THEN 'Live presentation followed by questions from the audience; replay available afterwards. Session ' || i ELSE NULL END,
  strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-06 09:00:00', '+' || (i * 5) || ' hours'),
  30 + (i % 4) * 30,
  CASE i % 3 WHEN 0 THEN 'Europe/Paris' WHEN 1 THEN 'America/Toronto' ELSE 'UTC' END,
  CASE i % 2 WHEN 0 THEN 'fr' ELSE 'en' END,
  CASE WHEN i % 10 < 6 THEN 'archived' ELSE 'upcoming' END,
  i % 25 = 0,
  i % 50 = 1,
  creator.id,
  strftime('%Y-%m-%dT%H:%M:%fZ', '2024-12-01 08:00:00', '+' || i || ' minutes'),
  strftime('%Y-%m-%dT%H:%M:%fZ', '2024-12-01 08:00:00', '+' || i || ' minutes')
FROM n, (SELECT id FROM users WHERE email = '${createdByEmail}') AS creator;
INSERT INTO sync_changes (organization_id, table_name, row_id, op)
SELECT organization_id, 'webcasts', id, 'put' FROM webcasts WHERE id LIKE '${BULK_ID_PREFIX.webcasts}%' ORDER BY id;
`;
}

function viewersSql(options: BulkOptions): string {
  const { organizationId, viewers } = options;
  return `
INSERT INTO viewers (id, organization_id, webcast_id, name, email, tags, control_number, vote_weight, registered, invitation_sent, reminder_sent, is_moderator, created_at, updated_at)
${numbers(viewers)}
SELECT
  printf('${BULK_ID_PREFIX.viewers}%012x', i),
  ${organizationId},
  printf('${BULK_ID_PREFIX.webcasts}%012x', ${webcastNumberSql(options)}),
  CASE i % 5 WHEN 0 THEN 'Camille ' WHEN 1 THEN 'Jordan ' WHEN 2 THEN 'Alex ' WHEN 3 THEN 'Dominique ' ELSE 'Sam ' END || CASE i % 7 WHEN 0 THEN 'Martin' WHEN 1 THEN 'Tremblay' WHEN 2 THEN 'Smith' WHEN 3 THEN 'Roy' WHEN 4 THEN 'Bernard' WHEN 5 THEN 'Gagnon' ELSE 'Dubois' END,
  'viewer' || i || '@example.test',
  CASE i % 3 WHEN 0 THEN '["shareholder"]' WHEN 1 THEN '["employee","montreal"]' ELSE '[]' END,
  CASE WHEN i % 4 = 0 THEN printf('CN-%08d', i) ELSE NULL END,
  CASE WHEN i % 20 = 0 THEN 10 ELSE 1 END,
  i % 3 <> 0,
  i % 2 = 0,
  i % 6 = 0,
  i % 500 = 0,
  strftime('%Y-%m-%dT%H:%M:%fZ', '2024-12-15 08:00:00', '+' || i || ' seconds'),
  strftime('%Y-%m-%dT%H:%M:%fZ', '2024-12-15 08:00:00', '+' || i || ' seconds')
FROM n;
INSERT INTO sync_changes (organization_id, table_name, row_id, op)
SELECT organization_id, 'viewers', id, 'put' FROM viewers WHERE id LIKE '${BULK_ID_PREFIX.viewers}%' ORDER BY id;
`;
}

/** Whether the viewers table exists in this state dir (it comes with migration 0003). */
export function hasViewersTable(stateDir: string): boolean {
  return d1Query<{ name: string }>(stateDir, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'viewers'").length > 0;
}

/** Seeds the bulk rows into a migrated, demo-seeded state dir (its server stopped); returns the log head. */
export function seedBulk(stateDir: string, options: BulkOptions): { head: number } {
  const dir = mkdtempSync(join(tmpdir(), "igo-bench-sql-"));
  try {
    const file = join(dir, "bulk.sql");
    writeFileSync(file, webcastsSql(options) + (options.viewers > 0 ? viewersSql(options) : ""));
    d1Execute(stateDir, { file });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const [row] = d1Query<{ head: number }>(stateDir, "SELECT coalesce(max(seq), 0) AS head FROM sync_changes");
  return { head: row?.head ?? 0 };
}

/**
 * A fresh state dir for a built shadow root: migrations, the demo data (through the app's own
 * seed route), then `webcasts` webcasts and `viewers` viewers (0 without the viewers table) in
 * organization 1, created by `createdByEmail`. The server is stopped again; returns the state dir
 * (the caller removes it), the change-log head and the viewers seeded.
 */
export async function prepareBulkState(root: string, options: Omit<BulkOptions, "organizationId"> & { organizationId?: number }): Promise<{ stateDir: string; head: number; viewers: number }> {
  const stateDir = migratedState();
  const seeding = await startPreview(root, stateDir);
  try {
    await seedDemo(seeding.baseUrl);
  } finally {
    await seeding.stop();
  }
  const started = Date.now();
  const viewers = hasViewersTable(stateDir) ? options.viewers : 0;
  const { head } = seedBulk(stateDir, { ...options, organizationId: options.organizationId ?? 1, viewers });
  log(`seeded ${options.webcasts} webcasts and ${viewers} viewers in ${Date.now() - started} ms; change-log head ${head}`);
  return { stateDir, head, viewers };
}
