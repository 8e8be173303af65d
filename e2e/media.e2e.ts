import type { Page, Request } from "playwright-core";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { paddedSampleWebm } from "../domain/media/sample-video.ts";
import { makePdf } from "./fixtures/make-pdf.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";
import { expectClean } from "./clean.ts";

/**
 * Issue #17 as an organizer meets it on /media: a video of two upload parts (the 2-second WebM
 * fixture padded to 17 MB) is added; the network is cut after part 1 reached the server, the page
 * is reloaded, and once back online the upload resumes from the server's part list (part 1 is not
 * sent again) and the video ends processed with its real duration and the poster made in the
 * browser. A 6 GB file is refused before any request. In French, at desktop and phone sizes, with axe.
 */
const baseUrl = inject("baseUrl");
/** "Spring release launch" (Demo Events): its organizer manages its slides. */
const LAUNCH = "0196a0de-0001-7000-8000-000000000000";

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ locale: "fr-FR" });
});
afterEach(async () => {
  await browser?.close();
});


/** PUT requests of parts, as "<upload id>/<part>", their answers, and the ids of the video uploads made. */
function partLog(page: Page): { sent: string[]; acknowledged: string[]; videos: string[] } {
  const log = { sent: [] as string[], acknowledged: [] as string[], videos: [] as string[] };
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname !== "/api/uploads" || response.request().method() !== "POST" || response.status() !== 201) return;
    const { data } = (await response.json()) as { data: { id: string; kind: string } };
    if (data.kind === "video") log.videos.push(data.id);
  });
  const part = (request: Request) => /\/api\/uploads\/([^/]+)\/parts\/(\d+)$/.exec(new URL(request.url()).pathname);
  page.on("request", (request) => {
    const match = part(request);
    if (match && request.method() === "PUT") log.sent.push(`${match[1]}/${match[2]}`);
  });
  page.on("response", (response) => {
    const match = part(response.request());
    if (match && response.request().method() === "PUT" && response.status() === 200) log.acknowledged.push(`${match[1]}/${match[2]}`);
  });
  return log;
}

describe("the video library", () => {
  it("uploads a two-part video, survives a cut and a reload, and shows it processed with its duration and poster", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/media`);
    await page.getByTestId("media-page").waitFor();
    // The demo video is there, processed.
    await page.locator('[data-testid="media-card"][data-status="processed"]').first().waitFor();
    await expectClean(page, "/media (fr, desktop)");

    // Part 2 does not get through (the network goes away while it is sent).
    await page.route("**/api/uploads/*/parts/2", (route) => route.abort("internetdisconnected"));
    const log = partLog(page);
    const video = paddedSampleWebm(17 * 1024 * 1024);
    await page.getByTestId("media-file").setInputFiles({ name: "keynote-rehearsal.webm", mimeType: "video/webm", buffer: Buffer.from(video) });
    const card = page.locator('[data-testid="media-card"]', { hasText: "keynote-rehearsal" });
    await card.waitFor();
    await card.getByRole("progressbar").waitFor();
    await expect.poll(() => log.videos.length, { timeout: 30_000 }).toBe(1);
    const uploadId = log.videos[0];
    await expect.poll(() => log.acknowledged.includes(`${uploadId}/1`), { timeout: 30_000 }).toBe(true);

    await browser.context.setOffline(true);
    await page.unroute("**/api/uploads/*/parts/2");
    await page.reload();
    await page.getByTestId("media-page").waitFor();
    // Still listed offline (the row synced on the device), its upload waiting for the network.
    await card.waitFor();
    await browser.context.setOffline(false);
    // Back online, the upload resumes: the server holds part 1, so only part 2 is sent.
    await page.locator(`[data-testid="media-card"][data-status="processed"]`, { hasText: "keynote-rehearsal" }).waitFor({ timeout: 60_000 });
    expect(log.sent.filter((entry) => entry === `${uploadId}/1`)).toHaveLength(1);
    expect(log.acknowledged).toContain(`${uploadId}/2`);
    await expect(card.getByTestId("media-duration").textContent()).resolves.toMatch(/0:0[12]/);
    await card.locator("img").waitFor();
    expect(await card.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expectClean(page, "/media after upload (fr, desktop)");

    await page.setViewportSize({ width: 390, height: 844 });
    await expectClean(page, "/media (fr, 390 px)");
  });

  it("refuses a 6 GB file before the first byte is sent", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/media`);
    await page.getByTestId("media-page").waitFor();
    let uploadCalls = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/uploads")) uploadCalls++;
    });
    // A 6 GB file cannot be made here: this one says it weighs 6 GB (File.size is all the checks read
    // before refusing; a real 6 GB file would be refused the same way, unread).
    await page.evaluate(() => {
      const real = Object.getOwnPropertyDescriptor(Blob.prototype, "size")?.get;
      Object.defineProperty(Blob.prototype, "size", {
        configurable: true,
        get(this: Blob) {
          return this instanceof File && this.name === "all-hands-4k.mp4" ? 6 * 1024 ** 3 : (real?.call(this) ?? 0);
        },
      });
    });
    await page.getByTestId("media-file").setInputFiles({ name: "all-hands-4k.mp4", mimeType: "video/mp4", buffer: Buffer.from(new Uint8Array(64)) });
    await expect(page.getByTestId("media-file-errors").textContent()).resolves.toContain("Le fichier ne peut pas dépasser 5 Go.");
    expect(uploadCalls).toBe(0);
  });
});

describe("slides in the control room", () => {
  it("uploads a PDF deck, approves it, and pages through it with the buttons, a thumbnail and the keyboard", { timeout: 120_000 }, async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/webcasts/${LAUNCH}/control-room`);
    await page.locator('[data-testid="room-connection"][data-state="connected"]').waitFor();
    await page.getByTestId("room-tab-slides").click();
    await page.getByTestId("deck-upload").waitFor();

    // A PowerPoint deck is refused before anything is sent, with the way out.
    await page.getByTestId("deck-file").setInputFiles({ name: "lancement.pptx", mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", buffer: Buffer.from("PK\x03\x04 ppt/slides/slide1.xml") });
    await expect.poll(() => page.getByTestId("deck-upload").textContent()).toContain("exportez la présentation en PDF");

    const deck = makePdf({ pages: 6, title: "Spring release launch" });
    await page.getByTestId("deck-file").setInputFiles({ name: "lancement.pdf", mimeType: "application/pdf", buffer: Buffer.from(deck) });
    // Replacing a deck asks first (a deck may be left by an earlier run).
    if (await page.getByTestId("confirm-dialog").isVisible().catch(() => false)) await page.getByTestId("confirm-dialog").locator(".button--primary").click();
    await page.getByTestId("deck-approve").click({ timeout: 60_000 });
    await page.locator('[data-testid="deck-approval"]').waitFor();

    const stage = page.locator('[data-testid="room-slide-stage"]');
    const drawn = async (pageNumber: number) => {
      await page.locator(`[data-testid="room-slide-stage"] [data-drawn-page="${pageNumber}"]`).waitFor({ timeout: 20_000 });
      // The page is really drawn: the canvas shown has coloured pixels.
      const inked = await stage.locator("canvas:not([hidden])").evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext("2d");
        if (!context || canvas.width === 0) return false;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let coloured = 0;
        for (let index = 0; index < data.length; index += 4 * 97) if ((data[index + 3] ?? 0) > 0 && (data[index] !== 255 || data[index + 1] !== 255)) coloured++;
        return coloured > 50;
      });
      expect(inked).toBe(true);
    };
    // Wherever the room's index stood, go to the first slide by its thumbnail.
    await page.getByTestId("slide-thumbnail").first().click();
    await drawn(1);
    await page.getByTestId("room-slide-next").click();
    await drawn(2);
    await expect.poll(() => page.getByTestId("room-slide").textContent()).toContain("2 sur 6");
    await page.getByTestId("slide-thumbnail").nth(4).click();
    await drawn(5);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ArrowRight");
    await drawn(6);
    // The last page: Next stops there.
    expect(await page.getByTestId("room-slide-next").isDisabled()).toBe(true);
    await expectClean(page, "control room slides (fr, desktop)");
  });
});
