// Reading `wrangler d1 migrations apply` output. Wrangler reprints its name/status table after each
// migration it runs (🕒 pending, ✅ applied, ❌ failed), so counting ✅ characters counts 1+2+…+n
// and even finds one in "✅ No migrations to apply!". What counts is each migration's last status.

const STATUS_ROW = /^│\s*(\S+\.sql)\s*│\s*(.*?)\s*│\s*$/;

/** Names of the migrations the apply run reports as applied (✅ in its last status table), in order. */
export function appliedMigrations(output) {
  const status = new Map();
  for (const line of output.split(/\r?\n/)) {
    const row = STATUS_ROW.exec(line.trim());
    if (row) status.set(row[1], row[2]);
  }
  return [...status].filter(([, state]) => state.includes("✅")).map(([name]) => name);
}

/** The line `npm start` prints after applying migrations. */
export function migrationSummary(applied) {
  if (applied.length === 0) return "Database already up to date.";
  return `${applied.length} migration${applied.length === 1 ? "" : "s"} applied (${applied.length === 1 ? applied[0] : `${applied[0]} … ${applied[applied.length - 1]}`}).`;
}
