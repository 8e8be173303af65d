import { describe, expect, it } from "vitest";
import { PROTOCOL_ERROR_CODES } from "../protocol/errors.ts";
import { UI_LOCALES } from "../i18n/locales.ts";
import { POLL_ERROR_CODES, POLL_ERROR_MESSAGES, POLL_ERROR_STATUS, pollErrorMessage } from "./messages.ts";

describe("poll refusal messages", () => {
  it("give every code a status and its own English and French text", () => {
    for (const code of POLL_ERROR_CODES) {
      expect([403, 404, 409, 422]).toContain(POLL_ERROR_STATUS[code]);
      const text = POLL_ERROR_MESSAGES[code];
      expect(text.en.trim()).not.toBe("");
      expect(text.fr.trim()).not.toBe("");
      expect(text.fr).not.toBe(text.en);
    }
    expect(new Set(POLL_ERROR_CODES.map((code) => POLL_ERROR_MESSAGES[code].en)).size).toBe(POLL_ERROR_CODES.length);
  });

  it("answer in every interface language, English where French is not asked for", () => {
    for (const locale of UI_LOCALES) expect(pollErrorMessage("poll_not_open", locale)).toBe(locale === "fr" ? "Ce sondage n'est pas ouvert au vote." : "This poll is not open for voting.");
  });

  it("are among the protocol's error codes, once each", () => {
    for (const code of POLL_ERROR_CODES) expect((PROTOCOL_ERROR_CODES as readonly string[]).filter((known) => known === code)).toHaveLength(1);
  });
});
