import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { MutationResult, PendingMutation, PullResponse, PushResponse } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { changeLog, newOrganization, userIdOf, viewerRow } from "./testing.ts";
import { createWebcast, deleteWebcast } from "./test-mutations.ts";

beforeAll(seedDemo);

async function push(client: TestClient, mutations: PendingMutation[]): Promise<MutationResult[]> {
  const response = await client.post("/api/sync/push", { mutations });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<PushResponse>()).results;
}

async function pull(client: TestClient, cursor?: number): Promise<PullResponse> {
  const response = await client.get(`/api/sync/pull${cursor === undefined ? "" : `?cursor=${cursor}`}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<PullResponse>();
}

/** max_webcasts per month for the organization (every test webcast starts in September 2026). */
async function limitWebcasts(organizationId: number, max: number): Promise<void> {
  await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_webcasts: max }), organizationId).run();
}

async function webcastExists(id: string): Promise<boolean> {
  return (await env.DB.prepare("SELECT id FROM webcasts WHERE id = ?").bind(id).first()) !== null;
}

describe("POST /api/sync/push", () => {
  it("applies a mutation once: the row and its change-log entry are written, a retry is already_applied", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const create = createWebcast(organizationId);

    const [first] = await push(organizer, [create]);
    expect(first).toEqual({ id: create.id, status: "applied", cursor: expect.any(Number) });
    const webcastId = webcastIdOf(create);
    expect(await webcastExists(webcastId)).toBe(true);
    const log = await changeLog(webcastId);
    expect(log).toEqual([{ seq: first?.status === "applied" ? first.cursor : -1, organization_id: organizationId, op: "put" }]);

    expect(await push(organizer, [create])).toEqual([{ id: create.id, status: "already_applied", cursor: log[0]?.seq }]);
    expect(await changeLog(webcastId)).toEqual(log);
  });

  it("records a rejection, so a retry gets the same answer even after the reason went away", async () => {
    const organizationId = await newOrganization(1);
    await limitWebcasts(organizationId, 1);
    const organizer = await clientFor("organizer@demo.test");
    const first = createWebcast(organizationId);
    const second = createWebcast(organizationId);
    const [applied, rejected] = await push(organizer, [first, second]);
    expect(applied?.status).toBe("applied");
    expect(rejected).toEqual({ id: second.id, status: "rejected", error: { code: "limit_reached", message: expect.stringContaining("1") } });

    // Room again for one webcast; the recorded refusal still answers as it did, and writes nothing.
    expect((await push(organizer, [deleteWebcast(webcastIdOf(first))]))[0]?.status).toBe("applied");
    expect(await push(organizer, [second])).toEqual([rejected]);
    expect(await webcastExists(webcastIdOf(second))).toBe(false);

    // Rules of the mutators: a viewer may not create; a row that is gone cannot be deleted.
    const viewer = await clientFor("viewer@demo.test");
    expect((await push(viewer, [createWebcast(organizationId)]))[0]).toMatchObject({ status: "rejected", error: { code: "forbidden" } });
    expect((await push(organizer, [deleteWebcast(webcastIdOf(first))]))[0]).toMatchObject({ status: "rejected", error: { code: "not_found" } });
  });

  it("answers in the order sent across organizations, and finds rows created earlier in the same push", async () => {
    const [a, b] = [await newOrganization(1), await newOrganization(1)];
    const owner = await clientFor("owner@demo.test");
    const inA = createWebcast(a);
    const inB = createWebcast(b);
    const removeA = deleteWebcast(webcastIdOf(inA));
    const mutations = [inA, inB, removeA, createWebcast(a)];
    const results = await push(owner, mutations);
    expect(results.map((result) => [result.id, result.status])).toEqual(mutations.map((mutation) => [mutation.id, "applied"]));
    expect(await webcastExists(webcastIdOf(inA))).toBe(false);
    expect(await webcastExists(webcastIdOf(inB))).toBe(true);
  });

  it("refuses a mutation no mutator takes (unknown name, bad arguments) without a trip to an object, and records it", async () => {
    const organizationId = await newOrganization(1);
    const owner = await clientFor("owner@demo.test");
    const create = createWebcast(organizationId);
    const now = new Date().toISOString();
    // Routing follows each mutator's scope, so a name no mutator has cannot be routed: it is
    // refused as invalid whoever sends it, and says nothing about anyone's rows.
    const part = { id: uuidv7(), name: "noSuchPartMutator", args: { id: uuidv7(), webcast_id: webcastIdOf(create), now }, client_time: now };
    const [created, refused] = await push(owner, [create, part]);
    expect(created?.status).toBe("applied");
    expect(refused).toMatchObject({ status: "rejected", error: { code: "invalid_mutation" } });
    const stranger = { ...part, id: uuidv7() };
    expect(await push(await clientFor("owner@other.test"), [stranger])).toMatchObject([{ status: "rejected", error: { code: "invalid_mutation" } }]);
    // Answered again from the record, as any processed id.
    expect(await push(owner, [part])).toMatchObject([{ id: part.id, status: "rejected", error: { code: "invalid_mutation" } }]);
  });

  it("takes a full batch of 100 mutations", async () => {
    const organizationId = await newOrganization(1);
    const owner = await clientFor("owner@demo.test");
    const mutations = Array.from({ length: 100 }, () => createWebcast(organizationId));
    const results = await push(owner, mutations);
    expect(results.filter((result) => result.status === "applied")).toHaveLength(100);
    expect((await push(owner, mutations)).every((result) => result.status === "already_applied")).toBe(true);
  });

  it("keeps tenants apart: another organization's data is not_found, recorded, and left untouched", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const create = createWebcast(organizationId);
    await push(organizer, [create]);

    const other = await clientFor("owner@other.test");
    const intruders = [createWebcast(organizationId), deleteWebcast(webcastIdOf(create)), createWebcast(987_654)];
    const results = await push(other, intruders);
    expect(results).toEqual(intruders.map((mutation) => ({ id: mutation.id, status: "rejected", error: { code: "not_found", message: "This page or resource does not exist." } })));
    expect(await webcastExists(webcastIdOf(create))).toBe(true);
    expect(await webcastExists(webcastIdOf(intruders[0] ?? create))).toBe(false);
    expect(await push(other, intruders)).toEqual(results);

    // A super admin belongs everywhere, but not to organizations that do not exist.
    const superAdmin = await clientFor("superadmin@demo.test");
    const [ghost, real] = await push(superAdmin, [createWebcast(987_654), createWebcast(organizationId)]);
    expect(ghost).toMatchObject({ status: "rejected", error: { code: "not_found" } });
    expect(real).toMatchObject({ status: "applied" });
  });

  it("refuses a late edit of a deleted webcast with the webcast's reason, and keeps the other tenant's answer generic", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const create = createWebcast(organizationId);
    await push(organizer, [create, deleteWebcast(webcastIdOf(create))]);
    const now = new Date().toISOString();
    const late: PendingMutation = { id: uuidv7(), name: "updateWebcast", args: { id: webcastIdOf(create), event_title: "Too late", now }, client_time: now };
    expect(await push(organizer, [late])).toEqual([{ id: late.id, status: "rejected", error: { code: "not_found", message: "This webcast no longer exists: it was deleted." } }]);

    const other = await clientFor("owner@other.test");
    const intruder = { ...late, id: uuidv7() };
    expect(await push(other, [intruder])).toEqual([{ id: intruder.id, status: "rejected", error: { code: "not_found", message: "This page or resource does not exist." } }]);
  });

  it("stops at a storage failure: answers the mutations before it plus an error, records nothing of it", async () => {
    const [a, b] = [await newOrganization(1), await newOrganization(1)];
    const owner = await clientFor("owner@demo.test");
    const taken = createWebcast(a);
    await push(owner, [taken]);
    // A client-made id that already exists in another organization: the commit fails as a whole.
    const mutations = [createWebcast(b), createWebcast(b, { id: webcastIdOf(taken) }), createWebcast(b)];
    const response = await owner.post("/api/sync/push", { mutations });
    expect(response.status).toBe(200);
    const body = await response.json<PushResponse>();
    expect(body).toEqual({ results: [{ id: mutations[0]?.id, status: "applied", cursor: expect.any(Number) }], error: { code: "server_error", message: expect.any(String) } });
    expect(await webcastExists(webcastIdOf(mutations[2] ?? taken))).toBe(false);
    const row = await env.DB.prepare("SELECT organization_id FROM webcasts WHERE id = ?").bind(webcastIdOf(taken)).first<number>("organization_id");
    expect(row).toBe(a);
    const retry = await (await owner.post("/api/sync/push", { mutations })).json<PushResponse>();
    expect(retry.results.map((result) => result.status)).toEqual(["already_applied"]);
    expect(retry.error?.code).toBe("server_error");
  });

  it("refuses a malformed push with 422 and a signed-out one with 401", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const valid = createWebcast(1);
    const invalid = async (mutations: unknown) => (await organizer.post("/api/sync/push", { mutations })).status;
    expect(await invalid([{ ...valid, id: crypto.randomUUID() }])).toBe(422); // UUIDv4
    expect(await invalid([{ ...valid, client_time: "yesterday" }])).toBe(422);
    expect(await invalid([valid, valid])).toBe(422);
    expect(await invalid(Array.from({ length: 101 }, () => createWebcast(1)))).toBe(422);
    expect(await invalid("all")).toBe(422);
    expect((await new TestClient().post("/api/sync/push", { mutations: [] })).status).toBe(401);
    expect((await new TestClient().post("/api/sync/push", { mutations: "all" })).status).toBe(401);
  });

  it("refuses, in en and fr, a push naming a mutator only the server runs", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const now = new Date().toISOString();
    const crafted = { id: uuidv7(), name: "resetWebcast", args: {}, client_time: now };
    const response = await organizer.post("/api/sync/push", { mutations: [crafted] });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { "mutations.0.name": ["This change is made by the server only."] } });
    const fr = await organizer.request("/api/sync/push", { method: "POST", json: { mutations: [crafted] }, headers: { "Accept-Language": "fr" } });
    expect(await fr.json()).toMatchObject({ errors: { "mutations.0.name": ["Cette modification est faite par le serveur seulement."] } });
  });

  it("runs an organization's concurrent pushes one at a time, so a limit holds", async () => {
    const organizationId = await newOrganization(1);
    const clients = await Promise.all(["organizer@demo.test", "admin@demo.test", "owner@demo.test"].map((email) => clientFor(email)));
    const limit = 2;
    await limitWebcasts(organizationId, limit);
    const batches = clients.map(() => [createWebcast(organizationId)]);
    const results = (await Promise.all(clients.map((client, index) => push(client, batches[index] ?? [])))).flat();
    expect(results.filter((result) => result.status === "applied")).toHaveLength(limit);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(clients.length - limit);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM webcasts WHERE organization_id = ?").bind(organizationId).first<number>("n");
    expect(count).toBe(limit);
  });
});

describe("GET /api/sync/pull", () => {
  it("starts a device over once the user's scope changed (a role taken away), so it keeps no rows it may no longer hold", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const webcast = createWebcast(organizationId);
    await push(organizer, [webcast]);
    const viewer = viewerRow({ id: webcastIdOf(webcast), organization_id: organizationId });
    await env.DB.prepare("INSERT INTO viewers (id, organization_id, webcast_id, name, email, tags, vote_weight, registered, invitation_sent, reminder_sent, is_moderator, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', 1, 0, 0, 0, 0, ?, ?)")
      .bind(viewer.id, organizationId, viewer.webcast_id, viewer.name, viewer.email, viewer.created_at, viewer.updated_at)
      .run();
    let page = await pull(organizer);
    while (page.more) page = await pull(organizer, page.cursor);
    expect(await pull(organizer, page.cursor)).toMatchObject({ reset: false });

    // Demoted to viewer there: the next pull starts over, without that organization's viewers.
    await env.DB.prepare("UPDATE memberships SET role = 'viewer' WHERE organization_id = ? AND user_id = ?").bind(organizationId, await userIdOf("organizer@demo.test")).run();
    const after = await pull(organizer, page.cursor);
    expect(after.reset).toBe(true);
    let changes = after.changes;
    for (let next = after; next.more; ) {
      next = await pull(organizer, next.cursor);
      changes = [...changes, ...next.changes];
    }
    expect(changes.some((change) => change.table === "viewers" && change.id === viewer.id)).toBe(false);
    // A viewer there now: not its webcasts either (the read rule).
    expect(changes.some((change) => change.table === "webcasts" && change.id === webcastIdOf(webcast))).toBe(false);
  });

  it("gives a snapshot from 0, then only newer changes with deletions as del, only of the user's organizations", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const [kept, removed] = [createWebcast(organizationId), createWebcast(organizationId)];
    await push(organizer, [kept, removed]);

    const snapshot = await pull(organizer);
    expect(snapshot.reset).toBe(true);
    expect(snapshot.more).toBe(false);
    const ids = snapshot.changes.map((change) => change.id);
    expect(ids).toEqual(expect.arrayContaining([webcastIdOf(kept), webcastIdOf(removed)]));
    expect(snapshot.changes.find((change) => change.id === webcastIdOf(kept))).toMatchObject({ table: "webcasts", op: "put", row: { organization_id: organizationId } });

    const later = createWebcast(organizationId);
    await push(organizer, [deleteWebcast(webcastIdOf(removed)), later]);
    const delta = await pull(organizer, snapshot.cursor);
    expect(delta.reset).toBe(false);
    expect(delta.changes).toEqual([
      { table: "webcasts", id: webcastIdOf(removed), op: "del" },
      { table: "webcasts", id: webcastIdOf(later), op: "put", row: expect.objectContaining({ id: webcastIdOf(later) }) },
    ]);
    expect(delta.cursor).toBeGreaterThan(snapshot.cursor);
    expect(await pull(organizer, delta.cursor)).toEqual({ cursor: delta.cursor, changes: [], more: false, reset: false });

    // The other tenant never sees these rows, from 0 or from any cursor.
    const other = await clientFor("owner@other.test");
    const theirs = [...(await pull(other)).changes, ...(await pull(other, snapshot.cursor - 10)).changes];
    const mine = new Set([webcastIdOf(kept), webcastIdOf(removed), webcastIdOf(later)]);
    expect(theirs.filter((change) => mine.has(change.id))).toEqual([]);
  });

  it("sends no viewers in the main pull (they come per webcast: viewer-pull.test.ts); a webcast's deletion still deletes its viewers", async () => {
    const organizationId = await newOrganization(1);
    const organizer = await clientFor("organizer@demo.test");
    const create = createWebcast(organizationId);
    await push(organizer, [create]);
    const webcast = { id: webcastIdOf(create), organization_id: organizationId };
    const viewers = [viewerRow(webcast), viewerRow(webcast)];
    const store = new D1ServerStore(env.DB, organizationId);
    await store.commit({ userId: await userIdOf("organizer@demo.test"), writes: viewers.map((row) => ({ table: "viewers" as const, id: row.id, organization_id: organizationId, op: "put" as const, row })), result: { id: uuidv7(), status: "applied" } });
    const viewerIds = viewers.map((viewer) => viewer.id).sort();

    const pulledBy = async (email: string) => (await pull(await clientFor(email))).changes.filter((change) => change.id === webcast.id || viewerIds.includes(change.id));
    const tablesOf = (changes: PullResponse["changes"]) => changes.map((change) => `${change.table}:${change.op}`).sort();
    for (const email of ["organizer@demo.test", "owner@demo.test", "admin@demo.test", "superadmin@demo.test"]) expect(tablesOf(await pulledBy(email)), email).toEqual(["webcasts:put"]);
    // The read rule: only those who view webcasts (or speak in this one) get it.
    for (const email of ["viewer@demo.test", "speaker@demo.test", "operator@demo.test"]) expect(tablesOf(await pulledBy(email)), email).toEqual([]);
    expect(await pulledBy("owner@other.test")).toEqual([]);

    // Deleting the webcast deletes its viewers (their dels are logged, for the webcast pulls); the main pull has the webcast's.
    const before = await pull(organizer);
    await push(organizer, [deleteWebcast(webcast.id)]);
    const delta = await pull(organizer, before.cursor);
    expect(delta.changes).toEqual([{ table: "webcasts", id: webcast.id, op: "del" }]);
    for (const id of viewerIds) expect((await changeLog(id)).map((entry) => entry.op)).toEqual(["del"]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM viewers WHERE webcast_id = ?").bind(webcast.id).first<number>("n");
    expect(count).toBe(0);
    // A plain viewer never had the webcast: nothing of it comes to them.
    const viewerDelta = await pull(await clientFor("viewer@demo.test"), before.cursor);
    expect(viewerDelta.changes.filter((change) => change.id === webcast.id || viewerIds.includes(change.id))).toEqual([]);
  });

  it("needs a session and a valid cursor", async () => {
    expect((await new TestClient().get("/api/sync/pull?cursor=0")).status).toBe(401);
    expect((await new TestClient().get("/api/sync/pull?cursor=-1")).status).toBe(401);
    const organizer = await clientFor("organizer@demo.test");
    expect((await organizer.get("/api/sync/pull?cursor=-1")).status).toBe(422);
    expect((await organizer.get("/api/sync/pull?cursor=abc")).status).toBe(422);
  });
});

function webcastIdOf(mutation: PendingMutation): string {
  const { args } = mutation;
  const id = typeof args === "object" && args !== null && "id" in args ? args.id : undefined;
  if (typeof id !== "string") throw new Error("not a webcast mutation");
  return id;
}
