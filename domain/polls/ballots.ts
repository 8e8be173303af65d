import { z } from "zod";
import type { ViewerRow } from "../viewers/record.ts";
import type { RoomActor } from "../webcast-room/actor.ts";
import type { PollErrorCode } from "./messages.ts";
import type { PollRow } from "./record.ts";

/**
 * Ballots: what a voter chose in a poll (SPEC §3 Poll, Viewer "vote weight"; §6 "Voting can be
 * refused"). Pure, no I/O, no clock: the room (durable/webcast-room) passes `now`, stores what is
 * accepted and numbers it (`seq`), then counts it (tally.ts).
 *
 * - One ballot per voter per poll. A new vote while the poll is open replaces the voter's ballot:
 *   the last one counts (the tally removes the previous one's contribution and adds the new one).
 * - Voting again with the same choices and weight changes nothing (`changed: false`): nothing to
 *   store, nothing to count, the earlier ballot (and its `seq`) stands.
 * - A ballot carries the weight the voter had when casting it: a weight edited mid-poll counts
 *   from the voter's next ballot, and a recount of the stored ballots gives the same tally.
 */

/** A guest's id (room tokens, domain/webcast-room/actor.ts): `guest:<uuid>`. */
export const GUEST_PREFIX = "guest:";
/** SPEC §3: a guest has no viewer row, hence no vote weight; each guest counts one. */
export const GUEST_VOTE_WEIGHT = 1;
/**
 * Vote weights are decimals (the viewers' `vote_weight` column is a REAL: 2.5 shares, 0.5 of a
 * seat) counted in integer thousandths of a vote, so sums are exact and do not depend on the order
 * ballots come in (adding then removing 0.1 in floating point does not give back what it started
 * from). A weight is rounded to the nearest thousandth.
 */
export const WEIGHT_SCALE = 1_000;
/** The largest weight a voter can carry: sums of many such weights stay exact integers. */
export const MAX_VOTE_WEIGHT = 1_000_000;

/** A voter's weight in thousandths: rounded, below 0 or not a number → 0, above the maximum → the maximum. */
export function weightUnits(weight: number): number {
  if (!Number.isFinite(weight) || weight <= 0) return 0;
  return Math.round(Math.min(weight, MAX_VOTE_WEIGHT) * WEIGHT_SCALE);
}

/** A weight as ballots carry it: a multiple of a thousandth between 0 and MAX_VOTE_WEIGHT. */
export function normalizeVoteWeight(weight: number): number {
  return weightUnits(weight) / WEIGHT_SCALE;
}

/** The body of a vote (the room's `poll.vote` command adds its `type`). Shapes only: what a voter can get wrong is a refusal of `castBallot`. */
export const voteBodySchema = z.strictObject({
  poll_id: z.string().trim().min(1).max(64),
  // Generous bounds against abuse; empty, repeated or unknown ids are `invalid_option`.
  option_ids: z.array(z.string().min(1).max(100)).max(200),
});
export type VoteBody = z.infer<typeof voteBodySchema>;

export interface Ballot {
  poll_id: string;
  /** A registered viewer's id, or a guest's `guest:<uuid>`. */
  voter_key: string;
  /** The chosen options, in the poll's option order, each once; one for a single-choice poll. */
  option_ids: string[];
  /** The voter's weight when casting (normalizeVoteWeight); 0 votes but counts for nothing. */
  weight: number;
  /** Epoch milliseconds. */
  cast_at: number;
  /** The room's number for the accepted ballot (increasing); set when it is stored. */
  seq?: number;
}

/** Who votes, as the room knows them when the vote arrives (see `voterOf`). */
export interface Voter {
  /** The ballot's `voter_key`: the room actor's `viewer_id`. */
  key: string;
  /** The viewer's vote weight (SPEC §3); GUEST_VOTE_WEIGHT for a guest. */
  weight: number;
  /** False for the webcast's staff (producers and speakers run the poll, they do not vote) and for a viewer no longer in the webcast. */
  may_vote: boolean;
  /** The viewer has registered to the webcast (a guest never has). */
  registered: boolean;
  /** The webcast requires registration (its `registration_required`): then only registered viewers vote. */
  registration_required: boolean;
}

/**
 * The voter behind a room actor. `viewer` is the actor's viewer row (null for a guest, for staff,
 * or when the row is gone: then the actor may not vote).
 */
export function voterOf(
  actor: Pick<RoomActor, "role" | "user_id" | "viewer_id">,
  viewer: Pick<ViewerRow, "id" | "vote_weight" | "registered"> | null,
  webcast: { registration_required: boolean },
): Voter {
  const registration_required = webcast.registration_required;
  if (actor.role !== "viewer" || actor.viewer_id === null) {
    return { key: actor.viewer_id ?? `user:${actor.user_id ?? "?"}`, weight: 0, may_vote: false, registered: false, registration_required };
  }
  if (actor.viewer_id.startsWith(GUEST_PREFIX)) {
    return { key: actor.viewer_id, weight: GUEST_VOTE_WEIGHT, may_vote: true, registered: false, registration_required };
  }
  if (viewer === null || viewer.id !== actor.viewer_id) {
    return { key: actor.viewer_id, weight: 0, may_vote: false, registered: false, registration_required };
  }
  return { key: actor.viewer_id, weight: normalizeVoteWeight(viewer.vote_weight), may_vote: true, registered: viewer.registered, registration_required };
}

/** What `castBallot` reads of a poll; `status` is its live status (live.ts). */
export type VotablePoll = Pick<PollRow, "id" | "options" | "multiple_choice" | "status">;

/** Why a vote is refused (messages.ts): nothing is stored, nothing counted. */
export type VoteRefusal = Extract<PollErrorCode, "vote_not_allowed" | "vote_not_registered" | "poll_not_found" | "poll_not_open" | "invalid_option">;

export type VoteOutcome =
  | {
      ok: true;
      /** The voter's ballot now: new, or `previous` itself when nothing changed. */
      ballot: Ballot;
      /** The ballot it replaces (its contribution leaves the tally), or null for a first vote. */
      previous: Ballot | null;
      /** False when the vote repeats the voter's ballot: nothing to store or count. */
      changed: boolean;
    }
  | { ok: false; code: VoteRefusal };

/**
 * A vote: accepted as the voter's ballot for the poll (replacing `previous`, the voter's current
 * ballot for it, or null), or refused, in this order:
 * - `vote_not_allowed`: the voter may not vote (staff, or a viewer no longer in the webcast);
 * - `vote_not_registered`: the webcast requires registration and the voter has not registered;
 * - `poll_not_found`: no such poll in the webcast (`poll` null) or another poll than the vote's;
 * - `poll_not_open`: the poll is unpublished, closed or showing its results;
 * - `invalid_option`: no option, an option twice, an option the poll does not have, or more than
 *   one in a single-choice poll.
 */
export function castBallot(poll: VotablePoll | null, previous: Ballot | null, vote: VoteBody, voter: Voter, now: number): VoteOutcome {
  if (!voter.may_vote) return { ok: false, code: "vote_not_allowed" };
  if (voter.registration_required && !voter.registered) return { ok: false, code: "vote_not_registered" };
  if (poll === null || poll.id !== vote.poll_id) return { ok: false, code: "poll_not_found" };
  if (poll.status !== "open") return { ok: false, code: "poll_not_open" };
  const option_ids = chosenOptions(poll, vote.option_ids);
  if (option_ids === null) return { ok: false, code: "invalid_option" };
  if (previous !== null && (previous.voter_key !== voter.key || previous.poll_id !== poll.id)) {
    throw new Error(`castBallot: the previous ballot is ${previous.voter_key}'s in ${previous.poll_id}, not ${voter.key}'s in ${poll.id}`);
  }
  const weight = normalizeVoteWeight(voter.weight);
  if (previous !== null && previous.weight === weight && sameIds(previous.option_ids, option_ids)) return { ok: true, ballot: previous, previous, changed: false };
  return { ok: true, ballot: { poll_id: poll.id, voter_key: voter.key, option_ids, weight, cast_at: now }, previous, changed: true };
}

/** The chosen ids in the poll's option order, or null when the choice is invalid (see castBallot). */
function chosenOptions(poll: Pick<PollRow, "options" | "multiple_choice">, ids: readonly string[]): string[] | null {
  if (ids.length === 0 || (!poll.multiple_choice && ids.length > 1)) return null;
  const chosen = new Set(ids);
  if (chosen.size !== ids.length) return null;
  const ordered = poll.options.filter((option) => chosen.has(option.id)).map((option) => option.id);
  return ordered.length === ids.length ? ordered : null;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
