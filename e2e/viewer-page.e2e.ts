import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";
import { makeMp4 } from "./fixtures/make-hls.ts";
import { createWebcast, goLive, staffCall } from "./staff-api.ts";
import { expectClean } from "./clean.ts";

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
    // Add to calendar is a disclosure: its choices show once opened, and go with Escape.
    expect(await page.getByTestId("calendar-google").isVisible()).toBe(false);
    await page.getByTestId("calendar-toggle").click();
    await page.getByTestId("calendar-google").waitFor();
    expect(await page.getByTestId("calendar-google").getAttribute("href")).toMatch(/^https:\/\/calendar\.google\.com\//);
    await expectClean(page, "add to calendar open (fr, 390 px)");
    await page.keyboard.press("Escape");
    await page.getByTestId("calendar-google").waitFor({ state: "hidden" });

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
    // The service worker, once in control, keeps the page for offline use under /w/{id} alone: never
    // an address's query (a link's one-use token).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    });
    await page.goto(`${baseUrl}/w/${webcastId}?utm_source=mail`);
    await expect.poll(() => page.getByTestId("viewer-greeting-text").textContent(), { timeout: 30_000 }).toMatch(/Paula Press/);
    const cached = async () => page.evaluate(async () => ((await caches.has("igo-viewer-pages")) ? (await (await caches.open("igo-viewer-pages")).keys()).map((request) => request.url) : []));
    await expect.poll(async () => (await cached()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await cached()).toEqual([`${baseUrl}/w/${webcastId}`]);

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

  it("joins a premiere as two guests at the shared position; votes; a paused viewer gets the poll when their picture reaches it; a question asked offline arrives once; the question wall shows what is pushed", { timeout: 300_000 }, async () => {
    // The organizer's premiere: a 60-second video made here, its playlist, on air.
    const organizer = await browser.context.newPage();
    await signIn(organizer, baseUrl, "organizer@demo.test");
    await organizer.goto(`${baseUrl}/media`);
    await organizer.getByTestId("media-page").waitFor();
    const video = await makeMp4(60, { fps: 10 });
    await organizer.getByTestId("media-file").setInputFiles({ name: "premiere-show.mp4", mimeType: "video/mp4", buffer: Buffer.from(video) });
    const card = organizer.locator('[data-testid="media-card"][data-status="processed"]', { hasText: "premiere-show" });
    await card.waitFor({ timeout: 60_000 });
    const mediaId = (await card.getAttribute("data-media-id")) ?? "";
    const premiere = await createWebcast(organizer, { event_title: "Avant-première du studio", inMinutes: 30, is_premiere: true });
    const playlist = await staffCall(organizer, "POST", `/api/webcasts/${premiere}/premiere-videos`, { media_ids: [mediaId] });
    expect(playlist.status, JSON.stringify(playlist.json)).toBe(200);
    const poll = await staffCall(organizer, "POST", `/api/webcasts/${premiere}/polls`, { title: "Le studio vous plaît ?", language: "fr", options: [{ text: "Oui" }, { text: "Pas encore" }] });
    expect(poll.status).toBe(201);
    const pollId = (poll.json as { data: { id: string } }).data.id;
    await goLive(organizer, premiere, { premiere: true });

    // Two viewers on their phones, each in a browser of their own, join as guests.
    const viewers = await Promise.all([openBrowser({ locale: "fr-FR" }), openBrowser({ locale: "fr-FR" })]);
    try {
      const [first, second] = await Promise.all(
        viewers.map(async (viewer, index) => {
          const page = await viewer.context.newPage();
          await page.setViewportSize(PHONE);
          await page.goto(`${baseUrl}/w/${premiere}`);
          const guest = page.getByTestId("guest-form");
          await guest.waitFor({ timeout: 30_000 });
          await guest.getByTestId("guest-name").locator("input").fill(index === 0 ? "Alice" : "Bruno");
          await guest.locator('button[type="submit"]').click();
          await page.getByTestId("player-video").waitFor({ timeout: 30_000 });
          // Playing (muted autoplay, as a phone allows): its clock moves.
          await expect.poll(() => page.getByTestId("player-video").evaluate((media: HTMLMediaElement) => media.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
          return page;
        }),
      );
      if (!first || !second) throw new Error("two viewers expected");
      await expectClean(first, "premiere playing (fr, 390 px)");

      // The shared position: read at the same moment, within a second of each other.
      const positions = await Promise.all([first, second].map((page) => page.getByTestId("player-video").evaluate((media: HTMLMediaElement) => media.currentTime)));
      expect(Math.abs((positions[0] ?? 0) - (positions[1] ?? 99)), `positions ${positions.join(" / ")}`).toBeLessThan(1);

      // The second viewer pauses: their picture stops, so the poll must wait for it.
      await second.getByTestId("player-video").evaluate((media: HTMLMediaElement) => media.pause());
      await organizer.goto(`${baseUrl}/webcasts/${premiere}/control-room?tab=polls`);
      const row = organizer.locator(`[data-testid="room-poll"][data-poll="${pollId}"]`);
      await row.locator('[data-action="publish"]').click();
      await row.locator('[data-testid="poll-badge"][data-badge="open"]').waitFor();

      const ballotOf = (page: Page) => page.locator(`[data-testid="poll-ballot"][data-poll="${pollId}"][data-state="open"]`);
      await ballotOf(first).waitFor({ timeout: 15_000 });
      await second.waitForTimeout(2_000);
      expect(await ballotOf(second).count(), "the paused viewer's picture has not reached the poll").toBe(0);
      // Playing again, the player catches up with the shared position and the poll comes with it.
      await second.getByTestId("player-video").evaluate((media: HTMLMediaElement) => media.play());
      await ballotOf(second).waitFor({ timeout: 15_000 });

      // The first viewer votes; the tally reaches the control room.
      await ballotOf(first).getByText("Oui", { exact: true }).click();
      await ballotOf(first).getByTestId("poll-vote").click();
      await ballotOf(first).getByTestId("poll-status").waitFor();
      await expect.poll(async () => (await row.getByTestId("live-results").getByTestId("option-voters").allTextContents()).map((text) => text.trim()), { timeout: 15_000 }).toEqual(["1", "0"]);

      // Asks, loses the network, asks again (after the 10 s wait), gets it back: each once.
      const ask = async (text: string) => {
        await first.getByTestId("ask-text").fill(text);
        await first.getByTestId("ask-submit").click();
      };
      await ask("Quand ouvre le studio ?");
      await first.getByTestId("ask-status").waitFor();
      // SPEC §9: a viewer waits 10 s between two questions.
      await first.waitForTimeout(10_500);
      await viewers[0]?.context.setOffline(true);
      await first.getByTestId("ask-text").fill("Peut-on le visiter ?");
      await expect.poll(() => first.getByTestId("ask-submit").isDisabled(), { timeout: 10_000 }).toBe(false);
      await first.getByTestId("ask-submit").click();
      await first.getByTestId("queued-item").waitFor();
      await expectClean(first, "a question waiting for the network (fr, 390 px)");
      await viewers[0]?.context.setOffline(false);
      await organizer.goto(`${baseUrl}/webcasts/${premiere}/control-room?tab=questions`);
      for (const text of ["Quand ouvre le studio ?", "Peut-on le visiter ?"]) {
        await organizer.locator('[data-testid="queue-question"]', { hasText: text }).waitFor({ timeout: 30_000 });
      }
      await organizer.waitForTimeout(2_000);
      expect(await organizer.locator('[data-testid="queue-question"]', { hasText: "Peut-on le visiter ?" }).count()).toBe(1);
      expect(await organizer.locator('[data-testid="queue-question"]', { hasText: "Quand ouvre le studio ?" }).count()).toBe(1);

      // The producer pushes a question to the speakers and turns the question wall on: the viewer
      // sees it under the picture (the toggle waits for their media time, a second at most here).
      await organizer.locator('[data-testid="queue-question"]', { hasText: "Quand ouvre le studio ?" }).getByTestId("action-push").click();
      const wallOn = await staffCall(organizer, "PATCH", `/api/webcasts/${premiere}/question-wall`, { enabled: true });
      expect(wallOn.status).toBe(200);
      const wall = first.getByTestId("on-screen-questions");
      await wall.getByText("Quand ouvre le studio ?").waitFor({ timeout: 15_000 });
      expect(await wall.getByText("Peut-on le visiter ?").count(), "only the pushed question").toBe(0);
      await expectClean(first, "the question wall under the picture (fr, 390 px)");
    } finally {
      await Promise.all(viewers.map((viewer) => viewer.close()));
    }
  });

  it("every state of the page passes axe and fits a 390 px phone, in French and English", { timeout: 180_000 }, async () => {
    const organizer = await browser.context.newPage();
    await signIn(organizer, baseUrl, "organizer@demo.test");
    const webcastId = await createWebcast(organizer, { event_title: "Conférence de presse trimestrielle", inMinutes: 120 });
    const described = await staffCall(organizer, "POST", `/api/webcasts/${webcastId}`, { _method: "PATCH", description: "Les résultats du trimestre et vos questions." }, { form: true });
    expect(described.status).toBe(200);
    const real = (await (await organizer.request.get(`${baseUrl}/api/watch/${webcastId}`)).json()) as { data: Record<string, unknown> };
    await organizer.close();
    const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const later = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString();
    // Each state as the server would answer it (the page reads nothing else to choose its state).
    const states: { kind: string; soon?: string; patch: Record<string, unknown> }[] = [
      { kind: "not_started", soon: "under_60", patch: { start: inMinutes(30), end: inMinutes(90) } },
      { kind: "not_started", soon: "under_10", patch: { start: inMinutes(5), end: inMinutes(65) } },
      { kind: "live", patch: { state: "live" } },
      { kind: "premiering", patch: { state: "premiering", is_premiere: true } },
      { kind: "ended", patch: { state: "archived", replay: { status: "none", expires_at: null, download: false } } },
      { kind: "canceled", patch: { state: "canceled" } },
      { kind: "replay_pending", patch: { state: "archived", replay: { status: "pending", expires_at: null, download: false } } },
      { kind: "replay_available", patch: { state: "archived", replay: { status: "available", expires_at: later, download: true } } },
      { kind: "replay_expired", patch: { state: "archived", replay: { status: "expired", expires_at: inMinutes(-60), download: false } } },
    ];
    for (const locale of ["fr-FR", "en-US"]) {
      const context = await openBrowser({ locale });
      try {
        const page = await context.context.newPage();
        await page.setViewportSize(PHONE);
        for (const state of states) {
          await page.unroute(`**/api/watch/${webcastId}`);
          await page.route(`**/api/watch/${webcastId}`, (route) => route.fulfill({ json: { data: { ...real.data, ...state.patch, server_now: new Date().toISOString() } } }));
          await page.goto(`${baseUrl}/w/${webcastId}`);
          // The first screen comes with the page (the real webcast, in two hours); the answer above then moves it.
          const panel = page.locator(`[data-testid="viewer-state"][data-kind="${state.kind}"]${state.soon ? `[data-soon="${state.soon}"]` : ""}`);
          await panel.waitFor({ timeout: 30_000 });
          await expectClean(page, `${state.kind}${state.soon ? ` ${state.soon}` : ""} (${locale}, 390 px)`);
        }
      } finally {
        await context.close();
      }
    }
  });

  it("refuses a newcomer past the organization's viewer limit", { timeout: 120_000 }, async () => {
    // Other Org (organization 2), so the limit touches no other journey; put back afterwards.
    const admin = await browser.context.newPage();
    await signIn(admin, baseUrl, "superadmin@demo.test");
    const ownerBrowser = await openBrowser({ locale: "fr-FR" });
    const owner = await ownerBrowser.context.newPage();
    try {
      await signIn(owner, baseUrl, "owner@other.test");
      const webcastId = await createWebcast(owner, { event_title: "Point d'étape", inMinutes: 120, organization_id: 2 });
      const limited = await staffCall(admin, "PATCH", "/api/organizations/2/constraints", { limits: { max_viewers: 1 } });
      expect(limited.status, JSON.stringify(limited.json)).toBe(200);
      const page = await phone();
      const registerAs = async (name: string, email: string) => {
        await page.goto(`${baseUrl}/w/${webcastId}`);
        await page.getByTestId("viewer-access").waitFor();
        const toggle = page.getByTestId("register-toggle");
        if ((await toggle.count()) > 0 && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
        const form = page.getByTestId("registration-form");
        await form.getByTestId("registration-name").locator("input").fill(name);
        await form.getByTestId("registration-email").locator("input").fill(email);
        const answer = page.waitForResponse((response) => response.url().endsWith(`/api/watch/${webcastId}/register`));
        await form.locator('button[type="submit"]').click();
        return (await answer).status();
      };
      expect(await registerAs("Première Personne", "premiere@example.com")).toBe(201);
      await page.getByTestId("check-email").waitFor();
      expect(await registerAs("Seconde Personne", "seconde@example.com")).toBe(422);
      await expect.poll(async () => (await page.getByTestId("registration-form").textContent()) ?? "").toMatch(/limite/i);
      await expectClean(page, "viewer limit reached (fr, 390 px)");
    } finally {
      await staffCall(admin, "PATCH", "/api/organizations/2/constraints", { limits: { max_viewers: null } });
      await ownerBrowser.close();
    }
  });
});
