import { describe, expect, it } from "vitest";
import { ALL_MUTATORS, MUTATOR_REGISTRIES, SERVER_ONLY_MUTATORS } from "./registry.ts";

describe("mutator registry", () => {
  it("has one mutator per name, each registered under its own name", () => {
    const names = MUTATOR_REGISTRIES.flatMap((registry) => Object.keys(registry));
    expect(new Set(names).size).toBe(names.length);
    for (const [name, mutator] of Object.entries(ALL_MUTATORS)) expect(mutator.name).toBe(name);
  });

  it("lists only registered mutators as server-only", () => {
    for (const name of SERVER_ONLY_MUTATORS) expect(Object.keys(ALL_MUTATORS)).toContain(name);
  });
});
