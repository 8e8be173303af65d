import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { WebhookEnvelope } from "../../../domain/integrations/webhooks.ts";
import { question } from "../../../domain/questions/testing.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { seedDemo } from "../../test/client.ts";
import { type WebhookFetch, webhookSignature } from "../integrations/delivery.ts";
import { insertWebhook } from "../integrations/testing.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { deliverSupportDesk, supportDeskConfigured, ticketOf } from "./support-desk.ts";

beforeAll(seedDemo);

/** A fetcher answering each request with the next of `answers` (the last one repeats), recording them. */
function scripted(...answers: (() => Response | Promise<Response>)[]) {
  const requests: { request: Request; body: string }[] = [];
  const fetcher: WebhookFetch = async (request) => {
    requests.push({ request, body: await request.clone().text() });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (!answer) throw new Error("no answer");
    return answer();
  };
  return { fetcher, requests };
}

const NO_WAIT = { delays: [0, 0] };

async function webcastWithDesk(events: ("question.support_desk" | "webcast.started")[] = ["question.support_desk"], active = true) {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  const hook = await insertWebhook(webcast.id, { url: "https://desk.example.com/hook", events, active });
  return { webcast, hook };
}

describe("supportDeskConfigured", () => {
  it("is true only with an active webhook subscribed to question.support_desk", async () => {
    expect(await supportDeskConfigured(env, (await webcastWithDesk()).webcast.id)).toBe(true);
    expect(await supportDeskConfigured(env, (await webcastWithDesk(["webcast.started"])).webcast.id)).toBe(false);
    expect(await supportDeskConfigured(env, (await webcastWithDesk(["question.support_desk"], false)).webcast.id)).toBe(false);
  });
});

describe("deliverSupportDesk", () => {
  it("POSTs the question signed with the attempt's time and answers the desk's ticket", async () => {
    const { webcast, hook } = await webcastWithDesk();
    const q = question({ id: uuidv7(), webcast_id: webcast.id });
    const { fetcher, requests } = scripted(() => Response.json({ ticket: 4242 }));
    expect(await deliverSupportDesk(env, webcast.id, q, { fetcher, ...NO_WAIT, now: () => new Date("2026-11-22T10:00:00.000Z") })).toEqual({ ticket: "4242" });
    const [sent] = requests;
    expect(sent?.request.url).toBe(hook.url);
    expect(sent?.request.redirect).toBe("manual");
    expect(sent?.request.headers.get("X-Igo-Event")).toBe("question.support_desk");
    expect(sent?.request.headers.get("X-Igo-Timestamp")).toBe(String(Date.parse("2026-11-22T10:00:00.000Z") / 1000));
    expect(sent?.request.headers.get("Idempotency-Key")).toBe(q.id);
    expect(sent?.request.headers.get("X-Igo-Signature")).toBe(await webhookSignature(hook.secret, sent?.body ?? ""));
    const envelope = JSON.parse(sent?.body ?? "") as WebhookEnvelope;
    expect(envelope).toMatchObject({ event: "question.support_desk", webcast_uid: webcast.id, data: { question: { id: q.id, text: q.text }, sent_at: "2026-11-22T10:00:00.000Z" } });
  });

  it("retries a failing desk (5xx, network) with the same envelope id, then succeeds without a ticket", async () => {
    const { webcast } = await webcastWithDesk();
    const { fetcher, requests } = scripted(
      () => new Response("busy", { status: 503 }),
      () => Promise.reject(new TypeError("network")),
      () => new Response("ok"),
    );
    expect(await deliverSupportDesk(env, webcast.id, question({ id: uuidv7(), webcast_id: webcast.id }), { fetcher, ...NO_WAIT })).toEqual({ ticket: null });
    expect(requests).toHaveLength(3);
    const ids = requests.map(({ body }) => (JSON.parse(body) as WebhookEnvelope).id);
    expect(new Set(ids).size).toBe(1);
  });

  it("throws after the retries, at once for a refusal (4xx), and without any desk", async () => {
    const { webcast } = await webcastWithDesk();
    const q = question({ id: uuidv7(), webcast_id: webcast.id });
    const failing = scripted(() => new Response("down", { status: 500 }));
    await expect(deliverSupportDesk(env, webcast.id, q, { fetcher: failing.fetcher, ...NO_WAIT })).rejects.toThrow(/not delivered/);
    expect(failing.requests).toHaveLength(3);
    const refused = scripted(() => new Response("no", { status: 401 }));
    await expect(deliverSupportDesk(env, webcast.id, q, { fetcher: refused.fetcher, ...NO_WAIT })).rejects.toThrow(/status 401/);
    expect(refused.requests).toHaveLength(1);
    const none = (await webcastWithDesk(["webcast.started"])).webcast;
    await expect(deliverSupportDesk(env, none.id, q, { fetcher: failing.fetcher, ...NO_WAIT })).rejects.toThrow(/no active webhook/);
  });
});

describe("ticketOf", () => {
  it("reads a JSON answer's ticket (text or number), else null", () => {
    expect(ticketOf('{"ticket":" ZD-12 "}')).toBe("ZD-12");
    expect(ticketOf('{"ticket":12}')).toBe("12");
    expect(ticketOf('{"ticket":""}')).toBeNull();
    expect(ticketOf('{"id":1}')).toBeNull();
    expect(ticketOf("ok")).toBeNull();
    expect(ticketOf(JSON.stringify({ ticket: "x".repeat(600) }))?.length).toBe(500);
  });
});
