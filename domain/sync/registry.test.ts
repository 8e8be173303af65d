import { describe, expect, it } from "vitest";
import { ALL_MUTATORS, MUTATOR_REGISTRIES } from "./registry.ts";

describe("mutator registry", () => {
  it("has one mutator per name, each registered under its own name", () => {
    const names = MUTATOR_REGISTRIES.flatMap((registry) => Object.keys(registry));
    expect(new Set(names).size).toBe(names.length);
    for (const [name, mutator] of Object.entries(ALL_MUTATORS)) expect(mutator.name).toBe(name);
  });
});
