import { env } from "cloudflare:workers";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Write } from "../../../domain/sync/server-store.ts";
import { type MutationResult, matchesQuery } from "../../../domain/sync/types.ts";
import { scopeOf } from "../../../domain/sync/testing.ts";
import { webcastPullScope } from "../../../domain/permissions/read-rule.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { simultaneousQuery } from "../../../domain/webcasts/rules.ts";
import { db } from "../../db/client.ts";
import { webcasts } from "../../db/schema/index.ts";
import { seedDemo } from "../../test/client.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { rowQueryWhere } from "./tables.ts";
import { changeLog, newOrganization, userIdOf, viewerRow, webcastRow } from "./testing.ts";

/** The ServerStore port's contract on D1 (domain/sync/server-store.ts). */
let userId = 0;
beforeAll(async () => {
  await seedDemo();
  userId = await userIdOf("organizer@demo.test");
});

const applied = () => ({ id: uuidv7(), status: "applied" as const });
const rejected = () => ({ id: uuidv7(), status: "rejected" as const, error: { code: "limit_reached", message: "Limit reached.", errors: { event_title: ["Too many."] } } });

async function mutationCount(id: string): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM sync_mutations WHERE id = ?").bind(id).first<number>("n")) ?? 0;
}

describe("D1ServerStore commit", () => {
  it("writes the row, one change-log entry per write and the mutation record, and returns the last seq", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const row = webcastRow(organizationId, userId, { is_premiere: true, description: "Q3" });
    const result = applied();
    const cursor = await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "put", row }], result });

    expect(await store.read.get("webcasts", row.id)).toEqual(row); // booleans and nulls come back as written
    expect(await store.read.list("webcasts", organizationId)).toEqual([row]);
    expect(await changeLog(row.id)).toEqual([{ seq: cursor, organization_id: organizationId, op: "put" }]);
    expect(await store.recorded(result.id)).toEqual({ id: result.id, status: "applied", cursor });
  });

  it("replaces a row on put and removes it on del, keeping only the row's latest change-log entry", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const row = webcastRow(organizationId, userId);
    const put = (fields: Partial<typeof row>) => ({ table: "webcasts" as const, id: row.id, organization_id: organizationId, op: "put" as const, row: { ...row, ...fields } });
    const first = await store.commit({ userId, writes: [put({})], result: applied() });
    expect(await changeLog(row.id)).toEqual([{ seq: first, organization_id: organizationId, op: "put" }]);
    // Two writes of the row in one commit, then a delete: each time one entry, the latest.
    const second = await store.commit({ userId, writes: [put({ event_title: "Renamed", state: "live" }), put({ duration: 90, event_title: "Renamed", state: "live" })], result: applied() });
    // `state` is insert-only (the webcast room's): a put does not change it.
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ event_title: "Renamed", state: row.state, duration: 90 });
    expect(await changeLog(row.id)).toEqual([{ seq: second, organization_id: organizationId, op: "put" }]);
    expect(second).toBe(first + 2);
    const third = await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "del" }], result: applied() });
    expect(await store.read.get("webcasts", row.id)).toBeUndefined();
    expect(await changeLog(row.id)).toEqual([{ seq: third, organization_id: organizationId, op: "del" }]);
    // Deleting a row that is gone logs nothing and keeps its del (a late edit is refused by it).
    const again = await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "del" }], result: applied() });
    expect(again).toBeGreaterThanOrEqual(third);
    expect(await changeLog(row.id)).toEqual([{ seq: third, organization_id: organizationId, op: "del" }]);
    expect(await store.organizationsOfRows([row.id])).toEqual(new Map([[row.id, organizationId]]));
  });

  it("never writes a webcast's state back: a push that read the row before its room went live keeps it live", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const row = webcastRow(organizationId, userId);
    await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "put", row }], result: applied() });
    // The room writes its status (worker/features/webcast-room/room-host.ts), then a push that
    // read the row before commits the whole row with the old status.
    await env.DB.prepare("UPDATE webcasts SET state = 'live' WHERE id = ?").bind(row.id).run();
    await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "put", row: { ...row, event_title: "Edited meanwhile" } }], result: applied() });
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ event_title: "Edited meanwhile", state: "live" });
  });

  it("records a rejection with its error and no writes, and returns the head", async () => {
    const store = new D1ServerStore(env.DB);
    const result = rejected();
    const head = await store.commit({ userId, writes: [], result });
    const max = await env.DB.prepare("SELECT coalesce(max(seq), 0) AS head FROM sync_changes").first<number>("head");
    expect(head).toBe(max);
    expect(await store.recorded(result.id)).toEqual(result);
    expect(await store.recorded(uuidv7())).toBeUndefined();
  });

  it("is atomic: a failing statement leaves nothing behind", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const first = applied();
    await store.commit({ userId, writes: [], result: first });
    // The same mutation id again: the record's primary key fails after the row and log statements.
    const row = webcastRow(organizationId, userId);
    await expect(store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "put", row }], result: first })).rejects.toThrow();
    expect(await store.read.get("webcasts", row.id)).toBeUndefined();
    expect(await changeLog(row.id)).toEqual([]);
    expect(await mutationCount(first.id)).toBe(1);
  });

  it("keeps tenants apart: scoped reads, writes refused outside the scope, ids of another organization untouchable", async () => {
    const mine = await newOrganization();
    const theirs = await newOrganization();
    const theirRow = webcastRow(theirs, userId, { event_title: "Theirs" });
    await new D1ServerStore(env.DB, theirs).commit({ userId, writes: [{ table: "webcasts", id: theirRow.id, organization_id: theirs, op: "put", row: theirRow }], result: applied() });

    const store = new D1ServerStore(env.DB, mine);
    expect(await store.read.get("webcasts", theirRow.id)).toBeUndefined();
    expect(await store.read.list("webcasts", theirs)).toEqual([]);
    expect(await new D1ServerStore(env.DB).read.get("webcasts", theirRow.id)).toEqual(theirRow);

    const outside = applied();
    await expect(store.commit({ userId, writes: [{ table: "webcasts", id: theirRow.id, organization_id: theirs, op: "put", row: { ...theirRow, event_title: "Hijacked" } }], result: outside })).rejects.toThrow(/outside/);
    // The same id claimed for my organization (a colliding client id): the batch fails as a whole.
    const collision = applied();
    await expect(store.commit({ userId, writes: [{ table: "webcasts", id: theirRow.id, organization_id: mine, op: "put", row: { ...theirRow, organization_id: mine, event_title: "Hijacked" } }], result: collision })).rejects.toThrow();
    // A delete of that id in my organization touches nothing of theirs and logs nothing.
    await store.commit({ userId, writes: [{ table: "webcasts", id: theirRow.id, organization_id: mine, op: "del" }], result: applied() });

    expect(await new D1ServerStore(env.DB).read.get("webcasts", theirRow.id)).toEqual(theirRow);
    expect(await mutationCount(outside.id)).toBe(0);
    expect(await mutationCount(collision.id)).toBe(0);
    expect((await changeLog(theirRow.id)).map((entry) => [entry.organization_id, entry.op])).toEqual([[theirs, "put"]]);
  });
});

describe("D1ServerStore commitAll", () => {
  const put = (row: WebcastRow): Write => ({ table: "webcasts", id: row.id, organization_id: row.organization_id, op: "put", row });

  it("commits several mutations in one step, in order, with each one's cursor (a rejection keeps the head)", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const [a, b] = [webcastRow(organizationId, userId), webcastRow(organizationId, userId)];
    const refused = rejected();
    const [first, second, third] = [applied(), applied(), applied()];
    const cursors = await store.commitAll([
      { userId, writes: [put(a)], result: first },
      { userId, writes: [], result: refused },
      { userId, writes: [put(b), put({ ...a, event_title: "A2" })], result: second },
      { userId, writes: [{ table: "webcasts", id: b.id, organization_id: organizationId, op: "del" }], result: third },
    ]);
    const [afterFirst, , afterSecond, afterThird] = cursors;
    // Log order = commit order: the second commit logs b then a (two entries), the third b's del.
    expect(cursors[1]).toBe(afterFirst);
    expect(afterSecond).toBe((afterFirst ?? 0) + 2);
    expect(afterThird).toBe((afterSecond ?? 0) + 1);
    // Each row keeps its latest entry only.
    expect(await changeLog(a.id)).toEqual([{ seq: afterSecond, organization_id: organizationId, op: "put" }]);
    expect(await changeLog(b.id)).toEqual([{ seq: afterThird, organization_id: organizationId, op: "del" }]);
    expect(await store.recordedMany([first.id, refused.id, second.id, third.id])).toEqual(
      new Map<string, MutationResult>([
        [first.id, { id: first.id, status: "applied", cursor: cursors[0] ?? -1 }],
        [refused.id, refused],
        [second.id, { id: second.id, status: "applied", cursor: cursors[2] ?? -1 }],
        [third.id, { id: third.id, status: "applied", cursor: cursors[3] ?? -1 }],
      ]),
    );
    expect(await store.read.list("webcasts", organizationId)).toEqual([{ ...a, event_title: "A2" }]);
  });

  it("commits the prefix before a commit that cannot succeed, and throws when the first cannot", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const taken = applied();
    await store.commit({ userId, writes: [], result: taken });
    const [a, b] = [webcastRow(organizationId, userId), webcastRow(organizationId, userId)];
    const [first, third] = [applied(), applied()];
    // The second reuses a recorded mutation id: its own batch fails, the first still lands.
    const cursors = await store.commitAll([
      { userId, writes: [put(a)], result: first },
      { userId, writes: [put(b)], result: taken },
      { userId, writes: [], result: third },
    ]);
    expect(cursors).toEqual([(await changeLog(a.id))[0]?.seq]);
    expect(await store.read.get("webcasts", b.id)).toBeUndefined();
    expect(await store.recorded(third.id)).toBeUndefined();
    await expect(store.commitAll([{ userId, writes: [put(b)], result: taken }, { userId, writes: [], result: third }])).rejects.toThrow();
    expect(await store.recorded(third.id)).toBeUndefined();
  });
});

describe("D1ServerStore reads", () => {
  it("counts an organization's rows in a range with equal columns, and gets many rows at once, in its scope only", async () => {
    const mine = await newOrganization();
    const theirs = await newOrganization();
    const store = new D1ServerStore(env.DB, mine);
    const rows = [
      webcastRow(mine, userId, { event_start_date_time: "2026-03-01T00:00:00.000Z" }),
      webcastRow(mine, userId, { event_start_date_time: "2026-03-31T23:59:59.999Z" }),
      webcastRow(mine, userId, { event_start_date_time: "2026-03-15T10:00:00Z", is_test: true }),
      webcastRow(mine, userId, { event_start_date_time: "2026-04-01T00:00:00.000Z" }),
      webcastRow(mine, userId, { event_start_date_time: "2026-02-28T23:59:59.999Z" }),
    ];
    await store.commit({ userId, writes: rows.map((row) => ({ table: "webcasts", id: row.id, organization_id: mine, op: "put", row })), result: applied() });
    const foreign = webcastRow(theirs, userId, { event_start_date_time: "2026-03-10T00:00:00.000Z" });
    await new D1ServerStore(env.DB, theirs).commit({ userId, writes: [{ table: "webcasts", id: foreign.id, organization_id: theirs, op: "put", row: foreign }], result: applied() });

    const march = { range: { column: "event_start_date_time" as const, from: "2026-03", to: "2026-04" } };
    expect(await store.read.count?.("webcasts", mine, march)).toBe(3);
    expect(await store.read.count?.("webcasts", mine, { ...march, equals: { is_test: false } })).toBe(2);
    expect(await store.read.count?.("webcasts", theirs, march)).toBe(0);
    expect(await new D1ServerStore(env.DB).read.count?.("webcasts", theirs, march)).toBe(1);

    const ids = [...rows.map((row) => row.id), foreign.id, uuidv7()];
    expect((await store.read.getMany?.("webcasts", ids))?.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(await store.read.getMany?.("viewers", ids)).toEqual([]);
    expect((await new D1ServerStore(env.DB).read.getMany?.("webcasts", [foreign.id]))?.[0]).toEqual(foreign);
  });

  it("counts with `except` and `endsAfter` as matchesQuery does (max_simultaneous_webcasts), over the organization's start index", async () => {
    const mine = await newOrganization();
    const store = new D1ServerStore(env.DB, mine);
    const at = (start: string, fields: Partial<WebcastRow> = {}) => webcastRow(mine, userId, { event_start_date_time: start, duration: 60, ...fields });
    const rows = [
      at("2026-03-10T15:00:00.000Z"), // overlaps
      at("2026-03-10T14:00:00Z", { duration: 61 }), // overlaps by a minute, stored without milliseconds
      at("2026-03-10T14:00:00.000Z"), // ends as the span starts
      at("2026-03-10T15:30:00.000Z", { state: "archived" }),
      at("2026-03-10T15:30:00.000Z", { state: "canceled" }),
      at("2026-03-10T15:30:00.000Z", { state: "live" }), // overlaps
      at("2026-03-10T15:30:00.000Z", { is_test: true, duration: 20 }),
      at("2026-03-10T15:59:59.999Z", { duration: 1 }), // overlaps
      at("2026-03-10T16:00:00.000Z"), // starts as the span ends
    ];
    await store.commit({ userId, writes: rows.map((row) => ({ table: "webcasts", id: row.id, organization_id: mine, op: "put", row })), result: applied() });
    const query = simultaneousQuery({ event_start_date_time: "2026-03-10T15:00:00.000Z", duration: 60 }, 120);
    expect(rows.filter((row) => matchesQuery(row, mine, query))).toHaveLength(4);
    expect(await store.read.count?.("webcasts", mine, query)).toBe(4);
    expect(await store.read.count?.("webcasts", mine, simultaneousQuery({ event_start_date_time: "2026-03-10T15:00:00.000Z", duration: 60 }, null))).toBe(4);
    expect(await store.read.count?.("webcasts", mine, { ...query, except: { column: "state", values: [] } })).toBe(6);
    expect(await store.read.count?.("webcasts", mine, { ...query, endsAfter: { minutes: "duration", after: "not a time" } })).toBe(0);
    // The statement reads the range of the index on (organization, start), nothing else.
    const statement = db(env.DB).select({ n: count() }).from(webcasts).where(rowQueryWhere(webcasts, mine, query)).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    expect(plan.results.map((step) => step.detail)).toEqual(["SEARCH webcasts USING INDEX webcasts_org_start_idx (organization_id=? AND event_start_date_time>? AND event_start_date_time<?)"]);
  });

  it("answers an organization's rules (its own only, when scoped)", async () => {
    const mine = await newOrganization();
    const theirs = await newOrganization();
    await env.DB.prepare("UPDATE organizations SET self_serve = 1, limits = ?, features = ? WHERE id = ?")
      .bind(JSON.stringify({ max_webcasts: 3 }), JSON.stringify({ allow_events: true }), mine)
      .run();
    const rules = { self_serve: true, deactivated_at: null, limits: { max_webcasts: 3 }, features: { allow_events: true } };
    expect(await new D1ServerStore(env.DB, mine).read.organization?.(mine)).toEqual(rules);
    expect(await new D1ServerStore(env.DB, mine).read.organization?.(theirs)).toBeUndefined();
    expect(await new D1ServerStore(env.DB).read.organization?.(theirs)).toMatchObject({ self_serve: false, limits: {}, features: {} });
    expect(await new D1ServerStore(env.DB).read.organization?.(987_654)).toBeUndefined();
  });
});

describe("D1ServerStore changesSince", () => {
  it("answers each changed row once, with its latest state or del, in order of last change, by pages", async () => {
    const organizationId = await newOrganization();
    const other = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const reader = new D1ServerStore(env.DB);
    const start = (await reader.changesSince(0, scopeOf([organizationId]), 10)).cursor;
    const [a, b, c] = [webcastRow(organizationId, userId, { event_title: "A" }), webcastRow(organizationId, userId, { event_title: "B" }), webcastRow(organizationId, userId, { event_title: "C" })];
    const put = (row: typeof a) => ({ table: "webcasts" as const, id: row.id, organization_id: row.organization_id, op: "put" as const, row });
    await store.commit({ userId, writes: [put(a), put(b), put(c)], result: applied() });
    await store.commit({ userId, writes: [put({ ...a, event_title: "A2" })], result: applied() });
    await store.commit({ userId, writes: [{ table: "webcasts", id: b.id, organization_id: organizationId, op: "del" }], result: applied() });
    const foreign = webcastRow(other, userId);
    const head = await new D1ServerStore(env.DB, other).commit({ userId, writes: [put(foreign)], result: applied() });

    const all = await reader.changesSince(start, scopeOf([organizationId]), 10);
    expect(all.changes).toEqual([
      { table: "webcasts", id: c.id, op: "put", row: c },
      { table: "webcasts", id: a.id, op: "put", row: { ...a, event_title: "A2" } },
      { table: "webcasts", id: b.id, op: "del" },
    ]);
    expect(all).toMatchObject({ more: false, cursor: head }); // jumps to the head, past the other organization's change

    const page1 = await reader.changesSince(start, scopeOf([organizationId]), 2);
    expect(page1.changes.map((change) => change.id)).toEqual([c.id, a.id]);
    expect(page1.more).toBe(true);
    const page2 = await reader.changesSince(page1.cursor, scopeOf([organizationId]), 2);
    expect(page2.changes).toEqual([{ table: "webcasts", id: b.id, op: "del" }]);
    expect(page2.more).toBe(false);

    expect((await reader.changesSince(start, scopeOf([other]), 10)).changes).toEqual([{ table: "webcasts", id: foreign.id, op: "put", row: foreign }]);
    expect((await reader.changesSince(start, scopeOf([organizationId, other]), 10)).changes).toHaveLength(4);
    expect(await reader.changesSince(head, scopeOf([organizationId, other]), 10)).toEqual({ changes: [], cursor: head, more: false });
    expect(await reader.oldestCursor()).toBe(0);
  });
});

describe("D1ServerStore viewers", () => {
  const putWebcast = (row: WebcastRow): Write => ({ table: "webcasts", id: row.id, organization_id: row.organization_id, op: "put", row });
  const putViewer = (row: ViewerRow): Write => ({ table: "viewers", id: row.id, organization_id: row.organization_id, op: "put", row });

  it("stores a viewer row as written (tags, weights, flags) and pulls it only in the viewers scope", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const webcast = webcastRow(organizationId, userId);
    const viewer = viewerRow(webcast, { tags: ["vip", "board"], control_number: "A-12", vote_weight: 2.5, registered: true, is_moderator: true });
    const cursor = await store.commit({ userId, writes: [putWebcast(webcast), putViewer(viewer)], result: applied() });
    expect(await store.read.get("viewers", viewer.id)).toEqual(viewer);
    expect(await store.read.list("viewers", organizationId)).toEqual([viewer]);

    const reader = new D1ServerStore(env.DB);
    const both = await reader.changesSince(cursor - 2, { ...scopeOf([organizationId]), viewers: [organizationId] }, 10);
    expect(both.changes).toEqual([
      { table: "webcasts", id: webcast.id, op: "put", row: webcast },
      { table: "viewers", id: viewer.id, op: "put", row: viewer },
    ]);
    // The main pull's scope (viewers pulled per webcast): the webcast only.
    const webcastsOnly = await reader.changesSince(cursor - 2, scopeOf([organizationId]), 10);
    expect(webcastsOnly.changes.map((change) => change.table)).toEqual(["webcasts"]);
    expect(webcastsOnly.cursor).toBe(both.cursor);
    // The webcast's own viewers pull.
    const onDemand = await reader.changesSince(cursor - 2, webcastPullScope("viewers", webcast), 10);
    expect(onDemand.changes).toEqual([{ table: "viewers", id: viewer.id, op: "put", row: viewer }]);
    expect(await reader.changesSince(cursor - 2, webcastPullScope("viewers", { ...webcast, id: uuidv7() }), 10)).toMatchObject({ changes: [], cursor: both.cursor });
  });

  it("deletes a webcast's viewers with it, logging a del for each in the same commit, and leaves other webcasts' viewers", async () => {
    const organizationId = await newOrganization();
    const other = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const [doomed, kept] = [webcastRow(organizationId, userId), webcastRow(organizationId, userId)];
    const doomedViewers = Array.from({ length: 3 }, () => viewerRow(doomed));
    const keptViewer = viewerRow(kept);
    await store.commit({ userId, writes: [putWebcast(doomed), putWebcast(kept)], result: applied() });
    await store.commit({ userId, writes: [...doomedViewers, keptViewer].map(putViewer), result: applied() });
    const foreign = webcastRow(other, userId);
    await new D1ServerStore(env.DB, other).commit({ userId, writes: [{ table: "webcasts", id: foreign.id, organization_id: other, op: "put", row: foreign }], result: applied() });

    const before = await new D1ServerStore(env.DB).changesSince(0, scopeOf([]), 1);
    const deletion = applied();
    const cursor = await store.commit({ userId, writes: [{ table: "webcasts", id: doomed.id, organization_id: organizationId, op: "del" }], result: deletion });

    expect(await store.read.list("viewers", organizationId)).toEqual([keptViewer]);
    const log = await env.DB.prepare("SELECT seq, table_name, row_id, op, organization_id FROM sync_changes WHERE seq > ? ORDER BY seq").bind(before.cursor).all<{ seq: number; table_name: string; row_id: string; op: string; organization_id: number }>();
    expect(log.results.map((entry) => [entry.table_name, entry.row_id, entry.op, entry.organization_id])).toEqual([
      ...doomedViewers.map((viewer) => viewer.id).sort().map((id) => ["viewers", id, "del", organizationId]),
      ["webcasts", doomed.id, "del", organizationId],
    ]);
    expect(log.results.at(-1)?.seq).toBe(cursor);
    expect(await store.recorded(deletion.id)).toEqual({ id: deletion.id, status: "applied", cursor });

    const pulled = await new D1ServerStore(env.DB).changesSince(before.cursor, { ...scopeOf([organizationId]), viewers: [organizationId] }, 10);
    expect(pulled.changes).toEqual([...doomedViewers.map((viewer) => viewer.id).sort().map((id) => ({ table: "viewers", id, op: "del" })), { table: "webcasts", id: doomed.id, op: "del" }]);
    // A webcast's viewers pull gets the organization's viewer deletions (a deleted row's webcast is unknown).
    const ofKept = await new D1ServerStore(env.DB).changesSince(before.cursor, webcastPullScope("viewers", kept), 10);
    expect(ofKept.changes).toEqual(doomedViewers.map((viewer) => viewer.id).sort().map((id) => ({ table: "viewers", id, op: "del" })));
  });

  it("rolls the cascade back with the rest of a failing commit", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const webcast = webcastRow(organizationId, userId);
    const viewer = viewerRow(webcast);
    const first = applied();
    await store.commit({ userId, writes: [putWebcast(webcast), putViewer(viewer)], result: first });
    // The same mutation id again: its record fails after the cascade's statements.
    await expect(store.commit({ userId, writes: [{ table: "webcasts", id: webcast.id, organization_id: organizationId, op: "del" }], result: first })).rejects.toThrow();
    expect(await store.read.get("viewers", viewer.id)).toEqual(viewer);
    expect((await changeLog(viewer.id)).map((entry) => entry.op)).toEqual(["put"]);
  });
});
