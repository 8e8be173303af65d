import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Ballot } from "./ballots.ts";
import { applyBallot, emptyTally, largestRemainder, latestBallots, pollResults, recount, roundedPercent, sameTally } from "./tally.ts";

const T = 1_750_000_000_000;
const poll = {
  id: "p1",
  options: [
    { id: "a", text: "Yes" },
    { id: "b", text: "No" },
    { id: "c", text: "Maybe" },
  ],
  multiple_choice: false,
  recommended_option_id: "b",
};
const ballot = (voter_key: string, option_ids: string[], weight = 1, seq?: number): Ballot => ({ poll_id: "p1", voter_key, option_ids, weight, cast_at: T + (seq ?? 0), ...(seq === undefined ? {} : { seq }) });

describe("applyBallot", () => {
  it("counts a first ballot: weighted sum and head count per option, totals", () => {
    const tally = applyBallot(emptyTally(poll), null, ballot("v1", ["a"], 2.5, 1));
    expect(tally).toEqual({
      poll_id: "p1",
      options: [
        { option_id: "a", weight_units: 2_500, voters: 1 },
        { option_id: "b", weight_units: 0, voters: 0 },
        { option_id: "c", weight_units: 0, voters: 0 },
      ],
      others: [],
      voters: 1,
      weight_units: 2_500,
      seq: 1,
    });
  });

  it("a changed ballot moves the voter's weight, not the totals", () => {
    const first = ballot("v1", ["a"], 2, 1);
    const second = ballot("v1", ["c"], 2, 2);
    const tally = applyBallot(applyBallot(emptyTally(poll), null, first), first, second);
    expect(tally.options.map((option) => [option.option_id, option.weight_units, option.voters])).toEqual([
      ["a", 0, 0],
      ["b", 0, 0],
      ["c", 2_000, 1],
    ]);
    expect([tally.voters, tally.weight_units, tally.seq]).toEqual([1, 2_000, 2]);
  });

  it("removes the previous ballot with the weight it was cast with", () => {
    const first = ballot("v1", ["a"], 1, 1);
    const second = ballot("v1", ["a"], 4, 2);
    const tally = applyBallot(applyBallot(emptyTally(poll), null, first), first, second);
    expect(tally.options[0]).toEqual({ option_id: "a", weight_units: 4_000, voters: 1 });
    expect(tally.weight_units).toBe(4_000);
  });

  it("a voter of weight 0 is in the head counts and weighs nothing", () => {
    const tally = applyBallot(applyBallot(emptyTally(poll), null, ballot("v1", ["a"], 0, 1)), null, ballot("v2", ["b"], 1, 2));
    expect(tally.options[0]).toEqual({ option_id: "a", weight_units: 0, voters: 1 });
    expect([tally.voters, tally.weight_units]).toEqual([2, 1_000]);
  });

  it("is exact where floating point is not (0.1 + 0.2, then taken away)", () => {
    let tally = emptyTally(poll);
    const ballots = [ballot("v1", ["a"], 0.1, 1), ballot("v2", ["a"], 0.2, 2)];
    for (const one of ballots) tally = applyBallot(tally, null, one);
    tally = applyBallot(tally, ballots[0] ?? null, ballot("v1", ["b"], 0.1, 3));
    expect(tally.options[0]?.weight_units).toBe(200);
    expect(pollResults(poll, tally).options[0]?.weight).toBe(0.2);
  });

  it("counts ballots for options the poll no longer has in the totals, apart", () => {
    const old = ballot("v1", ["gone"], 1, 1);
    let tally = applyBallot(emptyTally(poll), null, old);
    expect(tally.others).toEqual([{ option_id: "gone", weight_units: 1_000, voters: 1 }]);
    expect(tally.voters).toBe(1);
    tally = applyBallot(tally, old, ballot("v1", ["a"], 1, 2));
    expect(tally.others).toEqual([]);
  });

  it("refuses to count a ballot of another poll or another voter's replacement", () => {
    expect(() => applyBallot(emptyTally(poll), null, { ...ballot("v1", ["a"]), poll_id: "p2" })).toThrow();
    expect(() => applyBallot(emptyTally(poll), ballot("v2", ["a"]), ballot("v1", ["a"]))).toThrow();
  });

  it("an unchanged ballot (the same object) changes nothing", () => {
    const one = ballot("v1", ["a"], 1, 1);
    const tally = applyBallot(emptyTally(poll), null, one);
    expect(applyBallot(tally, one, one)).toBe(tally);
  });
});

describe("recount and latestBallots", () => {
  it("counts the latest ballot of each voter: by seq, else by time, else the later listed", () => {
    const log = [ballot("v1", ["a"], 1, 1), ballot("v2", ["b"], 1, 2), ballot("v1", ["c"], 1, 3), ballot("v2", ["a"], 1, 0)];
    expect(latestBallots(log).map((one) => [one.voter_key, one.option_ids[0]])).toEqual([
      ["v1", "c"],
      ["v2", "b"],
    ]);
    const timed = [
      { ...ballot("v3", ["a"]), cast_at: T + 10 },
      { ...ballot("v3", ["b"]), cast_at: T + 5 },
    ];
    expect(latestBallots(timed)[0]?.option_ids).toEqual(["a"]);
    const sameTime = [ballot("v4", ["a"]), ballot("v4", ["b"])];
    expect(latestBallots(sameTime)[0]?.option_ids).toEqual(["b"]);
  });

  it("recounts to the incremental tally, and ignores other polls' ballots", () => {
    const log = [ballot("v1", ["a"], 2, 1), ballot("v2", ["b"], 1, 2), ballot("v1", ["c"], 2, 3)];
    let tally = emptyTally(poll);
    tally = applyBallot(tally, null, log[0] ?? ballot("x", ["a"]));
    tally = applyBallot(tally, null, log[1] ?? ballot("x", ["a"]));
    tally = applyBallot(tally, log[0] ?? null, log[2] ?? ballot("x", ["a"]));
    expect(recount(poll, [...log, { ...ballot("v9", ["a"], 5, 9), poll_id: "p2" }])).toEqual(tally);
    expect(sameTally(recount(poll, log), tally)).toBe(true);
    expect(sameTally(recount(poll, log.slice(0, 2)), tally)).toBe(false);
  });
});

describe("pollResults", () => {
  const tallyOf = (ballots: Ballot[], of = poll) => recount(of, ballots);

  it("single choice: weighted shares that sum to 100 (largest remainder), the recommended option flagged", () => {
    const results = pollResults(poll, tallyOf([ballot("v1", ["a"], 1, 1), ballot("v2", ["b"], 1, 2), ballot("v3", ["c"], 1, 3)]));
    expect(results.options.map((option) => [option.option_id, option.percent, option.recommended])).toEqual([
      ["a", 34, false],
      ["b", 33, true],
      ["c", 33, false],
    ]);
    expect([results.voters, results.weight]).toEqual([3, 3]);
  });

  it("weights decide the shares; head counts are given too", () => {
    const results = pollResults(poll, tallyOf([ballot("v1", ["a"], 3, 1), ballot("v2", ["b"], 1, 2)]));
    expect(results.options.map((option) => [option.percent, option.voters, option.weight])).toEqual([
      [75, 1, 3],
      [25, 1, 1],
      [0, 0, 0],
    ]);
  });

  it("multiple choice: each option's weighted share of the voters who chose it (may sum past 100)", () => {
    const many = { ...poll, multiple_choice: true };
    const results = pollResults(many, tallyOf([ballot("v1", ["a", "b"], 1, 1), ballot("v2", ["a"], 1, 2), ballot("v3", ["c"], 2, 3)], many));
    expect(results.options.map((option) => option.percent)).toEqual([50, 25, 50]);
    expect(results.weight).toBe(4);
  });

  it("all 0 when nothing counts: no ballot, or only voters of weight 0", () => {
    expect(pollResults(poll, emptyTally(poll)).options.map((option) => option.percent)).toEqual([0, 0, 0]);
    const zero = pollResults(poll, tallyOf([ballot("v1", ["a"], 0, 1)]));
    expect(zero.options.map((option) => [option.percent, option.voters])).toEqual([
      [0, 1],
      [0, 0],
      [0, 0],
    ]);
  });

  it("single choice: ballots for removed options take their share without being shown", () => {
    const results = pollResults(poll, tallyOf([ballot("v1", ["a"], 1, 1), ballot("v2", ["gone"], 1, 2)]));
    expect(results.options.map((option) => option.percent)).toEqual([50, 0, 0]);
  });
});

describe("largestRemainder", () => {
  it("gives the points left to the largest remainders, ties to the larger value then the earlier", () => {
    expect(largestRemainder([1, 1, 1], 3)).toEqual([34, 33, 33]);
    expect(largestRemainder([2, 1, 1, 2], 6)).toEqual([33, 17, 17, 33]);
    expect(largestRemainder([0, 7], 7)).toEqual([0, 100]);
    expect(largestRemainder([0, 0], 0)).toEqual([0, 0]);
  });

  it("is exact for weights past floating point's integers", () => {
    const big = 3_000_000_000_000_000;
    expect(largestRemainder([big, big, big], 3 * big)).toEqual([34, 33, 33]);
    expect(roundedPercent(big, 2 * big)).toBe(50);
  });

  it("always sums to 100, each share within one point of the exact share", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000_000 }), { minLength: 1, maxLength: 20 }), (values) => {
        const total = values.reduce((sum, value) => sum + value, 0);
        fc.pre(total > 0);
        const percents = largestRemainder(values, total);
        expect(percents.reduce((sum, value) => sum + value, 0)).toBe(100);
        percents.forEach((percent, index) => expect(Math.abs(percent - ((values[index] ?? 0) * 100) / total)).toBeLessThan(1));
      }),
    );
  });
});
