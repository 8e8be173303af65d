import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./password.ts";

const pepper = env.PASSWORD_PEPPER ?? "";

describe("password hashing (PBKDF2-SHA256, 100,000 iterations)", () => {
  it("verifies the right password only, and logs what one hash costs in workerd", async () => {
    // Timing only (figure for docs/decisions.md), never asserted.
    const times: number[] = [];
    let stored = "";
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      stored = await hashPassword("Correct-horse-1", pepper);
      times.push(performance.now() - started);
    }
    const verifyStarted = performance.now();
    expect(await verifyPassword("Correct-horse-1", stored, pepper)).toBe(true);
    const verifyMs = performance.now() - verifyStarted;
    const median = [...times].sort((a, b) => a - b)[2] ?? 0;
    console.log(`[pbkdf2] hashPassword median ${median.toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(1)).join(", ")}), verifyPassword ${verifyMs.toFixed(1)} ms`);
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct-horse-1", stored, pepper)).toBe(false);
    expect(await verifyPassword("Correct-horse-1", stored, "another pepper")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("Same-pass-1", pepper)).not.toBe(await hashPassword("Same-pass-1", pepper));
  });

  it("never matches the dummy hash nor a malformed or over-costly stored value", async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH, pepper)).toBe(false);
    expect(await verifyPassword("anything", "plain-text", pepper)).toBe(false);
    expect(await verifyPassword("anything", "pbkdf2-sha256$abc$AAAA$AAAA", pepper)).toBe(false);
    expect(await verifyPassword("anything", "pbkdf2-sha256$1000000$AAAA$AAAA", pepper)).toBe(false);
  });
});
