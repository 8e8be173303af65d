import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { seriousAxeFindings } from "./axe.ts";
import { type Browser, openBrowser } from "./browser.ts";
import { SCREENS, type Screen, type ScreenAccount, DEMO_WEBCAST_UID, horizontalOverflow, openScreen } from "./screens.ts";
import { signIn } from "./session.ts";

/**
 * Issue #12: every existing screen, as each account meets it, has no serious or critical axe-core
 * finding at desktop and at 360 px (the narrowest phone the layout supports), and nothing scrolls
 * sideways at 360 px in French (the default, the longest words) nor in English.
 */
const baseUrl = inject("baseUrl");
const browsers: Browser[] = [];

afterEach(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
});

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function pageFor(account: ScreenAccount | null, locale: string): Promise<Page> {
  const browser = await openBrowser({ locale });
  browsers.push(browser);
  const page = await browser.context.newPage();
  if (account) {
    await signIn(page, baseUrl, account);
    await page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
  }
  return page;
}

/**
 * Walks the screens of one account: in French at desktop and 360 px with axe, then, switched to
 * English the way the language switcher stores it, at 360 px for width only. Returns one line per
 * problem found.
 */
async function walk(account: ScreenAccount | null): Promise<string[]> {
  const screens = SCREENS.filter((screen) => screen.account === account);
  const page = await pageFor(account, "fr-FR");
  const uid = DEMO_WEBCAST_UID;
  const problems: string[] = [];
  const check = async (screen: Screen, size: string, locale: string, axe: boolean) => {
    await openScreen(page, baseUrl, screen, uid, { painted: axe });
    if (axe) {
      for (const finding of await seriousAxeFindings(page)) {
        problems.push(`${screen.name} @${size} ${locale}: axe ${finding.impact} ${finding.id} (${finding.help}) at ${finding.targets.slice(0, 3).join(" | ")}`);
      }
    }
    if (size === "phone") {
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) problems.push(`${screen.name} @360px ${locale}: ${overflow} px wider than the screen`);
    }
  };
  await page.setViewportSize(DESKTOP);
  for (const screen of screens) await check(screen, "desktop", "fr", true);
  await page.setViewportSize(PHONE);
  for (const screen of screens) await check(screen, "phone", "fr", true);

  await page.evaluate(() => localStorage.setItem("igo.locale", "en"));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === "en");
  for (const screen of screens) await check(screen, "phone", "en", false);
  return problems;
}

const ACCOUNTS: Array<ScreenAccount | null> = [null, "organizer@demo.test", "owner@demo.test", "viewer@demo.test", "superadmin@demo.test"];

describe("every screen: accessible and fits a phone", () => {
  for (const account of ACCOUNTS) {
    it(`${account ?? "signed out"}: no serious axe finding (desktop and 360 px, French), no sideways scroll at 360 px (French and English)`, { timeout: 240_000 }, async () => {
      expect(await walk(account)).toEqual([]);
    });
  }
});
