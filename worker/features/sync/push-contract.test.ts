import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_VERSION, type ContractCall, SYNC_CONTRACT, type SyncContract } from "../../../domain/sync/contract.ts";
import type { PendingMutation, PushResponse } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { clientFor, seedDemo } from "../../test/client.ts";
import { db } from "../../db/client.ts";
import { loadAuthUser } from "../auth/auth-user.ts";
import { pushMutations } from "./push.ts";
import { newOrganization, userIdOf } from "./testing.ts";
import { createWebcast } from "./test-mutations.ts";

beforeAll(seedDemo);

const webcastIdOf = (mutation: PendingMutation): string => (mutation.args as { id: string }).id;

async function title(webcastId: string): Promise<string | undefined> {
  return (await env.DB.prepare("SELECT event_title FROM webcasts WHERE id = ?").bind(webcastId).first<{ event_title: string }>())?.event_title;
}

async function organizerUser() {
  const user = await loadAuthUser(db(env.DB), await userIdOf("organizer@demo.test"), "test-session");
  if (!user) throw new Error("no organizer");
  return user;
}

/**
 * What the previous contract looked like in this test: a mutator `setWebcastTitle { id, title }`
 * that the next version folded into `updateWebcast { id, event_title, now }` (today's mutators).
 */
const fold = ({ name, args }: ContractCall): ContractCall => {
  if (name !== "setWebcastTitle" || typeof args !== "object" || args === null) return { name, args };
  const { id, title: eventTitle, at } = args as { id?: unknown; title?: unknown; at?: unknown };
  return { name: "updateWebcast", args: { id, event_title: eventTitle, now: at } };
};
const NEXT = CONTRACT_VERSION + 1;
// After the upgrades the current version ships (a mutation queued before versions is read as 1).
const NEXT_CONTRACT: SyncContract = { version: NEXT, upgrades: { ...SYNC_CONTRACT.upgrades, [NEXT]: fold } };

describe("a push across a contract version", () => {
  it("carries each mutation's version: the current one (or none, as queued before versions) is applied", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const stamped = { ...createWebcast(organizationId), contract_version: CONTRACT_VERSION };
    const unstamped = createWebcast(organizationId);
    const response = await organizer.post("/api/sync/push", { mutations: [stamped, unstamped] });
    expect(response.status).toBe(200);
    expect((await response.json<PushResponse>()).results.map((result) => result.status)).toEqual(["applied", "applied"]);
  });

  it("stops at a mutation written by a newer app, unrecorded, so it goes through once the server runs that version", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test", "fr");
    const before = createWebcast(organizationId);
    const ahead = { ...createWebcast(organizationId), contract_version: NEXT };
    const after = createWebcast(organizationId);
    const response = await organizer.post("/api/sync/push", { mutations: [before, ahead, after] });
    expect(response.status).toBe(200);
    expect(await response.json<PushResponse>()).toEqual({
      results: [{ id: before.id, status: "applied", cursor: expect.any(Number) }],
      error: { code: "contract_ahead", message: expect.stringContaining("Le serveur est en cours de mise à jour") },
    });
    expect(await title(webcastIdOf(ahead))).toBeUndefined();

    // The server updated: the same push is answered in full, the first mutation once.
    const later = await pushMutations(env, await organizerUser(), "en", [before, ahead, after], NEXT_CONTRACT);
    expect(later).toEqual({
      results: [
        { id: before.id, status: "already_applied", cursor: expect.any(Number) },
        { id: ahead.id, status: "applied", cursor: expect.any(Number) },
        { id: after.id, status: "applied", cursor: expect.any(Number) },
      ],
    });
  });

  it("applies an outbox written by the previous version through its upgrade, once, and refuses one older than the upgrades kept", async () => {
    const organizationId = await newOrganization(1);
    const user = await organizerUser();
    const create = { ...createWebcast(organizationId), contract_version: CONTRACT_VERSION };
    const webcastId = webcastIdOf(create);
    const retitle: PendingMutation = {
      id: uuidv7(),
      name: "setWebcastTitle",
      args: { id: webcastId, title: "Queued by the previous app", at: new Date().toISOString() },
      client_time: new Date().toISOString(),
      contract_version: CONTRACT_VERSION,
    };
    const outbox = [create, retitle];
    const first = await pushMutations(env, user, "en", outbox, NEXT_CONTRACT);
    expect(first.results.map((result) => result.status)).toEqual(["applied", "applied"]);
    expect(await title(webcastId)).toBe("Queued by the previous app");
    const retry = await pushMutations(env, user, "en", outbox, NEXT_CONTRACT);
    expect(retry.results.map((result) => result.status)).toEqual(["already_applied", "already_applied"]);

    // Two versions on with only the last upgrade kept: refused `outdated` (kept by the client with its message), recorded.
    const twoOn: SyncContract = { version: NEXT + 1, upgrades: { [NEXT + 1]: (call) => call } };
    const stale: PendingMutation = { ...retitle, id: uuidv7() };
    const refused = await pushMutations(env, user, "fr", [stale], twoOn);
    expect(refused.results).toEqual([{ id: stale.id, status: "rejected", error: { code: "outdated", message: expect.stringContaining("trop ancienne") } }]);
    expect((await pushMutations(env, user, "en", [stale], NEXT_CONTRACT)).results).toEqual(refused.results);
  });
});
