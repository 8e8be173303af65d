import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PING_FRAME } from "../../domain/protocol/index.ts";
import type { PushResponse } from "../../domain/sync/types.ts";
import { createWebcast, deleteWebcast } from "../../worker/features/sync/test-mutations.ts";
import { newOrganization } from "../../worker/features/sync/testing.ts";
import { TestClient, clientFor, seedDemo } from "../../worker/test/client.ts";
import { organizationSyncStub } from "../stubs.ts";
import type { OrganizationSync } from "../../worker/durable-objects.ts";
import { closePokeSockets, openPoke } from "./testing.ts";

beforeAll(seedDemo);
afterEach(closePokeSockets);

async function push(client: TestClient, mutations: ReturnType<typeof createWebcast>[]): Promise<PushResponse> {
  const response = await client.post("/api/sync/push", { mutations });
  expect(response.status).toBe(200);
  return response.json<PushResponse>();
}

describe("OrganizationSync poke channel", () => {
  it("pokes every device of the organization after a push that wrote, with the cursor reached", async () => {
    const organizationId = await newOrganization(1);
    const elsewhere = await newOrganization(1);
    const [organizer, viewer] = [await clientFor("organizer@demo.test"), await clientFor("viewer@demo.test")];
    const watching = await openPoke(viewer, organizationId);
    const own = await openPoke(organizer, organizationId);
    const other = await openPoke(viewer, elsewhere);

    const { results } = await push(organizer, [createWebcast(organizationId), createWebcast(organizationId)]);
    const last = results.at(-1);
    const cursor = last?.status === "applied" ? last.cursor : undefined;
    expect(cursor).toEqual(expect.any(Number));
    expect(await watching.next()).toEqual({ type: "poke", cursor });
    expect(await own.next()).toEqual({ type: "poke", cursor });
    await other.expectSilence();

    // Nothing written (a rule's refusal in the object, a row that does not exist): nobody is poked.
    const { results: refused } = await push(viewer, [createWebcast(organizationId), deleteWebcast(crypto.randomUUID())]);
    expect(refused.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    await watching.expectSilence();
    await own.expectSilence();
  });

  it("answers the keep-alive ping and refuses anything else with an error frame in the socket's language", async () => {
    const organizationId = await newOrganization(1);
    const socket = await openPoke(await clientFor("speaker@demo.test", "fr"), organizationId);
    socket.send(PING_FRAME);
    expect(await socket.next()).toEqual({ type: "pong" });
    socket.send(JSON.stringify({ type: "poke", cursor: 1 }));
    expect(await socket.next()).toEqual({ type: "error", code: "invalid_message", message: "Ce message est invalide." });
  });

  it("opens only for members (super admins too), with an Upgrade header and a session", async () => {
    const organizationId = await newOrganization(1);
    const status = async (client: TestClient, query: string, upgrade = true) =>
      (await client.request(`/api/sync/poke?${query}`, { headers: upgrade ? { Upgrade: "websocket" } : {} })).status;
    expect(await status(new TestClient(), `organization=${organizationId}`)).toBe(401);
    expect(await status(await clientFor("owner@other.test"), `organization=${organizationId}`)).toBe(404);
    expect(await status(await clientFor("superadmin@demo.test"), "organization=987654")).toBe(404);
    expect(await status(await clientFor("viewer@demo.test"), "organization=abc")).toBe(422);
    expect(await status(await clientFor("viewer@demo.test"), `organization=${organizationId}`, false)).toBe(400);
    const socket = await openPoke(await clientFor("superadmin@demo.test"), organizationId);
    socket.send(PING_FRAME);
    expect(await socket.next()).toEqual({ type: "pong" });
  });
});

describe("OrganizationSync push", () => {
  it("serves one organization for life: a call naming another one is refused", async () => {
    const organizationId = await newOrganization(1);
    const actor = { id: 1, is_super_admin: true, permissions: {} };
    const stub = organizationSyncStub(env, organizationId);
    expect(await stub.push(organizationId, actor, "en", [])).toEqual({ results: [] });
    // Inside the object: an error crossing RPC would also be reported as uncaught by the runtime.
    await runInDurableObject(stub, async (instance: OrganizationSync) => {
      await expect(instance.push(organizationId + 1, actor, "en", [])).rejects.toThrow(/called for/);
    });
  });
});
