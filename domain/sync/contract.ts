import { z } from "zod";
import type { MutatorRegistry } from "./run.ts";
import type { PendingMutation } from "./types.ts";

/**
 * The sync contract between a browser and the server: the arguments of every mutator (what an
 * outbox holds) and the rows a pull answers (what IndexedDB holds). It has a version; a test
 * (worker/features/sync/contract.test.ts) hashes the contract and fails when it changes without a
 * new version and its recorded hash, so no argument or row change ships by accident while
 * browsers hold mutations queued offline by the previous app.
 *
 * Every queued mutation carries the version it was written under (`contract_version`; none means
 * 1, the version before the field). A bump that changes a mutator's arguments adds an upgrade to
 * CONTRACT_UPGRADES, which turns a mutation of the previous version into one of the new version:
 * the server upgrades what an older app pushes, and the browser upgrades its own outbox when it
 * replays it (docs/sync.md "Contract version"). Nothing queued offline is lost.
 */
export const CONTRACT_VERSION = 4;

/** SHA-256 of the canonical contract, per version (hex). */
export const CONTRACT_HASHES: Readonly<Record<number, string>> = {
  1: "6ca765f9b3bd10d20dbc5ad6eef7b90577570e3a3651792d483b0c9a5af3a24e",
  // Issue #17: the library (media), slide decks and premiere playlists, their rows and mutators.
  2: "65eaeca3d4565eaf214942f8209a56b1750cfd4923c16711acd3a4232dc487cc",
  // Issue #18: viewers' mutators; viewers pulled per webcast.
  3: "5578d73c4302e5db6e90da11104f3a338da53a26eabaf6e1b304e33e8d9bf47b",
  // Issue #19: the webcast's registration form (`registration_fields`, row column and an optional
  // argument of createWebcast / updateWebcast).
  4: "8b804d8843af3ab108d2cfe48639e77ce067bf60c162ea0bd9669d93273fcc45",
};

/** A mutation's mutator and arguments, as one contract version names them. */
export interface ContractCall {
  readonly name: string;
  readonly args: unknown;
}

/**
 * Turns a mutation written under version `n - 1` into the same change under version `n` (rename a
 * mutator, move or default an argument). It takes whatever an older client sent, so it must be
 * total: a call it does not recognise goes through unchanged (the schema then judges it).
 */
export type ContractUpgrade = (call: ContractCall) => ContractCall;

/**
 * The upgrade into each version, by the version it produces: CONTRACT_UPGRADES[2] turns a version 1
 * mutation into a version 2 one. Kept at least SYNC_RETENTION_DAYS after the next version ships
 * (a mutation older than that is refused `expired` anyway); in practice they stay, being small.
 */
export const CONTRACT_UPGRADES: Readonly<Record<number, ContractUpgrade>> = {
  // Version 2 only added tables and mutators: a version 1 call means the same thing.
  2: (call) => call,
  // Issue #18: viewers' mutators; viewers pulled per webcast. Version 3 only adds mutators: a
  // version 2 call means the same thing.
  3: (call) => call,
  // Issue #19: `registration_fields` is a new optional argument of createWebcast and updateWebcast
  // (and a new row column): a version 3 call, which never carries it, means the same thing. The
  // entry is still needed: without it `upgradeMutation` would find no path and refuse it `outdated`.
  4: (call) => call,
};

/** A contract: its version and the upgrades into it (tests make others). */
export interface SyncContract {
  readonly version: number;
  readonly upgrades: Readonly<Record<number, ContractUpgrade>>;
}

export const SYNC_CONTRACT: SyncContract = { version: CONTRACT_VERSION, upgrades: CONTRACT_UPGRADES };

/** The version of mutations queued before they carried one. */
export const FIRST_CONTRACT_VERSION = 1;

export type UpgradedMutation =
  | { ok: true; mutation: PendingMutation }
  /**
   * `outdated`: written under a version whose upgrade is no longer kept (or that failed on it);
   * `ahead`: written by a newer app than this contract (a server rolled back): keep it queued.
   */
  | { ok: false; reason: "outdated" | "ahead" };

/**
 * `mutation` as `contract` reads it: upgraded one version at a time from the version it was
 * written under (same id, so the server still applies it once), stamped with the contract's version.
 */
export function upgradeMutation(mutation: PendingMutation, contract: SyncContract = SYNC_CONTRACT): UpgradedMutation {
  let version = mutation.contract_version ?? FIRST_CONTRACT_VERSION;
  if (version > contract.version) return { ok: false, reason: "ahead" };
  if (version === contract.version) return { ok: true, mutation };
  let call: ContractCall = { name: mutation.name, args: mutation.args };
  while (version < contract.version) {
    const upgrade = contract.upgrades[version + 1];
    if (!upgrade) return { ok: false, reason: "outdated" };
    try {
      call = upgrade(call);
    } catch {
      return { ok: false, reason: "outdated" };
    }
    version++;
  }
  return { ok: true, mutation: { ...mutation, name: call.name, args: call.args, contract_version: version } };
}

/** Each mutator's arguments as JSON Schema (the input a client sends), by name, names sorted. */
export function mutatorArgumentSchemas(registry: MutatorRegistry): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(registry)
      .sort()
      .map((name) => [name, z.toJSONSchema(registry[name]?.args ?? z.never(), { io: "input", unrepresentable: "any" })]),
  );
}

/** A value's JSON with object keys sorted at every level, so equal contracts hash equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}
