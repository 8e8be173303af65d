import { beforeAll, describe, expect, it } from "vitest";
import type { ViewingSummary } from "../../../domain/viewer-page/viewing-sessions.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { errorOf, ok } from "../viewer-access/testing.ts";
import { roomTokenCases } from "../webcast-room/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertSession, postAs, roomToken, sessionFixture, storedSession } from "./testing.ts";

beforeAll(seedDemo);

const newId = () => crypto.randomUUID();

describe("the room token", { timeout: 30_000 }, () => {
  it("401 in the spec's shape when missing, forged, of another webcast or expired, on every device call", async () => {
    const { org, webcast, base, browser } = await sessionFixture();
    const id = newId();
    await ok(await postAs(browser, base, await roomToken(webcast.id), { id, kind: "live" }), 201);
    const other = await insertWebcast(org.id, { state: "live" });
    const { forged, foreign, expired } = await roomTokenCases(webcast.id, other.id);
    const tokens = { missing: null, forged, "another webcast's": foreign, expired };
    for (const [name, token] of Object.entries(tokens)) {
      for (const path of [base, `${base}/${id}/heartbeat`, `${base}/${id}/end`]) {
        const body = await errorOf(await postAs(browser, path, token, path === base ? { id: newId(), kind: "live" } : undefined), 401);
        expect(body, `${name} token on ${path}`).toMatchObject({ code: "unauthenticated", message: expect.any(String), requestId: expect.any(String) });
      }
    }
    expect((await storedSession(id))?.ended_at).toBeNull();
  });

  it("is read from ?token= too", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    await ok(await browser.request(`${base}?token=${encodeURIComponent(token)}`, { method: "POST", json: { id: newId(), kind: "live" } }), 201);
  });

  it("ends a session from a text/plain body holding the token (a keepalive fetch: the XSRF header is still needed)", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    const id = newId();
    await ok(await postAs(browser, base, token, { id, kind: "live" }), 201);
    const asBeacon = (csrf: boolean) => browser.request(`${base}/${id}/end`, { method: "POST", body: token, headers: { "Content-Type": "text/plain;charset=UTF-8" }, csrf });
    // navigator.sendBeacon cannot set X-XSRF-TOKEN: the CSRF check refuses it before the route (419).
    await errorOf(await asBeacon(false), 419);
    expect((await storedSession(id))?.ended_at).toBeNull();
    expect((await asBeacon(true)).status).toBe(204);
    expect((await storedSession(id))?.ended_at).not.toBeNull();
  });

  it("a start or a heartbeat does not take the token from the body", async () => {
    const { webcast, base, browser } = await sessionFixture();
    const token = await roomToken(webcast.id);
    const id = newId();
    await ok(await postAs(browser, base, token, { id, kind: "live" }), 201);
    await errorOf(await browser.request(`${base}/${id}/heartbeat`, { method: "POST", body: token, headers: { "Content-Type": "text/plain" } }), 401);
  });
});

describe("GET /api/webcasts/{uid}/viewing-sessions/summary", { timeout: 30_000 }, () => {
  it("counts each kind's sessions (guests too, short ones too), their minutes (timeout applied) and distinct viewers", async () => {
    const { org, webcast } = await sessionFixture({ state: "archived" });
    const guest = `guest:${crypto.randomUUID()}`;
    // Live: 10 min ended; 5 min beaten then forgotten (counts to its last beat); a 2-second one.
    await insertSession(webcast, { viewer_id: "viewer-a", kind: "live", started_s_ago: 7200, last_seen_s_ago: 6600, ended_s_ago: 6600 });
    await insertSession(webcast, { viewer_id: guest, kind: "live", started_s_ago: 7200, last_seen_s_ago: 6900 });
    await insertSession(webcast, { viewer_id: "viewer-b", kind: "live", started_s_ago: 100, last_seen_s_ago: 100, ended_s_ago: 98 });
    // Vod: 3 min by viewer-a, a running one of 1 min by the guest.
    await insertSession(webcast, { viewer_id: "viewer-a", kind: "vod", started_s_ago: 400, last_seen_s_ago: 220, ended_s_ago: 220 });
    await insertSession(webcast, { viewer_id: guest, kind: "vod", started_s_ago: 70, last_seen_s_ago: 10 });
    // Another webcast's session is not counted.
    await insertSession(await insertWebcast(org.id), { viewer_id: "viewer-a", kind: "live", started_s_ago: 60, last_seen_s_ago: 0 });

    const organizer = await org.as("organizer");
    const response = await organizer.get(`/api/webcasts/${webcast.id}/viewing-sessions/summary`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { data } = await ok<{ data: ViewingSummary }>(response);
    expect(data).toEqual({ live_viewing_sessions_count: 3, vod_viewing_sessions_count: 2, live_minutes: 15, vod_minutes: 4, unique_viewers: 3 });
  });

  it("counts the sessions started through the device calls", async () => {
    const { org, webcast, base, browser } = await sessionFixture();
    for (const viewer of ["viewer-c", `guest:${crypto.randomUUID()}`]) await ok(await postAs(browser, base, await roomToken(webcast.id, viewer), { id: newId(), kind: "live" }), 201);
    const { data } = await ok<{ data: ViewingSummary }>(await (await org.as("admin")).get(`/api/webcasts/${webcast.id}/viewing-sessions/summary`));
    expect(data).toEqual({ live_viewing_sessions_count: 2, vod_viewing_sessions_count: 0, live_minutes: 0, vod_minutes: 0, unique_viewers: 2 });
  });

  it("needs webcasts.view: a speaker 403, another tenant 404, signed out 401, an unknown uid 404", async () => {
    const { org, webcast } = await sessionFixture();
    const path = `/api/webcasts/${webcast.id}/viewing-sessions/summary`;
    await errorOf(await (await org.as("speaker")).get(path), 403);
    await errorOf(await (await clientFor("owner@other.test")).get(path), 404);
    await errorOf(await new TestClient().get(path), 401);
    await errorOf(await (await org.as("owner")).get("/api/webcasts/0196a0de-0001-7000-8000-000000000000/viewing-sessions/summary"), 404);
    // A room token is no staff pass.
    await errorOf(await new TestClient().get(`${path}?token=${encodeURIComponent(await roomToken(webcast.id))}`), 401);
  });
});
