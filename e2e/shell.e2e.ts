import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

afterEach(async () => {
  await browser?.close();
});

describe("first visit and language", () => {
  beforeEach(async () => {
    browser = await openBrowser({ locale: "fr-FR" });
  });

  it("opens in French for a French browser, at /home", async () => {
    const page = await browser.context.newPage();
    // The screens are behind the route guard (e2e/auth.e2e.ts covers it): sign in first.
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/home`);
    await expect(page.getByTestId("page-title").textContent()).resolves.toBe("Accueil");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await expect(page.title()).resolves.toContain("Accueil");
  });

  it("switches to English, stores the choice and keeps it after a reload", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/home`);
    await page.getByTestId("page-title").waitFor();
    await page.getByTestId("language-switcher").selectOption("en");
    await page.getByTestId("page-title").getByText("Home", { exact: true }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.evaluate(() => localStorage.getItem("igo.locale"))).toBe("en");
    await page.reload();
    await expect(page.getByTestId("page-title").textContent()).resolves.toBe("Home");
  });

  it("takes the lang query parameter over the browser language", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/home?lang=de`);
    await page.getByTestId("page-title").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
  });

  it("runs the quick tour from Support › Quick tour, pointing at real elements, in French", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/support/quick-tour`);
    await page.waitForURL(`${baseUrl}/home`);
    const tour = page.getByTestId("quick-tour");
    await tour.waitFor();
    await expect(page.getByTestId("quick-tour-progress").textContent()).resolves.toBe("Étape 1 sur 6");
    // The popover sits inside the viewport, next to the ringed element.
    const box = await tour.boundingBox();
    const target = await page.locator('[data-tour="featured"]').boundingBox();
    expect(box && target).toBeTruthy();
    const viewport = page.viewportSize()!;
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await expect(page.locator(".quick-tour__target").getAttribute("data-tour")).resolves.toBe("featured");
    // The step's title has the focus, so the keyboard drives the tour.
    await page.waitForFunction(() => document.activeElement?.classList.contains("quick-tour__title"));
    await page.keyboard.press("ArrowRight");
    await page.locator('[data-tour="your-webcasts"].quick-tour__target').waitFor();
    await page.keyboard.press("Escape");
    await tour.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("igo.tour.home"))).toBe("done");
  });

  it("sends an unknown path to the 404 page", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(`${baseUrl}/errors/404`);
    await page.getByTestId("not-found-page").waitFor();
    await expect(page.getByTestId("page-title").textContent()).resolves.toBe("Page introuvable");
  });
});

describe("English browser", () => {
  beforeEach(async () => {
    browser = await openBrowser({ locale: "en-US" });
  });

  it("opens in English and shows the API status from the worker", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/home`);
    await expect(page.getByTestId("page-title").textContent()).resolves.toBe("Home");
    await page.locator('[data-testid="api-status"][data-status="ok"]').waitFor();
  });
});
