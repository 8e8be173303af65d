import type { RoomRole } from "../webcast-room/actor.ts";
import { type Question, type QuestionRefusal, type QuestionUpvote, refuseQuestion } from "./record.ts";

/**
 * Upvotes (beyond the spec; Slido's most used feature): a viewer marks a question they want
 * answered. One upvote per viewer per question, set on or off explicitly (`upvoted: true|false`,
 * so a command sent twice cannot undo itself the way a toggle would); the screen's button
 * toggles by sending the opposite of what it shows. Upvotes are kept one record per
 * (question, voter) beside the questions, and the question's `upvotes` moves with them by one, so
 * it always equals the number of distinct upvoters (`recountUpvotes` checks it).
 *
 * - Only viewers upvote: upvotes measure the audience's interest, which staff votes would skew
 *   (`upvote_viewers_only`).
 * - Not your own question (`own_question_upvote`): a self-vote only lifts one's own question.
 * - Only a question the voter may see: a hidden question is `question_not_found`.
 * - While Q&A is closed for the audience (attendee option "ask questions" off), upvoting is too
 *   (`asking_closed`): one switch opens and closes the audience's side of Q&A.
 * - Upvotes stay on answered questions (the count is history, not a queue).
 */

export interface Voter {
  /** Participant id (domain/chat/participant.ts). */
  id: string;
  role: RoomRole;
}

export interface UpvoteContext {
  now: number;
  asking_allowed: boolean;
}

export type UpvoteOutcome =
  | {
      ok: true;
      question: Question;
      /** What to do with the stored upvote: add this record, remove the voter's, or nothing (a no-op). */
      upvote: { kind: "add"; record: QuestionUpvote } | { kind: "remove"; question_id: string; voter_id: string } | null;
    }
  | QuestionRefusal;

/**
 * `hasUpvoted`: whether the voter's upvote of this question is stored now (the room looks it up).
 * The question comes back with its count moved by at most one.
 */
export function setUpvote(question: Question, voter: Voter, upvoted: boolean, hasUpvoted: boolean, context: UpvoteContext): UpvoteOutcome {
  if (voter.role !== "viewer") return refuseQuestion("upvote_viewers_only");
  if (!context.asking_allowed) return refuseQuestion("asking_closed");
  if (question.asker_id === voter.id) return refuseQuestion("own_question_upvote");
  // A viewer who may see the question; visibility.ts says the same for viewers.
  if (question.hidden) return refuseQuestion("question_not_found");
  if (upvoted === hasUpvoted) return { ok: true, question, upvote: null };
  if (upvoted) {
    return {
      ok: true,
      question: { ...question, upvotes: question.upvotes + 1 },
      upvote: { kind: "add", record: { question_id: question.id, voter_id: voter.id, upvoted_at: context.now } },
    };
  }
  return { ok: true, question: { ...question, upvotes: Math.max(0, question.upvotes - 1) }, upvote: { kind: "remove", question_id: question.id, voter_id: voter.id } };
}

/** The number of distinct upvoters of each question, from the stored upvotes (what `upvotes` must equal). */
export function recountUpvotes(upvotes: Iterable<Pick<QuestionUpvote, "question_id" | "voter_id">>): Map<string, number> {
  const voters = new Map<string, Set<string>>();
  for (const upvote of upvotes) {
    let set = voters.get(upvote.question_id);
    if (!set) voters.set(upvote.question_id, (set = new Set()));
    set.add(upvote.voter_id);
  }
  return new Map([...voters].map(([id, set]) => [id, set.size]));
}
