import { describe, expect, it } from "vitest";
import { appliedMigrations, migrationSummary } from "./migrations.mjs";

/** wrangler's name/status table, as it prints it after each migration it runs. */
const table = (rows: [string, string][]) =>
  [
    "┌────────────────────────────────────┬────────┐",
    "│ name                               │ status │",
    ...rows.flatMap(([name, status]) => ["├────────────────────────────────────┼────────┤", `│ ${name.padEnd(34)} │ ${status.padEnd(6)} │`]),
    "└────────────────────────────────────┴────────┘",
  ].join("\n");

const names = ["0000_init.sql", "0001_identity.sql", "0002_sync.sql"];

/** What `wrangler d1 migrations apply DB --local` (4.86) prints for `names`, all applied. */
const applyOutput = [
  " ⛅️ wrangler 4.86.0",
  "Resource location: local ",
  "Migrations to be applied:",
  "┌────────────────────────────────────┐",
  "│ Name                               │",
  ...names.map((name) => `│ ${name.padEnd(34)} │`),
  "└────────────────────────────────────┘",
  `? About to apply ${names.length} migration(s)`,
  ...names.flatMap((_, done) => [
    "🚣 5 commands executed successfully.",
    table(names.map((name, index): [string, string] => [name, index <= done ? "✅" : "🕒"])),
  ]),
].join("\n");

describe("applied migrations from wrangler's output", () => {
  it("counts each migration once, from its last status, not every ✅ of the reprinted tables", () => {
    expect(applyOutput.match(/✅/g)).toHaveLength(6); // what the old count printed
    expect(appliedMigrations(applyOutput)).toEqual(names);
  });

  it("finds none when the database is up to date", () => {
    expect(appliedMigrations(" ⛅️ wrangler 4.86.0\nResource location: local \n\n✅ No migrations to apply!\n")).toEqual([]);
  });

  it("leaves out a migration that failed or did not run", () => {
    const output = table([
      ["0000_init.sql", "✅"],
      ["0001_identity.sql", "❌"],
      ["0002_sync.sql", "🕒"],
    ]);
    expect(appliedMigrations(output)).toEqual(["0000_init.sql"]);
  });

  it("says how many were applied, or that the database is up to date", () => {
    expect(migrationSummary([])).toBe("Database already up to date.");
    expect(migrationSummary(["0011_users.sql"])).toBe("1 migration applied (0011_users.sql).");
    expect(migrationSummary(names)).toBe("3 migrations applied (0000_init.sql … 0002_sync.sql).");
  });
});
