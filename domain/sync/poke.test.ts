import { describe, expect, it } from "vitest";
import { parsePokeFrame, pokeCursor, pokeFrame, pokeMessageSchema } from "./poke.ts";

describe("pokeCursor", () => {
  it("announces the furthest applied result, and nothing when no mutation wrote", () => {
    const error = { code: "limit_reached", message: "No." };
    expect(pokeCursor([])).toBeNull();
    expect(pokeCursor([{ id: "a", status: "already_applied", cursor: 9 }, { id: "b", status: "rejected", error }])).toBeNull();
    expect(pokeCursor([{ id: "a", status: "applied", cursor: 4 }, { id: "b", status: "applied", cursor: 7 }, { id: "c", status: "already_applied", cursor: 12 }])).toBe(7);
    expect(pokeMessageSchema.parse(JSON.parse(pokeFrame(7)))).toEqual({ type: "poke", cursor: 7 });
  });
});

describe("parsePokeFrame", () => {
  it("reads the cursor of a poke frame and nothing else", () => {
    expect(parsePokeFrame(pokeFrame(12))).toBe(12);
    expect([parsePokeFrame("not json"), parsePokeFrame('{"type":"other","cursor":3}'), parsePokeFrame(new ArrayBuffer(2))]).toEqual([null, null, null]);
  });
});
