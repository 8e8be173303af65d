import { retentionCutoff } from "../../../domain/sync/retention.ts";

/**
 * Daily compaction of the sync records (docs/sync.md "Compaction"), after the retention period:
 * - processed-mutation records (`sync_mutations`): a push of a mutation that old is refused
 *   `expired` instead (push.ts), so none can be applied twice;
 * - deletion entries of the change log: the newest one removed becomes `oldest_cursor`, and a
 *   device whose cursor is below it pulls from scratch (`reset`), so it still learns every row
 *   that is gone. A row's `put` entry is its latest state and is never removed.
 */
export async function compactSyncLog(database: D1Database, now: Date): Promise<{ mutations: number; deletions: number; oldest_cursor: number | null }> {
  // The log's and the records' times are SQLite's CURRENT_TIMESTAMP: "YYYY-MM-DD HH:MM:SS", UTC.
  const cutoff = retentionCutoff(now).toISOString().replace("T", " ").slice(0, 19);
  const newest = await database
    .prepare("SELECT MAX(seq) AS seq FROM sync_changes WHERE op = 'del' AND created_at < ?1")
    .bind(cutoff)
    .first<{ seq: number | null }>();
  const watermark = newest?.seq ?? null;
  const statements = [database.prepare("DELETE FROM sync_mutations WHERE applied_at < ?1").bind(cutoff)];
  if (watermark !== null) {
    statements.push(
      database.prepare("DELETE FROM sync_changes WHERE op = 'del' AND seq <= ?1").bind(watermark),
      database
        .prepare("INSERT INTO sync_compaction (id, oldest_cursor, compacted_at) VALUES (1, ?1, ?2) ON CONFLICT (id) DO UPDATE SET oldest_cursor = MAX(oldest_cursor, excluded.oldest_cursor), compacted_at = excluded.compacted_at")
        .bind(watermark, now.toISOString()),
    );
  }
  const results = await database.batch(statements);
  return { mutations: results[0]?.meta.changes ?? 0, deletions: results[1]?.meta.changes ?? 0, oldest_cursor: watermark };
}
