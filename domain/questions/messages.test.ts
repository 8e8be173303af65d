import { describe, expect, it } from "vitest";
import { QUESTION_ERROR_CODES, QUESTION_ERROR_MESSAGES, QUESTION_ERROR_STATUS, QUESTION_NOTICES, questionErrorMessage, waitSeconds } from "./messages.ts";
import { CHAT_ERROR_CODES } from "../chat/messages.ts";
import { ROOM_ERROR_CODES } from "../webcast-room/messages.ts";
import { PROTOCOL_ERROR_CODES } from "../protocol/errors.ts";

describe("Q&A refusal texts", () => {
  it("every code has a status and an English and a French text, distinct", () => {
    for (const code of QUESTION_ERROR_CODES) {
      expect(QUESTION_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      const { en, fr } = QUESTION_ERROR_MESSAGES[code];
      expect(en.length).toBeGreaterThan(0);
      expect(fr.length).toBeGreaterThan(0);
      expect(fr).not.toBe(en);
      expect(questionErrorMessage(code, "de")).toBe(en);
    }
  });

  it("the codes are among the room's protocol codes, once each, without a clash with the show's or the chat's", () => {
    const others = new Set<string>([...ROOM_ERROR_CODES, ...CHAT_ERROR_CODES]);
    for (const code of QUESTION_ERROR_CODES) {
      expect(others.has(code), code).toBe(false);
      expect((PROTOCOL_ERROR_CODES as readonly string[]).filter((known) => known === code), code).toHaveLength(1);
    }
  });

  it("the wait is said in whole seconds, rounded up, at least 1", () => {
    expect([0, 1, 999, 1_000, 1_001, 9_999, 10_000].map(waitSeconds)).toEqual([1, 1, 1, 1, 2, 10, 10]);
    expect(questionErrorMessage("question_wait", "fr", { retry_after_ms: 10_000 })).toBe("Veuillez patienter 10 secondes avant de poser une autre question.");
  });

  it("SPEC §8 question sending error, en and fr", () => {
    expect(QUESTION_NOTICES.send_failed).toEqual({ en: "Your question could not be sent. Please try again.", fr: "Votre question n'a pas pu être envoyée. Veuillez réessayer." });
  });
});
