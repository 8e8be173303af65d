import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { seedDemo } from "../../test/client.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { changeLog, newOrganization, userIdOf, webcastRow } from "./testing.ts";

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

  it("replaces a row on put and removes it on del, logging each", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const row = webcastRow(organizationId, userId);
    const put = (fields: Partial<typeof row>) => ({ table: "webcasts" as const, id: row.id, organization_id: organizationId, op: "put" as const, row: { ...row, ...fields } });
    await store.commit({ userId, writes: [put({})], result: applied() });
    const second = await store.commit({ userId, writes: [put({ event_title: "Renamed", state: "live" }), put({ duration: 90, event_title: "Renamed", state: "live" })], result: applied() });
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ event_title: "Renamed", state: "live", duration: 90 });
    const third = await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: organizationId, op: "del" }], result: applied() });
    expect(await store.read.get("webcasts", row.id)).toBeUndefined();
    const log = await changeLog(row.id);
    expect(log.map((entry) => entry.op)).toEqual(["put", "put", "put", "del"]);
    expect(log[2]?.seq).toBe(second);
    expect(log[3]?.seq).toBe(third);
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

describe("D1ServerStore reads", () => {
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
    const start = (await reader.changesSince(0, [organizationId], 10)).cursor;
    const [a, b, c] = [webcastRow(organizationId, userId, { event_title: "A" }), webcastRow(organizationId, userId, { event_title: "B" }), webcastRow(organizationId, userId, { event_title: "C" })];
    const put = (row: typeof a) => ({ table: "webcasts" as const, id: row.id, organization_id: row.organization_id, op: "put" as const, row });
    await store.commit({ userId, writes: [put(a), put(b), put(c)], result: applied() });
    await store.commit({ userId, writes: [put({ ...a, event_title: "A2" })], result: applied() });
    await store.commit({ userId, writes: [{ table: "webcasts", id: b.id, organization_id: organizationId, op: "del" }], result: applied() });
    const foreign = webcastRow(other, userId);
    const head = await new D1ServerStore(env.DB, other).commit({ userId, writes: [put(foreign)], result: applied() });

    const all = await reader.changesSince(start, [organizationId], 10);
    expect(all.changes).toEqual([
      { table: "webcasts", id: c.id, op: "put", row: c },
      { table: "webcasts", id: a.id, op: "put", row: { ...a, event_title: "A2" } },
      { table: "webcasts", id: b.id, op: "del" },
    ]);
    expect(all).toMatchObject({ more: false, cursor: head }); // jumps to the head, past the other organization's change

    const page1 = await reader.changesSince(start, [organizationId], 2);
    expect(page1.changes.map((change) => change.id)).toEqual([c.id, a.id]);
    expect(page1.more).toBe(true);
    const page2 = await reader.changesSince(page1.cursor, [organizationId], 2);
    expect(page2.changes).toEqual([{ table: "webcasts", id: b.id, op: "del" }]);
    expect(page2.more).toBe(false);

    expect((await reader.changesSince(start, [other], 10)).changes).toEqual([{ table: "webcasts", id: foreign.id, op: "put", row: foreign }]);
    expect((await reader.changesSince(start, [organizationId, other], 10)).changes).toHaveLength(4);
    expect(await reader.changesSince(head, [organizationId, other], 10)).toEqual({ changes: [], cursor: head, more: false });
    expect(await reader.oldestCursor()).toBe(0);
  });
});
