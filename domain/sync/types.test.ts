import { describe, expect, it } from "vitest";
import { webcastRow } from "../webcasts/testing.ts";
import { type RowQuery, matchesQuery } from "./types.ts";

const row = webcastRow;

const march: RowQuery<"webcasts"> = { range: { column: "event_start_date_time", from: "2026-03", to: "2026-04" } };

describe("matchesQuery (the reference of every store's count)", () => {
  it("takes the organization, the range [from, to) and equal columns", () => {
    expect(matchesQuery(row(), 1, march)).toBe(true);
    expect(matchesQuery(row(), 2, march)).toBe(false);
    expect(matchesQuery(row({ event_start_date_time: "2026-04-01T00:00:00.000Z" }), 1, march)).toBe(false);
    expect(matchesQuery(row({ is_test: true }), 1, { ...march, equals: { is_test: false } })).toBe(false);
  });

  it("except: leaves out rows holding one of the values", () => {
    const query: RowQuery<"webcasts"> = { ...march, except: { column: "state", values: ["archived", "canceled"] } };
    expect(matchesQuery(row({ state: "canceled" }), 1, query)).toBe(false);
    expect(matchesQuery(row({ state: "live" }), 1, query)).toBe(true);
    expect(matchesQuery(row({ state: "live" }), 1, { ...march, except: { column: "state", values: [] } })).toBe(true);
    // A null value is never excluded (on D1 too: `IS NULL OR NOT IN`).
    expect(matchesQuery(row({ source_type: null }), 1, { ...march, except: { column: "source_type", values: ["rtmp"] } })).toBe(true);
  });

  it("endsAfter: keeps rows whose start + minutes is after the time, to the millisecond", () => {
    const at = (after: string): RowQuery<"webcasts"> => ({ ...march, endsAfter: { minutes: "duration", after } });
    expect(matchesQuery(row(), 1, at("2026-03-10T15:59:59.999Z"))).toBe(true);
    expect(matchesQuery(row(), 1, at("2026-03-10T16:00:00.000Z"))).toBe(false);
    expect(matchesQuery(row({ event_start_date_time: "2026-03-10T15:00Z" }), 1, at("2026-03-10T15:59:59.999Z"))).toBe(true);
    expect(matchesQuery(row(), 1, at("not a time"))).toBe(false);
  });
});
