import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../index.ts";
import { seedDemo } from "../../test/client.ts";
import { purgeExpired } from "./purge.ts";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const past = "2026-11-22T11:00:00.000Z";
const future = "2026-11-22T13:00:00.000Z";
const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n;

async function fill() {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('s-old', 1, ?1), ('s-live', 1, ?2)").bind(past, future),
    env.DB.prepare(
      "INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at, used_at) VALUES ('t-old', 1, 'password_reset', ?1, NULL), ('t-used', 1, 'password_reset', ?2, ?1), ('t-live', 1, 'password_reset', ?2, NULL)",
    ).bind(past, future),
    env.DB.prepare("INSERT INTO rate_limits (key, count, window_ends_at) VALUES ('r-old', 3, ?1), ('r-live', 3, ?2)").bind(NOW.getTime() - 1, NOW.getTime() + 60_000),
    env.DB.prepare("INSERT INTO sso_states (state, organization_id, nonce, code_verifier, expires_at) VALUES ('x-old', 1, 'n', 'v', ?1), ('x-live', 1, 'n', 'v', ?2)").bind(past, future),
  ]);
}

beforeAll(async () => {
  await seedDemo();
});

describe("purgeExpired", () => {
  it("removes only what can no longer be used", async () => {
    await fill();
    expect(await purgeExpired(env.DB, NOW)).toEqual({ sessions: 1, user_tokens: 2, rate_limits: 1, sso_states: 1 });
    const left = await env.DB.prepare(
      "SELECT (SELECT group_concat(id) FROM sessions) AS s, (SELECT group_concat(token_hash) FROM user_tokens) AS t, (SELECT group_concat(key) FROM rate_limits) AS r, (SELECT group_concat(state) FROM sso_states) AS x",
    ).first();
    expect(left).toEqual({ s: "s-live", t: "t-live", r: "r-live", x: "x-live" });
  });

  it("runs from the worker's scheduled handler", async () => {
    await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('s-cron', 1, ?1)").bind(past).run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "23 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE id = 's-cron'").first()).toEqual({ n: 0 });
    expect(await count("sessions")).toBeGreaterThanOrEqual(1);
  });
});
