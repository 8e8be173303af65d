import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ref, subscribe } from "valtio";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "../../../domain/webcasts/record.ts";
import { LocalDatabase } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { SyncEngine } from "../../local/sync-engine.ts";
import { freshUserId } from "../../local/testing.ts";
import { HEALTH_OK, jsonResponse } from "../../test/render.tsx";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { resetSession, session } from "../session/store.ts";
import { featuredStore, resetFeatured } from "./featured-store.ts";
import { HOME_WEBCASTS_READY_MARK, resetHomeWebcastsReadyMark } from "./your-webcasts.tsx";
import { type WebcastJson, webcastJson } from "../../../domain/webcasts/webcast-json.ts";

const ORGANIZER: Permission[] = ["sessions.view", "webcasts.view", "webcasts.create", "webcasts.update", "webcasts.delete"];
const NOW = Date.UTC(2026, 5, 15, 12);
const hours = (n: number) => new Date(NOW + n * 3_600_000).toISOString();
const idFor = (n: number) => `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;

function row(n: number, fields: Partial<WebcastRow> = {}): WebcastRow {
  return {
    ...DEFAULT_WEBCAST_SETTINGS,
    id: idFor(n),
    organization_id: 1,
    event_title: `Webcast ${n}`,
    description: null,
    event_start_date_time: hours(n),
    duration: 60,
    timezone: "America/Toronto",
    language: "en",
    state: "upcoming",
    is_premiere: false,
    is_test: false,
    created_by: 1,
    created_at: hours(-100),
    updated_at: hours(-100),
    ...fields,
  };
}

let engine: SyncEngine;
let onLine: MockInstance<() => boolean>;
let featuredCalls = 0;
let featuredAnswer: () => Response | Promise<Response>;

/** Signs `user` in with a replica holding `rows` (the engine is not started: no background sync). */
async function signIn(user: ProfileUser, rows: WebcastRow[] = []) {
  engine = new SyncEngine({ user, db: new LocalDatabase(user.id) });
  await engine.db.view_webcasts.bulkPut(rows);
  session.user = user;
  session.status = "ready";
  activeSync.engine = ref(engine);
}

/** The whole app at /home, once the API status card has its answer (no request outlives the test; offline it asks nothing). */
async function renderHome() {
  const view = await renderApp("/home");
  await waitFor(() => expect(screen.getByTestId("api-status").dataset.status).toBe(navigator.onLine ? "ok" : "error"));
  return view;
}

function featured(next: WebcastRow | null, last: WebcastRow | null): Response {
  const resource = (webcast: WebcastRow | null): WebcastJson | null => (webcast ? webcastJson(webcast, "Demo Events") : null);
  return jsonResponse({ data: { next: resource(next), last: resource(last) } });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
  resetFeatured(true);
  resetHomeWebcastsReadyMark();
  featuredCalls = 0;
  featuredAnswer = () => featured(null, null);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    if (url.pathname === "/api/webcasts/featured") {
      featuredCalls++;
      return featuredAnswer();
    }
    if (url.pathname === "/api/health") return jsonResponse(HEALTH_OK);
    return jsonResponse({ message: "Not found", code: "not_found" }, 404);
  });
});

afterEach(async () => {
  // Unmount before signing out: a mounted app would react to the sign-out with real requests.
  cleanup();
  activeSync.engine = null;
  await engine?.stop();
  resetSession();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("home: next and last webcast", () => {
  it("shows the server's next and last, dated in the webcast's time zone, linking to their edit screen", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }));
    featuredAnswer = () => featured(row(1, { event_title: "Town hall", event_start_date_time: "2026-06-16T18:00:00.000Z" }), row(2, { event_title: "Kickoff", state: "archived" }));
    await renderHome();

    const next = await screen.findByTestId("featured-next");
    await waitFor(() => expect(within(next).getByRole("link", { name: "Town hall" }).getAttribute("href")).toBe(`/webcasts/${idFor(1)}/edit`));
    expect(next.textContent).toContain("Jun 16, 2026, 2:00 PM EDT");
    expect(within(next).getByText("Upcoming")).toBeTruthy();
    const last = screen.getByTestId("featured-last");
    expect(within(last).getByRole("link", { name: "Kickoff" })).toBeTruthy();
    expect(within(last).getByText("After")).toBeTruthy();
    expect(screen.getByTestId("featured-webcasts").dataset).toMatchObject({ status: "fulfilled", source: "server" });
  });

  it("says when there is nothing to feature", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }));
    await renderHome();
    await waitFor(() => expect(screen.getByTestId("featured-next").textContent).toContain("No upcoming webcast."));
    expect(screen.getByTestId("featured-last").textContent).toContain("No past webcast yet.");
  });

  it("offline, computes them from IndexedDB without calling the server", async () => {
    onLine.mockReturnValue(false);
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }), [row(5, { event_title: "Later" }), row(2, { event_title: "Soon" }), row(-30, { event_title: "Done", state: "archived" })]);
    await renderHome();
    await waitFor(() => expect(within(screen.getByTestId("featured-next")).getByRole("link", { name: "Soon" })).toBeTruthy());
    expect(within(screen.getByTestId("featured-last")).getByRole("link", { name: "Done" })).toBeTruthy();
    expect(screen.getByText("The server cannot be reached: shown from the webcasts saved on this device.")).toBeTruthy();
    expect(featuredCalls).toBe(0);
  });

  it("falls back to IndexedDB when the server fails", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }), [row(2, { event_title: "Soon" })]);
    featuredAnswer = () => jsonResponse({ message: "Something went wrong. Please try again.", code: "server_error" }, 500);
    await renderHome();
    await waitFor(() => expect(screen.getByTestId("featured-webcasts").dataset.source).toBe("local"));
    expect(within(screen.getByTestId("featured-next")).getByRole("link", { name: "Soon" })).toBeTruthy();
  });
});

describe("home: featured freshness (SPEC §4, §9: one minute)", () => {
  it("reuses fresh data, and resets and refetches stale data on window focus", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }));
    const view = await renderHome();
    await waitFor(() => expect(featuredStore.status).toBe("fulfilled"));
    expect(featuredCalls).toBe(1);

    vi.setSystemTime(NOW + 59_000);
    act(() => void window.dispatchEvent(new Event("focus")));
    view.unmount();
    await renderHome();
    expect(featuredCalls).toBe(1);

    featuredAnswer = () => featured(row(3, { event_title: "New one" }), null);
    const statuses: string[] = [];
    const unsubscribe = subscribe(featuredStore, () => statuses.at(-1) !== featuredStore.status && statuses.push(featuredStore.status), true);
    vi.setSystemTime(NOW + 61_000);
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(within(screen.getByTestId("featured-next")).getByRole("link", { name: "New one" })).toBeTruthy());
    unsubscribe();
    expect(statuses).toEqual(["idle", "pending", "fulfilled"]);
    expect(featuredStore.status).toBe("fulfilled");
    expect(featuredCalls).toBe(2);
  });

  it("does not refetch on focus for a user without accounts", async () => {
    await signIn(profileUser([], { id: freshUserId(), accounts: [] }));
    await renderHome();
    await waitFor(() => expect(featuredStore.status).toBe("fulfilled"));
    vi.setSystemTime(NOW + 120_000);
    act(() => void window.dispatchEvent(new Event("focus")));
    expect(featuredCalls).toBe(1);
  });
});

describe("home: your webcasts", () => {
  it("lists up to 10 from IndexedDB, coming soonest first, with 'All sessions', and marks itself ready once", async () => {
    const mark = vi.spyOn(performance, "mark");
    const rows = Array.from({ length: 12 }, (_, i) => row(i + 1)).reverse();
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }), [...rows, row(-48, { event_title: "Past", state: "archived" })]);
    const view = await renderHome();

    const block = await screen.findByTestId("home-webcasts");
    await waitFor(() => expect(block.dataset.ready).toBe("true"));
    const items = within(block).getAllByTestId("home-webcast");
    expect(items).toHaveLength(10);
    expect(items.map((item) => within(item).getByRole("link").textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `Webcast ${i + 1}`));
    expect(within(items[0] as HTMLElement).getByRole("link").getAttribute("href")).toBe(`/webcasts/${idFor(1)}/edit`);
    expect(within(block).getByRole("link", { name: "All sessions" }).getAttribute("href")).toBe("/sessions");
    expect(mark.mock.calls.filter(([name]) => name === HOME_WEBCASTS_READY_MARK)).toHaveLength(1);

    view.unmount();
    await renderHome();
    await waitFor(() => expect(screen.getByTestId("home-webcasts").dataset.ready).toBe("true"));
    expect(mark.mock.calls.filter(([name]) => name === HOME_WEBCASTS_READY_MARK)).toHaveLength(1);
  });

  it("shows the rows from its first render: the /home loader read them while the screen loaded", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }), [row(2, { event_title: "Second" }), row(1, { event_title: "First" })]);
    await renderApp("/home");
    const block = screen.getByTestId("home-webcasts");
    expect(block.dataset.ready).toBe("true");
    expect(within(block).getAllByTestId("home-webcast").map((item) => within(item).getByRole("link").textContent)).toEqual(["First", "Second"]);
    await waitFor(() => expect(screen.getByTestId("api-status").dataset.status).toBe("ok"));
  });

  it("shows an empty state, with 'Create a webcast' only for users with webcasts.create", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }));
    const view = await renderHome();
    const block = await screen.findByTestId("home-webcasts");
    await waitFor(() => expect(block.dataset.ready).toBe("true"));
    expect(within(block).getByText("You have no webcasts yet.")).toBeTruthy();
    expect(within(block).getByRole("link", { name: "Create a webcast" }).getAttribute("href")).toBe("/webcasts/new");
    expect(screen.getByTestId("home-create-webcast").getAttribute("href")).toBe("/webcasts/new");
    view.unmount();
    await engine.stop();

    await signIn(profileUser(["sessions.view"], { id: freshUserId() }));
    await renderHome();
    await waitFor(() => expect(screen.getByTestId("home-webcasts").dataset.ready).toBe("true"));
    expect(screen.queryByRole("link", { name: "Create a webcast" })).toBeNull();
  });

  it("shows what the user may see only, live as IndexedDB changes", async () => {
    await signIn(profileUser(["sessions.view"], { id: freshUserId() }), [row(1, { event_title: "Mine" }), row(2, { organization_id: 9, event_title: "Elsewhere" })]);
    await renderHome();
    const block = await screen.findByTestId("home-webcasts");
    await waitFor(() => expect(within(block).getAllByTestId("home-webcast")).toHaveLength(1));
    await act(async () => {
      await engine.db.view_webcasts.put(row(3, { event_title: "Just created" }));
    });
    await waitFor(() => expect(within(block).getAllByTestId("home-webcast").map((item) => item.textContent)).toEqual([expect.stringContaining("Mine"), expect.stringContaining("Just created")]));
  });
});

describe("home: what each role is offered (issue #12)", () => {
  const PRODUCER_TEXT = /produce and run your webcasts/;
  const viewerAccount = [{ id: 1, name: "Demo Events", role: "viewer" as const, deactivated: false }];

  it("a viewer is not told to produce webcasts nor offered 'All sessions' (it answers 403), but what they can do", async () => {
    await signIn(profileUser([], { id: freshUserId(), accounts: viewerAccount }));
    await renderHome();
    await waitFor(() => expect(screen.getByTestId("home-webcasts").dataset.ready).toBe("true"));
    expect(screen.queryByText(PRODUCER_TEXT)).toBeNull();
    expect(screen.queryByRole("link", { name: "All sessions" })).toBeNull();
    expect(screen.getByTestId("home-lead").textContent).toContain("To attend a webcast, open the link in your invitation.");
  });

  it("a user without accounts gets the same: no producer text, no sessions link", async () => {
    await signIn(profileUser([], { id: freshUserId(), accounts: [] }));
    await renderHome();
    expect(screen.queryByText(PRODUCER_TEXT)).toBeNull();
    expect(screen.queryByRole("link", { name: "All sessions" })).toBeNull();
    expect(screen.getByTestId("home-lead").textContent).toContain("keep your profile and password up to date");
  });

  it("a speaker may open the sessions, but is not told to produce webcasts", async () => {
    await signIn(profileUser(["sessions.view"], { id: freshUserId() }));
    await renderHome();
    await waitFor(() => expect(screen.getByTestId("home-webcasts").dataset.ready).toBe("true"));
    expect(screen.queryByText(PRODUCER_TEXT)).toBeNull();
    expect(within(screen.getByTestId("home-webcasts")).getByRole("link", { name: "All sessions" }).getAttribute("href")).toBe("/sessions");
    expect(screen.getByTestId("home-lead").textContent).toContain("the webcasts, meetings and events you take part in");
  });

  it("an organizer keeps the producer's welcome", async () => {
    await signIn(profileUser(ORGANIZER, { id: freshUserId() }));
    await renderHome();
    expect(screen.getByTestId("home-lead").textContent).toMatch(PRODUCER_TEXT);
  });
});
