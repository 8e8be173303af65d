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
    await page.getByLabel("Organization name").fill("Acme Webcasts");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm the password").fill(password);
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByTestId("signup-sent").waitFor();
    expect(await page.getByTestId("signup-sent").textContent()).toContain(email);

    await page.goto(`${baseUrl}/dev/mailbox`);
    await page.getByTestId("mailbox-item").filter({ hasText: email }).first().click();
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
