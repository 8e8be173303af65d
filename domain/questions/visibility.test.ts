import { describe, expect, it } from "vitest";
import type { Question } from "./record.ts";
import { GUEST, T0, VIEWER_ID, guest, producer, question, speaker, viewer } from "./testing.ts";
import { type QuestionAudience, WALL_AUDIENCE, canSeeQuestion, questionAudienceOf, questionVisibilityChange, visibleQuestion } from "./visibility.ts";

const moderatorAudience = questionAudienceOf(producer);
const speakerAudience = questionAudienceOf(speaker);
const askerAudience = questionAudienceOf(viewer);
const otherAudience = questionAudienceOf(guest);

const STATES: Record<string, Partial<Question>> = {
  plain: {},
  answered: { answered: true, answered_by: 1, answered_at: T0 },
  hidden: { hidden: true },
  pushed: { pushed_to_speakers: true, pushed_at: T0 },
};

describe("questionAudienceOf", () => {
  it("moderator by questions.manage, else speaker or viewer by role, with their participant id", () => {
    expect(moderatorAudience).toEqual({ kind: "moderator", participant_id: "user:1" });
    expect(speakerAudience).toEqual({ kind: "speaker", participant_id: "user:2" });
    expect(askerAudience).toEqual({ kind: "viewer", participant_id: VIEWER_ID });
    expect(otherAudience).toEqual({ kind: "viewer", participant_id: GUEST });
    expect(questionAudienceOf({ ...producer, grants: ["control_room.manage"] })).toEqual({ kind: "speaker", participant_id: "user:1" });
  });
});

describe("who sees which question", () => {
  const table: [string, QuestionAudience, Record<keyof typeof STATES, boolean>][] = [
    ["moderator", moderatorAudience, { plain: true, answered: true, hidden: true, pushed: true }],
    ["speaker", speakerAudience, { plain: false, answered: false, hidden: false, pushed: true }],
    ["wall", WALL_AUDIENCE, { plain: false, answered: false, hidden: false, pushed: true }],
    ["the asker", askerAudience, { plain: true, answered: true, hidden: true, pushed: true }],
    ["another viewer", otherAudience, { plain: true, answered: true, hidden: false, pushed: true }],
  ];
  it("a speaker who asked sees their own question, unpushed or hidden; the wall does not", () => {
    const own = question({ asker_id: "user:2" });
    expect(canSeeQuestion(own, speakerAudience)).toBe(true);
    expect(canSeeQuestion({ ...own, hidden: true }, speakerAudience)).toBe(true);
    expect(visibleQuestion(own, speakerAudience)?.mine).toBe(true);
    expect(canSeeQuestion(own, WALL_AUDIENCE)).toBe(false);
  });
  for (const [name, audience, expected] of table) {
    it(name, () => {
      for (const [state, overrides] of Object.entries(STATES)) {
        const q = question(overrides);
        expect(canSeeQuestion(q, audience), state).toBe(expected[state]);
        expect(visibleQuestion(q, audience) !== null, state).toBe(expected[state]);
      }
    });
  }
});

describe("what each audience sees of a question", () => {
  const q = question({ pushed_to_speakers: true, pushed_at: T0, answer: "Soon.", answer_by: 1, answer_at: T0, upvotes: 3 });

  it("a moderator: everything, the identity and moderation details included", () => {
    expect(visibleQuestion(q, moderatorAudience)).toMatchObject({ asker_id: VIEWER_ID, asker_email: "ada@example.com", session_id: "session-1", answer_by: 1, support_desk: null, mine: false });
  });

  it("the others: the name, never the e-mail, session, asker id or who moderated", () => {
    for (const audience of [speakerAudience, WALL_AUDIENCE, askerAudience, otherAudience]) {
      const view = visibleQuestion(q, audience, true);
      expect(view).toMatchObject({ asker_name: "Ada Lovelace", answer: "Soon.", upvotes: 3, upvoted: true });
      for (const key of ["asker_id", "asker_email", "session_id", "answered_by", "answer_by", "support_desk"]) expect(view, key).not.toHaveProperty(key);
    }
  });

  it("marks the reader's own question", () => {
    expect(visibleQuestion(q, askerAudience)?.mine).toBe(true);
    expect(visibleQuestion(q, otherAudience)?.mine).toBe(false);
    expect(visibleQuestion(q, WALL_AUDIENCE)?.mine).toBe(false);
  });

  it("shows a hidden question to its asker marked hidden", () => {
    expect(visibleQuestion(question({ hidden: true }), askerAudience)).toMatchObject({ hidden: true, mine: true });
  });

  it("an anonymous question names nobody, not even to moderators, and keeps its asker id in the room", () => {
    const anonymous = question({ anonymous: true, asker_name: null, asker_email: null, session_id: null });
    const view = visibleQuestion(anonymous, moderatorAudience);
    expect(view).toMatchObject({ anonymous: true, asker_name: null, asker_email: null, session_id: null });
    expect(view).not.toHaveProperty("asker_id");
    // Even a record that kept a name by mistake does not show it.
    expect(visibleQuestion(question({ anonymous: true }), otherAudience)?.asker_name).toBeNull();
    expect(visibleQuestion(anonymous, askerAudience)?.mine).toBe(true);
  });
});

describe("questionVisibilityChange", () => {
  it("a new question goes to those who may see it", () => {
    expect(questionVisibilityChange(null, question(), otherAudience)).toMatchObject({ kind: "upsert", question: { id: question().id } });
    expect(questionVisibilityChange(null, question(), speakerAudience)).toBeNull();
  });

  it("hiding removes it for other viewers, updates it for its asker and moderators", () => {
    const before = question();
    const after = question({ hidden: true });
    expect(questionVisibilityChange(before, after, otherAudience)).toEqual({ kind: "remove", id: before.id });
    expect(questionVisibilityChange(before, after, askerAudience)).toMatchObject({ kind: "upsert", question: { hidden: true } });
    expect(questionVisibilityChange(before, after, moderatorAudience)).toMatchObject({ kind: "upsert" });
    expect(questionVisibilityChange(before, after, speakerAudience)).toBeNull();
  });

  it("pushing brings it to the speakers and the wall; hiding from speakers takes it away", () => {
    const plain = question();
    const pushed = question({ pushed_to_speakers: true, pushed_at: T0 });
    expect(questionVisibilityChange(plain, pushed, WALL_AUDIENCE)).toMatchObject({ kind: "upsert" });
    expect(questionVisibilityChange(pushed, plain, speakerAudience)).toEqual({ kind: "remove", id: plain.id });
  });
});
