// The shared Replica scenarios (domain/sync/replica-scenarios.ts) on the Dexie store, plus what
// only a database has: persistence, outbox order, transaction rollback.
import { describe, expect, it } from "vitest";
import { edit, idFor, replicaScenarios } from "../../domain/sync/replica-scenarios.ts";
import { memoryServer, organizer, webcastArgs } from "../../domain/sync/testing.ts";
import { LocalDatabase } from "./db.ts";
import { DexieReplicaStore } from "./dexie-replica-store.ts";
import { dexieReplica, freshUserId } from "./testing.ts";

const alice = organizer(7);

replicaScenarios(dexieReplica);

describe("DexieReplicaStore", () => {
  it("keeps base, view, outbox, rejected and cursor across closing and reopening the database", async () => {
    const server = memoryServer();
    const userId = freshUserId();
    const first = dexieReplica(alice, { db: new LocalDatabase(userId) });
    await first.replica.mutate("createWebcast", webcastArgs(idFor(1)));
    await first.replica.push(server.sender(alice));
    await first.replica.pull(server.fetcher());
    await first.replica.mutate("updateWebcast", edit(idFor(1), { event_title: "Pending" }));
    await first.replica.mutate("deleteWebcast", { id: idFor(99) }).catch(() => undefined);
    await first.store.rejected.add({ mutation: { id: idFor(50), name: "deleteWebcast", args: { id: idFor(50) }, client_time: "2026-01-01T00:00:00.000Z" }, error: { code: "not_found", message: "Gone" }, rejected_at: "2026-01-01T00:00:00.000Z" });
    first.db.close();

    const again = dexieReplica(alice, { db: new LocalDatabase(userId), salt: 1 });
    expect(await again.store.transaction(() => again.store.getCursor())).toBe(1);
    expect((await again.store.rowsOf("base", "webcasts"))[0]?.event_title).toBe("Quarterly results");
    expect((await again.store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("Pending");
    expect((await again.replica.pending()).map((entry) => entry.name)).toEqual(["updateWebcast"]);
    expect((await again.replica.rejected()).map((rejected) => rejected.error.message)).toEqual(["Gone"]);
    again.db.close();
  });

  it("lists the outbox in the order entries were added, whatever their ids", async () => {
    const store = new DexieReplicaStore(new LocalDatabase(freshUserId()));
    const entry = (id: string) => ({ id, name: "deleteWebcast", args: { id }, client_time: "2026-01-01T00:00:00.000Z", cursor: null, touched: [] });
    await store.transaction(async () => {
      for (const n of [3, 1, 2]) await store.outbox.add(entry(idFor(n)));
      await store.outbox.update({ ...entry(idFor(3)), cursor: 7 });
    });
    const listed = await store.transaction(() => store.outbox.list());
    expect(listed.map((queued) => [queued.id, queued.cursor])).toEqual([
      [idFor(3), 7],
      [idFor(1), null],
      [idFor(2), null],
    ]);
    expect(listed[0]).not.toHaveProperty("seq");
    store.db.close();
  });

  it("writes all of a transaction or nothing when it throws", async () => {
    const { store, replica } = dexieReplica(alice);
    await replica.mutate("createWebcast", webcastArgs(idFor(1)));
    await expect(
      store.transaction(async () => {
        await store.setCursor(42);
        await store.view.delete("webcasts", idFor(1));
        await store.outbox.remove((await store.outbox.list()).map((entry) => entry.id));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await store.transaction(() => store.getCursor())).toBe(0);
    expect(await store.rowsOf("view", "webcasts")).toHaveLength(1);
    expect(await replica.pending()).toHaveLength(1);
    store.db.close();
  });
});
