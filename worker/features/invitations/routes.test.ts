import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization, mailsTo } from "../organizations/fixtures.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { ViewerResource } from "../viewers/service.ts";
import { FAILING_MAIL, WITHOUT_VIEWER_JOBS, insertBulkViewers, insertViewer, requestWithEnv } from "../viewers/testing.ts";
import { MAX_ATTEMPTS, invitationStep, nextAttemptAt, sendQueuedInvitations } from "./sender.ts";
import type { TemplateResource } from "./service.ts";
import { signInvitationToken, verifyInvitationToken } from "./token.ts";
import { wakeViewerJobs } from "./wake.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type Overview = {
  data: {
    templates: TemplateResource[];
    placeholders: string[];
    recipients: { all: number; registered: number; not_registered: number; not_invited: number };
    deliveries: { queued: number; sent: number; failed: number };
  };
};

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

async function fixture(language: "en" | "fr" = "en") {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id, { event_title: "Town hall", language });
  return { org, webcast, base: `/api/webcasts/${webcast.id}`, organizer: await org.as("organizer") };
}

/** POST …/bulk-invitations with no ViewerJobs bound, so the test alone sends (sendQueuedInvitations). */
function bulk(client: TestClient, base: string, json: unknown): Promise<Response> {
  return requestWithEnv(client, WITHOUT_VIEWER_JOBS, `${base}/bulk-invitations`, { method: "POST", json });
}

async function deliveries(webcastId: string) {
  return (
    await env.DB.prepare("SELECT viewer_id, kind, status, attempts, next_attempt_at, error FROM invitation_deliveries WHERE webcast_id = ? ORDER BY id").bind(webcastId).all<{
      viewer_id: string;
      kind: string;
      status: string;
      attempts: number;
      next_attempt_at: string | null;
      error: string | null;
    }>()
  ).results;
}

describe("GET /api/webcasts/{uid}/invitations", { timeout: 20_000 }, () => {
  it("answers the five templates (defaults filled), the placeholders and the counts", async () => {
    const { webcast, base, organizer } = await fixture();
    await insertViewer(webcast, { registered: true, invitation_sent: true });
    await insertViewer(webcast, { registered: true });
    await insertViewer(webcast);
    const { data } = await ok<Overview>(await organizer.get(`${base}/invitations`));
    expect(data.templates.map((template) => [template.locale, template.customized])).toEqual([
      ["en", false],
      ["fr", false],
      ["pt", false],
      ["es", false],
      ["de", false],
    ]);
    expect(data.templates[1]).toMatchObject({ subject: "Invitation : {{webcast_title}}", sender_name: "" });
    expect(data.placeholders).toEqual(["{{name}}", "{{email}}", "{{webcast_title}}", "{{webcast_date}}", "{{webcast_link}}", "{{organization_name}}", "{{sender_name}}"]);
    expect(data.recipients).toEqual({ all: 3, registered: 2, not_registered: 1, not_invited: 2 });
    expect(data.deliveries).toEqual({ queued: 0, sent: 0, failed: 0 });
  });

  it("needs viewers.manage: a speaker 403, another organization 404, signed out 401", async () => {
    const { org, base } = await fixture();
    expect((await (await org.as("speaker")).get(`${base}/invitations`)).status).toBe(403);
    expect((await (await org.as("speaker")).post(`${base}/bulk-invitations`, { recipient_status: "all" })).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).post(`${base}/invitations/customize`, { nonsense: 1 })).status).toBe(404);
    expect((await new TestClient().get(`${base}/invitations`)).status).toBe(401);
  });
});

describe("POST /api/webcasts/{uid}/invitations/customize", { timeout: 20_000 }, () => {
  it("stores a language's template, used by the next e-mails in that language", async () => {
    const { webcast, base, organizer } = await fixture();
    const body = { locale: "en", title: "Join us", sender_name: "The {{organization_name}} board", subject: "{{name}}, {{ webcast_title }} awaits", message: "Dear {{name}},\n\nJoin here: {{webcast_link}}\n\n{{sender_name}}" };
    const { data } = await ok<{ data: TemplateResource }>(await organizer.post(`${base}/invitations/customize`, body));
    expect(data).toEqual({ ...body, customized: true });
    const overview = await ok<Overview>(await organizer.get(`${base}/invitations`));
    expect(overview.data.templates.filter((template) => template.customized).map((template) => template.locale)).toEqual(["en"]);

    const viewer = await insertViewer(webcast, { name: "Ann", email: "ann-custom@example.test" });
    await ok(await organizer.post(`${base}/viewers/${viewer.id}/send-invitation`, {}));
    const [mail] = await mailsTo("ann-custom@example.test");
    expect(mail?.subject).toBe("Ann, Town hall awaits");
    expect(mail?.text).toMatch(/^Join us\n\nDear Ann,\n\nJoin here: http:\/\/localhost\/w\/\S+\?invite=\S+\n\nThe Fixture \S+ board$/);
    // A reminder keeps the default reminder's texts, with the customized sender name.
    await ok(await organizer.post(`${base}/viewers/${viewer.id}/send-invitation`, { kind: "reminder" }));
    const [reminder] = await mailsTo("ann-custom@example.test");
    expect(reminder?.subject).toBe("Reminder: Town hall");
    expect(reminder?.text).toMatch(/The Fixture \S+ board$/);
  });

  it("refuses an unknown placeholder and an empty subject (en, fr)", async () => {
    const { org, base, organizer } = await fixture();
    const body = { locale: "fr", subject: "", message: "Bonjour {{prenom}} {{name}}" };
    const en = await errorOf(await organizer.post(`${base}/invitations/customize`, body), 422);
    expect(en.message).toBe("Some fields of the invitation are invalid.");
    expect(en.errors?.message?.[0]).toMatch(/^Unknown placeholder: \{\{prenom\}\}\. Use \{\{name\}\}/);
    expect(en.errors?.subject).toHaveLength(1);
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`${base}/invitations/customize`, body), 422);
    expect(fr.message).toBe("Certains champs de l'invitation sont invalides.");
    expect(fr.errors?.message?.[0]).toMatch(/^Variable inconnue : \{\{prenom\}\}/);
    expect((await errorOf(await organizer.post(`${base}/invitations/customize`, { ...body, locale: "it" }), 422)).errors).toHaveProperty("locale");
  });
});

describe("POST /api/webcasts/{uid}/bulk-invitations and sendQueuedInvitations", { timeout: 20_000 }, () => {
  it("queues one delivery per recipient (each recipient_status), then the sender e-mails them and marks the viewers", async () => {
    const { webcast, base, organizer } = await fixture("fr");
    const registered = await insertViewer(webcast, { registered: true, email: "reg@bulk.test" });
    const invited = await insertViewer(webcast, { invitation_sent: true, email: "invited@bulk.test" });
    const plain = await insertViewer(webcast, { email: "plain@bulk.test" });
    const queued = async (recipient_status: string, kind?: string) => (await ok<{ data: { queued: number } }>(await bulk(organizer, base, { recipient_status, ...(kind ? { kind } : {}) }), 202)).data.queued;

    expect(await queued("registered")).toBe(1);
    expect(await queued("registered")).toBe(0); // already waiting
    expect(await queued("not_registered")).toBe(2);
    expect((await deliveries(webcast.id)).map((row) => row.viewer_id).sort()).toEqual([registered.id, invited.id, plain.id].sort());
    expect((await ok<Overview>(await organizer.get(`${base}/invitations`))).data.deliveries).toEqual({ queued: 3, sent: 0, failed: 0 });
    const listed = await ok<{ data: ViewerResource[] }>(await organizer.get(`${base}/viewers`));
    expect(listed.data.map((viewer) => viewer.invitation_status)).toEqual(["queued", "queued", "queued"]);

    expect(await sendQueuedInvitations(env, webcast.id, 2)).toEqual({ sent: 2, failed: 0, remaining: 1, retryAt: null });
    expect(await sendQueuedInvitations(env, webcast.id, 10)).toEqual({ sent: 1, failed: 0, remaining: 0, retryAt: null });
    expect(await sendQueuedInvitations(env, webcast.id, 10)).toEqual({ sent: 0, failed: 0, remaining: 0, retryAt: null });
    const [mail] = await mailsTo("plain@bulk.test");
    expect(mail).toMatchObject({ template: "viewer_invitation", locale: "fr", subject: "Invitation : Town hall" });
    // The link is the app's as the organizer's request saw it (kept with the delivery), not a default.
    expect(mail?.text).toMatch(/(^|\s)http:\/\/localhost\/w\/[0-9a-f-]+\?invite=/m);
    const after = await ok<{ data: ViewerResource[] }>(await organizer.get(`${base}/viewers`));
    expect(after.data.every((viewer) => viewer.invitation_sent && viewer.invitation_status === "sent")).toBe(true);

    expect(await queued("not_invited")).toBe(0);
    expect(await queued("all", "reminder")).toBe(3);
    await sendQueuedInvitations(env, webcast.id, 10);
    expect((await mailsTo("reg@bulk.test"))[0]).toMatchObject({ template: "viewer_reminder", subject: "Rappel : Town hall" });
    const reminded = await ok<{ data: ViewerResource[] }>(await organizer.get(`${base}/viewers?invitation=sent`));
    expect(reminded.data.map((viewer) => viewer.reminder_sent)).toEqual([true, true, true]);
    expect((await errorOf(await organizer.post(`${base}/bulk-invitations`, { recipient_status: "some" }), 422)).errors).toHaveProperty("recipient_status");
  });

  it("retries a failed delivery with backoff (1, 5, 15, 60 min), then leaves it failed after 5 attempts", async () => {
    const { webcast, base, organizer } = await fixture();
    await insertViewer(webcast, { email: "bounce@bulk.test" });
    await ok(await bulk(organizer, base, { recipient_status: "all" }), 202);
    const failing = { ...env, ...FAILING_MAIL };
    let now = Date.parse("2030-01-01T00:00:00Z");
    const first = await sendQueuedInvitations(failing, webcast.id, 10, now);
    expect(first).toEqual({ sent: 0, failed: 1, remaining: 0, retryAt: new Date(now + 60_000).toISOString() });
    expect((await deliveries(webcast.id))[0]).toMatchObject({ status: "failed", attempts: 1, error: expect.stringContaining("MAIL_HTTP_URL") });
    expect(await sendQueuedInvitations(failing, webcast.id, 10, now + 30_000)).toMatchObject({ sent: 0, failed: 0 });
    for (const [attempt, minutes] of [[2, 5], [3, 15], [4, 60]] as const) {
      now = Date.parse((await deliveries(webcast.id))[0]?.next_attempt_at ?? "");
      expect(await sendQueuedInvitations(failing, webcast.id, 10, now)).toEqual({ sent: 0, failed: 1, remaining: 0, retryAt: new Date(now + minutes * 60_000).toISOString() });
      expect((await deliveries(webcast.id))[0]?.attempts).toBe(attempt);
    }
    now = Date.parse((await deliveries(webcast.id))[0]?.next_attempt_at ?? "");
    expect(await sendQueuedInvitations(failing, webcast.id, 10, now)).toEqual({ sent: 0, failed: 1, remaining: 0, retryAt: null });
    expect((await deliveries(webcast.id))[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, next_attempt_at: null });
    expect(await sendQueuedInvitations(env, webcast.id, 10, now + 86_400_000)).toEqual({ sent: 0, failed: 0, remaining: 0, retryAt: null });
    expect((await ok<Overview>(await organizer.get(`${base}/invitations`))).data.deliveries).toEqual({ queued: 0, sent: 0, failed: 1 });
    expect(nextAttemptAt(5, 0)).toBeNull();
  });

  it("queues thousands with one INSERT … SELECT and sends them in budgets", async () => {
    const { webcast, base, organizer } = await fixture();
    await insertBulkViewers(webcast, 1_500);
    expect((await ok<{ data: { queued: number } }>(await bulk(organizer, base, { recipient_status: "all" }), 202)).data.queued).toBe(1_500);
    const counts = await ok<Overview>(await organizer.get(`${base}/invitations`));
    expect(counts.data).toMatchObject({ recipients: { all: 1_500, registered: 500, not_registered: 1_000, not_invited: 1_500 }, deliveries: { queued: 1_500, sent: 0, failed: 0 } });
    await env.DB.prepare("DELETE FROM invitation_deliveries WHERE webcast_id = ? AND viewer_id NOT IN (SELECT id FROM viewers WHERE webcast_id = ? AND registered = 1)").bind(webcast.id, webcast.id).run();
    expect(await sendQueuedInvitations(env, webcast.id, 300)).toEqual({ sent: 300, failed: 0, remaining: 200, retryAt: null });
    const before = Date.now();
    expect((await invitationStep(env, webcast.id, 100)).retryAt).toBeGreaterThanOrEqual(before); // more due: at once
    expect(await invitationStep(env, webcast.id, 100)).toEqual({ retryAt: null });
    expect((await ok<Overview>(await organizer.get(`${base}/invitations`))).data.recipients.not_invited).toBe(1_000);
  }, 60_000);

  it("a webcast gone reports nothing to do; waking without the ViewerJobs binding is a no-op", async () => {
    expect(await sendQueuedInvitations(env, "0190a0a0-0000-7000-8000-000000000000", 10)).toEqual({ sent: 0, failed: 0, remaining: 0, retryAt: null });
    if (!("VIEWER_JOBS" in env)) expect(await wakeViewerJobs(env, "0190a0a0-0000-7000-8000-000000000000")).toBe(false);
  });
});

describe("invitation tokens", { timeout: 20_000 }, () => {
  it("name the viewer and the webcast; any change to either part is refused", async () => {
    const token = await signInvitationToken(env, "viewer-1", "webcast-1", 1_700_000_000_000);
    expect(await verifyInvitationToken(env, token)).toEqual({ v: "viewer-1", w: "webcast-1", i: 1_700_000_000 });
    const [body, signature] = token.split(".");
    const forged = btoa(JSON.stringify({ v: "viewer-2", w: "webcast-1", i: 1_700_000_000 })).replaceAll("=", "");
    expect(await verifyInvitationToken(env, `${forged}.${signature}`)).toBeNull();
    expect(await verifyInvitationToken(env, `${body}.${signature}x`)).toBeNull();
    expect(await verifyInvitationToken({ APP_KEY: "another-key" }, token)).toBeNull();
    expect(await verifyInvitationToken(env, `${body}`)).toBeNull();
  });
});
