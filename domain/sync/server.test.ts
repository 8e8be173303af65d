import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { MemoryServerStore } from "./memory-server-store.ts";
import { applyPush, pull, scopeKey } from "./server.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, SERVER_NOW, idSequence, organizer, rules, scopeOf, webcastArgs } from "./testing.ts";
import { CachedSource, OverlayTx } from "./overlay.ts";
import { inOrganization, type PendingMutation, type RowQuery, defineMutator, matchesQuery } from "./types.ts";
import type { ViewerRow } from "../viewers/record.ts";
import { webcastPullScope } from "../permissions/read-rule.ts";
import { viewerRow } from "../viewers/testing.ts";

const nextId = idSequence(Date.UTC(2026, 0, 1), 42);
const alice = organizer(7);

function mutation(name: string, args: unknown): PendingMutation {
  return { id: nextId(), name, args, client_time: "2026-01-01T12:00:00.000Z" };
}

function store() {
  return new MemoryServerStore([
    [ORGANIZATION_ID, rules()],
    [OTHER_ORGANIZATION_ID, rules()],
  ]);
}

const push = (server: MemoryServerStore, mutations: PendingMutation[], locale: "en" | "fr" = "en") => applyPush(server, WEBCAST_MUTATORS, alice, locale, mutations, SERVER_NOW);

describe("applyPush", () => {
  it("applies a batch in order and answers each mutation with its cursor", async () => {
    const server = store();
    const id = nextId();
    const batch = [mutation("createWebcast", webcastArgs(id)), mutation("updateWebcast", { id, duration: 90, now: "2026-01-02T00:00:00.000Z" })];
    const response = await push(server, batch);
    expect(response).toEqual({
      results: [
        { id: batch[0]?.id, status: "applied", cursor: 1 },
        { id: batch[1]?.id, status: "applied", cursor: 2 },
      ],
    });
    expect(server.rowsOf("webcasts")).toMatchObject([{ id, duration: 90, created_by: 7 }]);
    expect(server.commits.map((commit) => commit.name)).toEqual(["createWebcast", "updateWebcast"]);
  });

  it("is idempotent: the same batch twice applies once and answers already_applied", async () => {
    const server = store();
    const id = nextId();
    const batch = [mutation("createWebcast", webcastArgs(id)), mutation("deleteWebcast", { id: nextId() })];
    const first = await push(server, batch);
    const rows = server.rowsOf("webcasts");
    const second = await push(server, batch, "fr");
    expect(second.results).toEqual([
      { id: batch[0]?.id, status: "already_applied", cursor: 1 },
      // The stored refusal, in the language of the first answer.
      first.results[1],
    ]);
    expect(first.results[1]).toMatchObject({ status: "rejected", error: { code: "not_found", message: "This webcast no longer exists: it was deleted." } });
    expect(server.rowsOf("webcasts")).toEqual(rows);
    expect(server.commits).toHaveLength(2);
    expect(server.log).toHaveLength(1);
  });

  it("answers a duplicate inside one batch as already applied", async () => {
    const server = store();
    const create = mutation("createWebcast", webcastArgs(nextId()));
    expect((await push(server, [create, create])).results.map((result) => result.status)).toEqual(["applied", "already_applied"]);
  });

  it("records unknown mutators and invalid arguments as invalid_mutation, localized", async () => {
    const server = store();
    const response = await push(server, [mutation("dropEverything", {}), mutation("createWebcast", { id: "x" })], "fr");
    expect(response.results).toMatchObject([
      { status: "rejected", error: { code: "invalid_mutation", message: expect.stringContaining("pas prise en charge") } },
      { status: "rejected", error: { code: "invalid_mutation", message: "Cette modification contient des données invalides.", errors: { id: expect.any(Array) } } },
    ]);
    expect(server.commits.map((commit) => commit.status)).toEqual(["rejected", "rejected"]);
  });

  it("does not record an unexpected failure: it stops the batch so the client retries", async () => {
    const server = store();
    const batch = [mutation("createWebcast", webcastArgs(nextId())), mutation("createWebcast", webcastArgs(nextId())), mutation("createWebcast", webcastArgs(nextId()))];
    server.failCommits = 1;
    const [first, ...rest] = batch;
    if (!first) throw new Error("unreachable");
    await push(server, [first]);
    expect(await server.recorded(first.id)).toBeUndefined();
    const response = await push(server, batch);
    expect(response.results.map((result) => result.status)).toEqual(["applied", "applied", "applied"]);
    server.failCommits = 1;
    const more = [mutation("createWebcast", webcastArgs(nextId())), mutation("createWebcast", webcastArgs(nextId()))];
    const stopped = await push(server, [...rest, ...more]);
    expect(stopped.results.map((result) => result.status)).toEqual(["already_applied", "already_applied"]);
    expect(stopped.error).toEqual({ code: "server_error", message: "The server could not process this change. It will be sent again automatically." });
    expect(await server.recorded(more[0]?.id ?? "")).toBeUndefined();
  });

  it("replays against the server's state, not the client's: a deleted parent refuses the edit", async () => {
    const server = store();
    const id = nextId();
    await push(server, [mutation("createWebcast", webcastArgs(id)), mutation("deleteWebcast", { id })]);
    const edit = await push(server, [mutation("updateWebcast", { id, event_title: "Late edit", now: "2026-01-02T00:00:00.000Z" })]);
    expect(edit.results[0]).toMatchObject({ status: "rejected", error: { code: "not_found" } });
  });
});

describe("applyPush commits a push as one chunk", () => {
  it("in one commitAll, each mutation reading the writes of the earlier ones", async () => {
    const server = new MemoryServerStore([[ORGANIZATION_ID, rules({ limits: { max_webcasts: 2 } })]]);
    const commitAll = vi.spyOn(server, "commitAll");
    const [a, b, c] = [nextId(), nextId(), nextId()];
    const batch = [
      mutation("createWebcast", webcastArgs(a)),
      mutation("createWebcast", webcastArgs(b)),
      mutation("createWebcast", webcastArgs(c)), // third of the month: over the limit
      mutation("updateWebcast", { id: a, event_title: "Renamed", now: "2026-01-02T00:00:00.000Z" }),
      mutation("deleteWebcast", { id: b }),
      mutation("createWebcast", webcastArgs(c)), // room again after the delete
    ];
    const { results, error } = await push(server, batch);
    expect(error).toBeUndefined();
    expect(results.map((result) => result.status)).toEqual(["applied", "applied", "rejected", "applied", "applied", "applied"]);
    expect(results.map((result) => ("cursor" in result ? result.cursor : null))).toEqual([1, 2, null, 3, 4, 5]);
    expect(commitAll).toHaveBeenCalledTimes(1);
    expect(server.rowsOf("webcasts").map((row) => [row.id, row.event_title])).toEqual([
      [a, "Renamed"],
      [c, "Quarterly results"],
    ]);
    // Each row's latest entry only, in commit order.
    expect(server.log.map((entry) => [entry.seq, entry.id, entry.op])).toEqual([
      [3, a, "put"],
      [4, b, "del"],
      [5, c, "put"],
    ]);
  });

  it("records nothing of the chunk after a storage failure, and answers what was already recorded", async () => {
    const server = store();
    const first = mutation("createWebcast", webcastArgs(nextId()));
    await push(server, [first]);
    server.failCommits = 1;
    const more = [mutation("createWebcast", webcastArgs(nextId())), mutation("deleteWebcast", { id: nextId() })];
    const response = await push(server, [first, ...more]);
    expect(response).toEqual({ results: [{ id: first.id, status: "already_applied", cursor: 1 }], error: { code: "server_error", message: expect.any(String) } });
    expect(await server.recordedMany(more.map((entry) => entry.id))).toEqual(new Map());
    expect(server.commits).toHaveLength(1);
  });

  it("stops at a mutator's unexpected error: commits the mutations before it, records nothing of it or after", async () => {
    const server = store();
    const broken = { ...WEBCAST_MUTATORS, explode: defineMutator("explode", z.object({}), () => ({ organizationId: 1 }), async () => Promise.reject(new Error("a bug"))) };
    const batch = [mutation("createWebcast", webcastArgs(nextId())), mutation("deleteWebcast", { id: nextId() }), mutation("explode", {}), mutation("createWebcast", webcastArgs(nextId()))];
    const response = await applyPush(server, broken, alice, "en", batch, SERVER_NOW);
    expect(response.results.map((result) => result.status)).toEqual(["applied", "rejected"]);
    expect(response.error?.code).toBe("server_error");
    expect(server.commits.map((commit) => commit.mutationId)).toEqual([batch[0]?.id, batch[1]?.id]);
  });

  it("never lets a mutator write an organization: the store refuses the commit, the push stops unrecorded", async () => {
    const server = store();
    const rename = defineMutator("renameOrganization", z.object({ organization_id: z.number() }), inOrganization, async (tx, args) => {
      await tx.put("organizations", { id: String(args.organization_id), organization_id: args.organization_id, name: "Mine now", deactivated_at: null, self_serve: false, limits: {}, features: {} });
    });
    const batch = [mutation("renameOrganization", { organization_id: ORGANIZATION_ID })];
    const response = await applyPush(server, { ...WEBCAST_MUTATORS, renameOrganization: rename }, alice, "en", batch, SERVER_NOW);
    expect(response).toEqual({ results: [], error: { code: "server_error", message: expect.any(String) } });
    expect(server.commits).toEqual([]);
    expect(await server.recorded(batch[0]?.id ?? "")).toBeUndefined();
  });

  it("answers a duplicate of a refused mutation with the same refusal", async () => {
    const server = store();
    const refused = mutation("deleteWebcast", { id: nextId() });
    const { results } = await push(server, [refused, refused]);
    expect(results[1]).toEqual(results[0]);
    expect(results[0]?.status).toBe("rejected");
    expect(server.commits).toHaveLength(1);
  });
});

describe("OverlayTx", () => {
  const query: RowQuery<"webcasts"> = { range: { column: "event_start_date_time", from: "2026-03", to: "2026-04" }, equals: { is_test: false } };

  it("counts through the source's count, corrected by the buffered writes", async () => {
    const server = store();
    const [a, b, c] = [nextId(), nextId(), nextId()];
    await push(server, [mutation("createWebcast", webcastArgs(a)), mutation("createWebcast", webcastArgs(b)), mutation("createWebcast", webcastArgs(c, { event_start_date_time: "2026-04-02T10:00:00.000Z" }))]);
    const counted: string[] = [];
    const source = new CachedSource({
      ...server.read,
      count: async (table, organizationId, q) => {
        counted.push(table);
        return (await server.read.list(table, organizationId)).filter((row) => matchesQuery(row, organizationId, q)).length;
      },
    });
    const tx = new OverlayTx(source);
    expect(await tx.count("webcasts", ORGANIZATION_ID, query)).toBe(2);
    await tx.delete("webcasts", a);
    await tx.patch("webcasts", b, { is_test: true });
    await tx.patch("webcasts", c, { event_start_date_time: "2026-03-30T10:00:00.000Z" });
    const d = nextId();
    const moved = await tx.get("webcasts", c);
    if (!moved) throw new Error("unreachable: c was just patched");
    await tx.put("webcasts", { ...moved, id: d });
    expect(await tx.count("webcasts", ORGANIZATION_ID, query)).toBe(2); // c moved in, d created; a gone, b a test
    expect(await tx.count("webcasts", OTHER_ORGANIZATION_ID, query)).toBe(0);
    expect(counted).toEqual(["webcasts", "webcasts"]); // cached per organization and query
    expect((await tx.list("webcasts", ORGANIZATION_ID)).filter((row) => matchesQuery(row, ORGANIZATION_ID, query)).map((row) => row.id).sort()).toEqual([c, d].sort());
  });

  it("hides the rows of a parent deleted in the buffer (the commit's cascade)", async () => {
    const server = store();
    const [doomed, kept] = [nextId(), nextId()];
    await push(server, [mutation("createWebcast", webcastArgs(doomed)), mutation("createWebcast", webcastArgs(kept))]);
    const viewers = [viewerOf(doomed), viewerOf(kept)];
    await server.commit({ userId: 7, writes: viewers.map((row) => ({ table: "viewers", id: row.id, organization_id: row.organization_id, op: "put", row })), result: { id: nextId(), status: "applied" } });
    const tx = new OverlayTx(server.read);
    await tx.delete("webcasts", doomed);
    expect(await tx.get("viewers", viewers[0]?.id ?? "")).toBeUndefined();
    expect((await tx.list("viewers", ORGANIZATION_ID)).map((row) => row.id)).toEqual([viewers[1]?.id]);
    expect(await tx.count("viewers", ORGANIZATION_ID, { range: { column: "created_at", from: "2026", to: "2027" } })).toBe(1);
    expect(tx.writes()).toEqual([{ table: "webcasts", id: doomed, organization_id: ORGANIZATION_ID, op: "del" }]);
  });
});

describe("pull", () => {
  async function seeded() {
    const server = store();
    const ids = [nextId(), nextId(), nextId()];
    await push(server, ids.map((id) => mutation("createWebcast", webcastArgs(id))));
    const other = await applyPush(server, WEBCAST_MUTATORS, organizer(8, OTHER_ORGANIZATION_ID), "en", [mutation("createWebcast", webcastArgs(nextId(), { organization_id: OTHER_ORGANIZATION_ID }))], SERVER_NOW);
    expect(other.results[0]?.status).toBe("applied");
    return { server, ids };
  }

  it("starts with a reset snapshot of the user's organizations, then pages incrementally", async () => {
    const { server, ids } = await seeded();
    const first = await pull(server, scopeOf([ORGANIZATION_ID]), 0, 2);
    expect(first).toMatchObject({ reset: true, more: true, cursor: 2 });
    expect(first.changes.map((change) => change.id)).toEqual(ids.slice(0, 2));
    const second = await pull(server, scopeOf([ORGANIZATION_ID]), first.cursor, 2);
    expect(second).toMatchObject({ reset: false, more: false, cursor: 4 });
    expect(second.changes.map((change) => change.id)).toEqual(ids.slice(2));

    const [a] = ids;
    await push(server, [mutation("updateWebcast", { id: a, event_title: "Renamed", now: "2026-01-02T00:00:00.000Z" }), mutation("deleteWebcast", { id: ids[1] })]);
    const third = await pull(server, scopeOf([ORGANIZATION_ID]), second.cursor);
    expect(third.changes).toEqual([
      { table: "webcasts", id: a, op: "put", row: expect.objectContaining({ event_title: "Renamed" }) },
      { table: "webcasts", id: ids[1], op: "del" },
    ]);
    expect(await pull(server, scopeOf([ORGANIZATION_ID]), third.cursor)).toEqual({ cursor: third.cursor, changes: [], more: false, reset: false });
  });

  it("resets a cursor older than the compacted log, and pages through the snapshot without resetting again", async () => {
    const { server, ids } = await seeded();
    await push(server, [mutation("deleteWebcast", { id: ids[0] })]);
    server.compact();
    const stale = await pull(server, scopeOf([ORGANIZATION_ID]), 3, 1);
    expect(stale).toMatchObject({ reset: true, more: true });
    expect(stale.cursor).toBeGreaterThanOrEqual(await server.oldestCursor());
    const next = await pull(server, scopeOf([ORGANIZATION_ID]), stale.cursor, 1);
    expect(next).toMatchObject({ reset: false, more: false });
    expect([...stale.changes, ...next.changes].map((change) => change.id)).toEqual(ids.slice(1));
  });

  it("resets every device of a user whose scope changed since the cursor they hold, and only those", async () => {
    const { server } = await seeded();
    const as = (userId: number, continuing = false) => ({ userId, continuing });
    const both = scopeOf([ORGANIZATION_ID, OTHER_ORGANIZATION_ID]);
    const laptop = await pull(server, both, 0, undefined, as(7));
    const phone = await pull(server, both, 0, undefined, as(7));
    expect(await pull(server, both, laptop.cursor, undefined, as(7))).toMatchObject({ reset: false });
    // Another user's scope is theirs alone.
    await pull(server, scopeOf([ORGANIZATION_ID]), 0, undefined, as(8));
    expect(await pull(server, both, laptop.cursor, undefined, as(7))).toMatchObject({ reset: false });

    // User 7 leaves the other organization, with nothing written since: both up-to-date devices start
    // over, and get only what is theirs now.
    const left = scopeOf([ORGANIZATION_ID]);
    const again = await pull(server, left, laptop.cursor, undefined, as(7));
    expect(again.reset).toBe(true);
    expect(again.changes.every((change) => change.table !== "webcasts" || change.op !== "put" || change.row.organization_id === ORGANIZATION_ID)).toBe(true);
    expect(again.cursor).toBeGreaterThan(laptop.cursor);
    expect(await pull(server, left, again.cursor, undefined, as(7))).toMatchObject({ reset: false, changes: [] });
    expect(await pull(server, left, phone.cursor, undefined, as(7))).toMatchObject({ reset: true });
    // The same scope in another order is the same scope.
    expect(await scopeKey(scopeOf([ORGANIZATION_ID, OTHER_ORGANIZATION_ID]))).toBe(await scopeKey(scopeOf([OTHER_ORGANIZATION_ID, ORGANIZATION_ID])));
  });

  it("reads by webcast: a granted webcast's rows and every deletion's id of that table, nothing else", async () => {
    const { server, ids } = await seeded();
    const [spoken, other, gone] = ids;
    const none = scopeOf([]);
    const grant = { ...none, byWebcast: { webcasts: [{ organizationId: ORGANIZATION_ID, webcastIds: [spoken ?? ""] }] } };
    const first = await pull(server, grant, 0);
    expect(first.changes.map((change) => change.id)).toEqual([spoken]);
    await push(server, [mutation("updateWebcast", { id: other, event_title: "Not theirs", now: "2026-01-02T00:00:00.000Z" }), mutation("deleteWebcast", { id: gone })]);
    const next = await pull(server, grant, first.cursor);
    expect(next.changes).toEqual([{ table: "webcasts", id: gone, op: "del" }]);
    // Another organization's grant sees nothing of this one.
    expect((await pull(server, { ...none, byWebcast: { webcasts: [{ organizationId: OTHER_ORGANIZATION_ID, webcastIds: [spoken ?? ""] }] } }, 0)).changes).toEqual([]);
  });

  it("pages through a reset without starting over at each page, below a scope change or a compaction cut", async () => {
    const { server, ids } = await seeded();
    const as = (continuing: boolean) => ({ userId: 7, continuing });
    const first = await pull(server, scopeOf([ORGANIZATION_ID, OTHER_ORGANIZATION_ID]), 0, undefined, as(false));
    await push(server, [mutation("deleteWebcast", { id: ids[0] })]);
    server.compact();
    const scope = scopeOf([ORGANIZATION_ID]); // and the scope changed
    let page = await pull(server, scope, first.cursor, 1, as(false));
    expect(page).toMatchObject({ reset: true, more: true });
    const seen = page.changes.map((change) => change.id);
    for (let pages = 1; page.more; pages++) {
      expect(pages).toBeLessThan(10);
      page = await pull(server, scope, page.cursor, 1, as(true));
      expect(page.reset).toBe(false);
      seen.push(...page.changes.map((change) => change.id));
    }
    expect(seen).toEqual(ids.slice(1));
    expect(await pull(server, scope, page.cursor, undefined, as(false))).toMatchObject({ reset: false, changes: [] });
  });
});

function viewerOf(webcastId: string, organizationId = ORGANIZATION_ID): ViewerRow {
  return viewer(nextId(), webcastId, organizationId);
}

function viewer(id: string, webcastId: string, organizationId = ORGANIZATION_ID): ViewerRow {
  return viewerRow({ id, organization_id: organizationId, webcast_id: webcastId, name: "Ada", email: "ada@viewers.test", created_at: SERVER_NOW });
}

describe("viewers", () => {
  it("deleting a webcast deletes its viewers in the same commit, each logged as del before it; pulls follow the scope", async () => {
    const server = store();
    const [doomed, kept] = [nextId(), nextId()];
    await push(server, [mutation("createWebcast", webcastArgs(doomed)), mutation("createWebcast", webcastArgs(kept))]);
    const rows = [viewer(nextId(), doomed), viewer(nextId(), doomed), viewer(nextId(), kept)];
    await server.commit({ userId: 7, writes: rows.map((row) => ({ table: "viewers", id: row.id, organization_id: row.organization_id, op: "put", row })), result: { id: nextId(), status: "applied" } });
    const before = server.cursor;

    const deletion = mutation("deleteWebcast", { id: doomed });
    expect((await push(server, [deletion])).results[0]).toEqual({ id: deletion.id, status: "applied", cursor: before + 3 });
    expect(server.rowsOf("viewers").map((row) => row.id)).toEqual([rows[2]?.id]);
    expect(server.log.slice(-3).map((entry) => [entry.table, entry.id, entry.op, entry.mutationId])).toEqual([
      ["viewers", rows[0]?.id, "del", deletion.id],
      ["viewers", rows[1]?.id, "del", deletion.id],
      ["webcasts", doomed, "del", deletion.id],
    ]);

    const everything = await pull(server, { ...scopeOf([ORGANIZATION_ID]), viewers: [ORGANIZATION_ID] }, before);
    expect(everything.changes.map((change) => `${change.table}:${change.op}`)).toEqual(["viewers:del", "viewers:del", "webcasts:del"]);
    const webcastsOnly = await pull(server, scopeOf([ORGANIZATION_ID]), before);
    expect(webcastsOnly.changes).toEqual([{ table: "webcasts", id: doomed, op: "del" }]);
    expect(webcastsOnly.cursor).toBe(everything.cursor);
    const snapshot = await pull(server, scopeOf([ORGANIZATION_ID]), 0);
    expect(snapshot.changes.every((change) => change.table === "webcasts")).toBe(true);
  });

  it("pulls one webcast's viewers on demand: its rows from scratch, then its changes and the organization's viewer deletions", async () => {
    const server = store();
    const [mine, other] = [nextId(), nextId()];
    await push(server, [mutation("createWebcast", webcastArgs(mine)), mutation("createWebcast", webcastArgs(other))]);
    const rows = [viewer(nextId(), mine), viewer(nextId(), other), viewer(nextId(), mine), viewer(nextId(), mine)];
    await server.commit({ userId: 7, writes: rows.map((row) => ({ table: "viewers", id: row.id, organization_id: row.organization_id, op: "put", row })), result: { id: nextId(), status: "applied" } });
    const scope = webcastPullScope("viewers", { id: mine, organization_id: ORGANIZATION_ID });

    // From 0: a reset, in pages, with only that webcast's viewers (no webcast, no other webcast's viewer).
    const first = await pull(server, scope, 0, 2);
    expect(first).toMatchObject({ reset: true, more: true });
    expect(first.changes.map((change) => change.id)).toEqual([rows[0]?.id, rows[2]?.id]);
    const second = await pull(server, scope, first.cursor, 2, { continuing: true });
    expect(second).toMatchObject({ reset: false, more: false, cursor: server.cursor });
    expect(second.changes.map((change) => change.id)).toEqual([rows[3]?.id]);

    // Then: a change of the other webcast's viewer is not its business; deletions in the organization come (an id tells nothing).
    const before = server.cursor;
    await server.commit({ userId: 7, writes: [{ table: "viewers", id: rows[1]?.id ?? "", organization_id: ORGANIZATION_ID, op: "put", row: { ...(rows[1] as ViewerRow), name: "Renamed" } }], result: { id: nextId(), status: "applied" } });
    await server.commit({ userId: 7, writes: [rows[0], rows[1]].map((row) => ({ table: "viewers" as const, id: row?.id ?? "", organization_id: ORGANIZATION_ID, op: "del" as const })), result: { id: nextId(), status: "applied" } });
    const delta = await pull(server, scope, before);
    expect(delta.changes).toEqual([
      { table: "viewers", id: rows[0]?.id, op: "del" },
      { table: "viewers", id: rows[1]?.id, op: "del" },
    ]);
    // A compacted log resets that webcast's pull (the caller starts its rows over).
    server.compact();
    expect((await pull(server, scope, before)).reset).toBe(true);
  });
});
