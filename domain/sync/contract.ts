import { z } from "zod";
import type { MutatorRegistry } from "./run.ts";

/**
 * The sync contract between a browser and the server: the arguments of every mutator (what an
 * outbox holds) and the rows a pull answers (what IndexedDB holds). It has a version; a test
 * (worker/features/sync/contract.test.ts) hashes the contract and fails when it changes without a
 * new version and its recorded hash, so no argument or row change ships by accident while
 * browsers hold mutations queued offline by the previous app.
 *
 * On a version bump, say in docs/sync.md how mutations queued by the previous version are taken
 * (the server parses them with the previous arguments for one version, or the client migrates its
 * outbox) and test it with an outbox written by the previous version.
 */
export const CONTRACT_VERSION = 1;

/** SHA-256 of the canonical contract, per version (hex). */
export const CONTRACT_HASHES: Readonly<Record<number, string>> = {
  1: "6ca765f9b3bd10d20dbc5ad6eef7b90577570e3a3651792d483b0c9a5af3a24e",
};

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
