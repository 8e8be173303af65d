import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { seriousAxeFindings } from "./axe.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { horizontalOverflow } from "./screens.ts";
import { signIn } from "./session.ts";
import { createWebcast, staffCall } from "./staff-api.ts";

/**
 * Issue #19 as a viewer meets it on a phone (390 px, French): an organizer's webcast with a
 * conditional registration form; a newcomer registers (the outlet field shows only for the
 * press), reads the magic link in the local mailbox and follows it; the used link then reads
 * expired with a way to get a new one; a wrong PIN is refused and, repeated, gets the
 * too-many-attempts refusal. Axe and no sideways scroll on each step.
 */
const baseUrl = inject("baseUrl");
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ locale: "fr-FR" });
});
afterEach(async () => {
  await browser?.close();
});

async function expectClean(page: Page, where: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY).map((animation) => animation.finished.catch(() => undefined))));
  expect({ where, findings: await seriousAxeFindings(page) }).toEqual({ where, findings: [] });
  expect({ where, overflow: await horizontalOverflow(page) }).toEqual({ where, overflow: 0 });
}

const ROLE = "role";
const OUTLET = "outlet";
const PRESS = "press";

/** The organizer's new webcast in two hours, registration required, with a form whose outlet field shows for the press only. */
async function webcastWithForm(): Promise<string> {
  const page = await browser.context.newPage();
  await signIn(page, baseUrl, "organizer@demo.test");
  const id = await createWebcast(page, { event_title: "Investor day", inMinutes: 120 });
  const fields = [
    {
      id: ROLE,
      type: "select",
      name: { en: "You are", fr: "Vous êtes" },
      required: true,
      options: [
        { id: "investor", name: { en: "An investor", fr: "Investisseur" }, limit: null, tags: ["investor"] },
        { id: PRESS, name: { en: "Press", fr: "Presse" }, limit: null, tags: ["press"] },
      ],
      condition: null,
    },
    { id: OUTLET, type: "text", name: { en: "Media outlet", fr: "Média" }, required: true, options: [], condition: { field_id: ROLE, operator: "equals", value: PRESS } },
  ];
  const updated = await staffCall(page, "POST", `/api/webcasts/${id}`, { _method: "PATCH", registration_required: "1", registration_fields: JSON.stringify(fields) }, { form: true });
  expect(updated.status, JSON.stringify(updated.json)).toBe(200);
  await page.close();
  return id;
}

async function phone(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/** The link of the latest sign-in e-mail sent to `email`, read in the local mailbox. */
async function mailedLink(page: Page, email: string, webcastId: string): Promise<{ href: string; pin: string }> {
  await page.goto(`${baseUrl}/dev/mailbox`);
  const item = page.getByTestId("mailbox-item").filter({ hasText: email });
  await expect.poll(() => item.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await item.first().click();
  const message = page.getByTestId("mailbox-message");
  const link = message.locator(`a[href*="/w/${webcastId}?magic="]`).first();
  await link.waitFor();
  const href = (await link.getAttribute("href")) ?? "";
  const pin = /\b(\d{6})\b/.exec((await message.textContent()) ?? "")?.[1] ?? "";
  expect(pin).toMatch(/^\d{6}$/);
  return { href, pin };
}

describe("the viewer's webcast page on a phone", () => {
  it("registers through the conditional form, signs in by the mailed link, and refuses a used link and wrong PINs", { timeout: 180_000 }, async () => {
    const webcastId = await webcastWithForm();
    const page = await phone();
    await page.goto(`${baseUrl}/w/${webcastId}`);
    await page.getByTestId("viewer-page").waitFor();
    // Not started (in two hours: the date, the countdown comes in the last hour), the calendar, the way in.
    await page.getByTestId("viewer-schedule").waitFor();
    await page.getByTestId("calendar-menu").waitFor();
    await page.getByTestId("viewer-access").waitFor();
    await expectClean(page, "not started, signed out (fr, 390 px)");

    // Registering: the outlet field appears only for the press, and is then required.
    const toggle = page.getByTestId("register-toggle");
    if ((await toggle.count()) > 0 && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    const form = page.getByTestId("registration-form");
    await form.waitFor();
    await form.getByTestId("registration-name").locator("input").fill("Paula Press");
    await form.getByTestId("registration-email").locator("input").fill("paula.press@example.com");
    expect(await form.getByTestId(`registration-field-${OUTLET}`).count()).toBe(0);
    await form.getByTestId(`registration-field-${ROLE}`).locator("select").selectOption(PRESS);
    await form.getByTestId(`registration-field-${OUTLET}`).waitFor();
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.getByTestId(`registration-field-${OUTLET}`).getAttribute("data-invalid")).toBe("true");
    await expectClean(page, "registration form with an error (fr, 390 px)");
    await form.getByTestId(`registration-field-${OUTLET}`).locator("input").fill("Le Quotidien");
    await form.locator('button[type="submit"]').click();
    await page.getByTestId("check-email").waitFor();
    await expectClean(page, "check your e-mail (fr, 390 px)");

    // The mailed link signs the viewer in on this device.
    const mail = await phone();
    const { href } = await mailedLink(mail, "paula.press@example.com", webcastId);
    await mail.close();
    await page.goto(href);
    await expect.poll(() => page.getByTestId("viewer-greeting-text").textContent(), { timeout: 30_000 }).toMatch(/Paula Press/);
    // The one-use token left the address.
    expect(new URL(page.url()).searchParams.get("magic")).toBeNull();
    await expectClean(page, "signed in, not started (fr, 390 px)");

    // A returning viewer is recognised: a reload keeps the greeting (the pass on the device).
    await page.reload();
    await expect.poll(() => page.getByTestId("viewer-greeting-text").textContent(), { timeout: 30_000 }).toMatch(/Paula Press/);

    // The same link on another device: used, so expired, with a way to a new one.
    const other = await openBrowser({ locale: "fr-FR" });
    const second = await other.context.newPage();
    await second.setViewportSize(PHONE);
    await second.goto(href);
    await second.getByTestId("access-error").waitFor({ timeout: 30_000 });
    expect(await second.getByTestId("access-error").textContent()).toMatch(/expir/i);
    await second.getByTestId("send-new-link").waitFor();
    await expectClean(second, "used magic link (fr, 390 px)");
    await other.close();
  });

  it("refuses a wrong PIN, then asks to wait after too many", { timeout: 120_000 }, async () => {
    const webcastId = await webcastWithForm();
    const page = await phone();
    await page.goto(`${baseUrl}/w/${webcastId}`);
    const toggle = page.getByTestId("register-toggle");
    await page.getByTestId("viewer-access").waitFor();
    if ((await toggle.count()) > 0 && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    const form = page.getByTestId("registration-form");
    await form.getByTestId("registration-name").locator("input").fill("Ivan Investor");
    await form.getByTestId("registration-email").locator("input").fill("ivan.investor@example.com");
    await form.getByTestId(`registration-field-${ROLE}`).locator("select").selectOption("investor");
    await form.locator('button[type="submit"]').click();
    await page.getByTestId("check-email").waitFor();

    const pinForm = page.getByTestId("pin-form");
    const messages: string[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      await pinForm.getByTestId("access-pin").locator("input").fill("000000");
      const answer = page.waitForResponse((response) => response.url().endsWith(`/api/watch/${webcastId}/sign-in`));
      await pinForm.locator('button[type="submit"]').click();
      const status = (await answer).status();
      messages.push(String(status));
      if (status === 429) break;
      await expect.poll(() => pinForm.getByTestId("access-pin").getAttribute("data-invalid")).toBe("true");
    }
    // Five failures are free (docs/viewer-page.md "Throttles"); the next attempts must wait.
    expect(messages.slice(0, 5)).toEqual(["422", "422", "422", "422", "422"]);
    expect(messages).toContain("429");
    await page.getByTestId("access-error").waitFor();
    await expectClean(page, "too many PIN attempts (fr, 390 px)");
  });
});
