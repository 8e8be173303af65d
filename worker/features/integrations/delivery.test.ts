import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { WebhookEnvelope } from "../../../domain/integrations/webhooks.ts";
import { db } from "../../db/client.ts";
import { seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { WEBHOOK_TIMEOUT_MS, type WebhookFetch, deliverWebcastEvent, deliverWebhook, webhookSignature } from "./delivery.ts";
import { insertWebhook } from "./testing.ts";

beforeAll(seedDemo);

const HOOK = { id: "0194c4a0-0000-7000-8000-000000000001", url: "https://hooks.example.com/igo", secret: "s3cr3t" };

/** A fetcher that records the requests it gets (bodies read at once) and answers `answer()`. */
function recording(answer: () => Promise<Response> | Response = () => new Response("ok")) {
  const requests: { request: Request; body: string }[] = [];
  const fetcher: WebhookFetch = async (request) => {
    requests.push({ request, body: await request.clone().text() });
    return answer();
  };
  return { fetcher, requests };
}

describe("webhookSignature", () => {
  it("is the hex HMAC-SHA256 of the body keyed by the secret's text (RFC 4231-style vector)", async () => {
    expect(await webhookSignature("key", "The quick brown fox jumps over the lazy dog")).toBe("sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
  });
});

describe("deliverWebhook", () => {
  it("POSTs the signed envelope without following redirects, with a timeout", async () => {
    const { fetcher, requests } = recording();
    const result = await deliverWebhook(fetcher, HOOK, "webcast.started", { webcast_uid: "w-1", data: { state: "live" }, occurred_at: "2026-11-22T10:00:00.000Z" });
    expect(result).toEqual({ id: expect.any(String), webhook_id: HOOK.id, ok: true, status: 200 });
    const [sent] = requests;
    expect(sent?.request.method).toBe("POST");
    expect(sent?.request.url).toBe(HOOK.url);
    expect(sent?.request.redirect).toBe("manual");
    expect(sent?.request.signal.aborted).toBe(false);
    expect(WEBHOOK_TIMEOUT_MS).toBe(5_000);
    expect(sent?.request.headers.get("X-Igo-Event")).toBe("webcast.started");
    expect(sent?.request.headers.get("X-Igo-Signature")).toBe(await webhookSignature(HOOK.secret, sent?.body ?? ""));
    expect(JSON.parse(sent?.body ?? "") as WebhookEnvelope).toEqual({ id: result.id, event: "webcast.started", webcast_uid: "w-1", occurred_at: "2026-11-22T10:00:00.000Z", data: { state: "live" } });
  });

  it("reports a redirect or an error status as failed, and a failure to connect without throwing", async () => {
    expect(await deliverWebhook(recording(() => new Response(null, { status: 302, headers: { Location: "https://elsewhere.example.com/" } })).fetcher, HOOK, "ping", { webcast_uid: "w", data: {} })).toMatchObject({ ok: false, status: 302 });
    expect(await deliverWebhook(recording(() => new Response("no", { status: 500 })).fetcher, HOOK, "ping", { webcast_uid: "w", data: {} })).toMatchObject({ ok: false, status: 500 });
    const timedOut: WebhookFetch = () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    expect(await deliverWebhook(timedOut, HOOK, "ping", { webcast_uid: "w", data: {} })).toMatchObject({ ok: false, status: null, error: "TimeoutError: The operation was aborted due to timeout" });
  });

  it("gives each delivery its own id", async () => {
    const { fetcher } = recording();
    const [a, b] = await Promise.all([deliverWebhook(fetcher, HOOK, "ping", { webcast_uid: "w", data: {} }), deliverWebhook(fetcher, HOOK, "ping", { webcast_uid: "w", data: {} })]);
    expect(a.id).not.toBe(b.id);
  });
});

describe("deliverWebcastEvent", () => {
  it("delivers to the webcast's active webhooks subscribed to the event only, and logs failures", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const subscribed = await insertWebhook(webcast.id, { url: "https://a.example.com/", events: ["webcast.started", "webcast.ended"] });
    const failing = await insertWebhook(webcast.id, { url: "https://down.example.com/", events: ["webcast.ended"] });
    await insertWebhook(webcast.id, { url: "https://off.example.com/", events: ["webcast.ended"], active: false });
    await insertWebhook(webcast.id, { url: "https://viewers.example.com/", events: ["viewer.registered"] });
    await insertWebhook((await insertWebcast(org.id)).id, { url: "https://other.example.com/", events: ["webcast.ended"] });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { fetcher, requests } = recording();
    const answering: WebhookFetch = (request) => (request.url === failing.url ? Promise.reject(new TypeError("Network connection lost.")) : fetcher(request));

    const results = await deliverWebcastEvent(db(env.DB), answering, webcast.id, "webcast.ended", { ended_at: "now" });
    expect(results.map((result) => [result.webhook_id, result.ok])).toEqual([
      [subscribed.id, true],
      [failing.id, false],
    ]);
    expect(requests.map((sent) => sent.request.url)).toEqual([subscribed.url]);
    expect(requests[0]?.request.headers.get("X-Igo-Signature")).toBe(await webhookSignature(subscribed.secret, requests[0]?.body ?? ""));
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
