import "fake-indexeddb/auto";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { activateLocale } from "../i18n/i18n.ts";

// Components render with the English catalog unless a test switches; storage starts empty.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await activateLocale("en");
});

afterEach(() => {
  cleanup();
});
