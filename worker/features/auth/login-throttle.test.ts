import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOGIN_THROTTLES } from "../../auth/throttle.ts";
import { TestClient } from "../../test/client.ts";
import { loginKeys } from "./session-routes.ts";
import { PASSWORD, createUser, login, unique } from "./test-support.ts";

/**
 * POST /login is slowed by growing delays, never locked (issue #14 point 5): five wrong passwords
 * used to lock an account for everyone for 15 minutes.
 */

const WRONG = "Wrong-pass-1!";
const row = (key: string) => env.DB.prepare("SELECT count, next_at FROM rate_limits WHERE key = ?").bind(key).first<{ count: number; next_at: number }>();
/** Lets the wait of `key` run out now (instead of sleeping through it). */
const waitOut = (key: string) => env.DB.prepare("UPDATE rate_limits SET next_at = 0 WHERE key = ?").bind(key).run();
const retryAfter = (response: Response) => Number(response.headers.get("Retry-After"));

describe("POST /login throttling", () => {
  it("slows a guesser on one account from one address with doubling waits, capped, in the user's language", async () => {
    const { email, ip } = unique("guess");
    await createUser({ email });
    const { pair } = loginKeys(email, ip);
    for (let i = 0; i <= LOGIN_THROTTLES.pair.free; i++) expect((await login(new TestClient(), { email, password: WRONG }, ip)).status).toBe(422);

    const fr = await login(new TestClient("fr"), { email, password: PASSWORD }, ip);
    expect(fr.status).toBe(429);
    expect(await fr.json()).toMatchObject({ code: "too_many_attempts", message: "Trop de tentatives. Veuillez réessayer plus tard." });
    expect(retryAfter(fr)).toBe(1);
    const de = await new TestClient().request("/login", { method: "POST", json: { email, password: WRONG }, headers: { "CF-Connecting-IP": ip, "Accept-Language": "de" } });
    expect(await de.json()).toMatchObject({ message: "Zu viele Versuche. Bitte versuchen Sie es später erneut." });

    // Each further failure doubles the wait: 2 s, 4 s…
    await waitOut(pair);
    expect((await login(new TestClient(), { email, password: WRONG }, ip)).status).toBe(422);
    expect(retryAfter(await login(new TestClient("en"), { email, password: WRONG }, ip))).toBe(2);
    await waitOut(pair);
    expect((await login(new TestClient(), { email, password: WRONG }, ip)).status).toBe(422);
    expect(retryAfter(await login(new TestClient("en"), { email, password: WRONG }, ip))).toBe(4);
    // … up to the cap, however many failures.
    await env.DB.prepare("UPDATE rate_limits SET count = 500, next_at = 0 WHERE key = ?").bind(pair).run();
    expect((await login(new TestClient(), { email, password: WRONG }, ip)).status).toBe(422);
    expect(retryAfter(await login(new TestClient(), { email, password: WRONG }, ip))).toBe(LOGIN_THROTTLES.pair.maxDelayMs / 1000);

    // Refused attempts were not counted, and the owner signs in from elsewhere at once.
    expect((await row(pair))?.count).toBe(501);
    expect((await login(new TestClient(), { email, password: PASSWORD }, unique("home").ip)).status).toBe(200);
  });

  it("keeps the owner out for at most a minute when strangers everywhere fail on the account, and not at all from a known address", async () => {
    const { email } = unique("target");
    await createUser({ email });
    const home = unique("home").ip;
    expect((await login(new TestClient(), { email, password: PASSWORD }, home)).status).toBe(200);

    // Strangers from many addresses (each pair and address fresh): the account-wide budget runs out.
    for (let i = 0; i <= LOGIN_THROTTLES.account.free; i++) expect((await login(new TestClient(), { email, password: WRONG }, unique("bot").ip)).status).toBe(422);
    expect((await login(new TestClient(), { email, password: WRONG }, unique("bot").ip)).status).toBe(429);
    // A long attack: the wait stays at its cap (a minute), never a lock.
    const { account } = loginKeys(email, home);
    await env.DB.prepare("UPDATE rate_limits SET count = 10000, next_at = ? WHERE key = ?").bind(Date.now() + LOGIN_THROTTLES.account.maxDelayMs, account).run();
    const away = await login(new TestClient(), { email, password: PASSWORD }, unique("cafe").ip);
    expect(away.status).toBe(429);
    expect(retryAfter(away)).toBeLessThanOrEqual(60);
    await waitOut(account);
    expect((await login(new TestClient(), { email, password: PASSWORD }, unique("cafe").ip)).status).toBe(200);

    // From an address the owner signed in from before, the account-wide wait does not apply.
    await env.DB.prepare("UPDATE rate_limits SET next_at = ? WHERE key = ?").bind(Date.now() + 60_000, account).run();
    expect((await login(new TestClient(), { email, password: PASSWORD }, home)).status).toBe(200);
  });

  it("slows one address guessing across accounts, not the other addresses", async () => {
    const { ip } = unique("stuffing");
    const { email } = unique("victim");
    await createUser({ email });
    for (let i = 0; i <= LOGIN_THROTTLES.address.free; i++) {
      expect((await login(new TestClient(), { email: unique("x").email, password: WRONG }, ip)).status).toBe(422);
      // A success from the address is given back: it does not use up the budget.
      if (i === 3) expect((await login(new TestClient(), { email, password: PASSWORD }, ip)).status).toBe(200);
    }
    const blocked = await login(new TestClient("en"), { email, password: PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: "too_many_attempts", message: "Too many attempts. Please try again later." });
    expect((await login(new TestClient(), { email, password: PASSWORD }, unique("other").ip)).status).toBe(200);
  });

  it("clears the pair's failures after a successful sign-in", async () => {
    const { email, ip } = unique("clear");
    await createUser({ email });
    for (let i = 0; i < LOGIN_THROTTLES.pair.free; i++) await login(new TestClient(), { email, password: WRONG }, ip);
    expect((await login(new TestClient(), { email, password: PASSWORD }, ip)).status).toBe(200);
    expect(await row(loginKeys(email, ip).pair)).toBeNull();
    for (let i = 0; i <= LOGIN_THROTTLES.pair.free; i++) expect((await login(new TestClient(), { email, password: WRONG }, ip)).status).toBe(422);
  });

  it("throttles an unknown e-mail exactly like a known one (no enumeration)", async () => {
    const known = unique("known");
    await createUser({ email: known.email });
    const unknown = unique("unknown");
    const statuses = async (email: string, ip: string) => {
      const result: number[] = [];
      for (let i = 0; i < LOGIN_THROTTLES.pair.free + 2; i++) result.push((await login(new TestClient(), { email, password: WRONG }, ip)).status);
      return result;
    };
    const expected = [...Array.from({ length: LOGIN_THROTTLES.pair.free + 1 }, () => 422), 429];
    expect(await statuses(known.email, known.ip)).toEqual(expected);
    expect(await statuses(unknown.email, unknown.ip)).toEqual(expected);
  });
});
