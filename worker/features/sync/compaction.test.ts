import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SYNC_RETENTION_DAYS } from "../../../domain/sync/retention.ts";
import type { MutationResult, PendingMutation, PullResponse, PushResponse } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { type TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { compactSyncLog } from "./compaction.ts";
import { createWebcast, deleteWebcast } from "./test-mutations.ts";
import { newOrganization } from "./testing.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { pull as pullPage } from "../../../domain/sync/server.ts";
import { scopeOf } from "../../../domain/sync/testing.ts";

beforeAll(seedDemo);

async function push(client: TestClient, mutations: PendingMutation[]): Promise<MutationResult[]> {
  const response = await client.post("/api/sync/push", { mutations });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<PushResponse>()).results;
}

async function pull(client: TestClient, cursor: number): Promise<PullResponse> {
  const response = await client.get(`/api/sync/pull?cursor=${cursor}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<PullResponse>();
}

/** Pulls every page from `cursor`: the cursor reached, whether the first page reset, the rows' ids seen. */
async function pullAll(client: TestClient, cursor: number): Promise<{ cursor: number; reset: boolean; ids: Set<string>; deleted: Set<string> }> {
  const ids = new Set<string>();
  const deleted = new Set<string>();
  let page = await pull(client, cursor);
  const reset = page.reset ?? false;
  for (;;) {
    for (const change of page.changes) (change.op === "put" ? ids : deleted).add(change.id);
    if (!page.more) return { cursor: page.cursor, reset, ids, deleted };
    page = await pull(client, page.cursor);
  }
}

const webcastIdOf = (mutation: PendingMutation) => String((mutation.args as { id: string }).id);

describe("sync compaction (docs/sync.md)", () => {
  it("drops deletion entries and mutation records past the retention; a device below the cut pulls from scratch, one above goes on", async () => {
    const organizationId = await newOrganization(1);
    const owner = await clientFor("owner@demo.test");
    const [kept, gone, ...others] = [createWebcast(organizationId), createWebcast(organizationId), createWebcast(organizationId), createWebcast(organizationId)];
    expect((await push(owner, [kept, gone, ...others])).map((result) => result.status)).toEqual(["applied", "applied", "applied", "applied"]);
    const away = await pullAll(owner, 0); // a device that then goes away, before the deletion
    expect((await push(owner, [deleteWebcast(webcastIdOf(gone))]))[0]?.status).toBe("applied");
    const present = await pullAll(owner, away.cursor); // a device that saw the deletion
    expect(present.deleted.has(webcastIdOf(gone))).toBe(true);

    // Time passes beyond the retention: the records are old now.
    await env.DB.batch([env.DB.prepare("UPDATE sync_changes SET created_at = '2000-01-01 00:00:00' WHERE op = 'del'"), env.DB.prepare("UPDATE sync_mutations SET applied_at = '2000-01-01 00:00:00'")]);
    const compacted = await compactSyncLog(env.DB, new Date());
    expect(compacted.deletions).toBeGreaterThan(0);
    expect(compacted.mutations).toBeGreaterThan(0);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_changes WHERE op = 'del'").first<{ n: number }>()).toEqual({ n: 0 });

    // The away device cannot learn the deletion from the log any more: it starts over, and the
    // deleted webcast is simply not among the rows it gets.
    const back = await pullAll(owner, away.cursor);
    expect(back.reset).toBe(true);
    expect(back.ids.has(webcastIdOf(kept))).toBe(true);
    expect(back.ids.has(webcastIdOf(gone))).toBe(false);
    // The device that saw it goes on from its cursor.
    expect((await pull(owner, present.cursor)).reset).toBe(false);
    // Compacting again keeps the cut where it is.
    await compactSyncLog(env.DB, new Date());
    expect((await pull(owner, present.cursor)).reset).toBe(false);

    // A reset pages through entries below the cut (puts stay where they were): the next pages go on
    // (`continuing`) instead of starting over at each page.
    const store = new D1ServerStore(env.DB);
    const scope = scopeOf([organizationId]);
    let page = await pullPage(store, scope, away.cursor, 1, { continuing: false });
    expect(page).toMatchObject({ reset: true, more: true });
    expect(page.cursor).toBeLessThan(await store.oldestCursor());
    const seen = new Set(page.changes.map((change) => change.id));
    for (let pages = 1; page.more; pages++) {
      expect(pages).toBeLessThan(50);
      page = await pullPage(store, scope, page.cursor, 1, { continuing: true });
      expect(page.reset).toBe(false);
      for (const change of page.changes) seen.add(change.id);
    }
    expect([...seen].filter((id) => id !== String(organizationId)).sort()).toEqual([kept, ...others].map(webcastIdOf).sort());
  });

  it("refuses a mutation made before the retention period (its record may be gone), and records the refusal", async () => {
    const organizationId = await newOrganization(1);
    const owner = await clientFor("owner@demo.test");
    const old = { ...createWebcast(organizationId), id: uuidv7(Date.now() - (SYNC_RETENTION_DAYS + 1) * 86_400_000) };
    const [result] = await push(owner, [old]);
    expect(result).toMatchObject({ id: old.id, status: "rejected", error: { code: "expired" } });
    expect((result as { error: { message: string } }).error.message).toMatch("more than 30 days");
    expect(await env.DB.prepare("SELECT id FROM webcasts WHERE id = ?").bind(webcastIdOf(old)).first()).toBeNull();
    expect(await push(owner, [old])).toMatchObject([{ status: "rejected", error: { code: "expired" } }]);
  });
});
