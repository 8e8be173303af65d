import { describe, expect, it } from "vitest";
import { type AskContext, type Asker, QUESTION_WAIT_MS, askQuestion, nextAskAt } from "./ask.ts";
import { questionErrorMessage } from "./messages.ts";
import { QUESTION_TEXT_MAX, askQuestionSchema, questionSchema } from "./record.ts";
import { T0, VIEWER_ID, WEBCAST_ID, idOf } from "./testing.ts";

const asker: Asker = { id: VIEWER_ID, name: "Ada Lovelace", email: "ada@example.com", session_id: "session-1" };
const context: AskContext = { now: T0, newId: idOf(7), webcast_id: WEBCAST_ID, locale: "en", asking_allowed: true, anonymous_allowed: false };
const fresh = { last_asked_at: null };

describe("askQuestion", () => {
  it("accepts a question: a stored record, unanswered, and the asker's new state", () => {
    const outcome = askQuestion(asker, fresh, { text: "  When is the next release?  ", anonymous: false }, context);
    expect(outcome).toEqual({
      ok: true,
      question: {
        id: idOf(7),
        webcast_id: WEBCAST_ID,
        asker_id: VIEWER_ID,
        asker_name: "Ada Lovelace",
        asker_email: "ada@example.com",
        session_id: "session-1",
        text: "When is the next release?",
        anonymous: false,
        source: "web",
        asked_at: T0,
        answered: false,
        answered_by: null,
        answered_at: null,
        answer: null,
        answer_by: null,
        answer_at: null,
        hidden: false,
        pushed_to_speakers: false,
        pushed_at: null,
        support_desk: null,
        upvotes: 0,
      },
      asker: { last_asked_at: T0 },
    });
    if (outcome.ok) expect(questionSchema.parse(outcome.question)).toEqual(outcome.question);
  });

  it("stores no name, e-mail nor session for an anonymous question, but keeps the asker id", () => {
    const outcome = askQuestion(asker, fresh, { text: "Why?", anonymous: true }, { ...context, anonymous_allowed: true });
    expect(outcome.ok && outcome.question).toMatchObject({ anonymous: true, asker_name: null, asker_email: null, session_id: null, asker_id: VIEWER_ID });
  });

  it("refuses an anonymous question the webcast does not allow (SPEC §5, §8), rather than naming the asker", () => {
    const outcome = askQuestion(asker, fresh, { text: "Why?", anonymous: true }, context);
    expect(outcome).toEqual({ ok: false, code: "anonymous_not_allowed" });
    expect(questionErrorMessage("anonymous_not_allowed", "en")).toBe("Anonymous questions are not allowed for this webcast.");
    expect(questionErrorMessage("anonymous_not_allowed", "fr")).toBe("Les questions anonymes ne sont pas permises pour ce webcast.");
  });

  describe("the 10 s wait (SPEC §5, §9)", () => {
    it("refuses a second question within 10 s, saying how long is left", () => {
      const outcome = askQuestion(asker, { last_asked_at: T0 }, { text: "Again?", anonymous: false }, { ...context, now: T0 + 3_200 });
      expect(outcome).toEqual({ ok: false, code: "question_wait", retry_after_ms: 6_800 });
      expect(questionErrorMessage("question_wait", "en", { retry_after_ms: 6_800 })).toBe("Please wait 7 seconds before asking another question.");
      expect(questionErrorMessage("question_wait", "fr", { retry_after_ms: 6_800 })).toBe("Veuillez patienter 7 secondes avant de poser une autre question.");
    });

    it("says 1 second in the singular, never 0", () => {
      expect(questionErrorMessage("question_wait", "en", { retry_after_ms: 1 })).toBe("Please wait 1 second before asking another question.");
      expect(questionErrorMessage("question_wait", "fr", { retry_after_ms: 999 })).toBe("Veuillez patienter 1 seconde avant de poser une autre question.");
      expect(questionErrorMessage("question_wait", "en")).toBe("Please wait 10 seconds before asking another question.");
    });

    it("accepts exactly 10 s later", () => {
      const outcome = askQuestion(asker, { last_asked_at: T0 }, { text: "Again?", anonymous: false }, { ...context, now: T0 + QUESTION_WAIT_MS });
      expect(outcome.ok).toBe(true);
      expect(outcome.ok && outcome.asker).toEqual({ last_asked_at: T0 + QUESTION_WAIT_MS });
    });

    it("refuses up to the last millisecond", () => {
      const outcome = askQuestion(asker, { last_asked_at: T0 }, { text: "Again?", anonymous: false }, { ...context, now: T0 + QUESTION_WAIT_MS - 1 });
      expect(outcome).toEqual({ ok: false, code: "question_wait", retry_after_ms: 1 });
    });

    it("never waits longer than 10 s when the clock went back", () => {
      expect(nextAskAt({ last_asked_at: T0 + 60_000 }, T0)).toBe(T0 + QUESTION_WAIT_MS);
      expect(nextAskAt({ last_asked_at: null }, T0)).toBeNull();
      expect(nextAskAt({ last_asked_at: T0 - QUESTION_WAIT_MS }, T0)).toBeNull();
    });

    it("says wait only when waiting is all that stands in the way (an empty question says so at once)", () => {
      const outcome = askQuestion(asker, { last_asked_at: T0 }, { text: "   ", anonymous: false }, { ...context, now: T0 + 1_000 });
      expect(outcome).toMatchObject({ ok: false, code: "question_invalid" });
    });
  });

  it("refuses when Q&A is closed (attendee option ask questions off), before anything else", () => {
    expect(askQuestion(asker, { last_asked_at: T0 }, { text: "", anonymous: true }, { ...context, asking_allowed: false })).toEqual({ ok: false, code: "asking_closed" });
    expect(questionErrorMessage("asking_closed", "en")).toBe("Questions are closed for this webcast.");
    expect(questionErrorMessage("asking_closed", "fr")).toBe("Les questions sont fermées pour ce webcast.");
  });

  it("refuses an SMS question once SMS questions are disabled; a web question still goes", () => {
    const sms = { ...context, source: "sms" as const, sms_disabled: true };
    expect(askQuestion(asker, fresh, { text: "By SMS", anonymous: false }, sms)).toEqual({ ok: false, code: "sms_disabled" });
    expect(askQuestion(asker, fresh, { text: "By web", anonymous: false }, { ...sms, source: "web" }).ok).toBe(true);
    const accepted = askQuestion(asker, fresh, { text: "By SMS", anonymous: false }, { ...sms, sms_disabled: false });
    expect(accepted.ok && accepted.question.source).toBe("sms");
  });

  describe("the text", () => {
    it("is required: blank, spaces, zero-width characters only (en and fr)", () => {
      for (const text of ["", "   ", "\n\t", "\u200B\u200D\uFEFF"]) {
        expect(askQuestion(asker, fresh, { text, anonymous: false }, context)).toEqual({ ok: false, code: "question_invalid", errors: { text: ["This field is required"] } });
      }
      expect(askQuestion(asker, fresh, { text: "", anonymous: false }, { ...context, locale: "fr" })).toEqual({
        ok: false,
        code: "question_invalid",
        errors: { text: ["Ce champ est obligatoire"] },
      });
    });

    it("holds at most 1,000 characters, counted after cleaning, emoji once, with the element_max message", () => {
      const max = "é".repeat(QUESTION_TEXT_MAX);
      expect(askQuestion(asker, fresh, { text: `  ${max}  `, anonymous: false }, context).ok).toBe(true);
      expect(askQuestion(asker, fresh, { text: "😀".repeat(QUESTION_TEXT_MAX), anonymous: false }, context).ok).toBe(true);
      expect(askQuestion(asker, fresh, { text: `${max}x`, anonymous: false }, context)).toEqual({
        ok: false,
        code: "question_invalid",
        errors: { text: ["Limit reached: at most 1000 characters."] },
      });
      expect(askQuestion(asker, fresh, { text: `${max}x`, anonymous: false }, { ...context, locale: "fr" })).toEqual({
        ok: false,
        code: "question_invalid",
        errors: { text: ["Limite atteinte : au plus 1000 caractères."] },
      });
    });

    it("is stored as plain text: markup kept as typed, control characters removed", () => {
      const outcome = askQuestion(asker, fresh, { text: "<b>Why</b>\u0007 now?\r\n\r\n\r\n\r\nReally?", anonymous: false }, context);
      expect(outcome.ok && outcome.question.text).toBe("<b>Why</b> now?\n\nReally?");
    });
  });

  it("the input schema takes text and anonymous (default false), nothing else", () => {
    expect(askQuestionSchema.parse({ text: "Hi" })).toEqual({ text: "Hi", anonymous: false });
    expect(askQuestionSchema.safeParse({ text: "Hi", asker_id: "user:1" }).success).toBe(false);
  });
});
