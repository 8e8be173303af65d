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
 * A version 2 of the contract as a real bump would make it: `updateWebcast { id, now, …fields }`
 * becomes `editWebcast { webcast, changes, now }`, with the upgrade that turns the first into the second.
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
const V2_MUTATORS = { ...unchanged, editWebcast };
const V2: SyncContract = {
  version: 2,
  upgrades: {
    2: ({ name, args }) => {
      if (name !== "updateWebcast" || !isRecord(args)) return { name, args };
      const { id, now, ...changes } = args;
      return { name: "editWebcast", args: { webcast: id, changes, now } };
    },
  },
};

/** The server of version 2 behind its push route: upgrades what it is sent (as worker/features/sync/push.ts does), then applies it. */
function v2Sender(server: ReturnType<typeof memoryServer>, actor: MutationActor): PushSender {
  return async (mutations) => {
    const upgraded = structuredClone(mutations).map((sent) => {
      const result = upgradeMutation(sent, V2);
      if (!result.ok) throw new Error(`not upgraded: ${result.reason}`);
      return result.mutation;
    });
    return structuredClone(await applyPush(server.store, V2_MUTATORS, actor, "en", upgraded, SERVER_NOW));
  };
}

function v2Replica(store: MemoryReplicaStore, actor: MutationActor): Replica<typeof V2_MUTATORS> {
  return new Replica({
    store,
    registry: V2_MUTATORS,
    contract: V2,
    actor,
    locale: "en",
    clock: tickingClock(Date.UTC(2026, 0, 2)),
    newId: idSequence(Date.UTC(2026, 0, 2), 99),
    organization: async (id) => (id === ORGANIZATION_ID ? rules() : undefined),
  });
}

describe("an outbox written by version 1 replayed by the app and server of version 2", () => {
  const alice = organizer(7);
  const bob = organizer(8);

  it("keeps every queued edit: the new app shows it after a rebase, the new server applies it once", async () => {
    const server = memoryServer();
    const store = new MemoryReplicaStore();
    const v1 = testReplica(store, alice);
    const id = idSequence(Date.UTC(2026, 0, 1), 50)();
    await v1.mutate("createWebcast", webcastArgs(id));
    await v1.push(server.sender(alice));
    await v1.pull(server.fetcher());

    // Offline on version 1: an edit queued with its version, and one queued before mutations carried a version.
    const stamped = await v1.mutate("updateWebcast", { id, event_title: "Edited offline", now: "2026-01-02T00:00:00.000Z" });
    expect(stamped.contract_version).toBe(1);
    await store.transaction(() =>
      store.outbox.add({ id: idSequence(Date.UTC(2026, 0, 1, 13), 51)(), name: "updateWebcast", args: { id, description: "Queued long ago", now: "2026-01-02T00:00:01.000Z" }, client_time: "2026-01-01T13:00:00.000Z", cursor: null, touched: [] }),
    );

    // The app updates to version 2 while the server moved on (another user's edit).
    const other = testReplica(new MemoryReplicaStore(), bob);
    await other.pull(server.fetcher());
    await other.mutate("updateWebcast", { id, duration: 90, now: "2026-01-02T00:00:02.000Z" });
    await other.push(server.sender(bob));

    const v2 = v2Replica(store, alice);
    await v2.pull(server.fetcher()); // rebases: both version 1 entries re-run as upgraded
    expect((await store.rowsOf("view", "webcasts"))[0]).toMatchObject({ event_title: "Edited offline", description: "Queued long ago", duration: 90 });

    // Pushed as written (the server upgrades them): both applied, nothing refused.
    expect(await v2.push(v2Sender(server, alice))).toEqual({ status: "done", answered: 2, rejected: 0 });
    expect(await v2.rejected()).toEqual([]);
    await v2.pull(server.fetcher());
    expect(await v2.pending()).toEqual([]);
    expect((await store.rowsOf("view", "webcasts"))[0]).toMatchObject({ event_title: "Edited offline", description: "Queued long ago", duration: 90 });

    // A retry of the same ids (a lost answer) is not applied twice.
    const again = await v2Sender(server, alice)([{ ...stamped }]);
    expect(again.results).toEqual([{ id: stamped.id, status: "already_applied", cursor: expect.any(Number) }]);
  });

  it("takes the pushes of an app still on version 1 (a tab not reloaded yet), and the new app writes version 2", async () => {
    const server = memoryServer();
    const old = testReplica(new MemoryReplicaStore(), alice);
    const id = idSequence(Date.UTC(2026, 0, 1), 60)();
    await old.mutate("createWebcast", webcastArgs(id));
    await old.mutate("updateWebcast", { id, event_title: "From the old tab", now: "2026-01-02T00:00:00.000Z" });
    expect(await old.push(v2Sender(server, alice))).toEqual({ status: "done", answered: 2, rejected: 0 });

    const store = new MemoryReplicaStore();
    const v2 = v2Replica(store, alice);
    await v2.pull(server.fetcher());
    expect((await store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("From the old tab");
    const edit = await v2.mutate("editWebcast", { webcast: id, changes: { event_title: "From the new app" }, now: "2026-01-03T00:00:00.000Z" });
    expect(edit.contract_version).toBe(2);
    expect(await v2.push(v2Sender(server, alice))).toEqual({ status: "done", answered: 1, rejected: 0 });
    await v2.pull(server.fetcher());
    expect((await store.rowsOf("view", "webcasts"))[0]?.event_title).toBe("From the new app");
  });
});
