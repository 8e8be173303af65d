import { describe, expect, it } from "vitest";
import { present, searchChoice, searchDay, searchPositiveInteger, searchText } from "./search-params.ts";

describe("address query parameters", () => {
  it("reads text, keeping number-looking text", () => {
    expect(searchText("webinar")).toBe("webinar");
    expect(searchText(2026)).toBe("2026");
    expect(searchText(undefined)).toBeUndefined();
    expect(searchText({ a: 1 })).toBeUndefined();
    expect(searchText(Number.NaN)).toBeUndefined();
  });

  it("reads a choice among known values only", () => {
    expect(searchChoice(["month", "week"], "week")).toBe("week");
    expect(searchChoice(["month", "week"], "year")).toBeUndefined();
    expect(searchChoice(["month", "week"], 1)).toBeUndefined();
  });

  it("reads a page: a whole number from 1", () => {
    expect(searchPositiveInteger(2)).toBe(2);
    expect(searchPositiveInteger("3")).toBe(3);
    for (const bad of [0, -1, 1.5, "abc", "", null, undefined, true]) expect(searchPositiveInteger(bad)).toBeUndefined();
  });

  it("reads a day that exists", () => {
    expect(searchDay("2026-02-28")).toBe("2026-02-28");
    expect(searchDay("2028-02-29")).toBe("2028-02-29");
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-01", "yesterday", 20260101]) expect(searchDay(bad)).toBeUndefined();
  });

  it("leaves absent values out", () => {
    expect(present({ q: "a", status: undefined, page: 2 })).toEqual({ q: "a", page: 2 });
    expect(Object.keys(present({ q: undefined }))).toEqual([]);
  });
});
