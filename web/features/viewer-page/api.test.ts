import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./api.ts";

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("30")).toBe(30_000);
    expect(retryAfterMs("Tue, 01 Dec 2026 14:00:30 GMT", Date.parse("2026-12-01T14:00:00Z"))).toBe(30_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});
