import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium profile (its own storage, service workers and IndexedDB) per call. */
export async function openBrowser(options: { locale?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), "igo-e2e-profile-"));
  const locale = options.locale ?? "fr-FR";
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...ARGS, `--lang=${locale}`],
    locale,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
