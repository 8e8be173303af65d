import { type RoomActor, roomCan } from "../webcast-room/actor.ts";
import type { PollingAction } from "../webcast-room/commands.ts";
import { type CurrentPolling, NO_POLLING, POLLING_STATUS } from "../webcast-room/live-state.ts";
import type { Ballot } from "./ballots.ts";
import type { PollErrorCode } from "./messages.ts";
import type { PollOption, PollRow } from "./record.ts";
import { type PollResults, type Tally, pollResults } from "./tally.ts";

/**
 * The live poll in the webcast's room (SPEC §4 poll badges open, closed, results, unpublished;
 * actions publish, republish, close, show results, dismiss; a compiling-results state). Pure: the
 * room holds the polls' live statuses, its `current_polling` (what is on the viewers' screens) and
 * the tallies, and runs these rules.
 *
 * - What is on screen: one poll, or one polling series (all its published polls at once, which the
 *   viewer steps through), or nothing (`current_polling`). Only polls on screen take votes: a poll
 *   that leaves the screen (dismissed, or replaced by another) is closed if it was open.
 * - Republish reopens voting and keeps the ballots: voters who voted see their choice and may change
 *   it, others may vote; the tally carries on. Results shown before are hidden again until shown.
 * - Results are compiling while some acknowledged ballot is not yet in the tally the results are
 *   drawn from (`resultsCompiling`); viewers get results only once shown and compiled.
 */

export type PollStatus = PollRow["status"];
/** What the rules read of each poll of the webcast; `status` is its live status. */
export type LivePoll = Pick<PollRow, "id" | "series_id" | "status">;

/**
 * What each action makes of each status; null: refused (`poll_wrong_status`); the same status: no
 * change (a repeated click is harmless).
 * - publish opens an unpublished poll; a poll published before is reopened by republish (a
 *   deliberate choice: its earlier ballots still count).
 * - close stops the votes; on a poll showing its results it hides them again.
 * - show_results closes the votes if open and shows the results (nothing to show unpublished).
 * - dismiss takes the poll off the screens: an open one is closed, the others keep their badge.
 */
export const POLL_TRANSITIONS: Readonly<Record<PollingAction, Readonly<Record<PollStatus, PollStatus | null>>>> = {
  publish: { unpublished: "open", open: "open", closed: null, results: null },
  republish: { unpublished: null, open: "open", closed: "open", results: "open" },
  close: { unpublished: null, open: "closed", closed: "closed", results: "closed" },
  show_results: { unpublished: null, open: "results", closed: "results", results: "results" },
  dismiss: { unpublished: "unpublished", open: "closed", closed: "closed", results: "results" },
};

/**
 * The actions a control room offers for a poll's live status (a subset of POLL_TRANSITIONS: the
 * ones that move it on): publish an unpublished poll, close an open one, show the results of an
 * open or closed one, republish a closed one or one showing results, dismiss what is on screen.
 */
export function pollActionsFor(status: PollStatus, onScreen: boolean): PollingAction[] {
  const actions: PollingAction[] = [];
  if (status === "unpublished") actions.push("publish");
  if (status === "open") actions.push("close");
  if (status === "open" || status === "closed") actions.push("show_results");
  if (status === "closed" || status === "results") actions.push("republish");
  if (onScreen) actions.push("dismiss");
  return actions;
}

/** A series' actions: those that apply to at least one of its polls (the room applies each where it can). */
export function seriesActionsFor(statuses: readonly PollStatus[], onScreen: boolean): PollingAction[] {
  const all = new Set(statuses.flatMap((status) => pollActionsFor(status, false)));
  const order: PollingAction[] = ["publish", "close", "show_results", "republish"];
  return [...order.filter((action) => all.has(action)), ...(onScreen ? (["dismiss"] as const) : [])];
}

/** A poll action on a poll or a series (the room's `polling.set` command without its type). */
export interface PollingCommand {
  kind: "poll" | "series";
  id: string;
  action: PollingAction;
}

export interface PollStatusChange {
  poll_id: string;
  status: PollStatus;
}

export type PollingOutcome =
  | {
      ok: true;
      current_polling: CurrentPolling;
      /** The polls whose live status changes, in the order of `polls`. */
      statuses: PollStatusChange[];
      /** False when nothing changes (a repeated action). */
      changed: boolean;
    }
  | { ok: false; code: "not_allowed" | Extract<PollErrorCode, "poll_not_found" | "series_empty" | "poll_wrong_status"> };

/** Whether the poll is on the viewers' screens: it is the current poll, or in the current series. */
export function isOnScreen(current: Pick<CurrentPolling, "type" | "id">, poll: Pick<LivePoll, "id" | "series_id">): boolean {
  if (current.type === "poll") return current.id === poll.id;
  if (current.type === "series") return poll.series_id !== null && poll.series_id === current.id;
  return false;
}

/**
 * A poll action (SPEC §4), by someone holding `polls.manage` (a producer speaker or an organizer,
 * SPEC §6; else `not_allowed`). `polls` are the webcast's polls with their live statuses. On a
 * series, the action applies to each of its polls it can (publish opens the unpublished ones) and
 * is refused `poll_wrong_status` only when it applies to none; on a poll of the series on screen,
 * it applies to that poll and the series stays on screen.
 * - publish, republish and show_results put their poll or series on screen;
 * - close leaves the screen as it is (a closed poll on screen shows "closed");
 * - dismiss clears the screen when it holds the poll or series, else changes only the statuses;
 * - whatever leaves the screen stops taking votes (open → closed).
 * `current_polling.status` is the status of the poll on screen; for a series, the liveliest of its
 * polls' (open, else results, else closed, else unpublished).
 */
export function applyPollingAction(current: CurrentPolling, polls: readonly LivePoll[], command: PollingCommand, actor: Pick<RoomActor, "grants">): PollingOutcome {
  if (!roomCan(actor, "polling.set")) return { ok: false, code: "not_allowed" };
  const targets = polls.filter((poll) => (command.kind === "poll" ? poll.id === command.id : poll.series_id !== null && poll.series_id === command.id));
  const first = targets[0];
  if (first === undefined) return { ok: false, code: command.kind === "poll" ? "poll_not_found" : "series_empty" };
  const moves = targets.map((poll) => ({ poll, to: POLL_TRANSITIONS[command.action][poll.status] }));
  if (moves.every((move) => move.to === null)) return { ok: false, code: "poll_wrong_status" };

  const status = new Map<string, PollStatus>(polls.map((poll) => [poll.id, poll.status]));
  for (const move of moves) if (move.to !== null) status.set(move.poll.id, move.to);

  const isTarget = current.type === command.kind && current.id === command.id;
  const inCurrentSeries = command.kind === "poll" && current.type === "series" && isOnScreen(current, first);
  let screen: Pick<CurrentPolling, "type" | "id"> = current;
  if (command.action === "publish" || command.action === "republish" || command.action === "show_results") {
    if (!inCurrentSeries) screen = { type: command.kind, id: command.id };
  } else if (command.action === "dismiss" && isTarget) {
    screen = NO_POLLING;
  }
  // Only what is on screen takes votes.
  for (const poll of polls) {
    if (status.get(poll.id) === "open" && isOnScreen(current, poll) && !isOnScreen(screen, poll)) status.set(poll.id, "closed");
  }

  const current_polling = screenState(screen, polls, status);
  const statuses = polls.filter((poll) => status.get(poll.id) !== poll.status).map((poll) => ({ poll_id: poll.id, status: status.get(poll.id) ?? poll.status }));
  const changed = statuses.length > 0 || current_polling.type !== current.type || current_polling.id !== current.id || current_polling.status !== current.status;
  return { ok: true, current_polling, statuses, changed };
}

const LIVELINESS: readonly PollStatus[] = ["open", "results", "closed", "unpublished"];

function screenState(screen: Pick<CurrentPolling, "type" | "id">, polls: readonly LivePoll[], status: ReadonlyMap<string, PollStatus>): CurrentPolling {
  if (screen.type === "none" || screen.id === null) return NO_POLLING;
  const shown = new Set(polls.filter((poll) => isOnScreen(screen, poll)).map((poll) => status.get(poll.id) ?? poll.status));
  const liveliest = LIVELINESS.find((candidate) => shown.has(candidate)) ?? "unpublished";
  return { type: screen.type, id: screen.id, status: POLLING_STATUS[liveliest] };
}

/**
 * Whether a poll's results are compiling: voting has stopped (closed, or results asked for) and the
 * tally the results come from does not yet hold every ballot the room acknowledged for the poll
 * (`tally.seq`, the highest ballot number counted, is below `acknowledgedSeq`, the last ballot
 * number the room acknowledged; 0 when none). No ballot is acknowledged once the poll is closed,
 * so compiling always ends: when that tally catches up. Results asked for while compiling are
 * accepted: viewers see "compiling" until then, and the results at once after.
 */
export function resultsCompiling(status: PollStatus, tally: Pick<Tally, "seq">, acknowledgedSeq: number): boolean {
  return (status === "closed" || status === "results") && tally.seq < acknowledgedSeq;
}

/** SPEC §4 badges, and the compiling-results state while it lasts. */
export type PollBadge = PollStatus | "compiling";

export function pollBadge(status: PollStatus, tally: Pick<Tally, "seq">, acknowledgedSeq: number): PollBadge {
  return resultsCompiling(status, tally, acknowledgedSeq) ? "compiling" : status;
}

/**
 * What of the polls a person in the room sees: `tally`, the live tally of every poll at every
 * moment (whoever manages polls, SPEC §6: the producer speaker, the organizer); `results`, results
 * only once shown (speakers without `polls.manage`, viewers, guests).
 */
export type PollAudience = "tally" | "results";

export function pollAudienceOf(actor: Pick<RoomActor, "grants">): PollAudience {
  return roomCan(actor, "polling.set") ? "tally" : "results";
}

/** How often, at most, the live tally goes to those who see it (about 4 a second, issue #16). */
export const TALLY_FLUSH_MS = 250;

/** Whether the room sends the tally now: it holds ballots not yet sent, and the last one went at least TALLY_FLUSH_MS ago. */
export function tallyFlushDue(sent: { seq: number; at: number } | null, tally: Pick<Tally, "seq">, now: number): boolean {
  if (sent === null) return tally.seq > 0;
  return tally.seq > sent.seq && now >= sent.at + TALLY_FLUSH_MS;
}

/** A poll as a viewer sees it: no status (the view's `state` says it), no recommended option until the results. */
export type PublicPoll = Pick<PollRow, "id" | "series_id" | "title" | "description" | "language" | "multiple_choice" | "display" | "position"> & { options: PollOption[] };

export interface ViewerResults {
  /** Head count. */
  voters: number;
  /** Per option, in the poll's order: its percentage (tally.ts) and whether it is the recommended one. Weights stay with the producer. */
  options: { option_id: string; percent: number; recommended: boolean }[];
}

export interface ViewerPollView {
  poll: PublicPoll;
  state: "open" | "closed" | "compiling" | "results";
  /** The viewer's own choice, if they voted. */
  ballot: string[] | null;
  /** Only in state `results`. */
  results: ViewerResults | null;
}

/** The polls on the viewers' screens, in the polls' order (unpublished polls of a series stay hidden). */
export function viewerPolls<P extends LivePoll & Pick<PollRow, "position">>(current: CurrentPolling, polls: readonly P[]): P[] {
  return polls.filter((poll) => poll.status !== "unpublished" && isOnScreen(current, poll)).sort((a, b) => a.position - b.position);
}

/** A poll as a viewer sees it (see `viewerPolls` for which), or null for an unpublished poll. */
export function viewerPollView(poll: PollRow, tally: Tally, acknowledgedSeq: number, ownBallot: Pick<Ballot, "option_ids"> | null): ViewerPollView | null {
  if (poll.status === "unpublished") return null;
  // Named field by field: a field added to polls later stays with the producer until listed here.
  const publicPoll: PublicPoll = {
    id: poll.id,
    series_id: poll.series_id,
    title: poll.title,
    description: poll.description,
    language: poll.language,
    multiple_choice: poll.multiple_choice,
    display: poll.display,
    position: poll.position,
    options: poll.options.map((option) => ({ id: option.id, text: option.text })),
  };
  const ballot = ownBallot === null ? null : [...ownBallot.option_ids];
  const state = resultsCompiling(poll.status, tally, acknowledgedSeq) ? "compiling" : poll.status;
  if (state !== "results") return { poll: publicPoll, state, ballot, results: null };
  const results = pollResults(poll, tally);
  return {
    poll: publicPoll,
    state,
    ballot,
    results: { voters: results.voters, options: results.options.map((option) => ({ option_id: option.option_id, percent: option.percent, recommended: option.recommended })) },
  };
}

export interface ProducerPollView {
  poll_id: string;
  status: PollStatus;
  badge: PollBadge;
  compiling: boolean;
  /** The live tally, whatever the status: head counts, weighted sums, percentages, the recommended option. */
  results: PollResults;
}

/** A poll as whoever manages polls sees it: the live tally, always. */
export function producerPollView(poll: PollRow, tally: Tally, acknowledgedSeq: number): ProducerPollView {
  const compiling = resultsCompiling(poll.status, tally, acknowledgedSeq);
  return { poll_id: poll.id, status: poll.status, badge: compiling ? "compiling" : poll.status, compiling, results: pollResults(poll, tally) };
}
