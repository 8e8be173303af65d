import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { OIDC_TEST_PASSWORD, type OidcTestProvider, startOidcProvider } from "../scripts/oidc-test-provider.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { expectClean } from "./clean.ts";
import { signIn } from "./session.ts";
import { createWebcast, staffCall } from "./staff-api.ts";

/**
 * The SSO way in to a viewer's webcast page (SPEC §2, docs/decisions.md "SSO" and "Viewer access"),
 * on a 390 px phone in French, against a real OpenID Connect provider started here
 * (scripts/oidc-test-provider.ts). The super admin sets Other Org's provider through
 * PATCH /api/organizations/2/sso (open mode, one e-mail domain of its own); the organization's
 * webcast requires SSO. A visitor sees only the SSO form, goes to the provider, signs in there,
 * comes back signed in to the webcast, and stays so after a reload (the pass on the device). On a
 * private SSO-only webcast that does not list them, the same person is refused in French; an
 * account the app refuses at the provider's return comes back to the webcast's page, told why.
 *
 * Other Org (organization 2), so no other journey meets the provider or the new member it makes;
 * the provider is turned off again at the end.
 */
const baseUrl = inject("baseUrl");
const PHONE = { width: 390, height: 844 };
const ORGANIZATION_ID = 2;
/** A domain of this run only: no other organization's provider may already list it. */
const DOMAIN = `sso-${Date.now().toString(36)}.test`;
const VISITOR = { email: `eve@${DOMAIN}`, given_name: "Eve", family_name: "Endtoend", email_verified: true };
/** An account the provider has not verified the e-mail of: the app refuses it (invalid_user). */
const UNVERIFIED = { email: `zoe@${DOMAIN}`, given_name: "Zoe", family_name: "Unverified", email_verified: false };
/** The app's SSO refusal (web: the same text as /login/sso?error=invalid_user), in French. */
const INVALID_USER_FR = "Utilisateur invalide. Veuillez contacter votre administrateur.";
/** domain/viewer-page/messages.ts not_on_list, in French. */
const NOT_ON_LIST_FR = "Ce webcast est privé et vous n'êtes pas sur sa liste de participants. Veuillez contacter l'organisateur.";

let provider: OidcTestProvider;
beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${baseUrl}/api/sso/callback`], accounts: [VISITOR, UNVERIFIED] });
});
afterAll(async () => {
  await provider?.stop();
});

let browser: Browser;
beforeEach(async () => {
  browser = await openBrowser({ locale: "fr-FR" });
});
afterEach(async () => {
  await browser?.close();
});

/** A webcast of Other Org in two hours that takes viewers by SSO only (and private when asked). */
async function ssoWebcast(admin: Page, title: string, privacy: "public" | "private"): Promise<string> {
  const id = await createWebcast(admin, { event_title: title, inMinutes: 120, organization_id: ORGANIZATION_ID });
  const updated = await staffCall(admin, "POST", `/api/webcasts/${id}`, { _method: "PATCH", sso_required: "1", privacy }, { form: true });
  expect(updated.status, JSON.stringify(updated.json)).toBe(200);
  return id;
}

/**
 * From the webcast page's SSO form to the provider and back: types the e-mail, signs in at the
 * provider when it asks (its own session lets a second round trip through without asking), and
 * waits to be back on the page.
 */
async function ssoRoundTrip(page: Page, webcastId: string, options: { providerAsks: boolean }): Promise<void> {
  const form = page.getByTestId("sso-form");
  await form.getByTestId("access-email").locator("input").fill(VISITOR.email);
  await form.locator('button[type="submit"]').click();
  if (options.providerAsks) {
    await page.waitForURL((url) => url.origin === provider.issuer && url.pathname.startsWith("/interaction/"));
    // The provider's own login screen: the e-mail comes as its login hint, the password is typed.
    expect(await page.locator('input[name="login"]').inputValue()).toBe(VISITOR.email);
    await page.locator('input[name="password"]').fill(OIDC_TEST_PASSWORD);
    await page.locator('button[type="submit"]').click();
  }
  await page.waitForURL(`${baseUrl}/w/${webcastId}`, { timeout: 30_000 });
}

describe("SSO on the viewer's webcast page, on a phone", () => {
  it("signs a visitor in through the organization's provider, keeps them signed in, refuses them on a private webcast, and brings an account refused at the return back to the page", { timeout: 90_000 }, async () => {
    const admin = await browser.context.newPage();
    await signIn(admin, baseUrl, "superadmin@demo.test");
    // As an administrator sets it in the organization's SSO settings.
    const configured = await staffCall(admin, "PATCH", `/api/organizations/${ORGANIZATION_ID}/sso`, {
      mode: "open",
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      domains: [DOMAIN],
    });
    expect(configured.status, JSON.stringify(configured.json)).toBe(200);
    expect(configured.json).toEqual({ data: { mode: "open", issuer: provider.issuer, client_id: provider.clientId, has_client_secret: true, domains: [DOMAIN] } });

    const visitor = await openBrowser({ locale: "fr-FR" });
    try {
      const publicId = await ssoWebcast(admin, "Assemblée des membres", "public");
      const privateId = await ssoWebcast(admin, "Conseil restreint", "private");

      const page = await visitor.context.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/w/${publicId}`);
      const access = page.getByTestId("viewer-access");
      await access.waitFor();
      // SSO only: its form is the one way in (no e-mailed link, registration or guest).
      await access.getByTestId("sso-form").waitFor();
      expect(await access.locator("form").count()).toBe(1);
      for (const other of ["magic-link-form", "registration-form", "register-toggle", "guest-form", "pin-form"]) {
        expect(await page.getByTestId(other).count(), other).toBe(0);
      }
      await expectClean(page, "SSO only, signed out (fr, 390 px)");

      await ssoRoundTrip(page, publicId, { providerAsks: true });
      const greeting = page.getByTestId("viewer-greeting-text");
      await expect.poll(() => greeting.textContent(), { timeout: 30_000 }).toBe("Bonjour Eve Endtoend");
      expect(await page.getByTestId("viewer-access").count()).toBe(0);
      await expectClean(page, "signed in by SSO (fr, 390 px)");

      // The pass is kept on the device: a reload is still signed in, without the provider.
      await page.reload();
      await expect.poll(() => greeting.textContent(), { timeout: 30_000 }).toBe("Bonjour Eve Endtoend");
      expect(page.url()).toBe(`${baseUrl}/w/${publicId}`);

      // A private SSO-only webcast that does not list the visitor: the provider lets them through
      // (its session), the webcast refuses them, in French, on the access panel.
      await page.goto(`${baseUrl}/w/${privateId}`);
      await page.getByTestId("sso-form").waitFor();
      await ssoRoundTrip(page, privateId, { providerAsks: false });
      const refusal = page.getByTestId("viewer-access").getByTestId("access-error");
      await refusal.waitFor({ timeout: 30_000 });
      expect((await refusal.textContent())?.trim()).toBe(NOT_ON_LIST_FR);
      expect(await page.getByTestId("viewer-greeting").count()).toBe(0);
      await page.getByTestId("sso-form").waitFor();
      await expectClean(page, "SSO user not on a private webcast's list (fr, 390 px)");

      // Refused by the app at the provider's return (an unverified e-mail): back on the webcast's
      // page, told why, not on the app's own SSO screen; the refusal leaves the address.
      const stranger = await openBrowser({ locale: "fr-FR" });
      try {
        const other = await stranger.context.newPage();
        await other.setViewportSize(PHONE);
        await other.goto(`${baseUrl}/w/${publicId}`);
        const form = other.getByTestId("sso-form");
        await form.getByTestId("access-email").locator("input").fill(UNVERIFIED.email);
        await form.locator('button[type="submit"]').click();
        await other.waitForURL((url) => url.origin === provider.issuer && url.pathname.startsWith("/interaction/"));
        await other.locator('input[name="password"]').fill(OIDC_TEST_PASSWORD);
        await other.locator('button[type="submit"]').click();
        const refused = other.getByTestId("viewer-access").getByTestId("access-error");
        await refused.waitFor({ timeout: 30_000 });
        expect((await refused.textContent())?.trim()).toBe(INVALID_USER_FR);
        expect(new URL(other.url()).pathname).toBe(`/w/${publicId}`);
        expect(new URL(other.url()).searchParams.get("sso_error")).toBeNull();
        await expectClean(other, "refused by SSO, back on the webcast page (fr, 390 px)");
      } finally {
        await stranger.close();
      }
    } finally {
      await visitor.close();
      const off = await staffCall(admin, "PATCH", `/api/organizations/${ORGANIZATION_ID}/sso`, { mode: "off", issuer: null, client_id: null, domains: [] });
      expect(off.status, JSON.stringify(off.json)).toBe(200);
    }
  });
});
