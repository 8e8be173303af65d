import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ViewerAccess } from "../../../domain/viewer-page/api.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { signInvitationToken } from "../invitations/token.ts";
import { setViewerPassword } from "../viewers/service.ts";
import { insertViewer } from "../viewers/testing.ts";
import { verifyRoomToken } from "../webcast-room/room-token.ts";
import { verifyPass } from "./pass.ts";
import { addSegment, errorOf, ok, setWebcastPassword, signInMail, watchFixture } from "./testing.ts";

beforeAll(seedDemo);

type Access = { data: ViewerAccess };
const registeredOf = async (id: string) => (await env.DB.prepare("SELECT registered FROM viewers WHERE id = ?").bind(id).first<{ registered: number }>())?.registered;

describe("POST /api/watch/{id}/sign-in: magic link and PIN", { timeout: 30_000 }, () => {
  it("the mailed link signs in once, marks the viewer registered and answers a pass and a room token", async () => {
    const { webcast, base, browser } = await watchFixture();
    const viewer = await insertViewer(webcast, { name: "Dana", email: "dana@example.test" });
    await ok(await browser.post(`${base}/magic-link`, { email: "dana@example.test" }), 202);
    const { token } = await signInMail("dana@example.test");
    const { data } = await ok<Access>(await browser.post(`${base}/sign-in`, { method: "magic_link", token }));
    expect(data.viewer).toEqual({ id: viewer.id, name: "Dana", guest: false });
    expect(await verifyPass(env, data.pass, webcast.id)).toMatchObject({ w: webcast.id, v: viewer.id, g: false });
    expect((await verifyRoomToken(env, data.room_token, webcast.id))?.viewer_id).toBe(viewer.id);
    expect(Date.parse(data.pass_expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(await registeredOf(viewer.id)).toBe(1);
    const reused = await errorOf(await browser.post(`${base}/sign-in`, { method: "magic_link", token }), 401);
    expect(reused.message).toBe("The magic link seems to have expired.");
  });

  it("an expired link is refused with the spec's message, in French too", async () => {
    const { webcast, base, browser } = await watchFixture();
    await insertViewer(webcast, { email: "old-link@example.test" });
    await ok(await browser.post(`${base}/magic-link`, { email: "old-link@example.test" }), 202);
    const { token } = await signInMail("old-link@example.test");
    await env.DB.prepare("UPDATE viewer_sign_in_codes SET expires_at = ? WHERE webcast_id = ?").bind(Date.now() - 1, webcast.id).run();
    const fr = await errorOf(await new TestClient("fr").post(`${base}/sign-in`, { method: "magic_link", token }), 401);
    expect(fr.message).toBe("Le lien magique semble avoir expiré.");
    await errorOf(await browser.post(`${base}/sign-in`, { method: "magic_link", token: "forged" }), 401);
  });

  it("the PIN signs in on another device; a wrong PIN is a 422 on pin, then growing delays (429 + Retry-After)", async () => {
    const { webcast, base, browser } = await watchFixture();
    const viewer = await insertViewer(webcast, { email: "pin-user@example.test" });
    await ok(await browser.post(`${base}/magic-link`, { email: "pin-user@example.test" }), 202);
    const { pin, token } = await signInMail("pin-user@example.test");
    const wrong = pin === "000000" ? "000001" : "000000";
    const first = await errorOf(await browser.post(`${base}/sign-in`, { method: "pin", email: "pin-user@example.test", pin: wrong }), 422);
    expect(first.errors?.pin).toEqual(["This PIN is wrong or has expired."]);
    // An unknown e-mail reads exactly the same.
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "pin", email: "nobody-pin@example.test", pin: wrong }), 422)).message).toBe(first.message);
    const other = new TestClient();
    const { data } = await ok<Access>(await other.post(`${base}/sign-in`, { method: "pin", email: "PIN-user@example.test", pin }));
    expect(data.viewer.id).toBe(viewer.id);
    // The link and the PIN are one code: spent.
    await errorOf(await browser.post(`${base}/sign-in`, { method: "magic_link", token }), 401);
    // The success cleared the e-mail's failures: 5 are free, the 6th is counted with a delay, the 7th waits.
    for (let i = 0; i < 6; i++) await errorOf(await browser.post(`${base}/sign-in`, { method: "pin", email: "pin-user@example.test", pin: wrong }), 422);
    const blocked = await browser.post(`${base}/sign-in`, { method: "pin", email: "pin-user@example.test", pin });
    expect((await errorOf(blocked, 429)).code).toBe("too_many_attempts");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /api/watch/{id}/sign-in: invite, control number, password, guest", { timeout: 30_000 }, () => {
  it("the personal invitation link signs in its viewer; another webcast's or a deleted viewer's is refused", async () => {
    const { webcast, base, browser } = await watchFixture();
    const viewer = await insertViewer(webcast);
    const token = await signInvitationToken(env, viewer.id, webcast.id);
    expect((await ok<Access>(await browser.post(`${base}/sign-in`, { method: "invite", token }))).data.viewer.id).toBe(viewer.id);
    expect(await registeredOf(viewer.id)).toBe(1);
    const other = await watchFixture();
    await errorOf(await other.browser.post(`${other.base}/sign-in`, { method: "invite", token }), 401);
    await env.DB.prepare("DELETE FROM viewers WHERE id = ?").bind(viewer.id).run();
    await errorOf(await browser.post(`${base}/sign-in`, { method: "invite", token }), 401);
  });

  it("a control-number webcast takes the e-mail and number, and no other method", async () => {
    const { webcast, base, browser } = await watchFixture({ control_number_required: true });
    const viewer = await insertViewer(webcast, { email: "cn@example.test", control_number: "AB-123" });
    const wrong = await errorOf(await browser.post(`${base}/sign-in`, { method: "control_number", email: "cn@example.test", control_number: "AB-999" }), 422);
    expect(wrong.errors?.control_number).toEqual(["This e-mail address and control number do not match."]);
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "control_number", email: "nobody-cn@example.test", control_number: "AB-123" }), 422)).message).toBe(wrong.message);
    expect((await ok<Access>(await browser.post(`${base}/sign-in`, { method: "control_number", email: "CN@example.test", control_number: " ab-123 " }))).data.viewer.id).toBe(viewer.id);
    await errorOf(await browser.post(`${base}/sign-in`, { method: "invite", token: await signInvitationToken(env, viewer.id, webcast.id) }), 403);
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "guest" }), 403)).message).toBe("This webcast does not accept guests. Please sign in.");
  });

  it("the viewer's own password", async () => {
    const { webcast, base, browser } = await watchFixture();
    const viewer = await insertViewer(webcast, { email: "own-pw@example.test" });
    await setViewerPassword(env, viewer.id, "letmein");
    const wrong = await errorOf(await browser.post(`${base}/sign-in`, { method: "password", email: "own-pw@example.test", password: "nope" }), 422);
    expect(wrong.errors?.password).toEqual(["This e-mail address and password do not match."]);
    const noPassword = await insertViewer(webcast, { email: "no-pw@example.test" });
    await errorOf(await browser.post(`${base}/sign-in`, { method: "password", email: noPassword.email, password: "letmein" }), 422);
    expect((await ok<Access>(await browser.post(`${base}/sign-in`, { method: "password", email: "own-pw@example.test", password: "letmein" }))).data.viewer.id).toBe(viewer.id);
  });

  it("a guest of a public webcast gets a guest pass and room token", async () => {
    const { webcast, base, browser } = await watchFixture();
    const { data } = await ok<Access>(await browser.post(`${base}/sign-in`, { method: "guest", name: "  Eve " }));
    expect(data.viewer).toMatchObject({ name: "Eve", guest: true });
    expect(data.viewer.id).toMatch(/^guest:[0-9a-f-]{36}$/);
    expect((await verifyRoomToken(env, data.room_token, webcast.id))?.viewer_id).toBe(data.viewer.id);
    const { data: again } = await ok<{ data: { room_token: string } }>(await browser.request(`${base}/room-token`, { method: "POST", headers: { Authorization: `Bearer ${data.pass}` } }));
    expect((await verifyRoomToken(env, again.room_token, webcast.id))?.viewer_id).toBe(data.viewer.id);
  });
});

describe("POST /api/watch/{id}/sign-in: gates", { timeout: 30_000 }, () => {
  it("a private webcast refuses guests and unknown e-mails, and lets its viewers in", async () => {
    const { webcast, base, browser } = await watchFixture({ privacy: "private" });
    await errorOf(await browser.post(`${base}/sign-in`, { method: "guest" }), 403);
    await ok(await browser.post(`${base}/magic-link`, { email: "outsider@example.test" }), 202);
    await errorOf(await browser.post(`${base}/sign-in`, { method: "pin", email: "outsider@example.test", pin: "123456" }), 422);
    const viewer = await insertViewer(webcast, { email: "insider@example.test" });
    await setViewerPassword(env, viewer.id, "letmein");
    await ok(await browser.post(`${base}/sign-in`, { method: "password", email: "insider@example.test", password: "letmein" }));
  });

  it("segments: only viewers tagged with a segment's name (case-insensitive); a refusal keeps the link", async () => {
    const { webcast, base, browser } = await watchFixture();
    await addSegment(webcast, "VIP");
    const outsider = await insertViewer(webcast, { email: "plain@example.test", tags: ["press"] });
    const insider = await insertViewer(webcast, { email: "vip@example.test", tags: ["vip"] });
    await ok(await browser.post(`${base}/magic-link`, { email: outsider.email }), 202);
    const { token } = await signInMail(outsider.email);
    const refused = await errorOf(await browser.post(`${base}/sign-in`, { method: "magic_link", token }), 403);
    expect(refused.message).toBe("This webcast is reserved for some groups of viewers, and you are not in one of them.");
    await env.DB.prepare("UPDATE viewers SET tags = '[\"Vip\"]' WHERE id = ?").bind(outsider.id).run();
    await ok(await browser.post(`${base}/sign-in`, { method: "magic_link", token }));
    await ok(await browser.post(`${base}/sign-in`, { method: "invite", token: await signInvitationToken(env, insider.id, webcast.id) }));
    await errorOf(await browser.post(`${base}/sign-in`, { method: "guest" }), 403);
  });

  it("the webcast password is asked with every method", async () => {
    const { webcast, base, browser } = await watchFixture();
    await setWebcastPassword(webcast, "open sesame");
    const viewer = await insertViewer(webcast);
    const token = await signInvitationToken(env, viewer.id, webcast.id);
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "invite", token }), 422)).message).toBe("This webcast is protected by a password.");
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "guest", webcast_password: "wrong" }), 422)).errors?.webcast_password).toEqual(["The webcast's password is wrong."]);
    await ok(await browser.post(`${base}/sign-in`, { method: "invite", token, webcast_password: "open sesame" }));
    await ok(await browser.post(`${base}/sign-in`, { method: "guest", webcast_password: "open sesame" }));
  });
});

describe("POST /api/watch/{id}/sign-in: SSO", { timeout: 30_000 }, () => {
  it("needs the app session; SSO-required webcasts take members of the organization only, by the list when private", async () => {
    const { org, webcast, base, browser } = await watchFixture({ sso_required: true, privacy: "private" });
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "sso" }), 401)).message).toBe("Sign in with your organization's account first, then come back to this page.");
    expect((await errorOf(await browser.post(`${base}/sign-in`, { method: "guest" }), 403)).code).toBe("forbidden");
    const member = await org.as("speaker");
    expect((await errorOf(await member.post(`${base}/sign-in`, { method: "sso" }), 403)).message).toMatch(/^This webcast is private/);
    const viewer = await insertViewer(webcast, { email: org.emails.speaker });
    expect((await ok<Access>(await member.post(`${base}/sign-in`, { method: "sso" }))).data.viewer.id).toBe(viewer.id);
    const stranger = await new TestClient().signInAs("owner@other.test");
    await errorOf(await stranger.post(`${base}/sign-in`, { method: "sso" }), 403);
  });

  it("a public SSO webcast adds the signed-in member as a registered viewer", async () => {
    const { org, webcast, base } = await watchFixture({ sso_required: true });
    const member = await org.as("organizer");
    const { data } = await ok<Access>(await member.post(`${base}/sign-in`, { method: "sso" }));
    const row = await env.DB.prepare("SELECT id, registered FROM viewers WHERE webcast_id = ? AND email = ?").bind(webcast.id, org.emails.organizer).first();
    expect(row).toEqual({ id: data.viewer.id, registered: 1 });
  });
});
