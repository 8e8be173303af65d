import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, EMBED_PREVIEW_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from "../worker/http/security-headers.ts";
import { PROTOCOL_VERSION } from "../domain/protocol/version.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { DEMO_WEBCAST_UID, SCREENS, openScreen } from "./screens.ts";
import { signIn } from "./session.ts";

/**
 * Issue #14 point 4: the production build (vite preview in workerd, as `npm start`) answers every
 * page, file and API call with the security headers of worker/http/security-headers.ts, and the
 * app runs under its Content-Security-Policy without one violation.
 */
const baseUrl = inject("baseUrl");

declare global {
  interface Window {
    /** The CSP violations a document reported (`watchViolations`). */
    __violations?: string[];
  }
}
const browsers: Browser[] = [];

afterEach(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
});

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
};

function expectDocumentHeaders(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
  for (const [name, value] of Object.entries(COMMON)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
}

describe("headers of the production build", () => {
  it("on the root, a deep SPA route and the login screen: the app's document headers", async () => {
    for (const path of ["/", `/webcasts/${DEMO_WEBCAST_UID}/edit?tab=branding`, "/errors/404", "/login"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectDocumentHeaders(response);
    }
  });

  it("on static files (a built script, the service worker, the manifest): the same headers", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    for (const path of [script, "/sw.js", "/manifest.webmanifest"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toBe(contentSecurityPolicy());
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    // The rules file itself is configuration, not an asset.
    expect(await (await fetch(`${baseUrl}/_headers`)).text()).not.toContain("Content-Security-Policy:");
  });

  it("on the embed preview page: its own sandbox policy, framed by the app only", async () => {
    const response = await fetch(`${baseUrl}/embed-preview.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(EMBED_PREVIEW_CONTENT_SECURITY_POLICY);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("on the API, signed out and signed in: the API policy and no-store", async () => {
    const signedOut = await fetch(`${baseUrl}/api/profile`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
    expect(signedOut.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    for (const [name, value] of Object.entries(COMMON)) expect(signedOut.headers.get(name), name).toBe(value);

    const browser = await openBrowser();
    browsers.push(browser);
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    const signedIn = await page.request.get(`${baseUrl}/api/profile`);
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["cache-control"]).toBe("no-store");
    expect(signedIn.headers()["content-security-policy"]).toBe(API_CONTENT_SECURITY_POLICY);
  });
});

/** Records every CSP violation the page's documents report, and the console's CSP and permissions-policy errors. */
async function watchViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const seen = (window.__violations ??= []);
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(text)) problems.push(`console ${message.type()}: ${text}`);
  });
  return problems;
}

async function violationsIn(page: Page): Promise<string[]> {
  const frames = page.frames().filter((frame) => frame.url().startsWith(baseUrl) || frame.url().startsWith("about:"));
  const all = await Promise.all(frames.map((frame) => frame.evaluate(() => window.__violations ?? []).catch(() => [])));
  return all.flat();
}

describe("the app under its policy", () => {
  it("signed in as an organizer: screens, a live socket, an embed app preview and the service worker, with no violation", { timeout: 120_000 }, async () => {
    const browser = await openBrowser();
    browsers.push(browser);
    const page = await browser.context.newPage();
    const problems = await watchViolations(page);
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));

    await signIn(page, baseUrl, "organizer@demo.test");
    // Idle: the first pull answered and the organization's websocket (connect-src) is open.
    await page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
    // A live socket: the demo webcast's room, opened by the page as its organizer (session cookie,
    // same origin), greeted in protocol v2 as a producer.
    const welcome = await page.evaluate(
      ({ uid, version }) =>
        new Promise<unknown>((resolve, reject) => {
          const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/webcasts/${uid}/room`);
          const timer = setTimeout(() => reject(new Error("no welcome within 10 s")), 10_000);
          socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "hello", protocolVersion: version })));
          socket.addEventListener("message", (event) => {
            clearTimeout(timer);
            socket.close(1000, "done");
            resolve(JSON.parse(String(event.data)));
          });
          socket.addEventListener("error", () => reject(new Error("the room refused the socket")));
        }),
      { uid: DEMO_WEBCAST_UID, version: PROTOCOL_VERSION },
    );
    expect(welcome).toMatchObject({ type: "welcome", protocolVersion: PROTOCOL_VERSION, role: "producer" });
    expect(sockets).toContain(`${baseUrl.replace(/^http/, "ws")}/api/webcasts/${DEMO_WEBCAST_UID}/room`);
    const names = new Set(["home", "sessions", "calendar", "new webcast", "webcast dashboard", "speakers", "profile", "webcast edit › branding", "webcast edit › details"]);
    for (const screen of SCREENS.filter((candidate) => names.has(candidate.name))) await openScreen(page, baseUrl, screen, DEMO_WEBCAST_UID);

    // An embed app's third-party HTML (the demo's has inline styles), previewed in its sandboxed frame.
    await openScreen(page, baseUrl, { name: "embed apps", account: "organizer@demo.test", path: (uid) => `/webcasts/${uid}/edit?tab=embed-app`, ready: "webcast-panel-embed-app" }, DEMO_WEBCAST_UID);
    await page.getByTestId("embed-app-preview").first().click();
    const preview = page.frameLocator('[data-testid="embed-preview"]');
    await preview.locator("h2").waitFor();
    const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname.startsWith("/embed-preview"));
    // An opaque origin: no access to the app's cookies, storage or DOM.
    expect(await frame?.evaluate(() => self.origin)).toBe("null");
    // Its inline styles applied (under the app's policy, a srcdoc frame refused them).
    expect(await preview.locator("h2").evaluate((heading) => getComputedStyle(heading).marginTop)).toBe("0px");

    // The service worker registers and controls the page under worker-src 'self'.
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
      }
      return navigator.serviceWorker.controller?.scriptURL;
    });
    expect(controlled).toBe(`${baseUrl}/sw.js`);

    // A full load of a deep route, served by the service worker now.
    await page.goto(`${baseUrl}/sessions`);
    await page.getByTestId("session-list").waitFor();

    // connect-src 'self' lets the app open its websockets to its own origin (ws: here).
    expect(sockets.filter((url) => url.startsWith(baseUrl.replace(/^http/, "ws")))).not.toEqual([]);
    expect([...(await violationsIn(page)), ...problems]).toEqual([]);
  });

  it("signed out: the public screens, with no violation", { timeout: 60_000 }, async () => {
    const browser = await openBrowser({ locale: "en-US" });
    browsers.push(browser);
    const page = await browser.context.newPage();
    const problems = await watchViolations(page);
    for (const screen of SCREENS.filter((candidate) => candidate.account === null)) await openScreen(page, baseUrl, screen, DEMO_WEBCAST_UID);
    expect([...(await violationsIn(page)), ...problems]).toEqual([]);
  });
});
