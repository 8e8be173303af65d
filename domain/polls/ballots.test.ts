import { describe, expect, it } from "vitest";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import type { RoomActor } from "../webcast-room/actor.ts";
import {
  type Ballot,
  GUEST_VOTE_WEIGHT,
  MAX_VOTE_WEIGHT,
  type VotablePoll,
  type VoteBody,
  type VoteRefusal,
  type Voter,
  castBallot,
  normalizeVoteWeight,
  voteBodySchema,
  voterOf,
  weightUnits,
} from "./ballots.ts";

const NOW = 1_750_000_000_000;
const OPTIONS = [
  { id: "a", text: "Yes" },
  { id: "b", text: "No" },
  { id: "c", text: "Maybe" },
];
const single: VotablePoll = { id: "p1", options: OPTIONS, multiple_choice: false, status: "open" };
const multiple: VotablePoll = { ...single, multiple_choice: true };
const voter: Voter = { key: "v-1", weight: 1, may_vote: true, registered: true, registration_required: false };
const vote = (option_ids: string[], poll_id = "p1"): VoteBody => ({ poll_id, option_ids });

describe("castBallot refusals", () => {
  const cases: [string, VotablePoll | null, VoteBody, Voter, VoteRefusal][] = [
    ["staff (may not vote)", single, vote(["a"]), { ...voter, may_vote: false }, "vote_not_allowed"],
    ["staff, even on a closed poll", { ...single, status: "closed" }, vote(["a"]), { ...voter, may_vote: false }, "vote_not_allowed"],
    ["not registered where registration is required", single, vote(["a"]), { ...voter, registered: false, registration_required: true }, "vote_not_registered"],
    ["unknown poll", null, vote(["a"]), voter, "poll_not_found"],
    ["another poll than the vote's", single, vote(["a"], "p2"), voter, "poll_not_found"],
    ["unpublished poll", { ...single, status: "unpublished" }, vote(["a"]), voter, "poll_not_open"],
    ["closed poll", { ...single, status: "closed" }, vote(["a"]), voter, "poll_not_open"],
    ["poll showing its results", { ...single, status: "results" }, vote(["a"]), voter, "poll_not_open"],
    ["no option", single, vote([]), voter, "invalid_option"],
    ["no option (multiple choice)", multiple, vote([]), voter, "invalid_option"],
    ["unknown option", single, vote(["z"]), voter, "invalid_option"],
    ["an unknown option among known ones", multiple, vote(["a", "z"]), voter, "invalid_option"],
    ["the same option twice", multiple, vote(["a", "a"]), voter, "invalid_option"],
    ["the same option twice (single choice)", single, vote(["a", "a"]), voter, "invalid_option"],
    ["two options in a single-choice poll", single, vote(["a", "b"]), voter, "invalid_option"],
  ];
  it.each(cases)("%s", (_name, poll, body, who, code) => {
    expect(castBallot(poll, null, body, who, NOW)).toEqual({ ok: false, code });
  });

  it("a guest votes where registration is not required", () => {
    expect(castBallot(single, null, vote(["a"]), { ...voter, registered: false }, NOW).ok).toBe(true);
  });
});

describe("castBallot acceptance", () => {
  it("a first vote is a new ballot with the voter's weight and the time", () => {
    expect(castBallot(single, null, vote(["b"]), { ...voter, weight: 2.5 }, NOW)).toEqual({
      ok: true,
      ballot: { poll_id: "p1", voter_key: "v-1", option_ids: ["b"], weight: 2.5, cast_at: NOW },
      previous: null,
      changed: true,
    });
  });

  it("keeps the chosen options in the poll's order", () => {
    const outcome = castBallot(multiple, null, vote(["c", "a"]), voter, NOW);
    expect(outcome.ok && outcome.ballot.option_ids).toEqual(["a", "c"]);
  });

  it("a new vote replaces the voter's ballot (the last one counts)", () => {
    const previous: Ballot = { poll_id: "p1", voter_key: "v-1", option_ids: ["a"], weight: 1, cast_at: NOW - 5_000, seq: 4 };
    expect(castBallot(single, previous, vote(["b"]), voter, NOW)).toEqual({
      ok: true,
      ballot: { poll_id: "p1", voter_key: "v-1", option_ids: ["b"], weight: 1, cast_at: NOW },
      previous,
      changed: true,
    });
  });

  it("the same choice again changes nothing: the earlier ballot stands", () => {
    const previous: Ballot = { poll_id: "p1", voter_key: "v-1", option_ids: ["a", "c"], weight: 1, cast_at: NOW - 5_000, seq: 4 };
    expect(castBallot(multiple, previous, vote(["c", "a"]), voter, NOW)).toEqual({ ok: true, ballot: previous, previous, changed: false });
  });

  it("the same choice with a weight edited since is a new ballot with the new weight", () => {
    const previous: Ballot = { poll_id: "p1", voter_key: "v-1", option_ids: ["a"], weight: 1, cast_at: NOW - 5_000, seq: 4 };
    const outcome = castBallot(single, previous, vote(["a"]), { ...voter, weight: 3 }, NOW);
    expect(outcome).toMatchObject({ ok: true, changed: true, ballot: { weight: 3, option_ids: ["a"] } });
  });

  it("a voter of weight 0 votes: the ballot is taken and weighs nothing", () => {
    expect(castBallot(single, null, vote(["a"]), { ...voter, weight: 0 }, NOW)).toMatchObject({ ok: true, ballot: { weight: 0 } });
  });

  it("a refused vote leaves the previous ballot as it was (nothing returned to store)", () => {
    const previous: Ballot = { poll_id: "p1", voter_key: "v-1", option_ids: ["a"], weight: 1, cast_at: NOW - 5_000 };
    expect(castBallot({ ...single, status: "closed" }, previous, vote(["b"]), voter, NOW)).toEqual({ ok: false, code: "poll_not_open" });
  });

  it("refuses to replace someone else's ballot (a bug in the caller, not a refusal)", () => {
    const previous: Ballot = { poll_id: "p1", voter_key: "v-2", option_ids: ["a"], weight: 1, cast_at: NOW };
    expect(() => castBallot(single, previous, vote(["b"]), voter, NOW)).toThrow(/v-2/);
  });
});

describe("vote weights", () => {
  it.each([
    [1, 1_000],
    [2.5, 2_500],
    [0.0004, 0],
    [0.0005, 1],
    [1.2345, 1_235],
    [0, 0],
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [MAX_VOTE_WEIGHT * 10, MAX_VOTE_WEIGHT * 1_000],
  ])("weight %d counts %d thousandths", (weight, units) => {
    expect(weightUnits(weight)).toBe(units);
    expect(normalizeVoteWeight(weight)).toBe(units / 1_000);
  });
});

describe("voteBodySchema", () => {
  it("takes a poll id and option ids (even none: castBallot says why that is refused)", () => {
    expect(voteBodySchema.parse({ poll_id: " p1 ", option_ids: [] })).toEqual({ poll_id: "p1", option_ids: [] });
  });
  it.each([
    ["no poll id", { option_ids: ["a"] }],
    ["an empty poll id", { poll_id: " ", option_ids: ["a"] }],
    ["option ids not a list", { poll_id: "p1", option_ids: "a" }],
    ["an empty option id", { poll_id: "p1", option_ids: [""] }],
    ["too many option ids", { poll_id: "p1", option_ids: Array.from({ length: 201 }, (_, index) => `o${index}`) }],
    ["an unknown field", { poll_id: "p1", option_ids: ["a"], weight: 100 }],
  ])("refuses %s", (_name, body) => {
    expect(voteBodySchema.safeParse(body).success).toBe(false);
  });
});

describe("voterOf", () => {
  const open = { registration_required: false };
  const closedDoor = { registration_required: true };
  const viewerActor: RoomActor = { role: "viewer", user_id: null, viewer_id: "0199aaaa-0000-7000-8000-000000000010", grants: [], locale: "en" };
  const guestActor: RoomActor = { ...viewerActor, viewer_id: "guest:0199aaaa-0000-7000-8000-0000000000ff" };
  const row = { id: viewerActor.viewer_id ?? "", vote_weight: 2.5, registered: true };

  it("a registered viewer votes with their weight", () => {
    expect(voterOf(viewerActor, row, closedDoor)).toEqual({ key: row.id, weight: 2.5, may_vote: true, registered: true, registration_required: true });
  });
  it("a viewer who has not registered is told to register where it is required", () => {
    const who = voterOf(viewerActor, { ...row, registered: false }, closedDoor);
    expect(castBallot(single, null, vote(["a"]), who, NOW)).toEqual({ ok: false, code: "vote_not_registered" });
  });
  it("a guest weighs 1 and votes where registration is not required", () => {
    const who = voterOf(guestActor, null, open);
    expect(who).toEqual({ key: guestActor.viewer_id, weight: GUEST_VOTE_WEIGHT, may_vote: true, registered: false, registration_required: false });
    expect(castBallot(single, null, vote(["a"]), who, NOW).ok).toBe(true);
  });
  it("a guest is not registered where registration is required", () => {
    expect(castBallot(single, null, vote(["a"]), voterOf(guestActor, null, closedDoor), NOW)).toEqual({ ok: false, code: "vote_not_registered" });
  });
  it("a viewer whose row is gone (or another's row) may not vote", () => {
    expect(voterOf(viewerActor, null, open).may_vote).toBe(false);
    expect(voterOf(viewerActor, { ...row, id: "someone-else" }, open).may_vote).toBe(false);
  });
  it("staff do not vote: producers and speakers run the poll", () => {
    const producer: RoomActor = { role: "producer", user_id: 1, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
    const speaker: RoomActor = { role: "speaker", user_id: 2, viewer_id: null, grants: [], locale: "fr" };
    for (const actor of [producer, speaker]) {
      const who = voterOf(actor, null, open);
      expect(who.may_vote).toBe(false);
      expect(castBallot(single, null, vote(["a"]), who, NOW)).toEqual({ ok: false, code: "vote_not_allowed" });
    }
  });
  it("a weight out of range is brought back into it", () => {
    expect(voterOf(viewerActor, { ...row, vote_weight: -1 }, open).weight).toBe(0);
    expect(voterOf(viewerActor, { ...row, vote_weight: 1.23456 }, open).weight).toBe(1.235);
  });
});
