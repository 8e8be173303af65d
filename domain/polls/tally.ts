import { type Ballot, WEIGHT_SCALE, weightUnits } from "./ballots.ts";
import type { PollRow } from "./record.ts";

/**
 * A poll's tally: per option, the weighted sum and the head count of the ballots that chose it,
 * and the totals (voters, weighted total). Kept incrementally by the room (`applyBallot` for each
 * accepted ballot, in order) and equal, at any moment, to `recount` of the stored ballots: sums are
 * integers (weights in thousandths, ballots.ts), so the order ballots came in does not matter.
 * Plain data (JSON as is), never mutated: each call returns a new tally.
 */

export interface OptionTally {
  option_id: string;
  /** The weights of the ballots that chose the option, in thousandths of a vote (WEIGHT_SCALE). */
  weight_units: number;
  /** How many ballots chose it. */
  voters: number;
}

export interface Tally {
  poll_id: string;
  /** One per option of the poll, in its order (zero when nobody chose it). */
  options: OptionTally[];
  /**
   * Ballots choosing ids the poll no longer has (its options were edited while closed, then it was
   * republished with its ballots): still counted in the totals, shown to nobody, sorted by id; an
   * entry leaves when no ballot holds it any more.
   */
  others: OptionTally[];
  /** Ballots counted: one per voter. */
  voters: number;
  /** The voters' weights (each voter once, whatever they chose), in thousandths. */
  weight_units: number;
  /** The highest ballot `seq` counted, 0 before any: compared with the room's last acknowledged ballot (live.ts `resultsCompiling`). */
  seq: number;
}

export function emptyTally(poll: Pick<PollRow, "id" | "options">): Tally {
  return { poll_id: poll.id, options: poll.options.map((option) => ({ option_id: option.id, weight_units: 0, voters: 0 })), others: [], voters: 0, weight_units: 0, seq: 0 };
}

/**
 * The tally once `ballot` counts instead of `previous` (the same voter's earlier ballot for the
 * poll, or null for a first vote): `previous` leaves with the weight it was cast with, `ballot`
 * comes in with its own. Throws when the ballots are not the same voter's in this tally's poll:
 * counting them would count someone twice.
 */
export function applyBallot(tally: Tally, previous: Ballot | null, ballot: Ballot): Tally {
  if (ballot.poll_id !== tally.poll_id) throw new Error(`applyBallot: a ballot of poll ${ballot.poll_id} in the tally of ${tally.poll_id}`);
  if (previous !== null && (previous.poll_id !== ballot.poll_id || previous.voter_key !== ballot.voter_key)) {
    throw new Error(`applyBallot: ${ballot.voter_key}'s ballot cannot replace ${previous.voter_key}'s`);
  }
  if (previous === ballot) return tally;
  let next = tally;
  if (previous !== null) next = contribute(next, previous, -1);
  next = contribute(next, ballot, 1);
  return ballot.seq !== undefined && ballot.seq > next.seq ? { ...next, seq: ballot.seq } : next;
}

/** Adds (`sign` 1) or removes (-1) one ballot's contribution. */
function contribute(tally: Tally, ballot: Ballot, sign: 1 | -1): Tally {
  const units = weightUnits(ballot.weight) * sign;
  const chosen = new Set(ballot.option_ids);
  const options = tally.options.map((option) => (chosen.has(option.option_id) ? bump(option, units, sign) : option));
  let others = tally.others;
  for (const id of chosen) {
    if (options.some((option) => option.option_id === id)) continue;
    const index = others.findIndex((other) => other.option_id === id);
    const current = index >= 0 ? others[index] : undefined;
    const bumped = bump(current ?? { option_id: id, weight_units: 0, voters: 0 }, units, sign);
    others = others.filter((other) => other.option_id !== id);
    if (bumped.voters > 0) others = [...others, bumped].sort((a, b) => (a.option_id < b.option_id ? -1 : a.option_id > b.option_id ? 1 : 0));
    else if (bumped.voters < 0 || bumped.weight_units !== 0) throw new Error(`applyBallot: option ${id} would count a ballot it never had`);
  }
  return { ...tally, options, others, voters: tally.voters + sign, weight_units: tally.weight_units + units };
}

const bump = (option: OptionTally, units: number, sign: 1 | -1): OptionTally => ({ option_id: option.option_id, weight_units: option.weight_units + units, voters: option.voters + sign });

/**
 * One ballot per voter and poll, the latest: the higher `seq` when both have one, else the later
 * `cast_at`, else the later in the list. What `recount` counts, so an audit log holding every
 * ballot ever accepted recounts to the same tally as the stored ballots.
 */
export function latestBallots(ballots: readonly Ballot[]): Ballot[] {
  const latest = new Map<string, Ballot>();
  for (const ballot of ballots) {
    const key = JSON.stringify([ballot.poll_id, ballot.voter_key]);
    const held = latest.get(key);
    if (held === undefined || !isEarlier(ballot, held)) latest.set(key, ballot);
  }
  return [...latest.values()];
}

function isEarlier(a: Ballot, b: Ballot): boolean {
  if (a.seq !== undefined && b.seq !== undefined) return a.seq < b.seq;
  return a.cast_at < b.cast_at;
}

/** The tally of the poll from its ballots (the latest of each voter; other polls' ballots are ignored). */
export function recount(poll: Pick<PollRow, "id" | "options">, ballots: readonly Ballot[]): Tally {
  let tally = emptyTally(poll);
  for (const ballot of latestBallots(ballots.filter((one) => one.poll_id === poll.id))) tally = applyBallot(tally, null, ballot);
  return tally;
}

/** Whether two tallies count the same (used by the room's self-check after a recount, and by the tests). */
export function sameTally(a: Tally, b: Tally): boolean {
  const sameOptions = (x: readonly OptionTally[], y: readonly OptionTally[]) =>
    x.length === y.length && x.every((option, index) => option.option_id === y[index]?.option_id && option.weight_units === y[index]?.weight_units && option.voters === y[index]?.voters);
  return a.poll_id === b.poll_id && a.voters === b.voters && a.weight_units === b.weight_units && a.seq === b.seq && sameOptions(a.options, b.options) && sameOptions(a.others, b.others);
}

export interface OptionResult {
  option_id: string;
  text: string;
  /** Head count: the ballots that chose it. */
  voters: number;
  /** Weighted sum (votes, thousandths as decimals). */
  weight: number;
  /**
   * Of the weighted total, in whole percent. Single choice: the shares sum to exactly 100 (largest
   * remainder) once anything counts. Multiple choice: the weighted share of voters who chose it,
   * rounded on its own; the shares may sum to more than 100.
   */
  percent: number;
  /** The poll's recommended option (SPEC §3). */
  recommended: boolean;
}

export interface PollResults {
  poll_id: string;
  multiple_choice: boolean;
  /** Head count of ballots. */
  voters: number;
  /** Weighted total (votes). */
  weight: number;
  /** The poll's options, in its order. */
  options: OptionResult[];
}

/**
 * The results to show. Percentages are of the weighted total (the voters' weights, each voter
 * once); when it is 0 (nobody voted, or only voters of weight 0) every percentage is 0.
 */
export function pollResults(poll: Pick<PollRow, "id" | "options" | "multiple_choice" | "recommended_option_id">, tally: Tally): PollResults {
  const counts = new Map(tally.options.map((option) => [option.option_id, option]));
  const units = poll.options.map((option) => counts.get(option.id)?.weight_units ?? 0);
  // Single choice: what ballots for options the poll no longer has weigh takes its share of the
  // 100 too (unshown), so the options shown get no more than theirs.
  const hidden = tally.weight_units - units.reduce((sum, value) => sum + value, 0);
  const percents = poll.multiple_choice ? units.map((value) => roundedPercent(value, tally.weight_units)) : largestRemainder([...units, Math.max(0, hidden)], tally.weight_units);
  return {
    poll_id: poll.id,
    multiple_choice: poll.multiple_choice,
    voters: tally.voters,
    weight: tally.weight_units / WEIGHT_SCALE,
    options: poll.options.map((option, index) => ({
      option_id: option.id,
      text: option.text,
      voters: counts.get(option.id)?.voters ?? 0,
      weight: (units[index] ?? 0) / WEIGHT_SCALE,
      percent: percents[index] ?? 0,
      recommended: option.id === poll.recommended_option_id,
    })),
  };
}

/**
 * Whole percentages of `total` (non-negative integers) that sum to exactly 100 when the values sum
 * to `total` > 0 (Hamilton's largest remainder): each gets the floor of its share, and the points
 * left go to the largest remainders, ties to the larger value, then to the earlier one. All 0 when
 * `total` is 0. Exact (BigInt), whatever the size of the weights.
 */
export function largestRemainder(values: readonly number[], total: number): number[] {
  if (total <= 0) return values.map(() => 0);
  const whole = BigInt(total);
  const shares = values.map((value, index) => {
    const scaled = BigInt(value) * 100n;
    return { index, value, floor: Number(scaled / whole), remainder: scaled % whole };
  });
  let left = 100 - shares.reduce((sum, share) => sum + share.floor, 0);
  const result = shares.map((share) => share.floor);
  const order = [...shares].sort((a, b) => (a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : b.value - a.value || a.index - b.index));
  for (const share of order) {
    if (left <= 0) break;
    if (share.remainder === 0n) continue;
    result[share.index] = (result[share.index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/** `value` of `total` in whole percent, half up (exact); 0 when `total` is 0. */
export function roundedPercent(value: number, total: number): number {
  if (total <= 0) return 0;
  return Number((BigInt(value) * 200n + BigInt(total)) / (BigInt(total) * 2n));
}
