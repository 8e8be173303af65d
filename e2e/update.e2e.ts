import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { localEnv } from "../scripts/local-env.mjs";
import { type Browser, openBrowser } from "./browser.ts";
import { type Server, bin, root, startServer } from "./server.ts";

// A deploy, as the browser sees it: the same origin starts serving a different sw.js. This test
// runs the built worker from its own copy of dist/ so it can change that copy and restart.
const port = Number(process.env.E2E_UPDATE_PORT ?? 4318);
let work: string;
let browser: Browser;
let server: Server | undefined;

const serve = () =>
  startServer(
    bin("wrangler"),
    ["dev", "--config", path.join(work, "dist/igo_events/wrangler.json"), "--port", String(port), "--persist-to", path.join(work, "state")],
    localEnv,
    port,
  );

beforeEach(async () => {
  work = mkdtempSync(path.join(tmpdir(), "igo-e2e-update-"));
  cpSync(path.join(root, "dist"), path.join(work, "dist"), { recursive: true });
  server = await serve();
  browser = await openBrowser({ locale: "en-US" });
});
afterEach(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

it("offers the new version when one is deployed, and switches to it on Reload", async () => {
  const page = await browser.context.newPage();
  // This server has no seeded users: use a public screen of the shell (the others need sign-in).
  await page.goto(`http://localhost:${port}/errors/404`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
    }
  });
  expect(await page.getByTestId("update-prompt").count()).toBe(0);

  await server?.stop();
  appendFileSync(path.join(work, "dist/client/sw.js"), "\n// next version\n");
  server = await serve();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await page.getByTestId("update-prompt").waitFor();

  const reloaded = page.waitForEvent("load");
  await page.getByTestId("update-prompt").getByRole("button", { name: "Reload" }).click();
  await reloaded;
  await page.getByTestId("app-shell").waitFor();
  expect(await page.getByTestId("update-prompt").count()).toBe(0);
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const script = await (await fetch(registration?.active?.scriptURL ?? "")).text();
    return { waiting: registration?.waiting ?? null, activeIsNew: script.includes("// next version") };
  });
  expect(state).toEqual({ waiting: null, activeIsNew: true });
});
