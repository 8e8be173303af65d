// The Replica scenarios every ReplicaStore must pass: run on MemoryReplicaStore by
// domain/sync/replica.test.ts and on the Dexie store by web/local/dexie-replica-store.test.ts.
import { describe, expect, it } from "vitest";
import type { PullFetcher, PushSender, Replica } from "./replica.ts";
import { ORGANIZATION_ID, type TestReplicaOptions, editor, memoryServer, organizer, webcastArgs } from "./testing.ts";
import { MutationRejected, type MutationActor, type PendingMutation, type SyncRow, type SyncTable } from "./types.ts";
import type { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { CONTRACT_VERSION } from "./contract.ts";

/** A store under test: its rows, read synchronously (memory) or not (IndexedDB). */
export interface InspectableStore {
  rowsOf<T extends SyncTable>(which: "base" | "view", table: T): SyncRow<T>[] | Promise<SyncRow<T>[]>;
}

export type MakeReplica = (actor: MutationActor, options?: TestReplicaOptions) => { store: InspectableStore; replica: Replica<typeof WEBCAST_MUTATORS> };

/** Predictable UUIDv7-shaped ids. */
export function idFor(n: number): string {
  return `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** Arguments of an updateWebcast. */
export const edit = (id: string, fields: Record<string, unknown>, now = "2026-01-02T00:00:00.000Z") => ({ id, ...fields, now });

export function replicaScenarios(make: MakeReplica): void {
  const alice = organizer(7);
  const bob = organizer(8);

  /** Two replicas of one organization that both have webcast `id` in their base. */
  async function twoClientsWithWebcast(options: { bobLocale?: "en" | "fr" } = {}) {
    const server = memoryServer();
    const a = make(alice);
    const b = make(bob, { locale: options.bobLocale ?? "en" });
    const created = await a.replica.mutate("createWebcast", webcastArgs(idFor(1)));
    await a.replica.push(server.sender(alice));
    await a.replica.pull(server.fetcher());
    await b.replica.pull(server.fetcher());
    const id = (created.args as { id: string }).id;
    return { server, a, b, id };
  }



  describe("Replica.mutate", () => {
    it("applies to the view at once and queues the mutation; the base waits for the server", async () => {
      const { store, replica } = make(alice);
      const queued = await replica.mutate("createWebcast", webcastArgs(idFor(1)));
      expect((await store.rowsOf("view", "webcasts"))).toMatchObject([{ id: idFor(1), state: "upcoming", created_by: 7 }]);
      expect((await store.rowsOf("base", "webcasts"))).toEqual([]);
      expect(await replica.pending()).toMatchObject([{ id: queued.id, name: "createWebcast", cursor: null, touched: [{ table: "webcasts", id: idFor(1) }] }]);
    });

    it("throws a client-side refusal to the caller and queues nothing", async () => {
      const { store, replica } = make(editor(9), { locale: "fr" });
      await replica.mutate("createWebcast", webcastArgs(idFor(1)));
      const refusal = replica.mutate("deleteWebcast", { id: idFor(1) });
      await expect(refusal).rejects.toBeInstanceOf(MutationRejected);
      await expect(refusal).rejects.toMatchObject({ code: "forbidden" });
      await expect(replica.mutate("createWebcast", { ...webcastArgs(idFor(2)), event_title: "" })).rejects.toMatchObject({ code: "validation_failed", errors: { event_title: ["Le titre est obligatoire."] } });
      await expect(replica.mutate("createWebcast", { ...webcastArgs(idFor(3)), duration: 1.5 })).rejects.toMatchObject({ code: "invalid_mutation" });
      expect(await replica.pending()).toHaveLength(1);
      expect((await store.rowsOf("view", "webcasts")).map((row) => row.id)).toEqual([idFor(1)]);
    });
  });

  describe("Replica.push and pull", () => {
    it("keeps an acknowledged mutation on top of the base until a pull brings its effects", async () => {
      const server = memoryServer();
      const { store, replica } = make(alice);
      await replica.mutate("createWebcast", webcastArgs(idFor(1)));
      expect(await replica.push(server.sender(alice))).toEqual({ status: "done", answered: 1, rejected: 0 });
      expect(await replica.pending()).toMatchObject([{ cursor: 1 }]);
      expect((await store.rowsOf("view", "webcasts"))).toHaveLength(1);
      await replica.pull(server.fetcher());
      expect(await replica.pending()).toEqual([]);
      expect((await store.rowsOf("view", "webcasts"))).toEqual(server.store.rowsOf("webcasts"));
      expect((await store.rowsOf("base", "webcasts"))).toEqual(server.store.rowsOf("webcasts"));
    });

    it("merges concurrent edits per field; on the same field the later server order wins", async () => {
      const { server, a, b, id } = await twoClientsWithWebcast();
      await a.replica.mutate("updateWebcast", edit(id, { event_title: "Title by A", duration: 45 }));
      await b.replica.mutate("updateWebcast", edit(id, { description: "Description by B", duration: 90 }));
      await b.replica.push(server.sender(bob));
      await a.replica.push(server.sender(alice)); // A's duration lands last
      for (const client of [a, b]) await client.replica.pull(server.fetcher());
      const [row] = server.store.rowsOf("webcasts");
      expect(row).toMatchObject({ event_title: "Title by A", description: "Description by B", duration: 45 });
      for (const client of [a, b]) {
        expect((await client.store.rowsOf("view", "webcasts"))).toEqual([row]);
        expect(await client.replica.pending()).toEqual([]);
      }
    });

    it("shows pending edits on top of other people's changes after a pull (rebase)", async () => {
      const { server, a, b, id } = await twoClientsWithWebcast();
      await b.replica.mutate("updateWebcast", edit(id, { description: "B's pending description" }));
      await a.replica.mutate("updateWebcast", edit(id, { event_title: "A's title" }));
      await a.replica.push(server.sender(alice));
      await b.replica.pull(server.fetcher());
      expect((await b.store.rowsOf("base", "webcasts"))[0]).toMatchObject({ event_title: "A's title", description: null });
      expect((await b.store.rowsOf("view", "webcasts"))[0]).toMatchObject({ event_title: "A's title", description: "B's pending description" });
    });

    it("keeps a refused mutation (deleted parent) with its message and arguments, and rebases without it", async () => {
      const { server, a, b, id } = await twoClientsWithWebcast({ bobLocale: "fr" });
      await a.replica.mutate("deleteWebcast", { id });
      await a.replica.push(server.sender(alice));
      const update = await b.replica.mutate("updateWebcast", edit(id, { event_title: "Edited offline" }));
      expect((await b.store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("Edited offline");
      expect(await b.replica.push(server.sender(bob, "fr"))).toEqual({ status: "done", answered: 1, rejected: 1 });
      expect(await b.replica.rejected()).toEqual([
        {
          mutation: { id: update.id, name: "updateWebcast", args: update.args, client_time: update.client_time, contract_version: CONTRACT_VERSION },
          error: { code: "not_found", message: "Ce webcast n'existe plus : il a été supprimé." },
          rejected_at: expect.any(String),
        },
      ]);
      expect(await b.replica.pending()).toEqual([]);
      expect((await b.store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("Quarterly results"); // the edit is gone from the view, not from the list
      await b.replica.pull(server.fetcher());
      expect((await b.store.rowsOf("view", "webcasts"))).toEqual([]);
      await b.replica.discardRejected(update.id);
      expect(await b.replica.rejected()).toEqual([]);
    });

    it("refuses deleting a webcast that went live meanwhile, and puts it back in the view", async () => {
      const { server, a, id } = await twoClientsWithWebcast();
      const [row] = server.store.rowsOf("webcasts");
      if (!row) throw new Error("unreachable");
      await server.store.commit({ userId: 1, writes: [{ table: "webcasts", id, organization_id: ORGANIZATION_ID, op: "put", row: { ...row, state: "live" } }], result: { id: idFor(99), status: "applied" } });
      await a.replica.mutate("deleteWebcast", { id });
      expect((await a.store.rowsOf("view", "webcasts"))).toEqual([]);
      await a.replica.push(server.sender(alice));
      expect((await a.replica.rejected())[0]?.error).toEqual({ code: "locked", message: "A live webcast cannot be deleted." });
      expect((await a.store.rowsOf("view", "webcasts"))).toHaveLength(1);
      await a.replica.pull(server.fetcher());
      expect((await a.store.rowsOf("view", "webcasts"))).toMatchObject([{ id, state: "live" }]);
    });

    it("retries after a lost response: the server answers already_applied and nothing applies twice", async () => {
      const server = memoryServer();
      const { store, replica } = make(alice);
      await replica.mutate("createWebcast", webcastArgs(idFor(1)));
      await replica.mutate("updateWebcast", edit(idFor(1), { duration: 30 }));
      const send = server.sender(alice);
      const lossy: PushSender = async (mutations) => {
        await send(mutations);
        throw new Error("connection reset");
      };
      expect(await replica.push(lossy)).toMatchObject({ status: "failed", answered: 0 });
      expect(await replica.push(async () => Promise.reject(new Error("offline")))).toMatchObject({ status: "failed" });
      let answers: string[] = [];
      expect(
        await replica.push(async (mutations: PendingMutation[]) => {
          const response = await send(mutations);
          answers = response.results.map((result) => result.status);
          return response;
        }),
      ).toMatchObject({ status: "done", answered: 2 });
      expect(answers).toEqual(["already_applied", "already_applied"]);
      expect(server.store.commits).toHaveLength(2);
      await replica.pull(server.fetcher());
      expect((await store.rowsOf("view", "webcasts"))).toEqual(server.store.rowsOf("webcasts"));
      expect(await replica.pending()).toEqual([]);
    });

    it("stops on a server error and sends the rest again later", async () => {
      const server = memoryServer();
      const { replica } = make(alice);
      for (const n of [1, 2, 3]) await replica.mutate("createWebcast", webcastArgs(idFor(n)));
      const send = server.sender(alice);
      const outcome = await replica.push(async (mutations) => {
        await send(mutations.slice(0, 1)); // the first one commits…
        server.store.failCommits = 1; // …then storage fails on the second
        return send(mutations);
      });
      expect(outcome).toMatchObject({ status: "stopped", answered: 1, error: { code: "server_error" } });
      expect((await replica.pending()).map((entry) => entry.cursor)).toEqual([1, null, null]);
      expect(await replica.push(send)).toMatchObject({ status: "done", answered: 2 });
      expect(server.store.commits.map((commit) => commit.status)).toEqual(["applied", "applied", "applied"]);
    });

    it("sends at most 100 mutations a push", async () => {
      const server = memoryServer();
      const { replica } = make(alice, { organization: null });
      for (let n = 1; n <= 150; n++) await replica.mutate("createWebcast", webcastArgs(idFor(n)));
      const send = server.sender(alice);
      const sizes: number[] = [];
      await replica.push(async (mutations) => {
        sizes.push(mutations.length);
        return send(mutations);
      });
      expect(sizes).toEqual([100, 50]);
      expect((await replica.pending()).every((entry) => entry.cursor !== null)).toBe(true);
    });

    it("starts over on a reset pull: base and view rebuilt, deleted rows gone, pending edits kept on top", async () => {
      const { server, a, b, id } = await twoClientsWithWebcast();
      const second = idFor(2);
      await a.replica.mutate("createWebcast", webcastArgs(second));
      await a.replica.mutate("deleteWebcast", { id });
      await a.replica.push(server.sender(alice));
      server.store.compact();
      await b.replica.mutate("updateWebcast", edit(second, { event_title: "not yet visible" })).catch(() => undefined);
      const third = idFor(3);
      await b.replica.mutate("createWebcast", webcastArgs(third));
      const pulled = await b.replica.pull(server.fetcher([ORGANIZATION_ID], 1));
      expect(pulled.reset).toBe(true);
      expect((await b.store.rowsOf("base", "webcasts")).map((row) => row.id)).toEqual([second]);
      expect((await b.store.rowsOf("view", "webcasts")).map((row) => row.id)).toEqual([second, third]);
    });
  });

  describe("Replica.pull, page by page", () => {
    /** A fetcher that records the cursors asked and drops the connection after `pages` pages. */
    function breaking(fetch: PullFetcher, pages: number) {
      const asked: number[] = [];
      const fetcher: PullFetcher = async (cursor, continuing) => {
        asked.push(cursor);
        if (asked.length > pages) throw new Error("connection lost");
        return fetch(cursor, continuing);
      };
      return { asked, fetcher };
    }

    it("keeps the pages committed before the connection dropped, and goes on from there", async () => {
      const server = memoryServer();
      const a = make(alice);
      for (const n of [1, 2, 3]) await a.replica.mutate("createWebcast", webcastArgs(idFor(n)));
      await a.replica.push(server.sender(alice));
      const b = make(bob);
      const first = breaking(server.fetcher([ORGANIZATION_ID], 1), 2);
      await expect(b.replica.pull(first.fetcher)).rejects.toThrow("connection lost");
      expect((await b.store.rowsOf("base", "webcasts")).map((row) => row.id)).toEqual([idFor(1), idFor(2)]);
      expect((await b.store.rowsOf("view", "webcasts")).map((row) => row.id)).toEqual([idFor(1), idFor(2)]);
      const again = breaking(server.fetcher([ORGANIZATION_ID], 1), 10);
      expect(await b.replica.pull(again.fetcher)).toEqual({ cursor: 3, changes: 1, reset: false });
      expect(again.asked).toEqual([2]);
      expect(await b.store.rowsOf("view", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
    });

    it("keeps an acknowledged mutation until the pull completes: a middle page may lack its rows", async () => {
      const server = memoryServer();
      const a = make(alice);
      const b = make(bob);
      await a.replica.mutate("createWebcast", webcastArgs(idFor(1)));
      await a.replica.push(server.sender(alice)); // change 1
      await b.replica.pull(server.fetcher());
      await b.replica.mutate("createWebcast", webcastArgs(idFor(2)));
      await b.replica.push(server.sender(bob)); // change 2
      await b.replica.mutate("updateWebcast", edit(idFor(1), { event_title: "Renamed by B" }));
      await b.replica.push(server.sender(bob)); // change 3: webcast 1 now comes after webcast 2

      // One page: webcast 2 (cursor 2, past A's create), then the connection drops before webcast 1.
      await expect(a.replica.pull(breaking(server.fetcher([ORGANIZATION_ID], 1), 1).fetcher)).rejects.toThrow("connection lost");
      expect(await a.replica.pending()).toMatchObject([{ name: "createWebcast", cursor: 1 }]);
      expect((await a.store.rowsOf("view", "webcasts")).map((row) => row.id)).toEqual([idFor(1), idFor(2)]);

      await a.replica.pull(server.fetcher([ORGANIZATION_ID], 1));
      expect(await a.replica.pending()).toEqual([]);
      expect(await a.store.rowsOf("view", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
      expect((await a.store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("Renamed by B");
    });

    it("drops a mutation whose lost answer comes back after a pull already brought its effects, showing the server's row", async () => {
      const { server, a, b, id } = await twoClientsWithWebcast();
      await a.replica.mutate("updateWebcast", edit(id, { event_title: "A's title" }));
      const send = server.sender(alice);
      await a.replica.push(async (mutations) => {
        await send(mutations);
        throw new Error("connection reset"); // applied on the server, answer lost
      });
      await b.replica.pull(server.fetcher());
      await b.replica.mutate("updateWebcast", edit(id, { event_title: "B's title" }));
      await b.replica.push(server.sender(bob));
      await a.replica.pull(server.fetcher());
      expect((await a.store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("A's title"); // still unanswered for A
      await a.replica.push(send); // already_applied, its effects already pulled
      expect(await a.replica.pull(server.fetcher())).toMatchObject({ changes: 0 });
      expect(await a.replica.pending()).toEqual([]);
      expect(await a.store.rowsOf("view", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
      expect(await a.store.rowsOf("base", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
      expect((await a.store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("B's title");
    });

    it("stops the second of two pulls running at once (two tabs), without losing a row", async () => {
      const server = memoryServer();
      const a = make(alice);
      for (const n of [1, 2, 3, 4]) await a.replica.mutate("createWebcast", webcastArgs(idFor(n)));
      await a.replica.push(server.sender(alice));
      const b = make(bob);
      const fetcher = server.fetcher([ORGANIZATION_ID], 1);
      const outcomes = await Promise.allSettled([b.replica.pull(fetcher), b.replica.pull(fetcher)]);
      expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(1);
      await b.replica.pull(fetcher);
      expect(await b.store.rowsOf("base", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
      expect(await b.store.rowsOf("view", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
    });

    it("writes a first pull of many pages to base and view alike", async () => {
      const server = memoryServer();
      const a = make(alice, { organization: null });
      for (let n = 1; n <= 25; n++) await a.replica.mutate("createWebcast", webcastArgs(idFor(n)));
      await a.replica.push(server.sender(alice));
      const b = make(bob);
      expect(await b.replica.pull(server.fetcher([ORGANIZATION_ID], 10))).toEqual({ cursor: 25, changes: 25, reset: true });
      expect(await b.store.rowsOf("base", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
      expect(await b.store.rowsOf("view", "webcasts")).toEqual(server.store.rowsOf("webcasts"));
    });
  });
}
