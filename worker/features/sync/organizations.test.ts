import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Change, PullResponse } from "../../../domain/sync/types.ts";
import { scopeOf } from "../../../domain/sync/testing.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { closePokeSockets, openPoke } from "../../../durable/organization-sync/testing.ts";
import { type TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { changeLog, newOrganization, userIdOf, webcastRow } from "./testing.ts";

beforeAll(seedDemo);
afterEach(closePokeSockets);

/** Every page from `cursor` (0: a reset), as the client pages through them. */
async function pullAll(client: TestClient, cursor = 0): Promise<{ changes: Change[]; cursor: number }> {
  const changes: Change[] = [];
  for (;;) {
    const response = await client.get(`/api/sync/pull?cursor=${cursor}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await response.json<PullResponse>();
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.more) return { changes, cursor };
  }
}

const organizationsIn = (changes: readonly Change[]) => changes.filter((change) => change.table === "organizations");

async function pulledOrganizationIds(email: string): Promise<number[]> {
  return organizationsIn((await pullAll(await clientFor(email))).changes).map((change) => Number(change.id));
}

describe("organizations sync: pull", () => {
  it("gives the members who view organizations theirs (name and rules only), never another tenant's; a super admin gets them all", async () => {
    const organizationId = await newOrganization(1);
    const { changes } = await pullAll(await clientFor("organizer@demo.test"));
    const mine = organizationsIn(changes).find((change) => change.id === String(organizationId));
    // Created without a change-log entry (as seeds and sign-ups before the log): a reset still has it.
    expect(await changeLog(String(organizationId))).toEqual([]);
    expect(mine).toEqual({
      table: "organizations",
      id: String(organizationId),
      op: "put",
      row: { id: String(organizationId), organization_id: organizationId, name: expect.stringMatching(/^Sync test/), deactivated_at: null, self_serve: false, limits: {}, features: {} },
    });

    for (const email of ["owner@demo.test", "admin@demo.test", "organizer@demo.test"]) {
      const ids = await pulledOrganizationIds(email);
      expect(ids, email).toEqual(expect.arrayContaining([1, organizationId]));
      expect(ids, email).not.toContain(2);
    }
    // The read rule (domain/permissions/read-rule.ts): as GET /api/organizations, none to roles without organizations.view.
    for (const email of ["speaker@demo.test", "operator@demo.test", "viewer@demo.test"]) expect(await pulledOrganizationIds(email), email).toEqual([]);
    expect(await pulledOrganizationIds("owner@other.test")).toEqual([2]);
    expect(await pulledOrganizationIds("superadmin@demo.test")).toEqual(expect.arrayContaining([1, 2, organizationId]));
  });

  it("sends the organizations of a reset whole on its first page, beside the page's limit of logged changes", async () => {
    const [a, b] = [await newOrganization(), await newOrganization()];
    const store = new D1ServerStore(env.DB, a);
    const userId = await userIdOf("owner@demo.test");
    // Two logged rows in `a`, pulled one per page.
    for (const row of [webcastRow(a, userId), webcastRow(a, userId)]) {
      await store.commit({ userId, writes: [{ table: "webcasts", id: row.id, organization_id: a, op: "put", row }], result: { id: uuidv7(), status: "applied" } });
    }
    const reader = new D1ServerStore(env.DB);
    const first = await reader.changesSince(0, scopeOf([a, b]), 1);
    expect(first.changes.map((change) => `${change.table}:${change.id}`)).toEqual([`organizations:${a}`, `organizations:${b}`, expect.stringMatching(/^webcasts:/)]);
    expect(first.more).toBe(true);
    expect(first.cursor).toBeGreaterThan(0);
    const second = await reader.changesSince(first.cursor, scopeOf([a, b]), 1);
    expect(second.changes.map((change) => change.table)).toEqual(["webcasts"]);
    expect(second.more).toBe(false);
  });

  it("refuses a mutation's write to an organization: nothing is committed", async () => {
    const organizationId = await newOrganization();
    const store = new D1ServerStore(env.DB, organizationId);
    const row = { id: String(organizationId), organization_id: organizationId, name: "Hijacked", deactivated_at: null, self_serve: false, limits: {}, features: {} };
    const result = { id: uuidv7(), status: "applied" as const };
    await expect(store.commit({ userId: await userIdOf("owner@demo.test"), writes: [{ table: "organizations", id: row.id, organization_id: organizationId, op: "put", row }], result })).rejects.toThrow(/not written through sync/);
    expect(await store.recorded(result.id)).toBeUndefined();
    expect(await store.read.get("organizations", row.id)).toMatchObject({ name: expect.stringMatching(/^Sync test/) });
  });

  it("reads an organization's row through the store, scoped to the store's organization", async () => {
    const [organizationId, other] = [await newOrganization(), await newOrganization()];
    const store = new D1ServerStore(env.DB, organizationId);
    expect(await store.read.get("organizations", String(organizationId))).toMatchObject({ id: String(organizationId), organization_id: organizationId });
    expect(await store.read.get("organizations", String(other))).toBeUndefined();
    expect(await store.read.get("organizations", "not-a-number")).toBeUndefined();
    expect(await store.read.list("organizations", organizationId)).toHaveLength(1);
    expect(await store.organizationsOfRows([String(other), uuidv7()])).toEqual(new Map([[String(other), other]]));
  });
});

describe("organizations sync: writes by the organization routes", () => {
  it("logs a change of a synced field in the write's batch, so the next pull has it, and pokes the organization's devices", async () => {
    const organizationId = await newOrganization(1);
    const owner = await clientFor("owner@demo.test");
    const superAdmin = await clientFor("superadmin@demo.test");
    const socket = await openPoke(owner, organizationId);
    const start = (await pullAll(owner)).cursor;

    const renamed = await owner.patch(`/api/organizations/${organizationId}`, { name: "Renamed Inc." });
    expect(renamed.status).toBe(200);
    const [entry] = await changeLog(String(organizationId));
    expect(entry).toEqual({ seq: expect.any(Number), organization_id: organizationId, op: "put" });
    expect(await socket.next()).toEqual({ type: "poke", cursor: entry?.seq });
    const afterRename = await pullAll(owner, start);
    expect(afterRename.changes).toEqual([
      { table: "organizations", id: String(organizationId), op: "put", row: expect.objectContaining({ name: "Renamed Inc.", deactivated_at: null }) },
    ]);

    // Fields nobody syncs (e-mail, billing terms), or a synced field set to its value: no entry, no poke.
    expect((await owner.patch(`/api/organizations/${organizationId}`, { name: "Renamed Inc.", email: "billing@renamed.test", phone: "+1 514 555 0100" })).status).toBe(200);
    await socket.expectSilence();
    expect((await pullAll(owner, afterRename.cursor)).changes).toEqual([]);

    // Rules: constraints, features, deactivation, reactivation, billing type: each one reaches the pull.
    const steps: [string, () => Promise<Response>, Record<string, unknown>][] = [
      ["constraints", () => superAdmin.patch(`/api/organizations/${organizationId}/constraints`, { limits: { max_webcasts: 3 } }), { limits: expect.objectContaining({ max_webcasts: 3 }) }],
      ["features", () => superAdmin.patch(`/api/organizations/${organizationId}/features`, { features: { allow_premiere_webcasts: false } }), { features: expect.objectContaining({ allow_premiere_webcasts: false }) }],
      ["deactivate", () => superAdmin.post(`/api/organizations/${organizationId}/deactivate`), { deactivated_at: expect.any(String) }],
      ["activate", () => superAdmin.post(`/api/organizations/${organizationId}/activate`), { deactivated_at: null }],
      ["self-serve", () => superAdmin.post(`/api/organizations/${organizationId}/self-serve`, { self_serve: true, confirm: true }), { self_serve: true, limits: expect.objectContaining({ max_webcasts: 5 }) }],
    ];
    let cursor = afterRename.cursor;
    for (const [step, request, fields] of steps) {
      const response = await request();
      expect(response.status, step).toBe(200);
      const poke = await socket.next();
      const pulled = await pullAll(owner, cursor);
      expect(pulled.changes, step).toEqual([{ table: "organizations", id: String(organizationId), op: "put", row: expect.objectContaining(fields) }]);
      expect(poke, step).toEqual({ type: "poke", cursor: pulled.cursor });
      cursor = pulled.cursor;
    }
    // Six changes, one change-log entry: the latest.
    expect(await changeLog(String(organizationId))).toEqual([{ seq: cursor, organization_id: organizationId, op: "put" }]);

    // The other tenant never receives any of it.
    expect(organizationsIn((await pullAll(await clientFor("owner@other.test"))).changes).map((change) => change.id)).toEqual(["2"]);
  });

  it("the rules the server judges pushes with are the ones devices pull", async () => {
    const organizationId = await newOrganization(1);
    const superAdmin = await clientFor("superadmin@demo.test");
    expect((await superAdmin.post(`/api/organizations/${organizationId}/deactivate`)).status).toBe(200);
    const store = new D1ServerStore(env.DB, organizationId);
    const rules = await store.read.organization?.(organizationId);
    const row = await store.read.get("organizations", String(organizationId));
    expect(row).toMatchObject({ self_serve: rules?.self_serve, deactivated_at: rules?.deactivated_at, limits: rules?.limits, features: rules?.features });
    expect(row?.deactivated_at).toEqual(expect.any(String));
  });
});
