import { describe, expect, it } from "vitest";
import { mailtoUrl, resourceLanguageFor, resourcesForViewer } from "./resources.ts";

const row = (fields: Partial<Parameters<typeof resourcesForViewer>[0][number]> & { id: string }) => ({
  kind: "link" as const,
  url: "https://example.com/a",
  file_key: null,
  visible: true,
  language: null,
  ...fields,
});

describe("resourcesForViewer", () => {
  const rows = [
    row({ id: "plain" }),
    row({ id: "hidden", visible: false }),
    row({ id: "fr", language: "fr" }),
    row({ id: "en", language: "en" }),
    row({ id: "file", kind: "file", url: null, file_key: "webcasts/w/resources/r/key" }),
    row({ id: "file-missing", kind: "file", url: null }),
    row({ id: "script", url: "javascript:alert(1)" }),
    row({ id: "mail", kind: "email", url: "team@example.com" }),
  ];

  it("keeps the visible, openable ones without a language or in the viewer's, in the given order", () => {
    expect(resourcesForViewer(rows, true, "fr").map((r) => r.id)).toEqual(["plain", "fr", "file", "mail"]);
    expect(resourcesForViewer(rows, true, "en").map((r) => r.id)).toEqual(["plain", "en", "file", "mail"]);
  });

  it("answers none when the attendee option view_resources is off", () => {
    expect(resourcesForViewer(rows, false, "en")).toEqual([]);
  });
});

describe("resourceLanguageFor", () => {
  it("takes the page's language when resources come in it, else the webcast's", () => {
    expect(resourceLanguageFor("en", "fr")).toBe("en");
    expect(resourceLanguageFor("fr", "en")).toBe("fr");
    expect(resourceLanguageFor("de", "fr")).toBe("fr");
    expect(resourceLanguageFor(undefined, "en")).toBe("en");
    expect(resourceLanguageFor("xx", "en")).toBe("en");
  });
});

describe("mailtoUrl", () => {
  it("encodes the address and keeps its @", () => {
    expect(mailtoUrl("team@example.com")).toBe("mailto:team@example.com");
    expect(mailtoUrl(" a+b@example.com ")).toBe("mailto:a%2Bb@example.com");
  });
});
