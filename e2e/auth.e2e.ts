import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { DEMO_PASSWORD, signIn } from "./session.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeEach(async () => {
  browser = await openBrowser({ locale: "en-US" });
});
afterEach(async () => {
  await browser?.close();
});

describe("sign-up to logout", () => {
  it("signs up, opens the validation link from the local mailbox, logs in, sets up the organization and logs out", async () => {
    const email = `e2e-${Date.now()}@acme.test`;
    const password = "Sup3r-secret!";
    const page = await browser.context.newPage();

    await page.goto(`${baseUrl}/users/signup`);
    await fillSignUp(page, email, password);
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByTestId("signup-sent").waitFor();
    expect(await page.getByTestId("signup-sent").textContent()).toContain(email);

    // The e-mail goes out just after the answer (the same answer for a new and a known address).
    await openMail(page, email, "Confirm your e-mail address");
    const message = page.getByTestId("mailbox-message");
    expect(await message.textContent()).toContain(email);
    await message.locator('a[href*="/users/activation/"]').first().click();
    await page.getByTestId("activation-done").waitFor();
    expect(await page.getByTestId("activation-done").textContent()).toContain(email);

    await page.getByTestId("activation-done").getByRole("link", { name: "Log in", exact: true }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, baseUrl, email, password);
    // Self sign-up ends with the setup step (SPEC §2 /onboarding), then home.
    await page.waitForURL(`${baseUrl}/onboarding`);
    const setup = page.getByTestId("onboarding-form");
    expect(await setup.getByLabel("Organization name").inputValue()).toBe("Acme Webcasts");
    await setup.getByLabel("Contact e-mail").fill(email);
    await setup.getByLabel("Phone (optional)").fill("+33 1 23 45 67 89");
    await setup.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${baseUrl}/home`);
    expect(await page.getByTestId("user-menu-button").textContent()).toContain("Ada Lovelace");
    expect(await page.evaluate(() => document.cookie)).toContain("igo_logged_in=1");

    await page.getByTestId("user-menu-button").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => document.cookie)).not.toContain("igo_logged_in=1");

    // Signed out for real: the server session is gone too.
    const profile = await page.evaluate(async () => (await fetch("/api/profile", { headers: { Accept: "application/json" } })).status);
    expect(profile).toBe(401);
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(`${baseUrl}/login?redirect_url=%2Fhome`);
  });
});

describe("sign-up with an address already in use", () => {
  /** Signs up with `email`; returns the "check your inbox" screen's text with the address blanked. */
  const signUp = async (page: Page, email: string, password: string) => {
    await page.goto(`${baseUrl}/users/signup`);
    await fillSignUp(page, email, password);
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByTestId("signup-sent").waitFor();
    return (await page.getByTestId("signup-sent").textContent())?.replace(email, "<email>");
  };

  it("shows an active account's address the same screen as a new one; its owner gets the login and reset links", async () => {
    const page = await browser.context.newPage();
    const asNew = await signUp(page, `e2e-new-${Date.now()}@acme.test`, "Sup3r-secret!");
    expect(await signUp(page, "speaker@demo.test", "Sup3r-secret!")).toBe(asNew);

    // In the owner's language (the demo users write in French).
    await openMail(page, "speaker@demo.test", /Someone tried to create an account|Quelqu'un a tenté de créer un compte/);
    const message = page.getByTestId("mailbox-message");
    expect(await message.locator('a[href$="/login"]').count()).toBe(1);
    await message.locator('a[href$="/password/request"]').click();
    await page.waitForURL(`${baseUrl}/password/request`);
  });

  it("lets the owner of a pending account's mailbox choose the password and activate it", async () => {
    const email = `e2e-twice-${Date.now()}@acme.test`;
    const page = await browser.context.newPage();
    // Someone else signed up first with this address (and their password); the owner signs up too.
    const first = await signUp(page, email, "Someone-else-1!");
    expect(await signUp(page, email, "Sup3r-secret!")).toBe(first);

    await openMail(page, email, "Someone tried to create an account with your e-mail address");
    await page.getByTestId("mailbox-message").locator('a[href*="/password/reset/"]').click();
    const reset = page.getByTestId("password-reset-page");
    await reset.waitFor();
    await reset.getByLabel("New password", { exact: true }).fill("Sup3r-secret!");
    await reset.getByLabel("Confirm the password").fill("Sup3r-secret!");
    await reset.getByRole("button", { name: "Change my password" }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, baseUrl, email, "Sup3r-secret!");
    // The account is active and its sign-up's setup step follows.
    await page.waitForURL(`${baseUrl}/onboarding`);
  });
});

describe("login", () => {
  it("shows 'Failed to log in!' for a wrong password", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("E-mail", { exact: true }).fill("organizer@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to log in!" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("takes a signed-out visit to /profile through login and back to /profile", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?redirect_url=%2Fprofile`);
    await signIn(page, baseUrl, "organizer@demo.test");
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByTestId("profile-form").waitFor();
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("organizer@demo.test");
  });
});

describe("a user without accounts", () => {
  it("is held to home, profile and password", async () => {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, "noaccount@demo.test", DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/home`);
    for (const path of ["/organizations", "/sessions"]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/home`);
      await page.getByTestId("app-shell").waitFor();
    }
    for (const path of ["/profile", "/settings/password"]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId("page-title").waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });
});

async function fillSignUp(page: Page, email: string, password: string) {
  await page.getByLabel("Organization name").fill("Acme Webcasts");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm the password").fill(password);
}

/** Opens the newest e-mail to `to` with `subject` in the local mailbox, refreshing until it arrives. */
async function openMail(page: Page, to: string, subject: string | RegExp) {
  await page.goto(`${baseUrl}/dev/mailbox`);
  const item = page.getByTestId("mailbox-item").filter({ hasText: to }).filter({ hasText: subject }).first();
  for (let attempt = 0; attempt < 20 && (await item.count()) === 0; attempt++) {
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.waitForTimeout(250);
  }
  await item.click();
}
