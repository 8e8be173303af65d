import type { Page } from "playwright-core";

/** Every demo account's password (README "Demo logins"). */
export const DEMO_PASSWORD = "Demo-pass-2026!";

/**
 * Signs in through the login screen (labels in any UI language: fields are found by name) and
 * waits until the app left /login.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD, options: { path?: string } = {}): Promise<void> {
  if (options.path !== undefined || !page.url().startsWith(`${baseUrl}/login`)) await page.goto(`${baseUrl}${options.path ?? "/login"}`);
  await page.getByTestId("login-page").waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="login-page"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== "/login");
}
