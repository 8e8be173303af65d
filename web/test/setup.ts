import "fake-indexeddb/auto";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, expect } from "vitest";
import { resetReachability } from "../api/reachability.ts";
import { confirmState } from "../ui/confirm.ts";
import { activateLocale, i18n } from "../i18n/i18n.ts";

// findBy*/waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine (two test workers)
// a Dexie write plus a re-render can take longer than a second; a passing test still ends at once.
configure({ asyncUtilTimeout: 5_000 });

// A message rendered by a test but absent from the catalogs means `npm run i18n:extract` (and the
// translations) were forgotten: fail the test that rendered it.
const missing = new Set<string>();
i18n.on("missing", ({ id }) => {
  missing.add(id);
});

// Components render with the English catalog unless a test switches; storage starts empty.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
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
