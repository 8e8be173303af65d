import { describe, expect, it } from "vitest";
import { COMMAND_ERROR_CODES, COMMAND_ERROR_MESSAGES, COMMAND_ERROR_STATUS, commandErrorMessage } from "./command-errors.ts";

describe("command errors", () => {
  it("names each refusal once across the show, polls, questions and chat", () => {
    expect(new Set(COMMAND_ERROR_CODES).size).toBe(COMMAND_ERROR_CODES.length);
    for (const code of COMMAND_ERROR_CODES) {
      expect(COMMAND_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(COMMAND_ERROR_MESSAGES[code].en).not.toBe("");
      expect(COMMAND_ERROR_MESSAGES[code].fr).not.toBe(COMMAND_ERROR_MESSAGES[code].en);
    }
  });

  it("says the seconds left of a question wait, in the caller's language", () => {
    expect(commandErrorMessage("question_wait", "fr", { retry_after_ms: 3_200 })).toBe("Veuillez patienter 4 secondes avant de poser une autre question.");
    expect(commandErrorMessage("question_wait", "en")).toBe("Please wait 10 seconds before asking another question.");
    expect(commandErrorMessage("poll_not_open", "en")).toBe("This poll is not open for voting.");
  });
});
