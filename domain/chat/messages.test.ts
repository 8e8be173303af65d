import { describe, expect, it } from "vitest";
import { PROTOCOL_ERROR_CODES } from "../protocol/errors.ts";
import { CHAT_ERROR_CODES, CHAT_ERROR_MESSAGES, CHAT_ERROR_STATUS, chatErrorMessage } from "./messages.ts";

describe("chat refusal texts", () => {
  it("every code has a status and an English and a French text, distinct; de falls back to English", () => {
    for (const code of CHAT_ERROR_CODES) {
      expect(CHAT_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      const { en, fr } = CHAT_ERROR_MESSAGES[code];
      expect(en).not.toBe("");
      expect(fr).not.toBe(en);
      expect(chatErrorMessage(code, "de")).toBe(en);
      expect((PROTOCOL_ERROR_CODES as readonly string[]).filter((known) => known === code)).toHaveLength(1);
    }
  });
});
