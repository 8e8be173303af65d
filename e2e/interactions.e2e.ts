import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { signIn } from "./session.ts";
import { staffCall } from "./staff-api.ts";
import { expectClean } from "./clean.ts";

/**
 * Issue #16 as three people meet it, in three browsers: the producer (Pablo, desktop) runs
 * "Speaker tech check" from the control room, a speaker (Sofia, 390 px phone) follows its
 * questions tab, and a viewer (390 px phone) joins the audience page with the room token of the
 * control room's preview link. A poll is published, the viewer votes, the producer sees the live
 * tally and shows the results, the viewer sees them; the viewer asks, the producer pushes the
 * question, the speaker sees it; public and private chat; the results are exported and read back
 * with exceljs. Once with the producer and the viewer in French, once in English.
 */
const baseUrl = inject("baseUrl");
const TECH_CHECK = "0196a0de-0005-7000-8000-000000000000";

const browsers: Browser[] = [];

afterAll(async () => {
  for (const browser of browsers) await browser.close();
});

async function newPage(locale: string, phone: boolean): Promise<Page> {
  const browser = await openBrowser({ locale });
  browsers.push(browser);
  const page = await browser.context.newPage();
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  return page;
}


async function openTab(page: Page, tab: string, role: string): Promise<void> {
  await page.goto(`${baseUrl}/webcasts/${TECH_CHECK}/control-room?tab=${tab}`);
  await page.locator(`[data-testid="control-room"][data-role="${role}"]`).waitFor();
  await page.locator('[data-testid="room-connection"][data-state="connected"]').waitFor();
}

const RUNS = [
  { name: "French", producer: "fr-FR", viewer: "fr-FR", speaker: "en-US", hello: "Bonjour à tous", question: "Quand sort la version mobile ?" },
  { name: "English", producer: "en-US", viewer: "en-US", speaker: "fr-FR", hello: "Hello everyone", question: "When does the mobile version ship?" },
] as const;

for (const run of RUNS) {
  describe(`live interactions in three browsers (${run.name})`, () => {
    let producer: Page;
    let speaker: Page;
    let viewer: Page;
    const title = `${run.name} pulse ${Date.now()}`;
    let pollId = "";

    beforeAll(async () => {
      producer = await newPage(run.producer, false);
      speaker = await newPage(run.speaker, true);
      viewer = await newPage(run.viewer, true);
      await signIn(producer, baseUrl, "producer@demo.test");
      await signIn(speaker, baseUrl, "speaker@demo.test");
    });

    it("the viewer joins with the control room's audience preview link", async () => {
      const created = await staffCall(producer, "POST", `/api/webcasts/${TECH_CHECK}/polls`, { title, language: "en", options: [{ text: "Yes" }, { text: "Not yet" }] });
      expect(created.status).toBe(201);
      pollId = (created.json as { data: { id: string } }).data.id;

      await openTab(producer, "links", "producer");
      // SPEC §9 viewer preview delay: the producer is told how far behind viewers see the show.
      expect(await producer.getByTestId("viewer-preview-delay").textContent()).toMatch(/\b2\b.*\b5\b/);
      await producer.getByTestId("guest-link-create").click();
      const url = await producer.getByTestId("guest-link-url").inputValue();
      expect(url).toContain(`/live/${TECH_CHECK}?token=`);
      await viewer.goto(url);
      await viewer.getByTestId("interaction-panel").waitFor();
      await viewer.getByTestId("panel-polls-empty").waitFor();
      await expectClean(viewer, `${run.name} viewer, nothing on screen`);

      await openTab(speaker, "questions", "speaker");
      await speaker.getByTestId("speaker-questions").waitFor();
    });

    it("a poll is published, the viewer votes, the producer sees the tally, shows the results, the viewer sees them", async () => {
      await openTab(producer, "polls", "producer");
      const row = producer.locator(`[data-testid="room-poll"][data-poll="${pollId}"]`);
      await row.locator('[data-action="publish"]').click();
      await row.locator('[data-testid="poll-badge"][data-badge="open"]').waitFor();

      const ballot = viewer.locator(`[data-testid="poll-ballot"][data-poll="${pollId}"][data-state="open"]`);
      await ballot.waitFor();
      await ballot.getByText("Yes", { exact: true }).click();
      await ballot.getByTestId("poll-vote").click();
      await ballot.getByTestId("poll-status").waitFor();
      await expectClean(viewer, `${run.name} viewer voting`);

      const tally = row.getByTestId("live-results");
      await expect.poll(async () => (await tally.getByTestId("option-voters").allTextContents()).map((text) => text.trim())).toEqual(["1", "0"]);
      await expectClean(producer, `${run.name} producer polls tab with a tally`);

      await row.locator('[data-action="show_results"]').click();
      const shown = viewer.locator(`[data-testid="poll-ballot"][data-poll="${pollId}"][data-state="results"]`);
      await shown.getByTestId("poll-results").waitFor();
      await expect.poll(async () => (await shown.getByTestId("poll-results").textContent()) ?? "").toMatch(/100\s?%/);
    });

    it("the viewer asks, the producer pushes the question, the speaker sees it", async () => {
      await viewer.getByTestId("ask-text").fill(run.question);
      await viewer.getByTestId("ask-submit").click();
      await viewer.getByTestId("ask-status").waitFor();
      // The 10 s wait shows at once: the button stays disabled.
      expect(await viewer.getByTestId("ask-submit").isDisabled()).toBe(true);

      await openTab(producer, "questions", "producer");
      const queued = producer.locator('[data-testid="queue-question"]', { hasText: run.question });
      await queued.waitFor();
      await queued.getByTestId("action-push").click();
      await queued.getByTestId("question-pushed").waitFor();
      await expectClean(producer, `${run.name} producer questions tab`);

      await speaker.locator('[data-testid="speaker-questions"]', { hasText: run.question }).waitFor();
      await expectClean(speaker, `${run.name} speaker questions`);
      // The question wall: full screen, readable at a distance, closed with Escape.
      await speaker.getByTestId("question-wall-open").click();
      await speaker.getByRole("dialog").getByText(run.question).waitFor();
      await expectClean(speaker, `${run.name} question wall`);
      await speaker.keyboard.press("Escape");
      await speaker.getByRole("dialog").waitFor({ state: "detached" });
    });

    it("public chat reaches everyone; a private reply reaches only the viewer", async () => {
      await viewer.getByTestId("chat-input").fill(run.hello);
      await viewer.getByTestId("chat-send").click();
      const heard = producer.locator('[data-testid="room-chat"] [data-testid="chat-message"]', { hasText: run.hello });
      await heard.waitFor();
      await speaker.locator('[data-testid="room-chat"] [data-testid="chat-message"]', { hasText: run.hello }).waitFor();

      const whisper = `${run.name} whisper ${Date.now()}`;
      await heard.getByTestId("chat-reply").click();
      await producer.getByTestId("chat-target").waitFor();
      await producer.locator('[data-testid="room-chat"] [data-testid="chat-input"]').fill(whisper);
      await producer.locator('[data-testid="room-chat"] [data-testid="chat-send"]').click();
      await viewer.locator('[data-testid="chat-message"][data-private="true"]', { hasText: whisper }).waitFor();
      // The speaker never gets it (a public message sent after it arrives first).
      const after = `${run.name} after ${Date.now()}`;
      await viewer.getByTestId("chat-input").fill(after);
      await viewer.getByTestId("chat-send").click();
      await speaker.locator('[data-testid="chat-message"]', { hasText: after }).waitFor();
      expect(await speaker.locator('[data-testid="chat-message"]', { hasText: whisper }).count()).toBe(0);
      await expectClean(viewer, `${run.name} viewer chat`);
    });

    it("the results export opens in a real reader with the vote in it", async () => {
      const lang = run.producer.slice(0, 2);
      const file = await producer.evaluate(async ({ uid, lang }) => {
        const response = await fetch(`/api/webcasts/${uid}/polls/export?type=xlsx&lang=${lang}`, { credentials: "include" });
        const bytes = new Uint8Array(await response.arrayBuffer());
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return { status: response.status, base64: btoa(binary) };
      }, { uid: TECH_CHECK, lang });
      expect(file.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(Buffer.from(file.base64, "base64")).buffer);
      const rows: string[][] = [];
      workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ""))));
      const yes = rows.find((row) => row.includes(title) && row.includes("Yes"));
      expect(yes, JSON.stringify(rows.slice(0, 3))).toBeDefined();
      // One voter for "Yes", 100 %: the results are in the file.
      expect(yes?.some((cell) => cell === "1")).toBe(true);
      expect(yes?.some((cell) => /^100/.test(cell))).toBe(true);

      // Tidy for the other journeys: the poll leaves the screen.
      await openTab(producer, "polls", "producer");
      await producer.locator(`[data-testid="room-poll"][data-poll="${pollId}"] [data-action="dismiss"]`).click();
      await viewer.getByTestId("panel-polls-empty").waitFor();
    });
  });
}
