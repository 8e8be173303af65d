import type { Page } from "playwright-core";
import { afterEach, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";

/**
 * Issue #4's journey: two browsers of one organization. A works offline (create, edit, reload),
 * comes back online, and B — which never reloads — sees the change within 2 s through the poke
 * socket. Then a conflict only the server can judge: B deletes the webcast while A, offline,
 * edits it; A's edit comes back refused, with the reason, and can be fixed or discarded.
 */
const baseUrl = inject("baseUrl");
const browsers: Browser[] = [];

afterEach(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
});

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
    }
  });
}

/** Signed in (English UI) on /sessions, first sync done. */
async function sessionsPage(email: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await openBrowser({ locale: "en-US" });
  browsers.push(browser);
  const page = await browser.context.newPage();
  await signIn(page, baseUrl, email);
  await page.goto(`${baseUrl}/sessions`);
  await page.getByTestId("sessions-page").waitFor();
  await page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
  return { browser, page };
}

async function sessionTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="session-item"] .session-list__title').allTextContents();
}

it("A creates and edits a webcast offline, reloads offline, syncs; B sees it within 2 s; a conflicting edit is refused with its reason", async () => {
  const title = `Offline town hall ${Date.now()}`;
  const a = await sessionsPage("organizer@demo.test");
  const b = await sessionsPage("admin@demo.test");
  await controlledByServiceWorker(a.page);

  // --- A, offline: create through the wizard, then edit.
  await a.browser.context.setOffline(true);
  await a.page.locator('[data-testid="sync-indicator"][data-status="offline"]').waitFor();
  await a.page.getByTestId("create-webcast").click();
  await a.page.getByTestId("webcast-wizard-form").waitFor();
  await a.page.locator('[name="event_title"]').fill(title);
  await a.page.getByTestId("wizard-next").click();
  await a.page.getByTestId("step-schedule").waitFor();
  await a.page.getByTestId("wizard-save").click();
  await a.page.waitForURL(/\/webcasts\/[0-9a-f-]+\/edit$/);
  const uid = new URL(a.page.url()).pathname.split("/")[2] ?? "";
  await a.page.getByTestId("webcast-details-form").waitFor();
  await a.page.locator('[name="event_title"]').fill(`${title} (edited)`);
  await a.page.getByTestId("webcast-save").click();
  await a.page.getByTestId("page-title").getByText(`${title} (edited)`).waitFor();
  await expect(a.page.getByTestId("sync-pending").textContent()).resolves.toMatch(/2 pending changes/);

  // Still offline: a reload opens straight into the data on the device.
  await a.page.reload();
  await a.page.getByTestId("webcast-details-form").waitFor();
  await expect(a.page.getByTestId("page-title").textContent()).resolves.toBe(`${title} (edited)`);
  await a.page.getByTestId("webcast-pending").waitFor();
  expect(await sessionTitles(b.page)).not.toContain(`${title} (edited)`);

  // --- Back online: B sees it without reloading, within 2 s.
  await a.browser.context.setOffline(false);
  const online = Date.now();
  await b.page.locator('[data-testid="session-item"]', { hasText: `${title} (edited)` }).waitFor({ timeout: 2_000 });
  expect(Date.now() - online).toBeLessThan(2_000);
  await a.page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
  await a.page.getByTestId("webcast-pending").waitFor({ state: "detached" });

  // --- Conflict: A edits offline while B deletes the webcast.
  await a.browser.context.setOffline(true);
  await a.page.locator('[data-testid="sync-indicator"][data-status="offline"]').waitFor();
  await a.page.locator('[name="event_title"]').fill(`${title} (renamed offline)`);
  await a.page.getByTestId("webcast-save").click();
  await a.page.getByTestId("page-title").getByText(`${title} (renamed offline)`).waitFor();

  await b.page.goto(`${baseUrl}/webcasts/${uid}/edit`);
  await b.page.getByTestId("webcast-delete").click();
  await b.page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await b.page.waitForURL(`${baseUrl}/sessions`);
  await b.page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();

  await a.browser.context.setOffline(false);
  await a.page.getByTestId("sync-rejected-count").waitFor();
  await a.page.getByTestId("sync-indicator").click();
  const refused = a.page.getByTestId("rejected-change");
  await expect(refused.getByTestId("rejected-message").textContent()).resolves.toBe("This webcast no longer exists: it was deleted.");
  await expect(refused.textContent()).resolves.toContain(`${title} (renamed offline)`);
  // The webcast is gone on A too; the refused edit can be reopened as a new webcast.
  await a.page.getByTestId("webcast-missing").waitFor();
  await refused.getByTestId("rejected-fix").click();
  await a.page.waitForURL(/\/webcasts\/new\?fix=/);
  await expect(a.page.locator('[name="event_title"]').inputValue()).resolves.toBe(`${title} (renamed offline)`);
});
