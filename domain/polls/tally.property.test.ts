import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import type { RoomActor } from "../webcast-room/actor.ts";
import { POLLING_ACTIONS, type PollingAction } from "../webcast-room/commands.ts";
import { type CurrentPolling, NO_POLLING } from "../webcast-room/live-state.ts";
import { type Ballot, type VoteBody, type VoteOutcome, type Voter, castBallot, weightUnits } from "./ballots.ts";
import { type PollStatus, applyPollingAction, resultsCompiling } from "./live.ts";
import { type Tally, applyBallot, emptyTally, pollResults, recount, sameTally } from "./tally.ts";

/**
 * The exact-tally property (issue #16): a room-like harness runs random votes, vote changes,
 * repeated commands (the same command id sent again after a reconnect), poll actions, weight
 * edits and evictions (the tally rebuilt from the stored ballots) over many voters with random
 * weights, and checks after every ballot counted that the incremental tally equals a recount of
 * the stored ballots, and at the end a recount of the whole ballot log and an independent count of each
 * voter's latest ballot.
 */

/** What the runs exercised, so that a harness accepting nothing cannot pass (see the property). */
const exercised = { ballots: 0, changes: 0, repeats: 0, evictions: 0 };
const T0 = 1_750_000_000_000;
const producer: RoomActor = { role: "producer", user_id: 1, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
const OPTION_IDS = ["o0", "o1", "o2", "o3", "o4"];

type Step =
  | { type: "vote"; voter: number; command: number; poll: number; choice: number[]; raw: boolean }
  | { type: "resend"; pick: number }
  | { type: "action"; poll: number; action: PollingAction }
  | { type: "weight"; voter: number; weight: number }
  | { type: "evict" };

const weight = fc.oneof(fc.constant(1), fc.constant(0), fc.integer({ min: 0, max: 5_000 }).map((units) => units / 1_000), fc.integer({ min: 1, max: 1_000_000 }));
const voterArb = fc.record({
  kind: fc.constantFrom("viewer", "viewer", "viewer", "guest", "staff"),
  weight,
  registered: fc.nat({ max: 4 }).map((draw) => draw > 0),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant("vote" as const),
      voter: fc.nat({ max: 29 }),
      // Command ids are per person: drawn from a small range, some repeat by chance.
      command: fc.nat({ max: 60 }),
      // 0 to 2: the poll on screen (most votes go where viewers see a poll); 3: the other one.
      poll: fc.nat({ max: 3 }),
      choice: fc.array(fc.nat({ max: 5 }), { maxLength: 3 }),
      // One vote in ten is sent as drawn (none, repeats, index 5 which is never an option); the others are made valid for their poll.
      raw: fc.nat({ max: 9 }).map((draw) => draw === 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("resend" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("action" as const), poll: fc.nat({ max: 1 }), action: fc.constantFrom<PollingAction>(...POLLING_ACTIONS, "publish", "republish") }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("weight" as const), voter: fc.nat({ max: 29 }), weight }) },
  { weight: 1, arbitrary: fc.constant({ type: "evict" as const }) },
);
const scenario = fc.record({
  voters: fc.array(voterArb, { minLength: 1, maxLength: 30, size: "medium" }),
  optionCounts: fc.tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 5 })),
  multiple: fc.tuple(fc.boolean(), fc.boolean()),
  registrationRequired: fc.boolean(),
  // The show starts with the first poll published (else most votes would be refused).
  steps: fc.array(step, { minLength: 1, maxLength: 150, size: "max" }).map((steps): Step[] => [{ type: "action", poll: 0, action: "publish" }, ...steps]),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

function run({ voters: people, optionCounts, multiple, registrationRequired, steps }: Scenario): void {
  const polls = [0, 1].map((index) => ({
    id: `p${index}`,
    series_id: null,
    options: OPTION_IDS.slice(0, optionCounts[index]).map((id) => ({ id, text: id.toUpperCase() })),
    multiple_choice: multiple[index] ?? false,
    recommended_option_id: null,
  }));
  const status = new Map<string, PollStatus>(polls.map((poll) => [poll.id, "unpublished"]));
  let current: CurrentPolling = NO_POLLING;
  const voters: Voter[] = people.map((person, index) => ({
    key: person.kind === "guest" ? `guest:${index}` : `v${index}`,
    weight: person.kind === "guest" ? 1 : person.weight,
    may_vote: person.kind !== "staff",
    registered: person.kind === "viewer" && person.registered,
    registration_required: registrationRequired,
  }));
  /** The room's storage: each voter's ballot per poll; the audit log of every ballot accepted; the acknowledgements by command id. */
  const stored = new Map<string, Ballot>();
  const log: Ballot[] = [];
  const acks = new Map<string, VoteOutcome>();
  const sent: { voter: number; command: number; body: VoteBody }[] = [];
  const tallies = new Map<string, Tally>(polls.map((poll) => [poll.id, emptyTally(poll)]));
  const acknowledged = new Map<string, number>(polls.map((poll) => [poll.id, 0]));
  let seq = 0;

  const vote = (voterIndex: number, command: number, body: VoteBody, now: number) => {
    const voter = voters[voterIndex % voters.length];
    if (voter === undefined) return;
    const ackKey = `${voter.key}|${command}`;
    if (acks.has(ackKey)) {
      exercised.repeats += 1;
      return; // acknowledged once: a command sent again applies once
    }
    const poll = polls.find((one) => one.id === body.poll_id);
    const key = `${body.poll_id}|${voter.key}`;
    const previous = stored.get(key) ?? null;
    const outcome = castBallot(poll ? { ...poll, status: status.get(poll.id) ?? "unpublished" } : null, previous, body, voter, now);
    acks.set(ackKey, outcome);
    if (!outcome.ok || !outcome.changed) return;
    expect(status.get(body.poll_id)).toBe("open");
    expect(voter.may_vote && (voter.registered || !voter.registration_required)).toBe(true);
    seq += 1;
    const ballot = { ...outcome.ballot, seq };
    stored.set(key, ballot);
    log.push(ballot);
    exercised.ballots += 1;
    if (outcome.previous !== null) exercised.changes += 1;
    acknowledged.set(body.poll_id, seq);
    const tally = tallies.get(body.poll_id);
    if (tally) tallies.set(body.poll_id, applyBallot(tally, outcome.previous, ballot));
    // After every ballot counted: the tally is the recount of the stored ballots.
    const counted = polls.find((one) => one.id === body.poll_id);
    if (counted) expect(sameTally(tallies.get(counted.id) ?? emptyTally(counted), recount(counted, [...stored.values()]))).toBe(true);
  };

  steps.forEach((one, index) => {
    const now = T0 + index * 100;
    switch (one.type) {
      case "vote": {
        const onScreen = polls.find((poll) => current.type === "poll" && poll.id === current.id) ?? polls[0];
        const poll = one.poll < 3 ? onScreen : polls.find((other) => other !== onScreen);
        const count = poll?.options.length ?? 2;
        const valid = [...new Set(one.choice.map((choice) => choice % count))].slice(0, poll?.multiple_choice ? undefined : 1);
        const choice = one.raw ? one.choice : valid.length > 0 ? valid : [0];
        const body = { poll_id: poll?.id ?? "p0", option_ids: choice.map((index) => OPTION_IDS[index] ?? "nope") };
        sent.push({ voter: one.voter, command: one.command, body });
        vote(one.voter, one.command, body, now);
        break;
      }
      case "resend": {
        const again = sent[one.pick % Math.max(1, sent.length)];
        if (again) vote(again.voter, again.command, again.body, now);
        break;
      }
      case "action": {
        const outcome = applyPollingAction(current, polls.map((poll) => ({ id: poll.id, series_id: poll.series_id, status: status.get(poll.id) ?? "unpublished" })), { kind: "poll", id: `p${one.poll}`, action: one.action }, producer);
        if (outcome.ok) {
          current = outcome.current_polling;
          for (const change of outcome.statuses) status.set(change.poll_id, change.status);
        }
        break;
      }
      case "weight": {
        const voter = voters[one.voter % voters.length];
        if (voter && voter.key.startsWith("v")) voter.weight = one.weight;
        break;
      }
      case "evict":
        // The object is evicted: its memory is gone, the tally is rebuilt from the stored ballots.
        if (log.length > 0) exercised.evictions += 1;
        for (const poll of polls) tallies.set(poll.id, recount(poll, [...stored.values()]));
        break;
    }
  });
  for (const poll of polls) check(poll, tallies.get(poll.id) ?? emptyTally(poll));

  function check(poll: (typeof polls)[number], tally: Tally) {
    const ballots = [...stored.values()].filter((ballot) => ballot.poll_id === poll.id);
    expect(sameTally(tally, recount(poll, ballots))).toBe(true);
    expect(sameTally(tally, recount(poll, log))).toBe(true);
    // An independent count: each voter's latest accepted ballot (the log is in acceptance order), once.
    const latest = new Map<string, Ballot>();
    for (const ballot of log) if (ballot.poll_id === poll.id) latest.set(ballot.voter_key, ballot);
    expect([...latest.values()]).toEqual(expect.arrayContaining(ballots));
    expect(tally.voters).toBe(latest.size);
    expect(tally.weight_units).toBe([...latest.values()].reduce((sum, ballot) => sum + weightUnits(ballot.weight), 0));
    for (const option of tally.options) {
      const choosing = [...latest.values()].filter((ballot) => ballot.option_ids.includes(option.option_id));
      expect(option.voters).toBe(choosing.length);
      expect(option.weight_units).toBe(choosing.reduce((sum, ballot) => sum + weightUnits(ballot.weight), 0));
    }
    expect(tally.others).toEqual([]);
    // Every acknowledged ballot is in the tally: never compiling once counted.
    expect(resultsCompiling("closed", tally, acknowledged.get(poll.id) ?? 0)).toBe(false);
    const results = pollResults(poll, tally);
    if (!poll.multiple_choice && tally.weight_units > 0) expect(results.options.reduce((sum, option) => sum + option.percent, 0)).toBe(100);
  }
}

describe("exact tallies", () => {
  it("property: the incremental tally equals a recount of the stored ballots, each voter's latest ballot counted once", () => {
    const before = { ...exercised };
    fc.assert(fc.property(scenario, run), { numRuns: 200 });
    // Not vacuous: thousands of ballots counted, hundreds replaced, repeated and rebuilt after an eviction.
    expect(exercised.ballots - before.ballots).toBeGreaterThan(1_000);
    expect(exercised.changes - before.changes).toBeGreaterThan(200);
    expect(exercised.repeats - before.repeats).toBeGreaterThan(200);
    expect(exercised.evictions - before.evictions).toBeGreaterThan(100);
  }, 60_000);

  it("a scenario by hand: vote, change, repeat, close, republish, change again", () => {
    run({
      voters: [
        { kind: "viewer", weight: 2, registered: true },
        { kind: "guest", weight: 1, registered: false },
      ],
      optionCounts: [3, 2],
      multiple: [false, true],
      registrationRequired: false,
      steps: [
        { type: "vote", voter: 0, command: 0, poll: 0, choice: [0], raw: false }, // refused: unpublished
        { type: "action", poll: 0, action: "publish" },
        { type: "vote", voter: 0, command: 1, poll: 0, choice: [0], raw: false },
        { type: "vote", voter: 1, command: 1, poll: 0, choice: [1], raw: false },
        { type: "vote", voter: 0, command: 2, poll: 0, choice: [2], raw: false },
        { type: "resend", pick: 2 },
        { type: "action", poll: 0, action: "close" },
        { type: "vote", voter: 1, command: 3, poll: 0, choice: [0], raw: false }, // refused: closed
        { type: "evict" },
        { type: "action", poll: 0, action: "republish" },
        { type: "weight", voter: 0, weight: 5 },
        { type: "vote", voter: 0, command: 4, poll: 0, choice: [1], raw: false },
      ],
    });
  });
});
