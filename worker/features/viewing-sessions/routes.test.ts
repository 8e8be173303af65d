import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { VIEWING_HEARTBEAT_S, VIEWING_SESSION_MESSAGES, type ViewingSession } from "../../../domain/viewer-page/viewing-sessions.ts";
import { seedDemo } from "../../test/client.ts";
import { errorOf, ok } from "../viewer-access/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { age, postAs, roomToken, sessionFixture, setState, storedSession } from "./testing.ts";

beforeAll(seedDemo);

const newId = () => crypto.randomUUID();

describe("a viewing session's life: start, heartbeat, end", { timeout: 30_000 }, () => {
  it("starts (201), beats (204, last_seen_at moves), ends (204, again and again), then refuses beats (409)", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id, "viewer-1");
    const id = newId();
    const before = Date.now();
    const { data } = await ok<{ data: ViewingSession }>(await postAs(browser, base, token, { id, kind: "live" }), 201);
    expect(data).toMatchObject({ id, kind: "live", heartbeat_s: VIEWING_HEARTBEAT_S });
    expect(Date.parse(data.started_at)).toBeGreaterThanOrEqual(before - 1);
    expect(await storedSession(id)).toMatchObject({ viewer_id: "viewer-1", kind: "live", ended_at: null });

    await age(id, 30);
    const aged = await storedSession(id);
    expect((await postAs(browser, `${base}/${id}/heartbeat`, token)).status).toBe(204);
    const beaten = await storedSession(id);
    expect(beaten?.last_seen_at).toBeGreaterThan((aged?.last_seen_at ?? 0) + 29_000);

    expect((await postAs(browser, `${base}/${id}/end`, token)).status).toBe(204);
    const ended = await storedSession(id);
    expect(ended?.ended_at).toBeGreaterThanOrEqual(beaten?.last_seen_at ?? 0);
    expect((await postAs(browser, `${base}/${id}/end`, token)).status).toBe(204);
    expect((await storedSession(id))?.ended_at).toBe(ended?.ended_at);

    const refused = await errorOf(await postAs(browser, `${base}/${id}/heartbeat`, token), 409);
    expect(refused.message).toBe(VIEWING_SESSION_MESSAGES.session_over.en);
  });

  it("ignores a beat closer than half the interval to the last one (204, nothing written)", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    const id = newId();
    await ok(await postAs(browser, base, token, { id, kind: "live" }), 201);
    const started = await storedSession(id);
    expect((await postAs(browser, `${base}/${id}/heartbeat`, token)).status).toBe(204);
    expect((await storedSession(id))?.last_seen_at).toBe(started?.last_seen_at);
  });

  it("applies a repeated start once: the same answer, one row, the first start kept", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id, "viewer-2");
    const id = newId();
    const first = await ok<{ data: ViewingSession }>(await postAs(browser, base, token, { id, kind: "live" }), 201);
    await age(id, 10);
    const again = await ok<{ data: ViewingSession }>(await postAs(browser, base, token, { id, kind: "live" }), 201);
    expect(Date.parse(again.data.started_at)).toBe(Date.parse(first.data.started_at) - 10_000);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM viewing_sessions WHERE id = ?").bind(id).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("refuses another viewer's session id (409 on start, 404 on its beat and end) and leaves it untouched", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const mine = await roomToken(webcast.id, "viewer-3");
    const theirs = await roomToken(webcast.id);
    const id = newId();
    await ok(await postAs(browser, base, mine, { id, kind: "live" }), 201);
    const taken = await errorOf(await postAs(browser, base, theirs, { id, kind: "live" }), 409);
    expect(taken.message).toBe(VIEWING_SESSION_MESSAGES.id_taken.en);
    await age(id, 30);
    await errorOf(await postAs(browser, `${base}/${id}/heartbeat`, theirs), 404);
    await errorOf(await postAs(browser, `${base}/${id}/end`, theirs), 404);
    expect(await storedSession(id)).toMatchObject({ viewer_id: "viewer-3", ended_at: null });
    // The same viewer with the same id and another kind is refused too.
    await setState(webcast, "archived");
    await errorOf(await postAs(browser, base, mine, { id, kind: "vod" }), 409);
  });

  it("does not revive a timed-out session (409), and ends it at its last beat", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    const id = newId();
    await ok(await postAs(browser, base, token, { id, kind: "live" }), 201);
    await age(id, 91);
    const aged = await storedSession(id);
    await errorOf(await postAs(browser, `${base}/${id}/heartbeat`, token), 409);
    expect((await storedSession(id))?.last_seen_at).toBe(aged?.last_seen_at);
    expect((await postAs(browser, `${base}/${id}/end`, token)).status).toBe(204);
    expect((await storedSession(id))?.ended_at).toBe(aged?.last_seen_at);
  });

  it("404 for an unknown or malformed session id; 422 for a bad body", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    await errorOf(await postAs(browser, `${base}/${newId()}/heartbeat`, token), 404);
    await errorOf(await postAs(browser, `${base}/nope/end`, token), 404);
    const invalid = await errorOf(await postAs(browser, base, token, { id: "nope", kind: "live" }), 422);
    expect(Object.keys(invalid.errors ?? {})).toContain("id");
    await errorOf(await postAs(browser, base, token, { id: newId(), kind: "live", viewer_id: "someone" }), 422);
  });
});

describe("the kind must fit the webcast's state", { timeout: 30_000 }, () => {
  it("live while on air, vod once archived, nothing before the show (409)", async () => {
    const { org, browser } = await sessionFixture();
    const cases = [
      ["live", "live", 201],
      ["premiering", "live", 201],
      ["end_loop", "live", 201],
      ["live", "vod", 409],
      ["archived", "vod", 201],
      ["archived", "live", 409],
      ["upcoming", "live", 409],
      ["canceled", "vod", 409],
    ] as const;
    for (const [state, kind, status] of cases) {
      const webcast = await insertWebcast(org.id, { state });
      const response = await postAs(browser, `/api/watch/${webcast.id}/viewing-sessions`, await roomToken(webcast.id), { id: newId(), kind });
      expect(response.status, `${kind} while ${state}: ${await response.clone().text()}`).toBe(status);
      if (status === 409) expect((await response.json<{ message: string }>()).message).toBe(VIEWING_SESSION_MESSAGES.kind_mismatch.en);
    }
  });

  it("refuses the beats of a live session once the webcast is archived (the page starts a vod one)", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    const id = newId();
    await ok(await postAs(browser, base, token, { id, kind: "live" }), 201);
    await age(id, 30);
    await setState(webcast, "archived");
    const refused = await errorOf(await postAs(browser, `${base}/${id}/heartbeat`, token), 409);
    expect(refused.message).toBe(VIEWING_SESSION_MESSAGES.kind_mismatch.en);
    expect((await postAs(browser, `${base}/${id}/end`, token)).status).toBe(204);
    await ok(await postAs(browser, base, token, { id: newId(), kind: "vod" }), 201);
  });
});
