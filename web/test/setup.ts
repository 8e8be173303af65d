import "fake-indexeddb/auto";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, expect } from "vitest";
import { resetReachability } from "../api/reachability.ts";
import { activateLocale, i18n } from "../i18n/i18n.ts";

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
  expect([...missing], "messages missing from the catalogs (run npm run i18n:extract)").toEqual([]);
});
