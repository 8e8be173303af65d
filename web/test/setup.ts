import "fake-indexeddb/auto";
import Dexie from "dexie";
import { IDBFactory } from "fake-indexeddb";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, expect } from "vitest";
import { resetReachability } from "../api/reachability.ts";
import { confirmState } from "../ui/confirm.ts";
import { toasts } from "../ui/toast.ts";
import { activateLocale, i18n } from "../i18n/i18n.ts";

// Each test file starts with empty databases (this file runs before every test file), also if files
// come to share one module graph (vitest `isolate: false`; Dexie captures its factory at import).
const freshIndexedDb = new IDBFactory();
globalThis.indexedDB = freshIndexedDb;
Dexie.dependencies.indexedDB = freshIndexedDb;

// Web tests never reach a network: a test answers its requests with a stubbed fetch
// (web/api/fake-server.ts), and what `vi.unstubAllGlobals()` brings back is this refusal, at once,
// rather than a real connection to happy-dom's origin (a screen still mounted when a test's
// afterEach unstubs fetch would otherwise connect to localhost:3000 and fail a moment later,
// inside the next test).
globalThis.fetch = async (input) => {
  throw new TypeError(`No network in web tests (stub fetch with fakeServer): ${String(input instanceof Request ? input.url : input)}`);
};

// findBy*/waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine (two test workers)
// a Dexie write plus a re-render can take longer than a second; a passing test still ends at once.
configure({ asyncUtilTimeout: 5_000 });

// A message rendered by a test but absent from the catalogs means `npm run i18n:extract` (and the
// translations) were forgotten: fail the test that rendered it.
const missing = new Set<string>();
i18n.on("missing", ({ id }) => {
  missing.add(id);
});

// Components render with the English catalog unless a test switches; storage, cookies and toasts
// start empty (what a test leaves must not reach the next).
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  toasts.items.splice(0);
  missing.clear();
  await activateLocale("en");
});

afterEach(() => {
  cleanup();
  // A test whose fetch failed must not leave the next one "offline".
  resetReachability();
  // A confirmation just answered fades out for CONFIRM.closeDelayMs: it must not show in the next test.
  confirmState.queue.splice(0);
  expect([...missing], "messages missing from the catalogs (run npm run i18n:extract)").toEqual([]);
});
