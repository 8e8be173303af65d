import { describe, expect, it } from "vitest";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { MemoryServerStore } from "./memory-server-store.ts";
import { applyPush, pull } from "./server.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, SERVER_NOW, idSequence, organizer, rules, webcastArgs } from "./testing.ts";
import type { PendingMutation } from "./types.ts";

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
    const first = await pull(server, [ORGANIZATION_ID], 0, 2);
    expect(first).toMatchObject({ reset: true, more: true, cursor: 2 });
    expect(first.changes.map((change) => change.id)).toEqual(ids.slice(0, 2));
    const second = await pull(server, [ORGANIZATION_ID], first.cursor, 2);
    expect(second).toMatchObject({ reset: false, more: false, cursor: 4 });
    expect(second.changes.map((change) => change.id)).toEqual(ids.slice(2));

    const [a] = ids;
    await push(server, [mutation("updateWebcast", { id: a, event_title: "Renamed", now: "2026-01-02T00:00:00.000Z" }), mutation("deleteWebcast", { id: ids[1] })]);
    const third = await pull(server, [ORGANIZATION_ID], second.cursor);
    expect(third.changes).toEqual([
      { table: "webcasts", id: a, op: "put", row: expect.objectContaining({ event_title: "Renamed" }) },
      { table: "webcasts", id: ids[1], op: "del" },
    ]);
    expect(await pull(server, [ORGANIZATION_ID], third.cursor)).toEqual({ cursor: third.cursor, changes: [], more: false, reset: false });
  });

  it("resets a cursor older than the compacted log, and pages through the snapshot without resetting again", async () => {
    const { server, ids } = await seeded();
    await push(server, [mutation("deleteWebcast", { id: ids[0] })]);
    server.compact();
    const stale = await pull(server, [ORGANIZATION_ID], 3, 1);
    expect(stale).toMatchObject({ reset: true, more: true });
    expect(stale.cursor).toBeGreaterThanOrEqual(await server.oldestCursor());
    const next = await pull(server, [ORGANIZATION_ID], stale.cursor, 1);
    expect(next).toMatchObject({ reset: false, more: false });
    expect([...stale.changes, ...next.changes].map((change) => change.id)).toEqual(ids.slice(1));
  });
});
