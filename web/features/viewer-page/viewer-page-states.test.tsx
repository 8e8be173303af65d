import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { publicWebcast } from "./fixtures.ts";
import { renderViewerPage, watchPath, watchRoute } from "./test-support.tsx";

/** /w/{id}: every state of the public webcast page (SPEC §2) and the starting-soon thresholds (SPEC §9). */
const NOW = Date.parse("2026-12-01T14:00:00.000Z");
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const at = (ms: number) => new Date(ms).toISOString();
const title = () => screen.getByTestId("viewer-state-title").textContent;

describe("viewer page states", { timeout: 30_000 }, () => {
  it("counts down from the hour before the start, then under 10 minutes, by the server's clock", async () => {
    // The device is 2 minutes slow: the server's now is 14:02, the start 15:02:30 (60.5 min away by the server).
    const start = NOW + 2 * MINUTE + 60.5 * MINUTE;
    fakeServer(watchRoute(publicWebcast({ start: at(start), end: at(start + 60 * MINUTE), server_now: at(NOW + 2 * MINUTE) })));
    renderViewerPage();
    await screen.findByTestId("viewer-state");
    expect(title()).toBe("Coming up");
    expect(screen.queryByTestId("viewer-countdown")).toBeNull();
    expect(screen.getByTestId("viewer-schedule-local").textContent).toContain("(");

    await act(() => vi.advanceTimersByTimeAsync(31_500));
    expect(title()).toBe("Starting soon");
    expect(screen.getByTestId("viewer-soon").dataset.soon).toBe("under_60");
    expect(screen.getByTestId("viewer-countdown-spoken").textContent).toBe("Starts in 60 minutes");
    // Ticking every second from now on (the first tick lands within the next second).
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const first = screen.getByTestId("viewer-countdown-clock").textContent;
    expect(first).toMatch(/^59:5\d$/);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId("viewer-countdown-clock").textContent).not.toBe(first);
    expect(screen.getByTestId("viewer-countdown-clock").getAttribute("role")).toBe("timer");

    await act(() => vi.advanceTimersByTimeAsync(50 * MINUTE));
    expect(screen.getByTestId("viewer-soon").dataset.soon).toBe("under_10");
    expect(screen.getByTestId("viewer-state").dataset.soon).toBe("under_10");
    expect(screen.getByTestId("viewer-countdown-spoken").textContent).toBe("Starts in 10 minutes");
  });

  it("says the webcast starts any moment once the countdown reached 0, and asks the server every 5 s", async () => {
    const server = fakeServer(watchRoute(publicWebcast({ start: at(NOW + 3_000), server_now: at(NOW) })));
    renderViewerPage();
    await screen.findByTestId("viewer-state");
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(title()).toBe("Starting any moment");
    expect(screen.queryByTestId("calendar-menu")).toBeNull();
    const before = server.callsTo(`GET ${watchPath}`).length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(server.callsTo(`GET ${watchPath}`).length).toBe(before + 1);
  });

  it("hides the schedule when the start is hidden", async () => {
    fakeServer(watchRoute(publicWebcast({ start: null, end: null })));
    renderViewerPage();
    await screen.findByTestId("viewer-state");
    expect(screen.queryByTestId("viewer-schedule")).toBeNull();
    expect(screen.queryByTestId("calendar-menu")).toBeNull();
    expect(title()).toBe("Coming up");
  });

  it.each([
    [{ state: "live" as const }, "Live now"],
    [{ state: "premiering" as const, is_premiere: true }, "Premiering now"],
    [{ state: "archived" as const }, "The webcast has ended"],
    [{ state: "canceled" as const }, "The webcast has been canceled"],
    [{ state: "archived" as const, replay: { status: "pending" as const, expires_at: null, download: false } }, "The replay is being prepared"],
    [{ state: "archived" as const, replay: { status: "available" as const, expires_at: "2027-01-01T00:00:00.000Z", download: false } }, "Replay available"],
    [{ state: "archived" as const, replay: { status: "expired" as const, expires_at: null, download: false } }, "The replay has expired"],
  ])("shows %o as %s", async (overrides, expected) => {
    fakeServer(watchRoute(publicWebcast(overrides)));
    renderViewerPage();
    await screen.findByTestId("viewer-state");
    expect(title()).toBe(expected);
    expect(screen.queryByTestId("viewer-countdown")).toBeNull();
    expect(screen.queryByTestId("calendar-menu")).toBeNull();
    expect(screen.queryByTestId("viewer-stage") === null).toBe(overrides.state === "canceled");
  });

  it("shows the branding: logo, poster, title colour when readable, theme name; description", async () => {
    fakeServer(watchRoute(publicWebcast({ branding: { theme: "go", title_color: "#ffff00", logo_url: "/l.png", cover_url: "/c.jpg", banner_url: "/b.jpg" } })));
    renderViewerPage();
    await screen.findByTestId("viewer-page");
    expect(screen.getByTestId("viewer-page").dataset.themeName).toBe("go");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Annual meeting");
    // Yellow fails on white (1.07:1) but passes on the dark surface.
    const header = screen.getByTestId("viewer-header");
    expect(header.style.getPropertyValue("--viewer-title-light")).toBe("");
    expect(header.style.getPropertyValue("--viewer-title-dark")).toBe("#ffff00");
    expect(screen.getByTestId("viewer-logo").getAttribute("alt")).toBe("Annual meeting: logo of the organizer");
    expect(screen.getByTestId("viewer-poster").getAttribute("alt")).toBe("Poster of Annual meeting");
    expect(screen.getByTestId("viewer-banner")).toBeTruthy();
    expect(screen.getByTestId("viewer-description").textContent).toContain("Results of the year");
    expect(screen.queryByTestId("language-switcher")).toBeNull();
  });

  it("offers the language switch only when the attendee options allow it; no description when hidden", async () => {
    const webcast = publicWebcast({ description: null });
    fakeServer(watchRoute({ ...webcast, attendee_options: { ...webcast.attendee_options, switch_language: true } }));
    renderViewerPage();
    await screen.findByTestId("viewer-page");
    expect(screen.getByTestId("language-switcher")).toBeTruthy();
    expect(screen.queryByTestId("viewer-description")).toBeNull();
  });

  it("shows 'webcast not found' on a 404 and a retry on a network error", async () => {
    fakeServer({});
    renderViewerPage();
    expect((await screen.findByTestId("viewer-not-found")).textContent).toContain("Webcast not found");
  });

  it("retries after a network error", async () => {
    let calls = 0;
    fakeServer({
      [`GET ${watchPath}`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError("Failed to fetch");
        return json({ data: publicWebcast() });
      },
    });
    renderViewerPage();
    const error = await screen.findByTestId("viewer-load-error");
    expect(within(error).getByRole("alert").textContent).toBe("The server cannot be reached. Check your connection and try again.");
    await act(async () => screen.getByTestId("viewer-retry").click());
    expect(await screen.findByTestId("viewer-page")).toBeTruthy();
  });
});

describe("add to calendar", { timeout: 30_000 }, () => {
  it("offers the .ics download and the Google, Outlook and Office 365 links before the start", async () => {
    fakeServer(watchRoute(publicWebcast()));
    renderViewerPage();
    const toggle = await screen.findByTestId("calendar-toggle");
    const menu = screen.getByTestId("calendar-menu");
    expect(menu.hasAttribute("open")).toBe(false);
    await act(async () => toggle.click());
    expect(menu.hasAttribute("open")).toBe(true);
    expect(screen.getByTestId("calendar-google").getAttribute("href")).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Annual%20meeting/);
    expect(screen.getByTestId("calendar-outlook").getAttribute("href")).toMatch(/^https:\/\/outlook\.live\.com\//);
    expect(screen.getByTestId("calendar-office365").getAttribute("href")).toMatch(/^https:\/\/outlook\.office\.com\//);
    expect(screen.getByTestId("calendar-ics").textContent).toBe("Download .ics");
  });

  it("is hidden when the organizer hides it", async () => {
    fakeServer(watchRoute(publicWebcast({ add_to_calendar_visible: false })));
    renderViewerPage();
    await screen.findByTestId("viewer-state");
    expect(screen.queryByTestId("calendar-menu")).toBeNull();
  });
});
