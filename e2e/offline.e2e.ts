import { afterEach, beforeEach, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser({ locale: "fr-FR" });
});
afterEach(async () => {
  await browser?.close();
});

it("reloads offline after one online visit and shows the app shell", async () => {
  const page = await browser.context.newPage();
  // Signed in once online: offline, the guard opens with the last confirmed user (web/features/session).
  await signIn(page, baseUrl, "organizer@demo.test");
  await page.goto(`${baseUrl}/home`);
  await page.getByTestId("app-shell").waitFor();
  // The service worker has precached the shell once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
    }
  });

  await browser.context.setOffline(true);
  await page.reload();
  await page.getByTestId("app-shell").waitFor();
  await expect(page.getByTestId("page-title").textContent()).resolves.toBe("Accueil");
  // Shown because the API cannot be reached: Chromium 150 loses the emulated navigator.onLine on a
  // reload (it says true), as a Wi-Fi without internet would (web/api/reachability.ts). Signed in,
  // the sync indicator is the one offline pill; the header's own badge is only announced.
  await page.locator('[data-testid="sync-indicator"][data-status="offline"]').waitFor();
  await page.getByTestId("offline-announcement").waitFor({ state: "attached" });
  expect(await page.getByTestId("offline-indicator").count()).toBe(0);
  await page.locator('[data-testid="api-status"][data-status="error"]').waitFor();

  // A deep link never visited before is served by the navigation fallback.
  await page.goto(`${baseUrl}/errors/404`);
  await page.getByTestId("not-found-page").waitFor();
});
