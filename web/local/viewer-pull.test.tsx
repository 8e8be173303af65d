// Viewers on demand on the Dexie store (the shared scenarios of domain/sync/on-demand-scenarios.ts),
// the engine's cycle (main pull, then the opened webcasts' viewers) and `useViewerPull`.
import { act, renderHook, waitFor } from "@testing-library/react";
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { webcastPullScope } from "../../domain/permissions/read-rule.ts";
import type { ProfileUser } from "../../domain/auth/profile-user.ts";
import { onDemandScenarios } from "../../domain/sync/on-demand-scenarios.ts";
import { ALL_MUTATORS } from "../../domain/sync/registry.ts";
import { applyPush, pull } from "../../domain/sync/server.ts";
import { ORGANIZATION_ID, SERVER_NOW, memoryServer, scopeOf, webcastArgs } from "../../domain/sync/testing.ts";
import type { PendingMutation, PullResponse } from "../../domain/sync/types.ts";
import { PAGE_STREAM_TYPE, encodeStreamBody, encodeStreamError } from "../../domain/sync/page-stream.ts";
import { profileUser } from "../test/users.ts";
import { CSRF_COOKIE_PATH } from "../api/csrf.ts";
import { LocalDatabase } from "./db.ts";
import { DexieReplicaStore } from "./dexie-replica-store.ts";
import { activeSync } from "./session-sync.ts";
import { SyncEngine } from "./sync-engine.ts";
import { resetSyncState } from "./sync-state.ts";
import { freshUserId } from "./testing.ts";
import { openWebcastViewers, useViewerPull } from "./viewer-pull.ts";
import { resetViewerPulls } from "./viewer-pull-state.ts";
import { ref } from "valtio";
import { viewerRow } from "../../domain/viewers/testing.ts";

describe("viewers on demand (Dexie store)", () => {
  onDemandScenarios(() => {
    const db = new LocalDatabase(freshUserId());
    return { store: new DexieReplicaStore(db), viewers: (webcastId) => db.view_viewers.where("webcast_id").equals(webcastId).sortBy("id") };
  });
});

const idFor = (n: number) => `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const viewerIdFor = (n: number) => `0194c4a0-0000-7000-9000-${n.toString(16).padStart(12, "0")}`;

function manager(): ProfileUser {
  return profileUser(["webcasts.view", "webcasts.create", "webcasts.update", "viewers.manage"], { id: freshUserId() });
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * The sync routes answered from an in-memory server; `refused` webcasts answer 404; the stream of
 * a `failing` webcast ends after its first page with the server's error line.
 */
function fakeNetwork(user: ProfileUser) {
  const server = memoryServer();
  const calls: string[] = [];
  const refused = new Set<string>();
  const failing = new Set<string>();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    if (url.pathname === CSRF_COOKIE_PATH) {
      document.cookie = "XSRF-TOKEN=test-token; Path=/";
      return new Response(null, { status: 204 });
    }
    const method = (init?.method ?? "GET").toUpperCase();
    const webcast = url.searchParams.get("webcast");
    calls.push(`${method} ${url.pathname}${webcast ? `?webcast=${webcast}` : ""}`);
    if (method === "POST" && url.pathname === "/api/sync/push") {
      const body: { mutations: PendingMutation[] } = JSON.parse(String(init?.body));
      return json(await applyPush(server.store, ALL_MUTATORS, { id: user.id, is_super_admin: false, permissions: user.permissions }, "en", body.mutations, SERVER_NOW));
    }
    if (method === "GET" && url.pathname === "/api/sync/pull") {
      const cursor = Number(url.searchParams.get("cursor") ?? 0);
      const continuing = url.searchParams.get("continuing") === "1";
      return json(await pull(server.store, scopeOf([ORGANIZATION_ID]), cursor, 1000, { continuing }));
    }
    if (method === "GET" && url.pathname === "/api/sync/pull/stream" && webcast) {
      if (refused.has(webcast)) return json({ message: "Not found", code: "not_found" }, 404);
      // The whole pull, pages of two rows, in one body (as the worker streams it).
      const pages: PullResponse[] = [];
      for (let cursor = Number(url.searchParams.get("cursor") ?? 0), continuing = url.searchParams.get("continuing") === "1"; ; continuing = true) {
        const page = await pull(server.store, webcastPullScope("viewers", { id: webcast, organization_id: ORGANIZATION_ID }), cursor, 2, { continuing });
        pages.push(pages.length > 0 ? page : { ...page, total: server.store.rowsOf("viewers").filter((row) => row.webcast_id === webcast).length });
        if (!page.more) break;
        cursor = page.cursor;
      }
      const body = failing.has(webcast) ? `${encodeStreamBody("viewers", pages.slice(0, 1))}${encodeStreamError({ message: "Erreur du serveur", code: "server_error", requestId: "req-1" })}\n` : encodeStreamBody("viewers", pages);
      return new Response(body, { status: 200, headers: { "Content-Type": PAGE_STREAM_TYPE } });
    }
    return json({ message: "Not found", code: "not_found" }, 404);
  });
  return { server, calls, refused, failing };
}

/** Puts viewers of a webcast on the server directly. */
async function serverViewers(store: ReturnType<typeof memoryServer>["store"], webcastId: string, from: number, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) =>
    viewerRow({ id: viewerIdFor(from + index), organization_id: ORGANIZATION_ID, webcast_id: webcastId, name: `Viewer ${from + index}`, email: `viewer${from + index}@example.test`, created_at: SERVER_NOW }),
  );
  await store.commit({ userId: 1, writes: rows.map((row) => ({ table: "viewers" as const, id: row.id, organization_id: ORGANIZATION_ID, op: "put" as const, row })), result: { id: idFor(9000 + from), status: "applied" } });
}

let onLine: MockInstance<() => boolean>;
const engines: SyncEngine[] = [];

beforeEach(() => {
  onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
  resetSyncState();
  resetViewerPulls();
});

afterEach(async () => {
  activeSync.engine = null;
  activeSync.db = null;
  for (const engine of engines.splice(0)) await engine.stop();
  vi.restoreAllMocks();
});

function engineFor(user: ProfileUser, retryMs = { base: 5, max: 20 }): SyncEngine {
  const engine = new SyncEngine({ user, db: new LocalDatabase(user.id), openSocket: () => null, retryBaseMs: retryMs.base, retryMaxMs: retryMs.max });
  engines.push(engine);
  return engine;
}

describe("SyncEngine: viewers on demand", () => {
  it("pulls no viewers at sign-in; an opened webcast's viewers come, stay, and follow later changes on every sync", async () => {
    const user = manager();
    const net = fakeNetwork(user);
    const engine = engineFor(user);
    engine.start();
    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    await engine.mutate("createWebcast", webcastArgs(idFor(2)));
    await engine.settled();
    await serverViewers(net.server.store, idFor(1), 0, 5);
    await serverViewers(net.server.store, idFor(2), 100, 3);
    engine.requestSync();
    await engine.settled();
    expect(await engine.db.view_viewers.count()).toBe(0);
    expect(net.calls.some((call) => call.includes("webcast="))).toBe(false);

    await openWebcastViewers(engine, idFor(1));
    expect((await engine.db.view_viewers.where("webcast_id").equals(idFor(1)).toArray()).map((row) => row.name).sort()).toEqual(["Viewer 0", "Viewer 1", "Viewer 2", "Viewer 3", "Viewer 4"]);
    expect(await engine.db.view_viewers.count()).toBe(5);
    // Three pages of two rows, in one streamed response.
    expect(net.calls.filter((call) => call === `GET /api/sync/pull/stream?webcast=${idFor(1)}`)).toHaveLength(1);

    // A later change reaches the device with the next sync; nothing new, no request for the webcast.
    await serverViewers(net.server.store, idFor(1), 5, 1);
    engine.requestSync();
    await engine.settled();
    expect(await engine.db.view_viewers.where("webcast_id").equals(idFor(1)).count()).toBe(6);
    const before = net.calls.length;
    engine.requestSync();
    await engine.settled();
    expect(net.calls.slice(before)).toEqual(["GET /api/sync/pull"]);
  });

  it("keeps a viewer created on the device while the main pull passes it, until the webcast's pull brings it", async () => {
    const user = manager();
    fakeNetwork(user);
    const engine = engineFor(user);
    engine.start();
    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    await engine.settled();
    await openWebcastViewers(engine, idFor(1));
    await engine.mutate("createViewer", { id: viewerIdFor(1), webcast_id: idFor(1), name: "Grace Hopper", email: "grace@example.test", now: SERVER_NOW });
    await engine.settled();
    expect(await engine.db.view_viewers.get(viewerIdFor(1))).toMatchObject({ name: "Grace Hopper" });
    expect(await engine.db.outbox.count()).toBe(0);
    expect(await engine.db.base_viewers.count()).toBe(0);
  });

  it("forgets the viewers of a webcast the server refuses (404): registry and rows", async () => {
    const user = manager();
    const net = fakeNetwork(user);
    const engine = engineFor(user);
    engine.start();
    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    await engine.settled();
    await serverViewers(net.server.store, idFor(1), 0, 2);
    await openWebcastViewers(engine, idFor(1));
    expect(await engine.db.view_viewers.count()).toBe(2);
    net.refused.add(idFor(1));
    await serverViewers(net.server.store, idFor(1), 10, 1);
    engine.requestSync();
    await engine.settled();
    expect(await engine.db.view_viewers.count()).toBe(0);
    expect(await engine.db.opened_webcasts.count()).toBe(0);
  });
});

describe("useViewerPull", () => {
  it("registers the webcast, reports the first pull's progress, then ready (offline too, once pulled)", async () => {
    const user = manager();
    const net = fakeNetwork(user);
    const engine = engineFor(user);
    engine.start();
    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    await engine.settled();
    await serverViewers(net.server.store, idFor(1), 0, 3);
    activeSync.db = ref(engine.db);
    activeSync.engine = ref(engine);

    const { result, unmount } = renderHook(() => useViewerPull(idFor(1)));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(result.current).toMatchObject({ loaded: 3, total: 3, error: null });
    unmount();

    // Offline later: the viewers are on the device, so ready at once.
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    resetViewerPulls();
    const again = renderHook(() => useViewerPull(idFor(1)));
    await waitFor(() => expect(again.result.current.status).toBe("ready"));
    expect(again.result.current.loaded).toBe(3);
    again.unmount();

    // Never pulled and offline: offline.
    const other = renderHook(() => useViewerPull(idFor(2)));
    await waitFor(() => expect(other.result.current.status).toBe("offline"));
    other.unmount();
  });

  it("a server failure in the middle of the stream is an error with the server's message (not offline); the pages before it stay; the next sync ends the pull", async () => {
    const user = manager();
    const net = fakeNetwork(user);
    // No retry during the test (it would go on from the committed page): the next sync is asked for.
    const engine = engineFor(user, { base: 60_000, max: 60_000 });
    engine.start();
    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    await engine.settled();
    await serverViewers(net.server.store, idFor(1), 0, 5);
    net.failing.add(idFor(1));
    activeSync.db = ref(engine.db);
    activeSync.engine = ref(engine);

    const { result, unmount } = renderHook(() => useViewerPull(idFor(1)));
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(result.current.error).toBe("Erreur du serveur");
    // The first page (two rows) is kept.
    expect(await engine.db.view_viewers.where("webcast_id").equals(idFor(1)).count()).toBe(2);

    net.failing.delete(idFor(1));
    engine.requestSync();
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(await engine.db.view_viewers.where("webcast_id").equals(idFor(1)).count()).toBe(5);
    unmount();
  });
});
