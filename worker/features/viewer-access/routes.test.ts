import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublicWebcast, ViewerAccess } from "../../../domain/viewer-page/api.ts";
import { VIEWER_ACCESS_MESSAGES } from "../../../domain/viewer-page/messages.ts";
import { type TestClient, seedDemo } from "../../test/client.ts";
import { mailsTo } from "../organizations/fixtures.ts";
import { setViewerPassword } from "../viewers/service.ts";
import { insertViewer } from "../viewers/testing.ts";
import { verifyRoomToken } from "../webcast-room/room-token.ts";
import { mintPass, verifyPass } from "./pass.ts";
import { SESSION_FIELD, addSegment, errorOf, ok, setWebcastPassword, signInMail, watchFixture } from "./testing.ts";

beforeAll(seedDemo);

const viewerOf = (webcastId: string, email: string) =>
  env.DB.prepare("SELECT id, registered, tags FROM viewers WHERE webcast_id = ? AND email = ?").bind(webcastId, email).first<{ id: string; registered: number; tags: string }>();

describe("GET /api/watch/{id}", { timeout: 20_000 }, () => {
  it("answers a public webcast's page: state, schedule, branding, methods (guest included), no-store", async () => {
    const { webcast, base, browser } = await watchFixture({ description: "All hands", event_start_date_time: "2030-01-01T15:00:00.000Z", duration: 60 });
    const response = await browser.get(base);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { data } = await ok<{ data: PublicWebcast }>(response);
    expect(data).toMatchObject({ id: webcast.id, title: "Town hall", description: "All hands", start: "2030-01-01T15:00:00.000Z", end: "2030-01-01T16:00:00.000Z", state: "upcoming" });
    expect(data.replay).toEqual({ status: "none", expires_at: null, download: false });
    expect(data.branding).toEqual({ theme: "go", title_color: null, logo_url: null, cover_url: null, banner_url: null });
    expect(data.access).toEqual({ methods: ["magic_link", "pin", "invite", "password", "guest"], registration_required: false, registration_fields: [], password_required: false, control_number_required: false, segment_restricted: false });
    expect(Math.abs(Date.parse(data.server_now) - Date.now())).toBeLessThan(60_000);
  });

  it("hides the schedule and the details when the webcast says so", async () => {
    const { base, browser } = await watchFixture({ description: "Secret agenda", schedule_visible: false, attendee_options: { ask_questions: true, view_resources: true, view_details: false, switch_language: true, poster_overlay: false, question_wall: false } });
    const { data } = await ok<{ data: PublicWebcast }>(await browser.get(base));
    expect(data).toMatchObject({ description: null, start: null, end: null });
  });

  it("answers a private webcast too (the page must show it before sign-in), with its restrictions", async () => {
    const { webcast, base, browser } = await watchFixture({ privacy: "private", control_number_required: true });
    await addSegment(webcast, "VIP");
    await setWebcastPassword(webcast, "open sesame");
    const { data } = await ok<{ data: PublicWebcast }>(await browser.get(base));
    expect(data.access).toMatchObject({ methods: ["control_number"], password_required: true, control_number_required: true, segment_restricted: true });
  });

  it("lists SSO alone when the webcast requires it", async () => {
    const { base, browser } = await watchFixture({ sso_required: true });
    expect((await ok<{ data: PublicWebcast }>(await browser.get(base))).data.access.methods).toEqual(["sso"]);
  });

  it("tells the replay from the archive: pending, available with download, expired", async () => {
    const { webcast, base, browser } = await watchFixture({ state: "archived", vod_download: true }, { features: { allow_replay_download: true } });
    const now = new Date().toISOString();
    await env.DB.prepare("INSERT INTO archives (webcast_id, organization_id, status, created_at, updated_at) VALUES (?, ?, 'processing', ?, ?)").bind(webcast.id, webcast.organization_id, now, now).run();
    expect((await ok<{ data: PublicWebcast }>(await browser.get(base))).data.replay).toEqual({ status: "pending", expires_at: null, download: false });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await env.DB.prepare("UPDATE archives SET status = 'ready', expires_at = ? WHERE webcast_id = ?").bind(later, webcast.id).run();
    expect((await ok<{ data: PublicWebcast }>(await browser.get(base))).data.replay).toEqual({ status: "available", expires_at: later, download: true });
    const past = new Date(Date.now() - 1000).toISOString();
    await env.DB.prepare("UPDATE archives SET expires_at = ? WHERE webcast_id = ?").bind(past, webcast.id).run();
    expect((await ok<{ data: PublicWebcast }>(await browser.get(base))).data.replay.status).toBe("expired");
  });

  it("404 for an unknown id", async () => {
    const { browser } = await watchFixture();
    await errorOf(await browser.get("/api/watch/0196a0de-0001-7000-8000-000000000000"), 404);
    await errorOf(await browser.get("/api/watch/nope"), 404);
  });
});

describe("POST /api/watch/{id}/register", { timeout: 30_000 }, () => {
  it("adds a registered viewer with the answers' tags and mails the magic link and the PIN", async () => {
    const { webcast, base, browser } = await watchFixture({ registration_required: true, registration_fields: [SESSION_FIELD] });
    const body = await ok<{ data: { sent: true } }>(await browser.post(`${base}/register`, { name: " Ann  Lee ", email: "Ann.Register@Example.test", answers: { session: "room-a" } }), 201);
    expect(body).toEqual({ data: { sent: true } });
    const viewer = await viewerOf(webcast.id, "ann.register@example.test");
    expect(viewer).toMatchObject({ registered: 1, tags: '["room-a"]' });
    const stored = await env.DB.prepare("SELECT answers, option_ids FROM viewer_registrations WHERE viewer_id = ?").bind(viewer?.id).first();
    expect(stored).toEqual({ answers: '{"session":"room-a"}', option_ids: '["room-a"]' });
    const mail = await signInMail("ann.register@example.test");
    expect(mail.subject).toBe("Your link to Town hall");
    expect(mail.text).toContain(`http://localhost/w/${webcast.id}?magic=${mail.token}`);
    expect(mail.pin).toMatch(/^\d{6}$/);
    // The change went through the sync path: the change log holds the viewer.
    const logged = await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_changes WHERE row_id = ?").bind(viewer?.id).first<{ n: number }>();
    expect(logged?.n).toBe(1);
  });

  it("an e-mail already on the list is updated, not duplicated, and gets its link (in French when asked)", async () => {
    const { webcast, base, browser } = await watchFixture({ registration_fields: [SESSION_FIELD] });
    const listed = await insertViewer(webcast, { email: "bob-listed@example.test", tags: ["staff"] });
    await ok(await browser.post(`${base}/register`, { name: "Bob", email: "bob-listed@example.test", answers: { session: "room-a" }, locale: "fr" }), 201);
    const rows = await env.DB.prepare("SELECT id, registered, tags FROM viewers WHERE webcast_id = ?").bind(webcast.id).all();
    expect(rows.results).toEqual([{ id: listed.id, registered: 1, tags: '["staff","room-a"]' }]);
    expect((await signInMail("bob-listed@example.test")).subject).toBe("Votre lien pour Town hall");
  });

  it("judges the name, e-mail and answers (en, fr)", async () => {
    const { base, browser } = await watchFixture({ registration_fields: [SESSION_FIELD] });
    const en = await errorOf(await browser.post(`${base}/register`, { name: "", email: "not-an-email", answers: {} }), 422);
    expect(en.message).toBe("Some fields of the registration are invalid.");
    expect(Object.keys(en.errors ?? {}).sort()).toEqual(["answers.session", "email", "name"]);
    const fr = await errorOf(await browser.request(`${base}/register`, { method: "POST", json: { name: "X", email: "x@example.test", answers: {} }, headers: { "Accept-Language": "fr" } }), 422);
    expect(fr.message).toBe("Certains champs de l'inscription sont invalides.");
    await errorOf(await browser.post(`${base}/register`, { name: "X", email: "x@example.test", answers: {}, extra: 1 }), 422);
  });

  it("refuses an option whose limit is reached, the registrant's own earlier choice excepted", async () => {
    const { base, browser } = await watchFixture({ registration_fields: [SESSION_FIELD] });
    await ok(await browser.post(`${base}/register`, { name: "First", email: "first-opt@example.test", answers: { session: "room-a" } }), 201);
    const full = await errorOf(await browser.post(`${base}/register`, { name: "Second", email: "second-opt@example.test", answers: { session: "room-a" } }), 422);
    expect(full.errors?.["answers.session"]).toHaveLength(1);
    await ok(await browser.post(`${base}/register`, { name: "Second", email: "second-opt@example.test", answers: { session: "room-b" } }), 201);
    await ok(await browser.post(`${base}/register`, { name: "First", email: "first-opt@example.test", answers: { session: "room-a" } }), 201);
  });

  it("applies the viewer limit (422, the limit-reached message)", async () => {
    const { webcast, base, browser } = await watchFixture({}, { limits: { max_viewers: 1 } });
    await insertViewer(webcast);
    const refused = await errorOf(await browser.post(`${base}/register`, { name: "Late", email: "late@example.test", answers: {} }), 422);
    expect(refused.message).toBe("Viewer limit reached: at most 1 viewers are allowed.");
    expect(await mailsTo("late@example.test")).toEqual([]);
  });

  it("asks the webcast password when it has one", async () => {
    const { webcast, base, browser } = await watchFixture();
    await setWebcastPassword(webcast, "open sesame");
    expect((await errorOf(await browser.post(`${base}/register`, { name: "P", email: "pw-reg@example.test", answers: {} }), 422)).errors).toHaveProperty("webcast_password");
    expect((await errorOf(await browser.post(`${base}/register`, { name: "P", email: "pw-reg@example.test", answers: {}, webcast_password: "nope" }), 422)).message).toBe("The webcast's password is wrong.");
    await ok(await browser.post(`${base}/register`, { name: "P", email: "pw-reg@example.test", answers: {}, webcast_password: "open sesame" }), 201);
  });

  it("a private webcast adds nobody and says nothing; a control-number webcast takes no registrations", async () => {
    const { webcast, base, browser } = await watchFixture({ privacy: "private" });
    await ok(await browser.post(`${base}/register`, { name: "Stranger", email: "stranger@example.test", answers: {} }), 201);
    expect(await viewerOf(webcast.id, "stranger@example.test")).toBeNull();
    expect(await mailsTo("stranger@example.test")).toEqual([]);
    const closed = await watchFixture({ control_number_required: true });
    expect((await errorOf(await closed.browser.post(`${closed.base}/register`, { name: "C", email: "c@example.test", answers: {} }), 403)).message).toBe("This webcast does not take registrations on its page.");
  });

  it("needs the XSRF token like every POST", async () => {
    const { base, browser } = await watchFixture();
    await errorOf(await browser.request(`${base}/register`, { method: "POST", json: { name: "N", email: "n@example.test", answers: {} }, csrf: false }), 419);
  });
});

describe("POST /api/watch/{id}/magic-link", { timeout: 20_000 }, () => {
  it("mails a listed viewer, and answers the same 202 for an unknown e-mail", async () => {
    const { webcast, base, browser } = await watchFixture();
    await insertViewer(webcast, { name: "Cleo", email: "cleo-ml@example.test" });
    expect(await ok(await browser.post(`${base}/magic-link`, { email: "Cleo-ML@example.test" }), 202)).toEqual({ data: { sent: true } });
    const mail = await signInMail("cleo-ml@example.test");
    expect(mail.text).toMatch(/^Hello Cleo,/);
    expect(await ok(await browser.post(`${base}/magic-link`, { email: "nobody-ml@example.test" }), 202)).toEqual({ data: { sent: true } });
    expect(await mailsTo("nobody-ml@example.test")).toEqual([]);
  });

  it("is limited per e-mail: the 4th in 15 minutes is a 429 with Retry-After", async () => {
    const { base, browser } = await watchFixture();
    for (let i = 0; i < 3; i++) await ok(await browser.post(`${base}/magic-link`, { email: "flood@example.test" }), 202);
    const response = await browser.post(`${base}/magic-link`, { email: "flood@example.test" });
    await errorOf(response, 429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("POST /api/watch/{id}/room-token and sign-out", { timeout: 20_000 }, () => {
  it("trades a pass for a fresh room token; a deleted viewer's pass is refused", async () => {
    const { webcast, base, browser } = await watchFixture();
    const viewer = await insertViewer(webcast);
    const { pass } = await mintPass(env, webcast.id, viewer.id, false);
    const { data } = await ok<{ data: { room_token: string; expires_at: string } }>(await browser.request(`${base}/room-token`, { method: "POST", headers: { Authorization: `Bearer ${pass}` } }));
    expect((await verifyRoomToken(env, data.room_token, webcast.id))?.viewer_id).toBe(viewer.id);
    await env.DB.prepare("DELETE FROM viewers WHERE id = ?").bind(viewer.id).run();
    const gone = await errorOf(await browser.request(`${base}/room-token`, { method: "POST", headers: { Authorization: `Bearer ${pass}` } }), 401);
    expect(gone.message).toBe("Your access to this webcast has ended. Please sign in again.");
  });

  it("judges the pass again at each trade: the webcast made private, a segment, a password set, a method taken away end it", async () => {
    const trade = (base: string, browser: TestClient, pass: string) => browser.request(`${base}/room-token`, { method: "POST", headers: { Authorization: `Bearer ${pass}` } });
    const passBy = async (base: string, browser: TestClient, body: Record<string, unknown>) => (await ok<{ data: ViewerAccess }>(await browser.post(`${base}/sign-in`, body))).data.pass;

    // A guest, then the webcast made private (which takes no guests).
    const open = await watchFixture();
    const guest = await passBy(open.base, open.browser, { method: "guest" });
    await ok(await trade(open.base, open.browser, guest));
    await env.DB.prepare("UPDATE webcasts SET privacy = 'private' WHERE id = ?").bind(open.webcast.id).run();
    expect((await errorOf(await trade(open.base, open.browser, guest), 403)).message).toBe(VIEWER_ACCESS_MESSAGES.guests_not_allowed.en);

    // A listed viewer (their own password), then a segment they are not in.
    const listed = await watchFixture();
    const viewer = await insertViewer(listed.webcast, { email: "judged@example.test" });
    await setViewerPassword(env, viewer.id, "letmein");
    const own = await passBy(listed.base, listed.browser, { method: "password", email: viewer.email, password: "letmein" });
    await ok(await trade(listed.base, listed.browser, own));
    await addSegment(listed.webcast, "Partners");
    expect((await errorOf(await trade(listed.base, listed.browser, own), 403)).message).toBe(VIEWER_ACCESS_MESSAGES.segment_refused.en);
    await env.DB.prepare("UPDATE viewers SET tags = '[\"Partners\"]' WHERE id = ?").bind(viewer.id).run();
    await ok(await trade(listed.base, listed.browser, own));

    // A password set on the webcast after they entered: in again with it; changed: out again.
    await setWebcastPassword(listed.webcast, "first-secret");
    expect((await errorOf(await trade(listed.base, listed.browser, own), 401)).message).toBe(VIEWER_ACCESS_MESSAGES.pass_invalid.en);
    const withPassword = await passBy(listed.base, listed.browser, { method: "password", email: viewer.email, password: "letmein", webcast_password: "first-secret" });
    await ok(await trade(listed.base, listed.browser, withPassword));
    await setWebcastPassword(listed.webcast, "second-secret");
    await errorOf(await trade(listed.base, listed.browser, withPassword), 401);

    // The method taken away: control numbers required (their own password no longer lets in).
    const third = await passBy(listed.base, listed.browser, { method: "password", email: viewer.email, password: "letmein", webcast_password: "second-secret" });
    await ok(await trade(listed.base, listed.browser, third));
    await env.DB.prepare("UPDATE webcasts SET control_number_required = 1 WHERE id = ?").bind(listed.webcast.id).run();
    await errorOf(await trade(listed.base, listed.browser, third), 403);
  });

  it("refuses no pass, a forged one, another webcast's and an expired one", async () => {
    const { webcast, base, browser } = await watchFixture();
    const other = await watchFixture();
    const post = (pass?: string) => browser.request(`${base}/room-token`, { method: "POST", ...(pass ? { headers: { Authorization: `Bearer ${pass}` } } : {}) });
    await errorOf(await post(), 401);
    const { pass } = await mintPass(env, webcast.id, `guest:${crypto.randomUUID()}`, true);
    await errorOf(await post(`${pass.slice(0, -2)}AA`), 401);
    await errorOf(await post((await mintPass(env, other.webcast.id, `guest:${crypto.randomUUID()}`, true)).pass), 401);
    await errorOf(await post((await mintPass(env, webcast.id, `guest:${crypto.randomUUID()}`, true, {}, Date.now() - 31 * 86_400_000)).pass), 401);
    await ok(await post(pass));
    expect(await verifyPass(env, pass, webcast.id)).toMatchObject({ w: webcast.id, g: true });
  });

  it("sign-out answers 204 (the device forgets its pass)", async () => {
    const { base, browser } = await watchFixture();
    const access = await ok<{ data: ViewerAccess }>(await browser.post(`${base}/sign-in`, { method: "guest" }));
    const response = await browser.request(`${base}/sign-out`, { method: "POST", headers: { Authorization: `Bearer ${access.data.pass}` } });
    expect(response.status).toBe(204);
  });
});
