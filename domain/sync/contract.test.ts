import { describe, expect, it } from "vitest";
import { z } from "zod";
import { WEBCAST_MUTATORS, updateWebcast } from "../webcasts/mutators.ts";
import { UUID_V7 } from "./uuidv7.ts";
import { CONTRACT_VERSION, type ContractCall, SYNC_CONTRACT, type SyncContract, upgradeMutation } from "./contract.ts";
import { MemoryReplicaStore } from "./memory-replica-store.ts";
import { Replica, type PushSender } from "./replica.ts";
import { resolveMutation } from "./run.ts";
import { applyPush } from "./server.ts";
import { ORGANIZATION_ID, SERVER_NOW, idSequence, memoryServer, organizer, rules, testReplica, tickingClock, webcastArgs } from "./testing.ts";
import { type MutationActor, type PendingMutation, defineMutator } from "./types.ts";

const mutation = (fields: Partial<PendingMutation> = {}): PendingMutation => ({
  id: "0194c4a0-0000-7000-8000-000000000001",
  name: "renameThing",
  args: { id: "a", title: "T" },
  client_time: "2026-01-01T00:00:00.000Z",
  ...fields,
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

describe("upgradeMutation", () => {
  const rename = ({ name, args }: ContractCall): ContractCall => (name === "renameThing" && isRecord(args) ? { name: "retitleThing", args } : { name, args });
  const moveTitle = ({ name, args }: ContractCall): ContractCall => {
    if (name !== "retitleThing" || !isRecord(args)) return { name, args };
    const { title, ...rest } = args;
    return { name, args: { ...rest, label: title } };
  };
  const v3: SyncContract = { version: 3, upgrades: { 2: rename, 3: moveTitle } };

  it("leaves a mutation of the contract's version as it is", () => {
    const current = mutation({ contract_version: 3 });
    expect(upgradeMutation(current, v3)).toEqual({ ok: true, mutation: current });
  });

  it("reads a mutation without a version as version 1 and upgrades it one version at a time, keeping its id", () => {
    expect(upgradeMutation(mutation(), v3)).toEqual({
      ok: true,
      mutation: { ...mutation(), name: "retitleThing", args: { id: "a", label: "T" }, contract_version: 3 },
    });
    expect(upgradeMutation(mutation({ name: "retitleThing", contract_version: 2 }), v3)).toEqual({
      ok: true,
      mutation: { ...mutation(), name: "retitleThing", args: { id: "a", label: "T" }, contract_version: 3 },
    });
  });

  it("passes a call an upgrade does not recognise through unchanged (the schema judges it)", () => {
    expect(upgradeMutation(mutation({ name: "somethingElse", args: 42 }), v3)).toEqual({ ok: true, mutation: { ...mutation({ name: "somethingElse", args: 42 }), contract_version: 3 } });
  });

  it("says `ahead` for a mutation of a newer version, `outdated` when an upgrade on the way is missing or throws", () => {
    expect(upgradeMutation(mutation({ contract_version: 4 }), v3)).toEqual({ ok: false, reason: "ahead" });
    expect(upgradeMutation(mutation(), { version: 3, upgrades: { 3: moveTitle } })).toEqual({ ok: false, reason: "outdated" });
    const broken = () => {
      throw new Error("bug");
    };
    expect(upgradeMutation(mutation(), { version: 2, upgrades: { 2: broken } })).toEqual({ ok: false, reason: "outdated" });
  });

  it("has an upgrade into every version after the first that this app ships", () => {
    expect(SYNC_CONTRACT.version).toBe(CONTRACT_VERSION);
    for (let version = 2; version <= CONTRACT_VERSION; version++) expect(SYNC_CONTRACT.upgrades[version], `upgrade into version ${version}`).toBeTypeOf("function");
  });
});

/**
 * The next version of the contract as a real bump would make it: `updateWebcast { id, now, …fields }`
 * becomes `editWebcast { webcast, changes, now }`, with the upgrade that turns the first into the
 * second (after the upgrades the current version ships).
 */
const editWebcastArgs = z.strictObject({ webcast: z.string().regex(UUID_V7), changes: z.record(z.string(), z.unknown()), now: z.string() });
const editWebcast = defineMutator(
  "editWebcast",
  editWebcastArgs,
  (args) => ({ rowId: args.webcast }),
  async (tx, args, ctx) => {
    const { args: parsed } = resolveMutation(WEBCAST_MUTATORS, { name: "updateWebcast", args: { id: args.webcast, ...args.changes, now: args.now } }, ctx.locale);
    await updateWebcast.run(tx, updateWebcast.args.parse(parsed), ctx);
  },
);
const { updateWebcast: _replaced, ...unchanged } = WEBCAST_MUTATORS;
const NEXT_MUTATORS = { ...unchanged, editWebcast };
const NEXT = CONTRACT_VERSION + 1;
const NEXT_CONTRACT: SyncContract = {
  version: NEXT,
  upgrades: {
    ...SYNC_CONTRACT.upgrades,
    [NEXT]: ({ name, args }: ContractCall): ContractCall => {
      if (name !== "updateWebcast" || !isRecord(args)) return { name, args };
      const { id, now, ...changes } = args;
      return { name: "editWebcast", args: { webcast: id, changes, now } };
    },
  },
};

/** The server of the next version behind its push route: upgrades what it is sent (as worker/features/sync/push.ts does), then applies it. */
function nextSender(server: ReturnType<typeof memoryServer>, actor: MutationActor): PushSender {
  return async (mutations) => {
    const upgraded = structuredClone(mutations).map((sent) => {
      const result = upgradeMutation(sent, NEXT_CONTRACT);
      if (!result.ok) throw new Error(`not upgraded: ${result.reason}`);
      return result.mutation;
    });
    return structuredClone(await applyPush(server.store, NEXT_MUTATORS, actor, "en", upgraded, SERVER_NOW));
  };
}

function nextReplica(store: MemoryReplicaStore, actor: MutationActor): Replica<typeof NEXT_MUTATORS> {
  return new Replica({
    store,
    registry: NEXT_MUTATORS,
    contract: NEXT_CONTRACT,
    actor,
    locale: "en",
    clock: tickingClock(Date.UTC(2026, 0, 2)),
    newId: idSequence(Date.UTC(2026, 0, 2), 99),
    organization: async (id) => (id === ORGANIZATION_ID ? rules() : undefined),
  });
}

describe("an outbox written by the current version replayed by the app and server of the next one", () => {
  const alice = organizer(7);
  const bob = organizer(8);

  it("keeps every queued edit: the new app shows it after a rebase, the new server applies it once", async () => {
    const server = memoryServer();
    const store = new MemoryReplicaStore();
    const current = testReplica(store, alice);
    const id = idSequence(Date.UTC(2026, 0, 1), 50)();
    await current.mutate("createWebcast", webcastArgs(id));
    await current.push(server.sender(alice));
    await current.pull(server.fetcher());

    // Offline on the current version: an edit queued with its version, and one queued before
    // mutations carried a version (read as version 1, upgraded through every version since).
    const stamped = await current.mutate("updateWebcast", { id, event_title: "Edited offline", now: "2026-01-02T00:00:00.000Z" });
    expect(stamped.contract_version).toBe(CONTRACT_VERSION);
    await store.transaction(() =>
      store.outbox.add({ id: idSequence(Date.UTC(2026, 0, 1, 13), 51)(), name: "updateWebcast", args: { id, description: "Queued long ago", now: "2026-01-02T00:00:01.000Z" }, client_time: "2026-01-01T13:00:00.000Z", cursor: null, touched: [] }),
    );

    // The app updates to the next version while the server moved on (another user's edit).
    const other = testReplica(new MemoryReplicaStore(), bob);
    await other.pull(server.fetcher());
    await other.mutate("updateWebcast", { id, duration: 90, now: "2026-01-02T00:00:02.000Z" });
    await other.push(server.sender(bob));

    const next = nextReplica(store, alice);
    await next.pull(server.fetcher()); // rebases: both older entries re-run as upgraded
    expect((await store.rowsOf("view", "webcasts"))[0]).toMatchObject({ event_title: "Edited offline", description: "Queued long ago", duration: 90 });

    // Pushed as written (the server upgrades them): both applied, nothing refused.
    expect(await next.push(nextSender(server, alice))).toEqual({ status: "done", answered: 2, rejected: 0 });
    expect(await next.rejected()).toEqual([]);
    await next.pull(server.fetcher());
    expect(await next.pending()).toEqual([]);
    expect((await store.rowsOf("view", "webcasts"))[0]).toMatchObject({ event_title: "Edited offline", description: "Queued long ago", duration: 90 });

    // A retry of the same ids (a lost answer) is not applied twice.
    const again = await nextSender(server, alice)([{ ...stamped }]);
    expect(again.results).toEqual([{ id: stamped.id, status: "already_applied", cursor: expect.any(Number) }]);
  });

  it("takes the pushes of an app still on the current version (a tab not reloaded yet), and the new app writes the next", async () => {
    const server = memoryServer();
    const old = testReplica(new MemoryReplicaStore(), alice);
    const id = idSequence(Date.UTC(2026, 0, 1), 60)();
    await old.mutate("createWebcast", webcastArgs(id));
    await old.mutate("updateWebcast", { id, event_title: "From the old tab", now: "2026-01-02T00:00:00.000Z" });
    expect(await old.push(nextSender(server, alice))).toEqual({ status: "done", answered: 2, rejected: 0 });

    const store = new MemoryReplicaStore();
    const next = nextReplica(store, alice);
    await next.pull(server.fetcher());
    expect((await store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("From the old tab");
    const edit = await next.mutate("editWebcast", { webcast: id, changes: { event_title: "From the new app" }, now: "2026-01-03T00:00:00.000Z" });
    expect(edit.contract_version).toBe(NEXT);
    expect(await next.push(nextSender(server, alice))).toEqual({ status: "done", answered: 1, rejected: 0 });
    await next.pull(server.fetcher());
    expect((await store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("From the new app");
  });
});
