import type { Page } from "playwright-core";
import { WEBCAST_EDIT_TABS } from "../web/features/webcasts/edit-tabs.ts";

/**
 * Every screen that exists, as a user reaches it: the account that may open it (null: signed out),
 * its path and the test id that says it has rendered. The accessibility and phone-width checks
 * (e2e/screens.e2e.ts) and the first-visit journey walk this list, so a new screen is added here once.
 */
export interface Screen {
  name: string;
  account: ScreenAccount | null;
  /** Path, or a function of a demo webcast's uid for the webcast screens. */
  path: string | ((webcastUid: string) => string);
  ready: string;
}

export type ScreenAccount = "organizer@demo.test" | "owner@demo.test" | "superadmin@demo.test" | "viewer@demo.test";

/** "Behind the scenes: our new studio", the demo premiere: the premiere videos tab exists on premieres only. */
const DEMO_PREMIERE_UID = "0196a0de-0004-7000-8000-000000000000";

const webcastTabs: Screen[] = WEBCAST_EDIT_TABS.map((tab) => ({
  name: `webcast edit › ${tab}`,
  account: "organizer@demo.test",
  path: tab === "premiere-videos" ? `/webcasts/${DEMO_PREMIERE_UID}/edit?tab=${tab}` : (uid: string) => `/webcasts/${uid}/edit?tab=${tab}`,
  ready: `webcast-panel-${tab}`,
}));

export const SCREENS: readonly Screen[] = [
  { name: "login", account: null, path: "/login", ready: "login-page" },
  { name: "sign-up", account: null, path: "/users/signup", ready: "signup-page" },
  { name: "password request", account: null, path: "/password/request", ready: "password-request-page" },
  { name: "local mailbox", account: null, path: "/dev/mailbox", ready: "mailbox-page" },
  // The viewer's public page (watch.html, its own entry): a webcast not started, signed out.
  { name: "viewer page", account: null, path: (uid: string) => `/w/${uid}`, ready: "viewer-access" },
  { name: "home", account: "organizer@demo.test", path: "/home", ready: "page-title" },
  { name: "sessions", account: "organizer@demo.test", path: "/sessions", ready: "session-list" },
  { name: "calendar", account: "organizer@demo.test", path: "/sessions/calendar", ready: "calendar-page" },
  { name: "new webcast", account: "organizer@demo.test", path: "/webcasts/new", ready: "webcast-wizard-form" },
  ...webcastTabs,
  { name: "webcast dashboard", account: "organizer@demo.test", path: (uid) => `/webcasts/${uid}/dashboard`, ready: "webcast-dashboard" },
  { name: "control room", account: "organizer@demo.test", path: (uid) => `/webcasts/${uid}/control-room`, ready: "room-prepare" },
  { name: "control room display", account: "organizer@demo.test", path: (uid) => `/webcasts/${uid}/control-room?tab=display`, ready: "scene-layouts" },
  { name: "speakers", account: "organizer@demo.test", path: "/speakers", ready: "people-page" },
  { name: "video library", account: "organizer@demo.test", path: "/media", ready: "media-page" },
  { name: "profile", account: "organizer@demo.test", path: "/profile", ready: "profile-page" },
  { name: "password", account: "organizer@demo.test", path: "/settings/password", ready: "change-password-page" },
  { name: "page not found", account: "organizer@demo.test", path: "/errors/404", ready: "not-found-page" },
  { name: "access denied", account: "organizer@demo.test", path: "/errors/403", ready: "forbidden-page" },
  { name: "organizers", account: "owner@demo.test", path: "/organizers", ready: "people-page" },
  { name: "admins", account: "owner@demo.test", path: "/admins", ready: "people-page" },
  { name: "owners", account: "owner@demo.test", path: "/owners", ready: "people-page" },
  { name: "organization", account: "owner@demo.test", path: "/organizations/1/edit", ready: "organization-edit" },
  { name: "viewer home", account: "viewer@demo.test", path: "/home", ready: "page-title" },
  { name: "organizations", account: "superadmin@demo.test", path: "/organizations", ready: "organizations-page" },
];

/** "Spring release launch", the demo webcast with every part (worker/features/dev/demo-webcasts.ts, docs/demo.md). */
export const DEMO_WEBCAST_UID = "0196a0de-0001-7000-8000-000000000000";

/** Requests in flight per page, for "settled" after an in-app move (the load state is reached once per load). */
const inFlight = new WeakMap<Page, { count: number; changed: number }>();

function trackRequests(page: Page): { count: number; changed: number } {
  let state = inFlight.get(page);
  if (!state) {
    const tracked = { count: 0, changed: Date.now() };
    const done = () => {
      tracked.count = Math.max(0, tracked.count - 1);
      tracked.changed = Date.now();
    };
    page.on("request", () => {
      tracked.count += 1;
      tracked.changed = Date.now();
    });
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    inFlight.set(page, tracked);
    state = tracked;
  }
  return state;
}

/** Waits until no request has been in flight for `quietMs` (at most `timeoutMs`). */
async function settled(page: Page, quietMs = 300, timeoutMs = 5_000): Promise<void> {
  const state = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (state.count === 0 && Date.now() - state.changed >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/**
 * Opens a screen and waits until it has rendered and settled (no request in flight for a moment).
 * Within the signed-in app it moves the way a link does (history entry + popstate, which the
 * router follows) instead of reloading the page, so the walk costs what a user's click does; the
 * first screen is a full load.
 */
export async function openScreen(page: Page, baseUrl: string, screen: Screen, webcastUid: string, options: { painted?: boolean } = {}): Promise<void> {
  const path = typeof screen.path === "function" ? screen.path(webcastUid) : screen.path;
  trackRequests(page);
  // The viewer page is a document of its own (watch.html, no router): to it and from it, a full load.
  const watchPage = (address: string) => address.startsWith("/w/");
  const current = page.url().startsWith(baseUrl) ? new URL(page.url()).pathname : "";
  const inApp = page.url().startsWith(baseUrl) && !watchPage(current) && !watchPage(path) && (await page.evaluate(() => document.querySelector("#root > *") !== null));
  if (inApp) {
    await page.evaluate((target) => {
      window.history.pushState(window.history.state, "", target);
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
    }, path);
    await page.waitForFunction((target) => `${location.pathname}${location.search}` === target, path);
  } else {
    await page.goto(`${baseUrl}${path}`);
  }
  await page.getByTestId(screen.ready).first().waitFor();
  await settled(page);
  // Let entrance transitions (toasts, fades) end: axe measures colours as painted (a width check
  // does not need it: `painted: false`).
  if (options.painted ?? true) await page.waitForTimeout(250);
}

/** Width the page needs beyond the viewport (0 when nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}
