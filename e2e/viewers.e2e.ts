/// <reference path="../domain/exports/papaparse.d.ts" />
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { makeViewersCsv } from "./fixtures/make-viewers-csv.ts";
import { signIn } from "./session.ts";
import { expectClean } from "./clean.ts";

/**
 * Issue #18 as an organizer meets it, in French: on "Spring release launch" (eight demo viewers,
 * five registered) a 5,000-row export of a French Excel (BOM, semicolons, "Prénom;Nom;Courriel")
 * with 20 bad rows is imported; the progress bar shows, the import ends "imported with errors"
 * with the bad rows listed by row number and downloadable; the list grows to 4,988. Then the
 * registered viewers are invited: five e-mails reach the local mailbox, and the link of one opens
 * the invitation page with the viewer's name. On the way a viewer gets a password in the edit
 * dialog, then loses it. Axe and no sideways scroll at desktop and 390 px.
 */
const baseUrl = inject("baseUrl");
const LAUNCH = "0196a0de-0001-7000-8000-000000000000";

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ locale: "fr-FR" });
});
afterEach(async () => {
  await browser?.close();
});


/** Digits only: numbers are shown with the locale's group separator (a narrow space in French). */
const digits = (text: string | null) => (text ?? "").replace(/\D/g, "");

interface ImportLog {
  status: string;
  created_rows: number;
  updated_rows: number;
  error_rows: number;
  processed_rows: number;
}

describe("viewers of a webcast", () => {
  it("imports 5,000 viewers with 20 bad rows, then invites the registered ones; the e-mail's link opens the invitation", { timeout: 240_000 }, async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.goto(`${baseUrl}/webcasts/${LAUNCH}/edit?tab=viewers`);
    const tab = page.getByTestId("webcast-viewers");
    await tab.waitFor();
    // The demo viewers came to the device when the tab opened.
    await expect.poll(() => tab.getByTestId("viewer-row").count(), { timeout: 30_000 }).toBe(8);
    await expectClean(page, "viewers tab (fr, desktop)");

    // Progress: every value the bar shows while the import runs.
    const csv = makeViewersCsv(5_000, 20);
    await page.getByTestId("viewer-import-file").setInputFiles({ name: "participants.csv", mimeType: "text/csv", buffer: Buffer.from(csv.bytes) });
    await page.getByTestId("viewer-import-upload").click();
    await page.getByTestId("viewer-import-progress").waitFor();
    const current = page.getByTestId("viewer-import-current");
    await expect.poll(() => current.getAttribute("data-status"), { timeout: 120_000 }).toBe("imported_with_errors");

    const logs = await page.request.get(`${baseUrl}/api/webcasts/${LAUNCH}/viewers/upload-logs`);
    const [log] = ((await logs.json()) as { data: ImportLog[] }).data;
    expect(log).toMatchObject({ status: "imported_with_errors", created_rows: 4_980, updated_rows: 0, error_rows: 20, processed_rows: 5_000 });
    const summary = await current.getByTestId("viewer-import-summary").locator("li").allTextContents();
    expect(summary.map(digits)).toEqual(["4980", "0", "20"]);

    // The row errors, by the row numbers a spreadsheet shows.
    const shownRows = await current.getByTestId("viewer-import-error-row").locator("td:first-child").allTextContents();
    expect([...new Set(shownRows.map(digits))].map(Number)).toEqual(csv.badRows);
    const errorsLink = current.getByTestId("viewer-import-errors-download");
    const [download] = await Promise.all([page.waitForEvent("download"), errorsLink.click()]);
    const errorFile = await readFile(await download.path());
    const parsed = Papa.parse(new TextDecoder().decode(errorFile).replace(/^\uFEFF/, ""), { skipEmptyLines: true });
    const fileRows = [...new Set(parsed.data.slice(1).map((cells) => Number(cells[0])))];
    expect(fileRows).toEqual(csv.badRows);

    // The new viewers reach the list (pulled on the device).
    await expect.poll(async () => digits(await tab.getByTestId("viewer-counts").locator("span").first().textContent()), { timeout: 60_000 }).toBe("4988");
    await tab.getByTestId("viewer-search").fill("viewer4998@example.fr");
    await expect.poll(() => tab.getByTestId("viewer-row").count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectClean(page, "viewers tab (fr, 390 px)");
    await page.setViewportSize({ width: 1280, height: 800 });

    // A password for that viewer (hashed by the server), then removed from the edit dialog.
    const passwordState = async () => {
      await tab.getByTestId("viewer-edit").click();
      return page.getByTestId("viewer-form-password-state").textContent();
    };
    await tab.getByTestId("viewer-edit").click();
    await page.getByTestId("viewer-form").locator('input[name="password"]').fill("Motdepasse-2026");
    await page.getByTestId("viewer-form-save").click();
    await page.getByTestId("viewer-form").waitFor({ state: "detached" });
    expect(await passwordState()).toBe("Un mot de passe est défini.");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectClean(page, "viewer edit dialog with a password (fr, 390 px)");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("viewer-form-remove-password").click();
    await page.getByTestId("viewer-form-save").click();
    await page.getByTestId("viewer-form").waitFor({ state: "detached" });
    expect(await passwordState()).toBe("Aucun mot de passe.");
    await page.getByTestId("viewer-form").getByRole("button", { name: "Annuler" }).click();
    await page.getByTestId("viewer-form").waitFor({ state: "detached" });

    // Invite the registered ones: five e-mails.
    await page.goto(`${baseUrl}/webcasts/${LAUNCH}/edit?tab=invitations`);
    const invitations = page.getByTestId("webcast-invitations");
    await invitations.waitFor();
    await page.getByTestId("invitation-recipients-registered").check();
    expect(digits(await page.getByTestId("invitation-count-registered").textContent())).toBe("5");
    await expectClean(page, "invitations tab (fr, desktop)");
    await page.getByTestId("invitation-send").click();
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.waitFor();
    await dialog.locator(".button--primary").click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const answer = await page.request.get(`${baseUrl}/api/webcasts/${LAUNCH}/invitations`);
        return ((await answer.json()) as { data: { deliveries: { queued: number; sent: number; failed: number } } }).data.deliveries;
      }, { timeout: 60_000 })
      .toEqual({ queued: 0, sent: 5, failed: 0 });

    // The local mailbox holds them; the link opens the viewer's invitation.
    await page.goto(`${baseUrl}/dev/mailbox`);
    await page.getByTestId("mailbox-page").waitFor();
    const item = page.getByTestId("mailbox-item").filter({ hasText: "amelia.brooks@example.com" });
    await expect.poll(() => item.count()).toBe(1);
    await item.click();
    const link = page.getByTestId("mailbox-message").locator(`a[href*="/w/${LAUNCH}?invite="]`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/w/${LAUNCH}`);
    await expect.poll(() => page.getByTestId("viewer-greeting-text").textContent(), { timeout: 30_000 }).toMatch(/Amelia Brooks/);
    await expectClean(page, "viewer page signed in by the invitation link (fr)");
  });
});
