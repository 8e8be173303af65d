import type { ViewerPollView } from "../polls/live.ts";
import type { LiveState, VisibleLiveState } from "./live-state.ts";

/**
 * Interactions in step with the picture (issue #19): a viewer's video runs behind the room (an HLS
 * stream by up to ~20 s, a premiere or replay by whatever the player says), so a slide change, a
 * poll or a scene change must show when it happens in *their* video, not when the room says it.
 *
 * The gate holds what is on the viewer's screen (`shown`) and a queue of the room's changes of
 * picture-bound fields, each with its media time (`at - live_since`, the room's time line, on
 * which the player reports its position). A change is shown once the player's media time reaches
 * it; changes are shown in the order they came. Pure and clock-free: the page feeds it the room's
 * frames and the player's time. Nothing here authorizes (the room chose what this reader may see).
 *
 * - Not picture-bound fields (phase changes such as canceled or archived, the audience figures,
 *   permissions such as anonymous_questions, the room's bookkeeping) pass at once: see TIMING.
 *   Chat and questions are not in the gate at all (they are about the conversation, not the picture).
 * - No player time (audio missing, player not started, a loop playing before the show), or one
 *   too far behind the room to be on its time line (`pictureTime`): everything passes at once, and
 *   what waited is shown.
 * - The player jumps ahead: everything now due is shown, in order, in one step. It jumps back (a
 *   replay rewound): what is shown stays (the gate keeps no history to undo).
 * - A change with no media time (before live_since exists) flushes what waited and shows at once.
 * - Bounded: at most MEDIA_GATE_MAX_QUEUE changes wait (a paused player stops reporting time); past
 *   that the two oldest are merged into one, at the later one's time, so an intermediate state is
 *   dropped but nothing shows early.
 * - A snapshot (a welcome's state, the interactions after a welcome) is the room's now: shown at
 *   once (`showNow`), and what waited for its fields is dropped.
 */

/** What the viewer's screen shows: the room's live state and the polls on screen. */
export type ScreenState = VisibleLiveState & { polls_on_screen: readonly ViewerPollView[] };

type Timing = "picture" | "now";

/**
 * Every live-state field and whether it waits for the picture. A Record over all the keys: a new
 * live-state field does not compile until someone decides here.
 */
export const LIVE_FIELD_TIMING: Readonly<Record<keyof LiveState, Timing>> = {
  // What the audience sees in the picture's frame.
  current_slide_index: "picture",
  current_scene_layout: "picture",
  conference_layout: "picture",
  current_polling: "picture",
  poster_overlay: "picture",
  question_wall: "picture",
  // The show's state (canceled, archived, stopping…): the page changes state at once; the player
  // ends its own picture (its outro) from the same phase.
  phase: "now",
  phase_since: "now",
  is_premiere: "now",
  is_test: "now",
  // The time line itself.
  live_since: "now",
  source: "now",
  // A permission of the ask form, not something on screen.
  anonymous_questions: "now",
  // Carries its own time (now or in 15 s).
  focus: "now",
  conference_connections: "now",
  speakers_connected: "now",
  live_viewers: "now",
  peak_viewers: "now",
  last_activity_at: "now",
  reset_requested_at: "now",
  speakers_see_stats: "now",
  premiere_retry_at: "now",
};

/** The screen's fields that wait for the player: the picture-bound live fields and the polls on screen. */
export const PICTURE_FIELDS: ReadonlySet<keyof ScreenState> = new Set<keyof ScreenState>([
  ...(Object.keys(LIVE_FIELD_TIMING) as (keyof LiveState)[]).filter((key) => LIVE_FIELD_TIMING[key] === "picture"),
  "polls_on_screen",
]);

/**
 * SPEC §9 "Viewer preview delay 2 to 5 s": how far behind the producer a live viewer's picture
 * usually runs (a low-latency stream). Not a delay the product adds: the gate waits for each
 * viewer's own picture, whatever its lag; the control room tells producers this range (Links tab).
 */
export const VIEWER_PREVIEW_DELAY_SECONDS = { min: 2, max: 5 } as const;

/**
 * A player further behind the room than this is not on the room's time line (a stream without
 * program date times reporting its own clock, a viewer paused for minutes): its time is ignored
 * and nothing waits, rather than holding the screen still indefinitely. HLS runs ~6–30 s behind.
 */
export const MAX_PICTURE_LAG_MS = 120_000;

/**
 * The player's time the gate should use: `playerMs` unless it is MAX_PICTURE_LAG_MS or more behind
 * the room's own media time now (`roomMs`, null when unknown), or absent.
 */
export function pictureTime(playerMs: number | null, roomMs: number | null): number | null {
  if (playerMs === null || roomMs === null) return playerMs;
  return roomMs - playerMs >= MAX_PICTURE_LAG_MS ? null : playerMs;
}

/** Changes kept waiting at most (a paused player must not grow memory without bound). */
export const MEDIA_GATE_MAX_QUEUE = 32;

export interface QueuedChange {
  /** When it is due on the room's time line (ms since live_since); never earlier than the change before it. */
  media_ms: number;
  patch: Partial<ScreenState>;
}

export interface MediaGate {
  shown: ScreenState;
  /** Oldest first, media_ms non-decreasing. */
  queue: readonly QueuedChange[];
}

/** A change's media time: `at` (epoch ms, the room's clock) on the time line starting at live_since; null before live. */
export function mediaTimeOf(at: number, liveSince: number | null): number | null {
  return liveSince === null ? null : at - liveSince;
}

export function openGate(shown: ScreenState): MediaGate {
  return { shown, queue: [] };
}

function split(patch: Partial<ScreenState>): { now: Partial<ScreenState>; picture: Partial<ScreenState> | null } {
  const now: Record<string, unknown> = {};
  const picture: Record<string, unknown> = {};
  let bound = false;
  for (const [key, value] of Object.entries(patch)) {
    if (PICTURE_FIELDS.has(key as keyof ScreenState)) {
      picture[key] = value;
      bound = true;
    } else now[key] = value;
  }
  return { now: now as Partial<ScreenState>, picture: bound ? (picture as Partial<ScreenState>) : null };
}

const isEmpty = (patch: object) => Object.keys(patch).length === 0;
const merge = (shown: ScreenState, patch: Partial<ScreenState>): ScreenState => (isEmpty(patch) ? shown : ({ ...shown, ...patch } as ScreenState));

/** Merges the two oldest changes while the queue is too long: the later time, the later values. */
function bound(queue: QueuedChange[], max: number): QueuedChange[] {
  const limit = Math.max(1, max);
  while (queue.length > limit) {
    const [first, second, ...rest] = queue;
    if (!first || !second) break;
    queue = [{ media_ms: second.media_ms, patch: { ...first.patch, ...second.patch } }, ...rest];
  }
  return queue;
}

/**
 * One change from the room (an event's patch, the polls on screen): its not picture-bound fields
 * are shown at once, the others wait for `mediaMs` (null: no media time, shown at once after what
 * waited). `playerMs` is the player's media time now (null: no player time, nothing waits).
 */
export function offerChange(gate: MediaGate, patch: Partial<ScreenState>, mediaMs: number | null, playerMs: number | null, max = MEDIA_GATE_MAX_QUEUE): MediaGate {
  const { now, picture } = split(patch);
  let shown = merge(gate.shown, now);
  let queue = gate.queue;
  if (picture !== null) {
    if (mediaMs === null) {
      for (const change of queue) shown = merge(shown, change.patch);
      shown = merge(shown, picture);
      queue = [];
    } else {
      const last = queue.at(-1);
      queue = bound([...queue, { media_ms: last ? Math.max(last.media_ms, mediaMs) : mediaMs, patch: picture }], max);
    }
  }
  return advanceGate(shown === gate.shown && queue === gate.queue ? gate : { shown, queue }, playerMs);
}

/** The player is at `playerMs` (null: no player time): what is due is shown, in order. */
export function advanceGate(gate: MediaGate, playerMs: number | null): MediaGate {
  if (gate.queue.length === 0) return gate;
  let shown = gate.shown;
  let released = 0;
  for (const change of gate.queue) {
    if (playerMs !== null && change.media_ms > playerMs) break;
    shown = merge(shown, change.patch);
    released += 1;
  }
  return released === 0 ? gate : { shown, queue: gate.queue.slice(released) };
}

/** A snapshot of some fields (the room's now): shown at once; what waited for those fields is dropped. */
export function showNow(gate: MediaGate, patch: Partial<ScreenState>): MediaGate {
  const keys = new Set(Object.keys(patch));
  const queue = gate.queue.flatMap((change) => {
    const kept = Object.fromEntries(Object.entries(change.patch).filter(([key]) => !keys.has(key))) as Partial<ScreenState>;
    return isEmpty(kept) ? [] : [{ media_ms: change.media_ms, patch: kept }];
  });
  return { shown: merge(gate.shown, patch), queue };
}
