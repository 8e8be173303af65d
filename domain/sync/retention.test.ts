import { describe, expect, it } from "vitest";
import { SYNC_RETENTION_DAYS, mutationExpired, retentionCutoff } from "./retention.ts";
import { uuidv7, uuidv7Time } from "./uuidv7.ts";

describe("sync retention", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const daysAgo = (days: number) => now.getTime() - days * 86_400_000;

  it("reads the time back from a UUIDv7, and nothing from another value", () => {
    expect(uuidv7Time(uuidv7(daysAgo(3)))).toBe(daysAgo(3));
    expect(uuidv7Time("not-an-id")).toBeNull();
  });

  it("expires a mutation made before the retention period, not one made within it", () => {
    expect(retentionCutoff(now).getTime()).toBe(daysAgo(SYNC_RETENTION_DAYS));
    expect(mutationExpired(uuidv7(daysAgo(SYNC_RETENTION_DAYS + 1)), now)).toBe(true);
    expect(mutationExpired(uuidv7(daysAgo(SYNC_RETENTION_DAYS - 1)), now)).toBe(false);
    expect(mutationExpired("client-made-id", now)).toBe(false);
  });
});
