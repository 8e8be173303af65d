import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";
import { expectClean } from "./clean.ts";

/**
 * Issue #15 as a producer and a speaker meet it, in two browsers: the producer (French, desktop)
 * runs "Speaker tech check" (a demo test webcast: Pablo produces it, Sofia speaks in it) through
 * prepare → start → stop from the control room; the speaker (English, 390 px phone) follows it and
 * sees every slide and scene change within 1 s. The producer's network is cut mid-show: the change
 * made meanwhile waits, then lands once, and both screens show the exact state. A reset at the end
 * (the organizer's, rescheduled to the same start: a producer speaker may not reschedule) puts the
 * demo back as it was (other files read it).
 */
const baseUrl = inject("baseUrl");
const TECH_CHECK = "0196a0de-0005-7000-8000-000000000000";
const SEEN_WITHIN_MS = 1_000;

let producerBrowser: Browser;
let speakerBrowser: Browser;
let organizerBrowser: Browser | undefined;
let producer: Page;
let speaker: Page;

async function openRoom(page: Page, role: string): Promise<void> {
  await page.goto(`${baseUrl}/webcasts/${TECH_CHECK}/control-room`);
  await page.locator(`[data-testid="control-room"][data-role="${role}"]`).waitFor();
  await page.locator('[data-testid="room-connection"][data-state="connected"]').waitFor();
}

const phaseOn = (page: Page, phase: string, timeout = 10_000) => page.locator(`[data-testid="room-stage"] [data-phase="${phase}"]`).waitFor({ timeout });

async function confirmDialog(page: Page): Promise<void> {
  await page.getByTestId("confirm-dialog").locator(".button--primary").click();
  await page.getByTestId("confirm-dialog").waitFor({ state: "detached" });
}


beforeAll(async () => {
  producerBrowser = await openBrowser({ locale: "fr-FR" });
  speakerBrowser = await openBrowser({ locale: "en-US" });
  producer = await producerBrowser.context.newPage();
  speaker = await speakerBrowser.context.newPage();
  await speaker.setViewportSize({ width: 390, height: 844 });
  await signIn(producer, baseUrl, "producer@demo.test");
  await signIn(speaker, baseUrl, "speaker@demo.test");
});

afterAll(async () => {
  await producerBrowser?.close();
  await speakerBrowser?.close();
  await organizerBrowser?.close();
});

describe("the control room of a real webcast", () => {
  it("a producer prepares, starts (confirmed), steers and stops; a speaker follows within 1 s; a network cut loses and doubles nothing", { timeout: 180_000 }, async () => {
    await openRoom(producer, "producer");
    await openRoom(speaker, "speaker");
    expect(await producer.locator("html").getAttribute("lang")).toBe("fr");
    expect(await speaker.locator("html").getAttribute("lang")).toBe("en");
    await phaseOn(producer, "upcoming");
    await expectClean(producer, "producer, prepare tab (fr, desktop)");
    await expectClean(speaker, "speaker, prepare tab (en, 390 px)");
    expect(await speaker.getByTestId("room-readonly").isVisible()).toBe(true);
    expect(await speaker.getByTestId("room-prepare").count()).toBe(0);

    // Prepare: preparing, then prepared when the room's alarm ends it; a source makes it ready.
    await producer.getByTestId("room-prepare").click();
    await phaseOn(speaker, "prepared");
    await producer.getByTestId("room-activate-rtmp").click();
    await phaseOn(producer, "ready");

    // Start asks first; cancelling changes nothing.
    await producer.getByTestId("room-tab-go-live").click();
    await producer.getByTestId("room-start").click();
    await producer.getByTestId("confirm-dialog").getByRole("button").first().click();
    await producer.getByTestId("confirm-dialog").waitFor({ state: "detached" });
    await phaseOn(producer, "ready");
    await producer.getByTestId("room-start").click();
    await confirmDialog(producer);
    await phaseOn(producer, "live");
    await phaseOn(speaker, "live");
    await expectClean(producer, "producer, go live tab, live");

    // Slides and scene: the speaker sees each change within 1 s.
    await producer.getByTestId("room-tab-slides").click();
    await speaker.getByTestId("room-tab-slides").click();
    await producer.getByTestId("room-slide-next").click();
    await speaker.getByTestId("room-slide").getByText("Slide 2", { exact: true }).waitFor({ timeout: SEEN_WITHIN_MS });
    await producer.getByTestId("room-tab-display").click();
    await speaker.getByTestId("room-tab-display").click();
    await producer.locator('[data-testid="scene-layouts"] [data-layout="presentation-only"]').click();
    await speaker.locator('[data-testid="scene-layouts"] [data-layout="presentation-only"][aria-pressed="true"]').waitFor({ timeout: SEEN_WITHIN_MS });
    await expectClean(speaker, "speaker, display tab (en, 390 px)");

    // The producer's network drops: the next slide waits, shown as pending, and lands once back.
    await producer.getByTestId("room-tab-slides").click();
    await speaker.getByTestId("room-tab-slides").click();
    await producerBrowser.context.setOffline(true);
    await producer.locator('[data-testid="room-connection"]:not([data-state="connected"])').waitFor();
    await producer.getByTestId("room-slide-next").click();
    await producer.getByTestId("room-pending").waitFor();
    expect(await speaker.getByTestId("room-slide").textContent()).toContain("Slide 2");
    await producerBrowser.context.setOffline(false);
    await producer.locator('[data-testid="room-connection"][data-state="connected"]').waitFor({ timeout: 30_000 });
    await producer.getByTestId("room-pending").waitFor({ state: "detached" });
    await speaker.getByTestId("room-slide").getByText("Slide 3", { exact: true }).waitFor();
    expect(await producer.getByTestId("room-slide").textContent()).toContain("Diapositive 3");

    // Stop asks first, then the room ends the broadcast: stopping, then archived.
    await producer.getByTestId("room-tab-go-live").click();
    await producer.getByTestId("room-stop").click();
    await confirmDialog(producer);
    await phaseOn(producer, "archived");
    await phaseOn(speaker, "archived");
    expect(await producer.getByTestId("room-slide").count()).toBe(0);

    // The speaker's stats tab: this webcast does not share the audience with its speakers.
    await speaker.getByTestId("room-tab-stats").click();
    await speaker.getByTestId("room-stats-hidden").waitFor();
    expect(await speaker.getByTestId("stat-viewers").count()).toBe(0);

    // Rescheduling changes the webcast itself: the producer speaker may reset, not reschedule.
    await producer.getByTestId("room-tab-prepare").click();
    await producer.getByTestId("room-reschedule-forbidden").waitFor();
    expect(await producer.getByTestId("room-reset-reschedule").isDisabled()).toBe(true);

    // The organizer resets and reschedules, from the webcast's own start and time zone. A start
    // in the past is refused beside the date, before anything moves.
    organizerBrowser = await openBrowser({ locale: "fr-FR" });
    const organizer = await organizerBrowser.context.newPage();
    await signIn(organizer, baseUrl, "organizer@demo.test");
    await openRoom(organizer, "producer");
    const plannedStart = await organizer.getByTestId("prepare-start").textContent();
    await organizer.getByTestId("room-reset-reschedule").check();
    const date = organizer.locator('[name="reset_start_date"]');
    const planned = await date.inputValue();
    expect(await organizer.locator('[name="reset_timezone"]').inputValue()).toBe("Europe/Paris");
    await date.fill("2020-01-01");
    await organizer.getByTestId("room-reset").click();
    await organizer.locator('.field[data-invalid="true"] [name="reset_start_date"]').waitFor();
    expect(await organizer.getByTestId("confirm-dialog").count()).toBe(0);
    await organizer.setViewportSize({ width: 390, height: 844 });
    await expectClean(organizer, "organizer, reschedule form with an error (fr, 390 px)");
    await organizer.setViewportSize({ width: 1280, height: 800 });

    // Rescheduled to the planned start (the demo stays as it was): POST reset, then upcoming.
    await date.fill(planned);
    await organizer.getByTestId("room-reset").click();
    const reset = organizer.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith(`/api/webcasts/${TECH_CHECK}/reset`));
    await confirmDialog(organizer);
    const answer = await reset;
    expect(answer.request().postDataJSON()).toEqual({ scheduled_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/), timezone: "Europe/Paris" });
    expect(answer.status()).toBe(200);
    await phaseOn(organizer, "upcoming");
    await phaseOn(producer, "upcoming");
    // The call answered: the form is back to "keep the start time", the start as planned.
    await organizer.locator('[data-testid="room-reset-keep"]:checked').waitFor();
    expect(await organizer.getByTestId("prepare-start").textContent()).toBe(plannedStart);
  });
});
