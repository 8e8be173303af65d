import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUESTION_ERROR_STATUS, questionErrorMessage } from "./messages.ts";
import type { Question } from "./record.ts";
import { GUEST, T0, VIEWER_ID, idOf, question } from "./testing.ts";
import { type UpvoteContext, type Voter, recountUpvotes, setUpvote } from "./upvotes.ts";

const context: UpvoteContext = { now: T0, asking_allowed: true };
const other: Voter = { id: GUEST, role: "viewer" };

describe("setUpvote", () => {
  it("adds one upvote and one record", () => {
    expect(setUpvote(question(), other, true, false, context)).toEqual({
      ok: true,
      question: question({ upvotes: 1 }),
      upvote: { kind: "add", record: { question_id: idOf(1), voter_id: GUEST, upvoted_at: T0 } },
    });
  });

  it("takes it back (toggle off)", () => {
    expect(setUpvote(question({ upvotes: 1 }), other, false, true, context)).toEqual({ ok: true, question: question({ upvotes: 0 }), upvote: { kind: "remove", question_id: idOf(1), voter_id: GUEST } });
  });

  it("one per voter: upvoting again, or removing what is not there, is a no-op", () => {
    const q = question({ upvotes: 1 });
    expect(setUpvote(q, other, true, true, context)).toEqual({ ok: true, question: q, upvote: null });
    expect(setUpvote(q, other, false, false, context)).toEqual({ ok: true, question: q, upvote: null });
  });

  it("not on your own question (403, en and fr)", () => {
    expect(setUpvote(question(), { id: VIEWER_ID, role: "viewer" }, true, false, context)).toEqual({ ok: false, code: "own_question_upvote" });
    expect(QUESTION_ERROR_STATUS.own_question_upvote).toBe(403);
    expect(questionErrorMessage("own_question_upvote", "en")).toBe("You cannot upvote your own question.");
    expect(questionErrorMessage("own_question_upvote", "fr")).toBe("Vous ne pouvez pas voter pour votre propre question.");
  });

  it("viewers only (403, en and fr)", () => {
    for (const role of ["producer", "speaker"] as const) expect(setUpvote(question(), { id: "user:1", role }, true, false, context)).toEqual({ ok: false, code: "upvote_viewers_only" });
    expect(questionErrorMessage("upvote_viewers_only", "en")).toBe("Only viewers can upvote questions.");
    expect(questionErrorMessage("upvote_viewers_only", "fr")).toBe("Seuls les spectateurs peuvent voter pour les questions.");
  });

  it("not a hidden question (404, en and fr)", () => {
    expect(setUpvote(question({ hidden: true }), other, true, false, context)).toEqual({ ok: false, code: "question_not_found" });
    expect(QUESTION_ERROR_STATUS.question_not_found).toBe(404);
    expect(questionErrorMessage("question_not_found", "en")).toBe("This question does not exist or is no longer shown.");
    expect(questionErrorMessage("question_not_found", "fr")).toBe("Cette question n'existe pas ou n'est plus affichée.");
  });

  it("not while Q&A is closed", () => {
    expect(setUpvote(question(), other, true, false, { ...context, asking_allowed: false })).toEqual({ ok: false, code: "asking_closed" });
  });

  it("stays possible on an answered or pushed question", () => {
    expect(setUpvote(question({ answered: true, pushed_to_speakers: true }), other, true, false, context).ok).toBe(true);
  });
});

describe("exact counts (property)", () => {
  it("after any sequence of upvotes and retractions, each count equals its distinct upvoters and the recount", () => {
    const voters = ["guest:a", "guest:b", "guest:c", "v-1", "v-2", VIEWER_ID];
    const questionIds = [idOf(1), idOf(2), idOf(3)];
    const operation = fc.record({ voter: fc.constantFrom(...voters), question: fc.constantFrom(...questionIds), upvoted: fc.boolean(), repeat: fc.nat({ max: 2 }) });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const questions = new Map<string, Question>(questionIds.map((id) => [id, question({ id, asker_id: VIEWER_ID })]));
        const stored = new Map<string, { question_id: string; voter_id: string }>();
        const key = (questionId: string, voterId: string) => `${questionId}|${voterId}`;
        for (const op of operations) {
          // A command delivered more than once (a retry) must not count twice.
          for (let i = 0; i <= op.repeat; i++) {
            const current = questions.get(op.question);
            if (!current) throw new Error("unknown question");
            const outcome = setUpvote(current, { id: op.voter, role: "viewer" }, op.upvoted, stored.has(key(op.question, op.voter)), context);
            if (!outcome.ok) {
              expect(outcome.code).toBe("own_question_upvote");
              continue;
            }
            questions.set(op.question, outcome.question);
            if (outcome.upvote?.kind === "add") stored.set(key(op.question, op.voter), outcome.upvote.record);
            if (outcome.upvote?.kind === "remove") stored.delete(key(op.question, op.voter));
          }
        }
        const recount = recountUpvotes(stored.values());
        for (const [id, q] of questions) {
          const distinct = new Set([...stored.values()].filter((upvote) => upvote.question_id === id).map((upvote) => upvote.voter_id));
          expect(q.upvotes).toBe(distinct.size);
          expect(q.upvotes).toBe(recount.get(id) ?? 0);
          expect(distinct.has(VIEWER_ID)).toBe(false);
        }
      }),
    );
  });

  it("recountUpvotes counts a voter once per question", () => {
    expect(
      recountUpvotes([
        { question_id: "q1", voter_id: "a" },
        { question_id: "q1", voter_id: "a" },
        { question_id: "q1", voter_id: "b" },
        { question_id: "q2", voter_id: "a" },
      ]),
    ).toEqual(
      new Map([
        ["q1", 2],
        ["q2", 1],
      ]),
    );
  });
});
