/** Names of the D1 migrations shipped with this build (the files wrangler applies), sorted. */
const files = import.meta.glob("../../../migrations/*.sql", { query: "?raw", import: "default", eager: true });

export const BUNDLED_MIGRATIONS: readonly string[] = Object.keys(files)
  .map((path) => path.split("/").pop() ?? path)
  .sort();

/** Which bundled migrations are missing from wrangler's `d1_migrations` table. */
export async function pendingMigrations(d1: D1Database): Promise<string[]> {
  const table = await d1.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'").first();
  if (!table) return [...BUNDLED_MIGRATIONS];
  const { results } = await d1.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  return BUNDLED_MIGRATIONS.filter((name) => !applied.has(name));
}
