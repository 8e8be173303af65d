import type { Page } from "playwright-core";
import { afterEach, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";

/**
 * Issue #5's journey: an organizer creates a webcast through the wizard's steps (one step's error
 * blocks saving until fixed), edits its branding and a poll, finds it in the sessions list and the
 * calendar — online in French, then the same offline in English, synced when the network is back.
 */
const baseUrl = inject("baseUrl");
const browsers: Browser[] = [];

afterEach(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
});

async function organizer(locale: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await openBrowser({ locale });
  browsers.push(browser);
  const page = await browser.context.newPage();
  await signIn(page, baseUrl, "organizer@demo.test");
  await page.goto(`${baseUrl}/sessions`);
  await page.getByTestId("sessions-page").waitFor();
  await page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
  return { browser, page };
}

/** Creates a webcast through every wizard step; the schedule step first gets a bad duration. Returns its uid. */
async function createThroughWizard(page: Page, title: string): Promise<string> {
  await page.getByTestId("create-webcast").click();
  await page.getByTestId("webcast-wizard-form").waitFor();
  await page.locator('[name="event_title"]').fill(title);
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("step-schedule").waitFor();
  await page.locator('[name="duration"]').fill("1.5");
  // Saving is refused while a step holds an error; the wizard names the step.
  await page.getByTestId("wizard-save").click();
  await page.locator('[data-testid="wizard-step-schedule"][data-invalid]').waitFor();
  await page.locator('[data-testid="step-schedule"] [data-testid="field-errors"]').waitFor();
  expect(page.url()).toMatch(/\/webcasts\/new/);
  await page.locator('[name="duration"]').fill("45");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("step-speakers").waitFor();
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("step-access").waitFor();
  await page.locator('[name="privacy"]').selectOption("private");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("step-attendee_options").waitFor();
  await page.getByTestId("wizard-save").click();
  await page.waitForURL(/\/webcasts\/[0-9a-f-]+\/edit/);
  return new URL(page.url()).pathname.split("/")[2] ?? "";
}

/** The webcast as GET /api/webcasts/{uid} answers it (null offline or while unknown to the server). */
async function serverWebcast(page: Page, uid: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(async (id) => {
    try {
      const response = await fetch(`/api/webcasts/${id}`, { headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" } });
      return response.ok ? ((await response.json()) as { data: Record<string, unknown> }).data : null;
    } catch {
      return null;
    }
  }, uid);
}

async function editBranding(page: Page, color: string): Promise<void> {
  await page.getByTestId("webcast-tab-branding").click();
  await page.getByTestId("webcast-branding-form").waitFor();
  await page.locator('[name="title_color"]').fill(color);
  await page.getByTestId("webcast-save-branding").click();
  await expect.poll(() => page.locator('[name="title_color"]').inputValue()).toBe(color);
  await page.getByTestId("webcast-save-branding").isDisabled();
}

/** Adds a two-option poll in the polls tab, then edits its question and recommends its second option. */
async function editPoll(page: Page, question: string): Promise<void> {
  await page.getByTestId("webcast-tab-polls").click();
  const panel = page.getByTestId("webcast-panel-polls");
  await panel.getByTestId("poll-add").click();
  await panel.locator('[name="poll_title"]').fill(`${question} (draft)`);
  await panel.locator('[name="poll_option_0"]').fill("Oui");
  await panel.locator('[name="poll_option_1"]').fill("Non");
  await panel.getByTestId("poll-save").click();
  const row = panel.getByTestId("poll-row");
  await expect.poll(() => row.count()).toBe(1);

  await row.getByTestId("poll-edit").click();
  await panel.locator('[name="poll_title"]').fill(question);
  await panel.locator('[name="poll_recommended"]').nth(1).check();
  await panel.getByTestId("poll-save").click();
  await panel.getByTestId("poll-editor").waitFor({ state: "detached" });
  await expect.poll(() => row.textContent()).toContain(question);
}

/** The webcast's polls as GET /api/webcasts/{uid}/polls answers them (null offline). */
async function serverPolls(page: Page, uid: string): Promise<{ title: string; options: { id: string; text: string }[]; recommended_option_id: string | null }[] | null> {
  return page.evaluate(async (id) => {
    try {
      const response = await fetch(`/api/webcasts/${id}/polls`, { headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" } });
      return response.ok ? ((await response.json()) as { data: { title: string; options: { id: string; text: string }[]; recommended_option_id: string | null }[] }).data : null;
    } catch {
      return null;
    }
  }, uid);
}

/** The server holds the edited poll: its new question, the two options, the second one recommended. */
async function expectServerPoll(page: Page, uid: string, question: string): Promise<void> {
  await expect
    .poll(async () => {
      const [poll] = (await serverPolls(page, uid)) ?? [];
      return poll && { title: poll.title, options: poll.options.map((option) => option.text), recommended: poll.recommended_option_id === poll.options[1]?.id };
    }, { timeout: 5_000 })
    .toEqual({ title: question, options: ["Oui", "Non"], recommended: true });
}

async function findInListAndCalendar(page: Page, uid: string, title: string): Promise<void> {
  await page.goto(`${baseUrl}/sessions?q=${encodeURIComponent(title)}`);
  await page.locator('[data-testid="session-item"]', { hasText: title }).waitFor();
  await page.goto(`${baseUrl}/sessions/calendar`);
  await page.getByTestId("calendar-grid").waitFor();
  // The wizard's default start is tomorrow: this month's grid, or next month's on a month's last day.
  const item = page.locator(`[data-testid="calendar-item"][href="/webcasts/${uid}/edit"]`);
  const shown = await item.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    await page.getByRole("button", { name: /suivant|Next month/ }).click();
    await item.waitFor();
  }
}

it("creates a webcast through the wizard, edits its branding and a poll, finds it in the list and calendar (French, online)", async () => {
  const { page } = await organizer("fr-FR");
  const title = `Assemblée ${Date.now()}`;
  const uid = await createThroughWizard(page, title);
  await editBranding(page, "#1d4ed8");
  await editPoll(page, "Approuvez-vous le budget ?");
  await page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
  await findInListAndCalendar(page, uid, title);

  // What the server holds: the settings of every step and the branding.
  await expect.poll(() => serverWebcast(page, uid), { timeout: 5_000 }).toMatchObject({ uid, event_title: title, duration: 45, privacy: "private", title_color: "#1d4ed8" });
  await expectServerPoll(page, uid, "Approuvez-vous le budget ?");
});

it("does the same offline in English, and the server has it once back online", async () => {
  const { browser, page } = await organizer("en-US");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
  });
  await browser.context.setOffline(true);
  await page.locator('[data-testid="sync-indicator"][data-status="offline"]').waitFor();
  const title = `Offline launch ${Date.now()}`;
  const uid = await createThroughWizard(page, title);
  await editBranding(page, "#0f766e");
  await editPoll(page, "Do you approve the budget?");
  await findInListAndCalendar(page, uid, title);

  expect(await serverWebcast(page, uid)).toBeNull();
  await browser.context.setOffline(false);
  await expect.poll(() => serverWebcast(page, uid), { timeout: 5_000 }).toMatchObject({ event_title: title, privacy: "private", title_color: "#0f766e" });
  await expectServerPoll(page, uid, "Do you approve the budget?");
});
