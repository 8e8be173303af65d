// Viewers on demand (docs/sync.md "Viewers on demand"): scenarios every ReplicaStore must pass, run
// on MemoryReplicaStore by domain/sync/on-demand.test.ts and on Dexie by web/local/viewer-pull.test.ts.
import { expect, it } from "vitest";
import { webcastPullScope } from "../permissions/read-rule.ts";
import type { ViewerRow } from "../viewers/record.ts";
import { MemoryServerStore } from "./memory-server-store.ts";
import { ALL_MUTATORS, ON_DEMAND_READERS } from "./registry.ts";
import type { ReplicaStore } from "./replica-store.ts";
import { type PullFetcher, type PushSender, Replica, WebcastClosed } from "./replica.ts";
import { applyPush, pull } from "./server.ts";
import { ORGANIZATION_ID, SERVER_NOW, idSequence, organizer, rules, scopeOf, tickingClock, webcastArgs } from "./testing.ts";
import type { MutationActor } from "./types.ts";

/** A store under test and how to read its view's viewers and count its transactions. */
export interface OnDemandStore {
  store: ReplicaStore;
  viewers(webcastId: string): Promise<ViewerRow[]>;
}

const NOW = "2026-01-01T12:00:00.000Z";

export function onDemandScenarios(make: () => OnDemandStore): void {
  const alice = organizer(7);

  function setup() {
    const server = new MemoryServerStore([[ORGANIZATION_ID, rules()]]);
    const made = make();
    const replica = new Replica({
      store: made.store,
      registry: ALL_MUTATORS,
      actor: alice,
      locale: "en",
      clock: tickingClock(),
      newId: idSequence(Date.UTC(2026, 0, 1), 7),
      organization: async (id: number) => (id === ORGANIZATION_ID ? rules() : undefined),
      onDemandReaders: ON_DEMAND_READERS,
    });
    const send = (actor: MutationActor = alice): PushSender => async (mutations) => structuredClone(await applyPush(server, ALL_MUTATORS, actor, "en", structuredClone(mutations), SERVER_NOW));
    const main: PullFetcher = async (cursor, continuing) => structuredClone(await pull(server, scopeOf([ORGANIZATION_ID]), cursor, 3, { continuing }));
    const ofWebcast = (webcastId: string, limit = 2): PullFetcher => async (cursor, continuing) => structuredClone(await pull(server, webcastPullScope("viewers", { id: webcastId, organization_id: ORGANIZATION_ID }), cursor, limit, { continuing }));
    const ids = idSequence(Date.UTC(2025, 0, 1), 99);
    const viewerArgs = (webcastId: string, n: number) => ({ id: ids(), webcast_id: webcastId, name: `Viewer ${n}`, email: `viewer${n}@example.test`, now: NOW });
    return { server, replica, send, main, ofWebcast, viewerArgs, ...made };
  }

  /** Two webcasts with viewers on the server; the device has pulled the main scope. */
  async function withViewers() {
    const context = setup();
    const { replica, send, main, viewerArgs } = context;
    const ids = idSequence(Date.UTC(2025, 6, 1), 42);
    const [w1, w2] = [ids(), ids()];
    await replica.mutate("createWebcast", webcastArgs(w1));
    await replica.mutate("createWebcast", webcastArgs(w2));
    for (let n = 0; n < 5; n++) await replica.mutate("createViewer", viewerArgs(n < 3 ? w1 : w2, n));
    await replica.push(send());
    await replica.pull(main);
    return { ...context, w1, w2 };
  }

  it("the main pull brings no viewers; opening a webcast pulls its viewers alone, in pages, and keeps them", async () => {
    const { replica, server, ofWebcast, viewers, w1, w2 } = await withViewers();
    // The optimistic viewers went with their entries once the main pull passed them: no webcast was opened.
    expect(await viewers(w1)).toEqual([]);
    expect(await replica.pending()).toEqual([]);
    await replica.openWebcast(w1);
    const pulled = await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    expect(pulled).toMatchObject({ reset: true, cursor: server.cursor });
    expect((await viewers(w1)).map((row) => row.name).sort()).toEqual(["Viewer 0", "Viewer 1", "Viewer 2"]);
    expect(await viewers(w2)).toEqual([]);
    expect((await replica.openedWebcasts()).map(({ webcast_id, synced }) => ({ webcast_id, synced }))).toEqual([{ webcast_id: w1, synced: server.cursor }]);
  });

  it("keeps a created viewer in the view until its webcast's viewers pull brings it, though the main cursor passed it", async () => {
    const { replica, send, main, ofWebcast, viewerArgs, viewers, w1 } = await withViewers();
    await replica.openWebcast(w1);
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    const created = await replica.mutate("createViewer", viewerArgs(w1, 10));
    await replica.push(send());
    // The main pull reaches the mutation's cursor, but the viewer comes only with w1's pull: kept.
    await replica.pull(main);
    expect((await replica.pending()).map((entry) => entry.id)).toEqual([created.id]);
    expect((await viewers(w1)).map((row) => row.name)).toContain("Viewer 10");
    // The viewers pull brings it: the entry leaves the outbox, the viewer stays.
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    expect(await replica.pending()).toEqual([]);
    expect((await viewers(w1)).map((row) => row.name)).toContain("Viewer 10");
  });

  it("keeps the edit of a viewer through a webcast pull written while it is queued (rebased)", async () => {
    const { replica, server, send, ofWebcast, viewers, w1 } = await withViewers();
    await replica.openWebcast(w1);
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    const [target] = await viewers(w1);
    if (!target) throw new Error("no viewer");
    await replica.mutate("updateViewer", { id: target.id, name: "Edited offline", now: NOW });
    // Someone else changes the same viewer's tags meanwhile.
    await applyPush(server, ALL_MUTATORS, organizer(8), "en", [{ id: idSequence(Date.UTC(2026, 5, 1), 8)(), name: "updateViewer", args: { id: target.id, tags: ["vip"], now: NOW }, client_time: NOW }], SERVER_NOW);
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    const row = (await viewers(w1)).find((viewer) => viewer.id === target.id);
    expect(row).toMatchObject({ name: "Edited offline", tags: ["vip"] });
    await replica.push(send());
    expect((await viewers(w1)).find((viewer) => viewer.id === target.id)).toMatchObject({ name: "Edited offline", tags: ["vip"] });
  });

  it("a page written before its checks is undone when they fail: a webcast closed during its pull keeps no viewer", async () => {
    const { replica, server, ofWebcast, viewers, w1 } = await withViewers();
    await replica.openWebcast(w1);
    const pages = ofWebcast(w1, 1);
    let calls = 0;
    // The user loses the webcast while its second page is on the way (its pull runs on).
    const closing: PullFetcher = async (cursor, continuing) => {
      if (++calls === 2) void replica.closeWebcast("viewers", w1);
      return pages(cursor, continuing);
    };
    await expect(replica.pullWebcast("viewers", w1, closing)).rejects.toBeInstanceOf(WebcastClosed);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(await viewers(w1)).toEqual([]);
    expect(await replica.openedWebcasts()).toEqual([]);
    expect(server.cursor).toBeGreaterThan(0);
  });

  it("a reset of the main pull keeps the opened webcasts' viewers; a reset of a webcast's pull drops only its viewers", async () => {
    const { replica, server, main, ofWebcast, viewers, w1, w2 } = await withViewers();
    await replica.openWebcast(w1);
    await replica.openWebcast(w2);
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    await replica.pullWebcast("viewers", w2, ofWebcast(w2));
    // A viewer of w2 deleted on the server, then the log compacted: both pulls reset.
    const [gone] = await viewers(w2);
    await server.commit({ userId: 8, writes: [{ table: "viewers", id: gone?.id ?? "", organization_id: ORGANIZATION_ID, op: "del" }], result: { id: idSequence(Date.UTC(2026, 6, 1), 8)(), status: "applied" } });
    server.compact();
    expect((await replica.pull(main)).reset).toBe(true);
    expect(await viewers(w1)).toHaveLength(3);
    expect(await viewers(w2)).toHaveLength(2);
    expect((await replica.pullWebcast("viewers", w2, ofWebcast(w2))).reset).toBe(true);
    expect((await viewers(w2)).map((row) => row.id)).not.toContain(gone?.id);
    expect(await viewers(w2)).toHaveLength(1);
    expect(await viewers(w1)).toHaveLength(3);
  });

  it("forgets a closed webcast's viewers, and a deletion reaches the device", async () => {
    const { replica, send, ofWebcast, viewers, w1 } = await withViewers();
    await replica.openWebcast(w1);
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    const [first] = await viewers(w1);
    await replica.mutate("deleteViewers", { webcast_id: w1, ids: [first?.id ?? ""] });
    await replica.push(send());
    await replica.pullWebcast("viewers", w1, ofWebcast(w1));
    expect(await viewers(w1)).toHaveLength(2);
    await replica.closeWebcast("viewers", w1);
    expect(await viewers(w1)).toEqual([]);
    expect(await replica.openedWebcasts()).toEqual([]);
  });

  it("writes a first pull's pages before their checks, each (but the second) begun before the one before ended; a reset that finds other rows of its webcast is redone reading first and drops them", async () => {
    const { replica, ofWebcast, store, viewers, w1 } = await withViewers();
    await replica.openWebcast(w1);
    // The store, its transactions logged as they begin and end.
    const log: string[] = [];
    const watched: ReplicaStore = Object.create(store, {
      transaction: {
        value: <T,>(fn: () => Promise<T>, narrow?: "viewers") => {
          log.push("begin");
          return store.transaction(fn, narrow).finally(() => log.push("end"));
        },
      },
    });
    // The device's replica registered the webcast; a second one over the same store, watched, pulls it.
    const watchedReplica = new Replica({ store: watched, registry: ALL_MUTATORS, actor: alice, locale: "en", onDemandReaders: ON_DEMAND_READERS });
    // Pages of one row, all there at once.
    await watchedReplica.pullWebcast("viewers", w1, ofWebcast(w1, 1));
    expect((await viewers(w1)).map((row) => row.name).sort()).toEqual(["Viewer 0", "Viewer 1", "Viewer 2"]);
    // The registry's read; the first page, ended before the second began (its checks come right
    // after its writes); the third begun before the second ended.
    expect(log.slice(0, 7)).toEqual(["begin", "end", "begin", "end", "begin", "begin", "end"]);

    // A row of the webcast the server does not have (left behind), then the pull starts over: the
    // first page, written first, finds four rows of the webcast where it put one, and is redone.
    const [kept] = await viewers(w1);
    if (!kept) throw new Error("no viewer pulled");
    await store.transaction(async () => {
      await store.view.put("viewers", { ...kept, id: "0195ffff-0000-7000-9000-000000000001", name: "Left behind" });
      const known = await store.opened.get(w1);
      if (known) await store.opened.put({ ...known, cursor: 0, synced: null });
    });
    await replica.pullWebcast("viewers", w1, ofWebcast(w1, 1));
    expect((await viewers(w1)).map((row) => row.name).sort()).toEqual(["Viewer 0", "Viewer 1", "Viewer 2"]);
  });

  it("a pull of many pages with a viewer change queued goes through in one go (each page redone in a wider transaction, the next one waiting for it)", async () => {
    const { replica, ofWebcast, viewerArgs, viewers, w1 } = await withViewers();
    await replica.openWebcast(w1);
    // Queued, not sent: every page of the pull meets it.
    await replica.mutate("createViewer", viewerArgs(w1, 20));
    await replica.pullWebcast("viewers", w1, ofWebcast(w1, 1));
    expect((await viewers(w1)).map((row) => row.name).sort()).toEqual(["Viewer 0", "Viewer 1", "Viewer 2", "Viewer 20"]);
    expect((await replica.openedWebcasts())[0]?.synced).not.toBeNull();
  });
}
