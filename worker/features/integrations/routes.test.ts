import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Webhook, WebhookEnvelope } from "../../../domain/integrations/webhooks.ts";
import { UUID_V7, uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { db } from "../../db/client.ts";
import { ApiError } from "../../http/api-error.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { webhookSignature } from "./delivery.ts";
import { replaceWebhooks } from "./service.ts";
import { insertWebhook, storedWebhooks } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type Answer = { data: { webhooks: Webhook[] } };

beforeAll(seedDemo);
afterEach(() => {
  vi.restoreAllMocks();
});

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function answerOf(response: Response): Promise<Webhook[]> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<Answer>()).data.webhooks;
}

/** An outbound request as the endpoint saw it (read inside the mock: bodies belong to the request that made them). */
interface Sent {
  url: string;
  method: string;
  redirect: string;
  headers: Headers;
  body: string;
}

/**
 * Outbound requests of the app (the pings, sent after the response through ctx.waitUntil): the
 * global fetch, replaced for the test. The tests and the app share one isolate, so the route's
 * `fetch` is this one. Each request is answered 204.
 */
function captureOutbound() {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, method: request.method, redirect: request.redirect, headers: request.headers, body: await request.text() });
    return new Response(null, { status: 204 });
  });
  return {
    sent,
    /** Waits for `count` requests, then a little more to catch any extra. */
    async settle(count: number): Promise<Sent[]> {
      await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(count), { timeout: 2_000, interval: 10 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return sent;
    },
  };
}

/** Other tenant 404, a member without webcasts.update 403, signed out 401; the webhooks unchanged. */
async function expectGuarded(webcastId: string, call: (client: TestClient) => Promise<Response>, member: TestClient) {
  const before = await storedWebhooks(webcastId);
  expect((await errorOf(await call(await clientFor("owner@other.test")), 404)).code).toBe("not_found");
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await errorOf(await call(new TestClient()), 401)).code).toBe("unauthenticated");
  expect(await storedWebhooks(webcastId)).toEqual(before);
}

describe("GET /api/webcasts/:id/integrations", () => {
  it("answers the webcast's webhooks with their secrets, oldest first (none: an empty list)", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    expect(await answerOf(await organizer.get(`/api/webcasts/${webcast.id}/integrations`))).toEqual([]);

    const first = await insertWebhook(webcast.id, { url: "https://a.example.com/" });
    const second = await insertWebhook(webcast.id, { url: "https://b.example.com/", events: ["webcast.ended", "viewer.registered"], active: false });
    await insertWebhook((await insertWebcast(org.id)).id, { url: "https://other.example.com/" });
    expect(await answerOf(await organizer.get(`/api/webcasts/${webcast.id}/integrations`))).toEqual([first, second]);
  });

  it("needs webcasts.update: unknown uid 404, other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    await insertWebhook(webcast.id);
    expect((await errorOf(await (await org.as("admin", "fr")).get("/api/webcasts/0194c4a0-0000-7000-8000-000000000000/integrations"), 404)).message).toBe("Cette page ou ressource n'existe pas.");
    await expectGuarded(webcast.id, (client) => client.get(`/api/webcasts/${webcast.id}/integrations`), await org.as("speaker"));
  });
});

describe("POST /api/webcasts/:id/integrations", () => {
  it("stores the list with new secrets and pings each active webhook with a signed request", async () => {
    const outbound = captureOutbound();
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const response = await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/integrations`, {
      webhooks: [
        { url: " HTTPS://Hooks.Example.com/igo ", events: ["webcast.ended", "webcast.started"], active: true },
        { url: "http://localhost:8788/dev", events: ["viewer.registered"], active: false },
      ],
    });
    const webhooks = await answerOf(response);
    expect(webhooks).toEqual([
      { id: expect.stringMatching(UUID_V7), url: "https://hooks.example.com/igo", events: ["webcast.started", "webcast.ended"], active: true, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      { id: expect.stringMatching(UUID_V7), url: "http://localhost:8788/dev", events: ["viewer.registered"], active: false, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    ]);
    const [active, inactive] = webhooks;
    expect(active?.secret).not.toBe(inactive?.secret);
    expect((await storedWebhooks(webcast.id)).map((row) => [row.id, row.url, JSON.parse(row.events), row.active, row.secret])).toEqual(webhooks.map((hook) => [hook.id, hook.url, hook.events, hook.active ? 1 : 0, hook.secret]));
    // Server only: nothing is logged for sync.
    expect(await changeLog(active?.id ?? "")).toEqual([]);

    // One ping, to the active webhook only.
    const [ping, ...others] = await outbound.settle(1);
    expect(others).toEqual([]);
    expect(ping?.url).toBe("https://hooks.example.com/igo");
    expect(ping?.method).toBe("POST");
    expect(ping?.redirect).toBe("manual");
    expect(ping?.headers.get("Content-Type")).toBe("application/json");
    expect(ping?.headers.get("X-Igo-Event")).toBe("ping");
    const body = ping?.body ?? "";
    expect(ping?.headers.get("X-Igo-Signature")).toBe(await webhookSignature(active?.secret ?? "", body));
    expect(ping?.headers.get("X-Igo-Signature")).toMatch(/^sha256=[0-9a-f]{64}$/);
    const envelope = JSON.parse(body) as WebhookEnvelope;
    expect(envelope).toEqual({
      id: expect.stringMatching(UUID_V7),
      event: "ping",
      webcast_uid: webcast.id,
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { webhook_id: active?.id, url: "https://hooks.example.com/igo", events: ["webcast.started", "webcast.ended"] },
    });
  });

  it("replaces the list: a URL sent again keeps its id and secret, a missing one is deleted, only changes are pinged", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const same = await insertWebhook(webcast.id, { url: "https://same.example.com/", events: ["webcast.started"] });
    const changed = await insertWebhook(webcast.id, { url: "https://changed.example.com/", events: ["webcast.started"] });
    const revived = await insertWebhook(webcast.id, { url: "https://revived.example.com/", active: false });
    const dropped = await insertWebhook(webcast.id, { url: "https://dropped.example.com/" });
    const before = await storedWebhooks(webcast.id);
    const outbound = captureOutbound();

    const webhooks = await answerOf(
      await (await org.as("admin")).post(`/api/webcasts/${webcast.id}/integrations`, {
        webhooks: [
          { url: "https://SAME.example.com:443", events: ["webcast.started"], active: true },
          { url: "https://changed.example.com/", events: ["webcast.started", "viewer.registered"], active: true },
          { url: "https://revived.example.com/", events: ["webcast.started"] },
          { url: "https://new.example.com/", events: ["webcast.ended"], active: true },
        ],
      }),
    );
    expect(webhooks.slice(0, 3)).toEqual([same, { ...changed, events: ["webcast.started", "viewer.registered"] }, { ...revived, active: true }]);
    expect(webhooks[3]).toMatchObject({ url: "https://new.example.com/", events: ["webcast.ended"], active: true });
    const after = await storedWebhooks(webcast.id);
    expect(after.map((row) => row.id)).not.toContain(dropped.id);
    // The unchanged one keeps its updated_at; the others moved.
    expect(after[0]?.updated_at).toBe(before[0]?.updated_at);
    expect(after[1]?.updated_at).not.toBe(before[1]?.updated_at);
    expect(after[1]?.created_at).toBe(before[1]?.created_at);

    const sent = await outbound.settle(3);
    expect(sent.map((request) => request.url).sort()).toEqual(["https://changed.example.com/", "https://new.example.com/", "https://revived.example.com/"]);
    const revivedPing = sent.find((request) => request.url === "https://revived.example.com/");
    expect(revivedPing?.headers.get("X-Igo-Signature")).toBe(await webhookSignature(revived.secret, revivedPing?.body ?? ""));

    // The saved order is the answered order; a new place alone pings nothing.
    const reordered = await answerOf(await (await org.as("admin")).post(`/api/webcasts/${webcast.id}/integrations`, { webhooks: [...webhooks].reverse().map(({ url, events, active }) => ({ url, events, active })) }));
    expect(reordered).toEqual([...webhooks].reverse());
    expect(await answerOf(await (await org.as("admin")).get(`/api/webcasts/${webcast.id}/integrations`))).toEqual(reordered);

    // An empty list removes them all, and pings nothing.
    expect(await answerOf(await (await org.as("owner")).post(`/api/webcasts/${webcast.id}/integrations`, { webhooks: [] }))).toEqual([]);
    expect(await storedWebhooks(webcast.id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbound.sent).toHaveLength(3);
  });

  it("answers 200 even when the endpoint fails the ping (it is only logged)", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const webhooks = await answerOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/integrations`, { webhooks: [{ url: "https://down.example.com/", events: ["webcast.started"] }] }));
    expect(webhooks).toHaveLength(1);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 2_000, interval: 10 });
    expect(String(warn.mock.calls[0]?.[0])).toContain(`webhook ${webhooks[0]?.id} ping for ${webcast.id} failed`);
  });

  it("refuses an invalid list with field paths, in English and French, and changes nothing", async () => {
    const outbound = captureOutbound();
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const kept = await insertWebhook(webcast.id, { url: "https://kept.example.com/" });
    const body = {
      webhooks: [
        { url: "ftp://files.example.com/x", events: ["webcast.started"], active: true },
        { url: "http://hooks.example.com/x", events: [], active: true },
        { url: "https://kept.example.com/", events: ["webcast.paused"], active: true },
        { url: "https://KEPT.example.com", events: ["webcast.started"], active: true },
      ],
    };
    const en = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/integrations`, body), 422);
    expect(en).toMatchObject({
      code: "validation_failed",
      message: "Some webhooks are invalid.",
      errors: {
        "webhooks.0.url": ["Invalid URL format: ftp://files.example.com/x. A URL starts with http:// or https://."],
        "webhooks.1.url": ["Use an https:// address: http:// is accepted only for this machine (localhost, 127.0.0.1, [::1])."],
        "webhooks.1.events": ["Choose at least one event."],
        "webhooks.2.events": ["Unknown event: webcast.paused."],
        "webhooks.3.url": ["Another field use this name"],
      },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/integrations`, body), 422);
    expect(fr.message).toBe("Certains webhooks sont invalides.");
    expect(fr.errors?.["webhooks.0.url"]).toEqual(["Format d'URL invalide : ftp://files.example.com/x. Une URL commence par http:// ou https://."]);
    expect(fr.errors?.["webhooks.1.url"]).toEqual(["Utilisez une adresse https:// : http:// n'est accepté que pour cette machine (localhost, 127.0.0.1, [::1])."]);
    expect(fr.errors?.["webhooks.3.url"]).toEqual(["Un autre champ utilise ce nom"]);

    const six = { webhooks: Array.from({ length: 6 }, (_, index) => ({ url: `https://hooks.example.com/${index}`, events: ["webcast.started"] })) };
    const tooMany = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/integrations`, six), 422);
    expect(tooMany.errors).toEqual({ webhooks: ["Un webcast peut avoir au plus 5 webhooks."] });
    const long = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/integrations`, { webhooks: [{ url: `https://example.com/${"a".repeat(2_000)}`, events: ["webcast.started"] }] }), 422);
    expect(long.errors).toEqual({ "webhooks.0.url": ["This field may not be longer than 2000 characters."] });
    const shape = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/integrations`, { hooks: [] }), 422);
    expect(Object.keys(shape.errors ?? {}).sort()).toEqual(["_", "webhooks"]);

    expect((await storedWebhooks(webcast.id)).map((row) => row.id)).toEqual([kept.id]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbound.sent).toEqual([]);
  });

  it("needs webcasts.update: unknown uid 404, other tenant 404, speaker 403, signed out 401 (before the body is read)", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    await insertWebhook(webcast.id);
    const body = { webhooks: [{ url: "https://evil.example.com/", events: ["webcast.started"] }] };
    expect((await errorOf(await (await org.as("organizer")).post("/api/webcasts/not-a-uid/integrations", body), 404)).code).toBe("not_found");
    await expectGuarded(webcast.id, (client) => client.post(`/api/webcasts/${webcast.id}/integrations`, body), await org.as("speaker"));
    // An outsider's invalid body is still a 404, not a 422.
    expect((await (await clientFor("owner@other.test")).post(`/api/webcasts/${webcast.id}/integrations`, { webhooks: 1 })).status).toBe(404);
  });
});

describe("deleting a webcast", () => {
  it("deletes its webhooks with it (foreign-key cascade), not another webcast's", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const other = await insertWebcast(org.id);
    await insertWebhook(webcast.id);
    await insertWebhook(webcast.id, { url: "https://second.example.com/" });
    const kept = await insertWebhook(other.id);
    expect((await (await org.as("organizer")).delete(`/api/webcasts/${webcast.id}`)).status).toBe(204);
    expect(await storedWebhooks(webcast.id)).toEqual([]);
    expect((await storedWebhooks(other.id)).map((row) => row.id)).toEqual([kept.id]);
  });

  it("answers 404 to a save that lands after the webcast is gone (the foreign key refuses it)", async () => {
    const saving = replaceWebhooks(db(env.DB), uuidv7(), [{ url: "https://late.example.com/", events: ["webcast.started"], active: true }], new Date().toISOString());
    await expect(saving).rejects.toBeInstanceOf(ApiError);
    await expect(saving).rejects.toMatchObject({ code: "not_found" });
  });
});
