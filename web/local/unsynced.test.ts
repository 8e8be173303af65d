// Which rows are "not synced yet": made here and not yet brought back by a pull. Driven through the
// real Replica over Dexie and an in-memory server, so the base/view invariant is the engine's own.
import { describe, expect, it } from "vitest";
import { edit, idFor } from "../../domain/sync/replica-scenarios.ts";
import { memoryServer, organizer, webcastArgs } from "../../domain/sync/testing.ts";
import { dexieReplica } from "./testing.ts";
import { unsyncedIds } from "./unsynced.ts";

const alice = organizer(7);

describe("unsyncedIds", () => {
  it("is empty for rows a pull brought, even after the outbox emptied (a fresh device, a reload)", async () => {
    const server = memoryServer();
    const writer = dexieReplica(alice);
    await writer.replica.mutate("createWebcast", webcastArgs(idFor(1)));
    await writer.replica.push(server.sender(alice));
    await writer.replica.pull(server.fetcher());
    expect(await unsyncedIds(writer.db, "webcasts")).toEqual(new Set());

    const fresh = dexieReplica(alice);
    await fresh.replica.pull(server.fetcher());
    expect(await fresh.db.rows("view", "webcasts").count()).toBe(1);
    expect(await unsyncedIds(fresh.db, "webcasts")).toEqual(new Set());
  });

  it("names a row created here until the pull that brings it back lands", async () => {
    const server = memoryServer();
    const { db, replica } = dexieReplica(alice);
    await replica.mutate("createWebcast", webcastArgs(idFor(1)));
    expect(await unsyncedIds(db, "webcasts")).toEqual(new Set([idFor(1)]));
    await replica.push(server.sender(alice));
    // Acknowledged, but the view still shows the optimistic row until the pull reaches its cursor.
    expect(await unsyncedIds(db, "webcasts")).toEqual(new Set([idFor(1)]));
    await replica.pull(server.fetcher());
    expect(await unsyncedIds(db, "webcasts")).toEqual(new Set());
  });

  it("does not name a server row edited here (it exists on the server), and filters by `among`", async () => {
    const server = memoryServer();
    const { db, replica } = dexieReplica(alice);
    await replica.mutate("createWebcast", webcastArgs(idFor(1)));
    await replica.push(server.sender(alice));
    await replica.pull(server.fetcher());
    await replica.mutate("updateWebcast", edit(idFor(1), { event_title: "Edited offline" }));
    await replica.mutate("createWebcast", webcastArgs(idFor(2)));
    expect(await unsyncedIds(db, "webcasts")).toEqual(new Set([idFor(2)]));
    expect(await unsyncedIds(db, "webcasts", new Set([idFor(1)]))).toEqual(new Set());
    expect(await unsyncedIds(db, "viewers")).toEqual(new Set());
  });
});
