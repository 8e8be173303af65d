import { describe, expect, it } from "vitest";
import { QUESTION_ERROR_STATUS, questionErrorMessage } from "./messages.ts";
import {
  type ModerationContext,
  QUESTION_ACTION_TYPES,
  QUESTION_ROUTE_ACTIONS,
  type QuestionAction,
  applyQuestionPatch,
  canModerateQuestions,
  moderateQuestion,
  patchActions,
  questionActionSchema,
  supportDeskFailed,
  supportDeskSent,
} from "./moderation.ts";
import { QUESTION_ANSWER_MAX, type Question, questionPatchSchema } from "./record.ts";
import { T0, producer, question, speaker, viewer } from "./testing.ts";

const NOW = T0 + 60_000;
const context: ModerationContext = { now: NOW, locale: "en", support_desk_configured: true };
const moderator = { grants: producer.grants, user_id: 1 };

function run(q: Question, action: QuestionAction, ctx: ModerationContext = context) {
  return moderateQuestion(q, action, moderator, ctx);
}

/** One action of each type, each one that changes the default question. */
const SAMPLE: Record<QuestionAction["type"], QuestionAction> = {
  hide: { type: "hide" },
  unhide: { type: "unhide" },
  mark_answered: { type: "mark_answered" },
  mark_unanswered: { type: "mark_unanswered" },
  push_to_speakers: { type: "push_to_speakers" },
  hide_from_speakers: { type: "hide_from_speakers" },
  send_to_support_desk: { type: "send_to_support_desk" },
  answer: { type: "answer", answer: "Next week." },
};

describe("moderateQuestion", () => {
  it("needs questions.manage for every action (SPEC §6): speakers and viewers are refused, en and fr", () => {
    expect(canModerateQuestions(producer)).toBe(true);
    for (const actor of [speaker, viewer]) {
      expect(canModerateQuestions(actor)).toBe(false);
      for (const type of QUESTION_ACTION_TYPES) {
        expect(moderateQuestion(question(), SAMPLE[type], { grants: actor.grants, user_id: actor.user_id }, context)).toEqual({ ok: false, code: "question_forbidden" });
      }
    }
    expect(QUESTION_ERROR_STATUS.question_forbidden).toBe(403);
    expect(questionErrorMessage("question_forbidden", "en")).toBe("Only the webcast's organizers and producer may manage its questions.");
    expect(questionErrorMessage("question_forbidden", "fr")).toBe("Seuls les organisateurs et le producteur du webcast peuvent gérer ses questions.");
  });

  it("hide sets hidden and takes the question off the speakers' view; unhide does not put it back", () => {
    const pushed = question({ pushed_to_speakers: true, pushed_at: T0 });
    const hidden = run(pushed, { type: "hide" });
    expect(hidden).toMatchObject({ ok: true, changed: true, question: { hidden: true, pushed_to_speakers: false } });
    const shown = hidden.ok ? run(hidden.question, { type: "unhide" }) : hidden;
    expect(shown).toMatchObject({ ok: true, changed: true, question: { hidden: false, pushed_to_speakers: false } });
  });

  it("mark answered records who and when; mark unanswered clears them and keeps the written answer", () => {
    const answered = run(question({ answer: "Soon.", answer_by: 1, answer_at: T0 }), { type: "mark_answered" });
    expect(answered).toMatchObject({ ok: true, changed: true, question: { answered: true, answered_by: 1, answered_at: NOW } });
    const unanswered = answered.ok ? run(answered.question, { type: "mark_unanswered" }) : answered;
    expect(unanswered).toMatchObject({ ok: true, changed: true, question: { answered: false, answered_by: null, answered_at: null, answer: "Soon." } });
  });

  it("push to speakers records when; hide from speakers takes it back", () => {
    const pushed = run(question(), { type: "push_to_speakers" });
    expect(pushed).toMatchObject({ ok: true, changed: true, question: { pushed_to_speakers: true, pushed_at: NOW } });
    const back = pushed.ok ? run(pushed.question, { type: "hide_from_speakers" }) : pushed;
    expect(back).toMatchObject({ ok: true, changed: true, question: { pushed_to_speakers: false } });
  });

  it("refuses to push a hidden question (409, en and fr)", () => {
    expect(run(question({ hidden: true }), { type: "push_to_speakers" })).toEqual({ ok: false, code: "question_hidden" });
    expect(QUESTION_ERROR_STATUS.question_hidden).toBe(409);
    expect(questionErrorMessage("question_hidden", "en")).toBe("This question is hidden: show it again before pushing it to the speakers.");
    expect(questionErrorMessage("question_hidden", "fr")).toBe("Cette question est masquée : affichez-la de nouveau avant de l'envoyer aux intervenants.");
  });

  it("each action already in effect is a no-op: accepted, unchanged, nothing sent", () => {
    const cases: [Question, QuestionAction][] = [
      [question({ hidden: true }), { type: "hide" }],
      [question(), { type: "unhide" }],
      [question({ answered: true, answered_by: 1, answered_at: T0 }), { type: "mark_answered" }],
      [question(), { type: "mark_unanswered" }],
      [question({ pushed_to_speakers: true, pushed_at: T0 }), { type: "push_to_speakers" }],
      [question(), { type: "hide_from_speakers" }],
      [question({ support_desk: { status: "pending", requested_at: T0, requested_by: 1, sent_at: null, ticket: null, failed_at: null } }), { type: "send_to_support_desk" }],
      [question({ support_desk: { status: "sent", requested_at: T0, requested_by: 1, sent_at: T0, ticket: "T-1", failed_at: null } }), { type: "send_to_support_desk" }],
      [question({ answer: "Soon.", answered: true, answered_by: 1, answered_at: T0 }), { type: "answer", answer: " Soon. " }],
      [question(), { type: "answer", answer: null }],
    ];
    for (const [q, action] of cases) expect(run(q, action), action.type).toEqual({ ok: true, question: q, changed: false, send_to_support_desk: false });
  });

  it("every action changes the default question (none is a no-op by accident)", () => {
    const base = question({ hidden: false });
    for (const type of QUESTION_ACTION_TYPES) {
      const from = type === "unhide" ? question({ hidden: true }) : type === "mark_unanswered" ? question({ answered: true, answered_by: 1, answered_at: T0 }) : type === "hide_from_speakers" ? question({ pushed_to_speakers: true, pushed_at: T0 }) : base;
      expect(run(from, SAMPLE[type]), type).toMatchObject({ ok: true, changed: true });
    }
  });

  describe("send to support desk (SPEC §4, §7 send-to-zendesk)", () => {
    it("asks the outbox once: pending, who and when", () => {
      expect(run(question(), { type: "send_to_support_desk" })).toMatchObject({
        ok: true,
        changed: true,
        send_to_support_desk: true,
        question: { support_desk: { status: "pending", requested_at: NOW, requested_by: 1, sent_at: null, ticket: null, failed_at: null } },
      });
    });

    it("is idempotent: sending twice creates one ticket", () => {
      const first = run(question(), { type: "send_to_support_desk" });
      if (!first.ok) throw new Error("refused");
      const second = run(first.question, { type: "send_to_support_desk" }, { ...context, now: NOW + 5 });
      expect(second).toEqual({ ok: true, question: first.question, changed: false, send_to_support_desk: false });
      const sent = supportDeskSent(first.question, { now: NOW + 10, ticket: "ZD-42" });
      expect(sent.support_desk).toEqual({ status: "sent", requested_at: NOW, requested_by: 1, sent_at: NOW + 10, ticket: "ZD-42", failed_at: null });
      expect(supportDeskSent(sent, { now: NOW + 20, ticket: "ZD-43" })).toBe(sent);
      expect(run(sent, { type: "send_to_support_desk" })).toMatchObject({ changed: false, send_to_support_desk: false });
    });

    it("may be sent again only after it failed", () => {
      const first = run(question(), { type: "send_to_support_desk" });
      if (!first.ok) throw new Error("refused");
      const failed = supportDeskFailed(first.question, NOW + 100);
      expect(failed.support_desk).toMatchObject({ status: "failed", failed_at: NOW + 100 });
      expect(supportDeskFailed(failed, NOW + 200)).toBe(failed);
      expect(run(failed, { type: "send_to_support_desk" }, { ...context, now: NOW + 300 })).toMatchObject({
        ok: true,
        changed: true,
        send_to_support_desk: true,
        question: { support_desk: { status: "pending", requested_at: NOW + 300, failed_at: null } },
      });
    });

    it("a delivery or failure for a question never sent changes nothing", () => {
      const q = question();
      expect(supportDeskSent(q, { now: NOW, ticket: null })).toBe(q);
      expect(supportDeskFailed(q, NOW)).toBe(q);
    });

    it("is refused when no support desk is configured (409, en and fr)", () => {
      expect(run(question(), { type: "send_to_support_desk" }, { ...context, support_desk_configured: false })).toEqual({ ok: false, code: "support_desk_unavailable" });
      expect(QUESTION_ERROR_STATUS.support_desk_unavailable).toBe(409);
      expect(questionErrorMessage("support_desk_unavailable", "en")).toBe("No support desk is set up for this organization.");
      expect(questionErrorMessage("support_desk_unavailable", "fr")).toBe("Aucun service d'assistance n'est configuré pour cette organisation.");
    });
  });

  describe("the organizer's answer", () => {
    it("writes the answer as plain text and marks the question answered", () => {
      expect(run(question(), { type: "answer", answer: "  Next <i>week</i>.\u0000 " })).toMatchObject({
        ok: true,
        changed: true,
        question: { answer: "Next <i>week</i>.", answer_by: 1, answer_at: NOW, answered: true, answered_by: 1, answered_at: NOW },
      });
    });

    it("rewriting keeps when it was marked answered; null removes the answer and keeps the mark", () => {
      const q = question({ answered: true, answered_by: 7, answered_at: T0, answer: "Soon.", answer_by: 7, answer_at: T0 });
      expect(run(q, { type: "answer", answer: "Next week." })).toMatchObject({ question: { answer: "Next week.", answer_by: 1, answer_at: NOW, answered_by: 7, answered_at: T0 } });
      expect(run(q, { type: "answer", answer: null })).toMatchObject({ changed: true, question: { answer: null, answer_by: null, answer_at: null, answered: true } });
    });

    it("re-answering the same text marks an unmarked question answered again", () => {
      expect(run(question({ answer: "Soon." }), { type: "answer", answer: "Soon." })).toMatchObject({ changed: true, question: { answered: true } });
    });

    it("is required and limited to 2,000 characters (element_max), en and fr", () => {
      expect(run(question(), { type: "answer", answer: " \n " })).toEqual({ ok: false, code: "question_invalid", errors: { answer: ["This field is required"] } });
      expect(run(question(), { type: "answer", answer: "a".repeat(QUESTION_ANSWER_MAX) }).ok).toBe(true);
      expect(run(question(), { type: "answer", answer: "a".repeat(QUESTION_ANSWER_MAX + 1) }, { ...context, locale: "fr" })).toEqual({
        ok: false,
        code: "question_invalid",
        errors: { answer: ["Limite atteinte : au plus 2000 caractères."] },
      });
      expect(questionErrorMessage("question_invalid", "en")).toBe("Some fields of the question are invalid.");
      expect(questionErrorMessage("question_invalid", "fr")).toBe("Certains champs de la question sont invalides.");
    });
  });

  it("the action schema reads each action, the answer's text included", () => {
    for (const action of Object.values(SAMPLE)) expect(questionActionSchema.parse(action)).toEqual(action);
    expect(questionActionSchema.safeParse({ type: "delete" }).success).toBe(false);
    expect(questionActionSchema.safeParse({ type: "hide", extra: 1 }).success).toBe(false);
  });

  it("each SPEC §7 PATCH /api/questions/{id}/… route names an action", () => {
    expect(Object.keys(QUESTION_ROUTE_ACTIONS).sort()).toEqual(["hide-from-speakers", "mark-as-answered", "mark-as-hidden", "mark-as-unanswered", "push-to-speakers", "send-to-zendesk"]);
    for (const action of Object.values(QUESTION_ROUTE_ACTIONS)) expect(QUESTION_ACTION_TYPES).toContain(action);
  });
});

describe("PATCH /api/questions/{id} (applyQuestionPatch)", () => {
  it("runs the fields as actions: answer, answered, hidden, pushed", () => {
    expect(patchActions({ pushed_to_speakers: true, hidden: false, answered: false, answer: "x" }).map((action) => action.type)).toEqual(["answer", "mark_unanswered", "unhide", "push_to_speakers"]);
    expect(patchActions({})).toEqual([]);
  });

  it("unhides and pushes in one call; a stated field wins over what the answer implies", () => {
    const outcome = applyQuestionPatch(question({ hidden: true }), { hidden: false, pushed_to_speakers: true, answer: "Soon.", answered: false }, moderator, context);
    expect(outcome).toMatchObject({ ok: true, changed: true, question: { hidden: false, pushed_to_speakers: true, answer: "Soon.", answered: false } });
  });

  it("is all or nothing: a refused field refuses the patch", () => {
    expect(applyQuestionPatch(question(), { answered: true, hidden: true, pushed_to_speakers: true }, moderator, context)).toEqual({ ok: false, code: "question_hidden" });
    expect(applyQuestionPatch(question(), { answer: "" }, moderator, context)).toMatchObject({ ok: false, code: "question_invalid" });
  });

  it("needs questions.manage even for an empty patch; an empty patch is a no-op", () => {
    expect(applyQuestionPatch(question(), {}, { grants: [], user_id: 2 }, context)).toEqual({ ok: false, code: "question_forbidden" });
    expect(applyQuestionPatch(question(), {}, moderator, context)).toMatchObject({ ok: true, changed: false });
  });

  it("the schema takes the four fields only", () => {
    expect(questionPatchSchema.parse({ hidden: true, answer: null })).toEqual({ hidden: true, answer: null });
    expect(questionPatchSchema.safeParse({ text: "edited" }).success).toBe(false);
  });
});
