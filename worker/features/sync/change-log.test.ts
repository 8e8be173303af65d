import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Write } from "../../../domain/sync/server-store.ts";
import { SYNC_TABLES } from "../../../domain/sync/tables.ts";
import { scopeOf } from "../../../domain/sync/testing.ts";
import type { Change, SyncScope } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { seedDemo } from "../../test/client.ts";
import { type LogArm, logArms, logPageSql } from "./change-log.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { changeLog, newOrganization, userIdOf, viewerRow, webcastRow } from "./testing.ts";

/** The change log keeps each row's latest entry, so pull pages are complete, ordered and cheap. */
let userId = 0;
beforeAll(async () => {
  await seedDemo();
  userId = await userIdOf("organizer@demo.test");
});

const applied = () => ({ id: uuidv7(), status: "applied" as const });
const putWebcast = (row: WebcastRow): Write => ({ table: "webcasts", id: row.id, organization_id: row.organization_id, op: "put", row });
const putViewer = (row: ViewerRow): Write => ({ table: "viewers", id: row.id, organization_id: row.organization_id, op: "put", row });
const delWebcast = (row: WebcastRow): Write => ({ table: "webcasts", id: row.id, organization_id: row.organization_id, op: "del" });

async function commit(organizationId: number, writes: Write[]): Promise<number> {
  return new D1ServerStore(env.DB, organizationId).commit({ userId, writes, result: applied() });
}

/** Every page from `cursor` with `limit` rows each: the changes in order, and each page's cursor. */
async function pageThrough(scope: SyncScope, cursor: number, limit: number) {
  const reader = new D1ServerStore(env.DB);
  const changes: Change[] = [];
  const cursors: number[] = [];
  for (let at = cursor; ; ) {
    const page = await reader.changesSince(at, scope, limit);
    expect(page.changes.length).toBeLessThanOrEqual(limit);
    changes.push(...page.changes);
    cursors.push(page.cursor);
    at = page.cursor;
    if (!page.more) return { changes, cursors, cursor: at };
  }
}

const head = async () => (await env.DB.prepare("SELECT coalesce(max(seq), 0) AS head FROM sync_changes").first<number>("head")) ?? 0;
const put = (table: Change["table"], row: { id: string }) => ({ table, id: row.id, op: "put", row });
const del = (table: Change["table"], id: string) => ({ table, id, op: "del" });

describe("change log: one entry per row", () => {
  it("a cascade leaves each child one del, its parent one del", async () => {
    const organizationId = await newOrganization();
    const webcast = webcastRow(organizationId, userId);
    const viewers = [viewerRow(webcast), viewerRow(webcast)];
    await commit(organizationId, [putWebcast(webcast), ...viewers.map(putViewer)]);
    await commit(organizationId, viewers.map((viewer) => putViewer({ ...viewer, name: "Renamed" })));
    const cursor = await commit(organizationId, [delWebcast(webcast)]);
    for (const viewer of viewers) expect((await changeLog(viewer.id)).map((entry) => entry.op)).toEqual(["del"]);
    expect(await changeLog(webcast.id)).toEqual([{ seq: cursor, organization_id: organizationId, op: "del" }]);
  });

  it("migration 0008 keeps the latest entry of each row of an older log", async () => {
    const entry = (table: string) => env.DB.prepare(`INSERT INTO ${table} (organization_id, table_name, row_id, op) VALUES (?, ?, ?, ?)`);
    // Its first statement, on a copy of the table holding a log written before the rule:
    // three entries for a row, the same id in another organization, another row.
    const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith("0008_"));
    const dedupe = migration?.queries.find((query) => query.startsWith("DELETE FROM `sync_changes`"));
    if (!dedupe) throw new Error("no dedupe statement in migration 0008");
    await env.DB.prepare("CREATE TABLE old_sync_changes AS SELECT * FROM sync_changes WHERE 0").run();
    try {
      const old = entry("old_sync_changes");
      const [a, b] = [1, 2];
      await env.DB.batch([old.bind(a, "webcasts", "r", "put"), old.bind(b, "webcasts", "r", "del"), old.bind(a, "webcasts", "s", "put"), old.bind(a, "viewers", "r", "put"), old.bind(a, "webcasts", "r", "put"), old.bind(a, "webcasts", "r", "del")]);
      await env.DB.batch([env.DB.prepare("UPDATE old_sync_changes SET seq = rowid"), env.DB.prepare(dedupe.replaceAll("`sync_changes`", "`old_sync_changes`"))]);
      const { results } = await env.DB.prepare("SELECT seq, organization_id, table_name, row_id, op FROM old_sync_changes ORDER BY seq").all();
      expect(results.map((row) => [row.seq, row.organization_id, row.table_name, row.row_id, row.op])).toEqual([
        [2, b, "webcasts", "r", "del"],
        [3, a, "webcasts", "s", "put"],
        [4, a, "viewers", "r", "put"],
        [6, a, "webcasts", "r", "del"],
      ]);
    } finally {
      await env.DB.prepare("DROP TABLE old_sync_changes").run();
    }
  });
});

describe("change log: pull pages", () => {
  it("reads one range per organization whose every table the user sees, one per table elsewhere", () => {
    const scope: SyncScope = { ...scopeOf([1, 2]), viewers: [1], streaming_outputs: [1] };
    expect(logArms(scope, [])).toEqual([
      { organizationId: 1, except: [] },
      ...SYNC_TABLES.filter((table) => table !== "viewers" && table !== "streaming_outputs").map((table) => ({ organizationId: 2, table })),
    ]);
    // A reset reads organizations from their table: the log's ranges leave them out.
    expect(logArms({ ...scopeOf([3]), viewers: [3] }, ["organizations"])).toEqual([{ organizationId: 3, except: ["organizations"] }]);
    // The main pull never reads viewers (pulled per webcast): one range per other table, so a page
    // never walks past an organization's viewer entries.
    expect(logArms(scopeOf([3]), ["organizations"])).toEqual(SYNC_TABLES.filter((table) => table !== "organizations" && table !== "viewers").map((table) => ({ organizationId: 3, table })));
    expect(logArms({ ...scopeOf([]), organizations: [4], webcasts: [4] }, ["organizations"])).toEqual([{ organizationId: 4, table: "webcasts" }]);
  });

  it("page through many rows of several organizations and tables completely, in order of last change, skipping nothing committed meanwhile", async () => {
    const [a, b, hidden] = [await newOrganization(), await newOrganization(), await newOrganization()];
    // Every table of a; b without its viewers: one range for a, one per table for b (several statements of five ranges).
    const scope: SyncScope = { ...scopeOf([a, b]), viewers: [a] };
    expect(logArms(scope, []).length).toBe(1 + SYNC_TABLES.length - 1);
    const start = await head();

    const [a1, a2, a3, a4] = [1, 2, 3, 4].map((n) => webcastRow(a, userId, { event_title: `a${n}` }));
    const [b1, b2, b3] = [1, 2, 3].map((n) => webcastRow(b, userId, { event_title: `b${n}` }));
    if (!a1 || !a2 || !a3 || !a4 || !b1 || !b2 || !b3) throw new Error("unreachable");
    const aViewers = [viewerRow(a1), viewerRow(a1), viewerRow(a1)];
    await commit(a, [a1, a2, a3, a4].map(putWebcast));
    await commit(b, [b1, b2, b3].map(putWebcast));
    await commit(hidden, [putWebcast(webcastRow(hidden, userId))]);
    await commit(a, aViewers.map(putViewer));
    await commit(b, [viewerRow(b1), viewerRow(b1)].map(putViewer));
    const a2Renamed = { ...a2, event_title: "a2 renamed" };
    const b1Renamed = { ...b1, event_title: "b1 renamed" };
    await commit(a, [putWebcast(a2Renamed)]);
    await commit(b, [putWebcast(b1Renamed)]);
    await commit(a, [delWebcast(a1)]);
    await commit(b, [delWebcast(b3)]);

    const expected = [
      put("webcasts", a3),
      put("webcasts", a4),
      put("webcasts", b2),
      put("webcasts", a2Renamed),
      put("webcasts", b1Renamed),
      ...aViewers.map((viewer) => viewer.id).sort().map((id) => del("viewers", id)),
      del("webcasts", a1.id),
      del("webcasts", b3.id),
    ];
    const all = await pageThrough(scope, start, 3);
    expect(all.changes).toEqual(expected);
    expect(all.cursor).toBe(await head());
    expect(all.cursors).toEqual([...all.cursors].sort((x, y) => x - y));

    // Between pages: an edit of a row already sent and of one not sent yet. Each comes once, last.
    const reader = new D1ServerStore(env.DB);
    const first = await reader.changesSince(start, scope, 3);
    expect(first.changes).toEqual(expected.slice(0, 3));
    const a4Again = { ...a4, event_title: "a4 again" };
    const b1Again = { ...b1, event_title: "b1 again" };
    await commit(a, [putWebcast(a4Again)]);
    await commit(b, [putWebcast(b1Again)]);
    const rest = await pageThrough(scope, first.cursor, 3);
    expect(rest.changes).toEqual([put("webcasts", a2Renamed), ...expected.slice(5), put("webcasts", a4Again), put("webcasts", b1Again)]);
    expect(rest.cursor).toBe(await head());
  });

  it("a page reads about its own number of entries, however many remain after it", async () => {
    const organizationId = await newOrganization();
    const other = await newOrganization();
    const start = await head();
    // 3,000 entries of one organization (and 1,000 of another in between), written as a bulk load would.
    const fill = (organization: number, table: string, count: number) =>
      env.DB.prepare(
        `INSERT INTO sync_changes (organization_id, table_name, row_id, op) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count}) SELECT ?, ?, printf('bulk-%d-%s-%06d', ?, ?, i), 'put' FROM n`,
      )
        .bind(organization, table, organization, table)
        .run();
    await fill(organizationId, "webcasts", 1000);
    await fill(other, "viewers", 1000);
    await fill(organizationId, "viewers", 2000);

    const page = async (arms: LogArm[], cursor: number, limit: number) => {
      const result = await env.DB.prepare(logPageSql(cursor, arms, limit)).all<{ seq: number }>();
      return { rows: result.results.length, rowsRead: result.meta.rows_read };
    };
    // The metric counts what a statement scans: the old grouped query's way, for scale.
    const scan = await env.DB.prepare("SELECT row_id, max(seq) FROM sync_changes WHERE organization_id = ? AND seq > ? GROUP BY row_id ORDER BY 2 LIMIT 100").bind(organizationId, start).all();
    expect(scan.meta.rows_read).toBeGreaterThanOrEqual(3000);

    const everything: LogArm[] = [{ organizationId, except: [] }];
    const perTable: LogArm[] = [
      { organizationId, table: "webcasts" },
      { organizationId, table: "viewers" },
      { organizationId: other, table: "webcasts" },
    ];
    // At the start and deep into what remains: the same small cost, about the page's size.
    for (const arms of [everything, perTable]) {
      for (const cursor of [start, start + 500, start + 2500]) {
        const { rows, rowsRead } = await page(arms, cursor, 100);
        expect(rows).toBe(100);
        expect(rowsRead).toBeLessThanOrEqual(2 * 100 + 10);
      }
    }
    // A reader of webcasts only never scans the 2,000 viewers logged after them.
    expect(await page([{ organizationId, table: "webcasts" }], start, 5000)).toEqual({ rows: 1000, rowsRead: expect.any(Number) });
    expect((await page([{ organizationId, table: "webcasts" }], start, 5000)).rowsRead).toBeLessThanOrEqual(2 * 1000 + 10);
  });
});
