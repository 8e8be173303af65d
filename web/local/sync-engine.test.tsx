import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { Dexie } from "dexie";
import { subscribeKey } from "valtio/utils";
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProfileUser } from "../../domain/auth/profile-user.ts";
import { ORGANIZATION_ID, memoryServer, rules, webcastArgs } from "../../domain/sync/testing.ts";
import type { MutationActor, PendingMutation } from "../../domain/sync/types.ts";
import { CSRF_COOKIE_PATH } from "../api/csrf.ts";
import { installGlobalErrorHandler } from "../api/errors.ts";
import { logout } from "../features/session/api.ts";
import { resetSession, setSessionUser } from "../features/session/store.ts";
import { SyncIndicator } from "../features/sync/sync-indicator.tsx";
import { renderInRouter, renderWithI18n } from "../test/render.tsx";
import { profileUser } from "../test/users.ts";
import { LocalDatabase, localDatabaseName } from "./db.ts";
import { activeSync, installSessionSync } from "./session-sync.ts";
import { type PokeHandlers, SyncEngine, type SyncEngineOptions } from "./sync-engine.ts";
import { resetSyncState, syncState } from "./sync-state.ts";
import { freshUserId } from "./testing.ts";
import { useWebcasts } from "./use-webcasts.ts";

const idFor = (n: number) => `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

function organizerUser(): ProfileUser {
  return profileUser(["webcasts.view", "webcasts.create", "webcasts.update", "webcasts.delete"], { id: freshUserId() });
}

const actorOf = (user: ProfileUser): MutationActor => ({ id: user.id, is_super_admin: user.is_super_admin, permissions: user.permissions });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

type Failure = "network" | number;

/**
 * The network as the engine sees it: `fetch` answering the sync routes from an in-memory server
 * (domain/sync/testing.ts), plus CSRF and logout. `failures` makes the next sync calls fail.
 */
function fakeNetwork(user: ProfileUser, server = memoryServer()) {
  const failures: Failure[] = [];
  const calls: string[] = [];
  const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    if (url.pathname === CSRF_COOKIE_PATH) {
      document.cookie = "XSRF-TOKEN=test-token; Path=/";
      return new Response(null, { status: 204 });
    }
    calls.push(`${method} ${url.pathname}`);
    if (url.pathname === "/logout") return new Response(null, { status: 204 });
    if (url.pathname.startsWith("/api/sync/")) {
      const failure = failures.shift();
      if (failure === "network") throw new TypeError("Failed to fetch");
      if (typeof failure === "number") return jsonResponse({ message: "Failure", code: failure === 401 ? "unauthenticated" : "server_error" }, failure);
    }
    if (method === "POST" && url.pathname === "/api/sync/push") {
      const body: { mutations: PendingMutation[] } = JSON.parse(String(init?.body));
      return jsonResponse(await server.sender(actorOf(user))(body.mutations));
    }
    if (method === "GET" && url.pathname === "/api/sync/pull") {
      return jsonResponse(await server.fetcher()(Number(url.searchParams.get("cursor") ?? 0), url.searchParams.get("continuing") === "1"));
    }
    return jsonResponse({ message: "Not found", code: "not_found" }, 404);
  });
  return { server, failures, calls, fetch, count: (key: string) => calls.filter((call) => call === key).length };
}

/** Poke sockets the engine opened, by URL. */
function fakeSockets() {
  const opened: { url: string; handlers: PokeHandlers; closed: boolean }[] = [];
  const openSocket: SyncEngineOptions["openSocket"] = (url, handlers) => {
    const socket = { url, handlers, closed: false };
    opened.push(socket);
    queueMicrotask(() => handlers.open());
    return { close: () => void (socket.closed = true) };
  };
  return { opened, openSocket };
}

let onLine: MockInstance<() => boolean>;
const engines: SyncEngine[] = [];
let uninstall: (() => void) | undefined;

function engineFor(user: ProfileUser, options: Partial<SyncEngineOptions> = {}): SyncEngine {
  const engine = new SyncEngine({ user, db: new LocalDatabase(user.id), openSocket: fakeSockets().openSocket, retryBaseMs: 5, retryMaxMs: 20, pokeDelayMs: 1, ...options });
  engines.push(engine);
  return engine;
}

function goOnline(value: boolean): void {
  onLine.mockReturnValue(value);
  window.dispatchEvent(new Event(value ? "online" : "offline"));
}

beforeEach(() => {
  onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
  resetSyncState();
});

afterEach(async () => {
  // The session's engine stops without being awaited: let its last cycle end while fetch is still faked.
  const sessionEngine = activeSync.engine;
  uninstall?.();
  uninstall = undefined;
  await sessionEngine?.settled();
  for (const engine of engines.splice(0)) await engine.stop();
  installGlobalErrorHandler(undefined);
  resetSession();
  vi.restoreAllMocks();
});

describe("SyncEngine", () => {
  it("queues a change offline, then pushes and pulls it once online", async () => {
    const user = organizerUser();
    const net = fakeNetwork(user);
    goOnline(false);
    const engine = engineFor(user);
    engine.start();
    expect(syncState.status).toBe("offline");

    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    expect(syncState.pending).toBe(1);
    expect(net.calls).toEqual([]);
    expect(await engine.db.view_webcasts.get(idFor(1))).toMatchObject({ event_title: "Quarterly results" });
    expect(await engine.db.base_webcasts.count()).toBe(0);

    goOnline(true);
    await waitFor(() => expect(syncState.pending).toBe(0));
    await engine.settled();
    expect(net.count("POST /api/sync/push")).toBe(1);
    expect(net.count("GET /api/sync/pull")).toBeGreaterThanOrEqual(1);
    expect(await engine.db.view_webcasts.get(idFor(1))).toEqual(net.server.store.rowsOf("webcasts")[0]);
    // Nothing pending: the view row is the server's; base keeps rows only while mutations touch them.
    expect(await engine.db.base_webcasts.count()).toBe(0);
    expect(syncState).toMatchObject({ status: "idle", rejected: 0, lastSyncedAt: expect.any(String) });
  });

  it("retries with backoff after network failures (shown as offline) and 5xx answers (shown as errors)", async () => {
    const user = organizerUser();
    const net = fakeNetwork(user);
    net.failures.push("network", 500);
    const engine = engineFor(user);
    const statuses: string[] = [];
    const unsubscribe = subscribeKey(syncState, "status", (status) => statuses.push(status), true);
    engine.start();
    await engine.mutate("createWebcast", webcastArgs(idFor(1)));
    await waitFor(() => expect(syncState).toMatchObject({ status: "idle", pending: 0 }));
    unsubscribe();
    // No response at all: the server is out of reach, which the header shows as offline.
    expect(statuses.filter((status) => status !== "syncing")).toEqual(["offline", "error", "idle"]);
    expect(net.server.store.rowsOf("webcasts")).toHaveLength(1);
  });

  it("stops on a 401 and lets the global handler sign out", async () => {
    const user = organizerUser();
    setSessionUser(user);
    const resetUser = vi.fn(resetSession);
    installGlobalErrorHandler({ resetUser, loginPath: () => "/login", currentPath: () => "/home", navigate: vi.fn(), reloadRoot: vi.fn() });
    const net = fakeNetwork(user);
    net.failures.push(401);
    const engine = engineFor(user);
    engine.start();
    await waitFor(() => expect(engine.isStopped).toBe(true));
    expect(resetUser).toHaveBeenCalled();
    const before = net.calls.length;
    engine.requestSync();
    window.dispatchEvent(new Event("focus"));
    expect(net.calls.length).toBe(before);
  });

  it("pulls on a poke for a newer cursor, one socket per organization", async () => {
    const user = organizerUser();
    const net = fakeNetwork(user);
    const sockets = fakeSockets();
    const engine = engineFor(user, { openSocket: sockets.openSocket });
    engine.start();
    await waitFor(() => expect(syncState.status).toBe("idle"));
    await engine.settled();
    expect(sockets.opened.map((socket) => socket.url)).toEqual([`ws://${location.host}/api/sync/poke?organization=${ORGANIZATION_ID}`]);
    const pulls = net.count("GET /api/sync/pull");
    sockets.opened[0]?.handlers.message(JSON.stringify({ type: "poke", cursor: 5 }));
    await waitFor(() => expect(net.count("GET /api/sync/pull")).toBe(pulls + 1));
    goOnline(false);
    expect(sockets.opened[0]?.closed).toBe(true);
  });
});

describe("session sync", () => {
  it("starts with the signed-in user and deletes their database on logout", async () => {
    const user = organizerUser();
    fakeNetwork(user);
    uninstall = installSessionSync({ openSocket: fakeSockets().openSocket });
    act(() => setSessionUser(user));
    // The database at once (screens read it), the engine once its chunk has loaded.
    expect(activeSync.db?.userId).toBe(user.id);
    expect(syncState.status).toBe("syncing");
    await waitFor(() => expect(activeSync.engine?.userId).toBe(user.id));
    const engine = activeSync.engine;
    expect(engine?.db).toBe(activeSync.db);
    await engine?.mutate("createWebcast", webcastArgs(idFor(1)));
    expect(await Dexie.exists(localDatabaseName(user.id))).toBe(true);

    await logout();
    expect(activeSync.engine).toBeNull();
    expect(engine?.isStopped).toBe(true);
    expect(await Dexie.exists(localDatabaseName(user.id))).toBe(false);
  });

  it("starts no engine for a user who signed out before its code loaded", async () => {
    const user = organizerUser();
    fakeNetwork(user);
    uninstall = installSessionSync({ openSocket: fakeSockets().openSocket });
    act(() => setSessionUser(user));
    const db = activeSync.db;
    act(() => setSessionUser(null));
    expect(activeSync.db).toBeNull();
    await import("./sync-engine.ts");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(activeSync.engine).toBeNull();
    expect(db?.isOpen()).toBe(false);
  });
});

describe("useWebcasts", () => {
  it("reads the organization's webcasts from the view, live", async () => {
    const user = organizerUser();
    fakeNetwork(user);
    uninstall = installSessionSync({ openSocket: fakeSockets().openSocket });
    const { result } = renderHook(() => useWebcasts(ORGANIZATION_ID));
    expect(result.current).toBeUndefined();
    act(() => setSessionUser(user));
    await waitFor(() => expect(result.current).toEqual([]));
    await waitFor(() => expect(activeSync.engine).not.toBeNull());
    await act(async () => {
      await activeSync.engine?.mutate("createWebcast", webcastArgs(idFor(2), { event_start_date_time: "2026-04-01T10:00:00.000Z" }));
      await activeSync.engine?.mutate("createWebcast", webcastArgs(idFor(1)));
    });
    await waitFor(() => expect(result.current?.map((row) => row.id)).toEqual([idFor(1), idFor(2)]));
  });
});

describe("SyncIndicator and rejected changes", () => {
  async function signedIn(server = memoryServer()) {
    const user = organizerUser();
    const net = fakeNetwork(user, server);
    uninstall = installSessionSync({ openSocket: fakeSockets().openSocket, retryBaseMs: 5, retryMaxMs: 20 });
    act(() => setSessionUser(user));
    await waitFor(() => expect(activeSync.engine).not.toBeNull());
    const engine = activeSync.engine;
    if (!engine) throw new Error("no engine");
    await act(() => engine.settled());
    return { user, net, engine };
  }

  it("shows offline, syncing, saved and error states with the pending count", async () => {
    await signedIn();
    renderWithI18n(<SyncIndicator />);
    const indicator = await screen.findByTestId("sync-indicator");
    await waitFor(() => expect(indicator.dataset.status).toBe("idle"));
    expect(screen.getByRole("button", { name: /All changes saved/ })).toBe(indicator);
    expect(indicator.textContent).toMatch(/Last synced/);

    act(() => Object.assign(syncState, { status: "syncing", pending: 2 }));
    await waitFor(() => expect(indicator.dataset.status).toBe("syncing"));
    expect(indicator.textContent).toMatch("Syncing…");
    expect(indicator.textContent).toMatch("2 pending changes");

    act(() => goOnline(false));
    await waitFor(() => expect(indicator.dataset.status).toBe("offline"));
    expect(screen.getByRole("button", { name: /Offline: changes are kept/ })).toBe(indicator);

    act(() => Object.assign(syncState, { status: "error" }));
    await waitFor(() => expect(indicator.textContent).toMatch("Sync failed, retrying"));
  });

  it("lists a change the server refused with its message, and discards it", async () => {
    // The browser does not know the organization's features; the server refuses.
    const { engine } = await signedIn(memoryServer([[ORGANIZATION_ID, rules({ features: { allow_webcasts: false } })]]));
    await renderInRouter(<SyncIndicator />);
    await act(() => engine.mutate("createWebcast", webcastArgs(idFor(1))));
    await waitFor(() => expect(syncState).toMatchObject({ rejected: 1, pending: 0 }));
    const indicator = screen.getByTestId("sync-indicator");
    expect(indicator.textContent).toMatch("1 rejected");

    fireEvent.click(indicator);
    const panel = await screen.findByTestId("rejected-changes");
    const item = await within(panel).findByTestId("rejected-change");
    expect(item.textContent).toMatch("Webcasts are not enabled for this organization.");
    expect(item.textContent).toMatch("New webcast");
    expect(within(item).getByRole("link", { name: "Fix" }).getAttribute("href")).toMatch(/^\/webcasts\/new\?fix=/);
    expect(await engine.db.view_webcasts.count()).toBe(0);

    fireEvent.click(within(item).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(within(panel).queryByTestId("rejected-change")).toBeNull());
    expect(within(panel).getByText("No rejected changes.")).toBeTruthy();
    await waitFor(() => expect(syncState.rejected).toBe(0));
  });
});
