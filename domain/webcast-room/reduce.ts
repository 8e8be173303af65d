import type { FieldErrors } from "../errors/codes.ts";
import { type RoomActor, roomCan } from "./actor.ts";
import { type LivePoll, type PollStatusChange, applyPollingAction } from "../polls/live.ts";
import type { CommandErrorCode } from "./command-errors.ts";
import type { ShowCommand } from "./commands.ts";
import {
  ADAPTIVE_MIN_SPEAKERS,
  FOCUS_DELAY_MS,
  type LiveState,
  MAX_CONFERENCE_CONNECTIONS,
  NO_POLLING,
  type RoomPhase,
  type RoomWebcast,
  TRANSITIONAL_PHASES,
  phaseOfApiStatus,
} from "./live-state.ts";

/**
 * The webcast room's reducer: pure, no I/O, no clock. The Durable Object (the authority) runs it
 * for every websocket command and every control-room call, stores what it returns, then tells
 * everyone. A refusal changes nothing.
 */

/** A change the room tells every client: what happened and the fields it changed. */
export interface RoomChange {
  name: string;
  patch: Partial<LiveState>;
}

/** A moment replay must show in sync with the video (SPEC §7 timecodes). */
export interface Timecode {
  kind: "presentation" | "scene" | "poll" | "series";
  value: string;
}

export type Outcome =
  | {
      ok: true;
      state: LiveState;
      /** Null when the command changed nothing (it is still acknowledged). */
      change: RoomChange | null;
      /** The call's answer when it has one (dial-out: false on failure, SPEC §7). */
      result?: unknown;
      timecode?: Timecode;
      /** Close the speakers' sockets (a reset disconnects speakers, SPEC §4). */
      disconnectSpeakers?: boolean;
      /** The polls whose live status a poll action changed (domain/polls/live.ts). */
      pollStatuses?: PollStatusChange[];
    }
  | { ok: false; code: CommandErrorCode; errors?: FieldErrors };

export interface RoomContext {
  /** Epoch milliseconds. */
  now: number;
  /** False when the organization may not take one more webcast live now (max_simultaneous_webcasts). */
  goLiveAvailable: boolean;
  /** A fresh id for what the command creates (a conference connection). */
  newId: string;
  /** The webcast's polls with their live statuses (a poll action reads them). */
  polls?: readonly LivePoll[];
}

/** How long the media pipeline's transitional phases last (preparing, starting, stopping, resetting). */
export const TRANSITION_MS = 2_000;

/** What a transitional phase becomes when it ends. */
const AFTER: Partial<Record<RoomPhase, RoomPhase>> = { preparing: "prepared", starting: "live", stopping: "archived", resetting: "upcoming" };

const UPCOMING_GROUP: ReadonlySet<RoomPhase> = new Set<RoomPhase>(["upcoming", "preparing", "prepared", "ready"]);
/**
 * Phases in which the show can be steered (slides, scene, polls, focus, and the speakers'
 * conference: its layout, connections and dial-out). Once stopping, the show is over; a reset
 * disconnects the speakers and clears the conference, so nothing joins it while resetting.
 */
const STEERABLE: ReadonlySet<RoomPhase> = new Set<RoomPhase>(["upcoming", "preparing", "prepared", "ready", "starting", "live"]);

const refuse = (code: CommandErrorCode, errors?: FieldErrors): Outcome => (errors ? { ok: false, code, errors } : { ok: false, code });

function changed(state: LiveState, name: string, patch: Partial<LiveState>, now: number, extra: Partial<Extract<Outcome, { ok: true }>> = {}): Outcome {
  const full = { ...patch, last_activity_at: now };
  return { ok: true, state: { ...state, ...full }, change: { name, patch: full }, ...extra };
}

function enter(phase: RoomPhase, now: number): Pick<LiveState, "phase" | "phase_since"> {
  return { phase, phase_since: now };
}


/** The show's flow commands (SPEC §4 prepare, source, start, stop, reset). */
export type FlowCommandType = "control.prepare" | "control.rtmp.activate" | "control.vmr.activate" | "control.start" | "control.stop" | "room.reset";

/**
 * Whether the room's phase takes a flow command now (else the reducer refuses it `wrong_phase`):
 * the one statement of the flow, read by the reducer and by the control room's buttons.
 */
export function phaseAllows(state: Pick<LiveState, "phase" | "is_premiere">, type: FlowCommandType): boolean {
  switch (type) {
    case "control.prepare":
      return state.phase === "upcoming";
    case "control.rtmp.activate":
    case "control.vmr.activate":
      return state.phase === "prepared" || state.phase === "ready";
    case "control.start":
      // A premiere plays its own videos: prepared is enough. Anything else needs a source (ready).
      return state.phase === "ready" || (state.is_premiere && state.phase === "prepared");
    case "control.stop":
      return state.phase === "live" || state.phase === "starting";
    case "room.reset":
      return state.phase !== "upcoming" && state.phase !== "resetting" && state.phase !== "canceled";
  }
}

export function reduce(state: LiveState, command: ShowCommand, actor: RoomActor, context: RoomContext): Outcome {
  if (!roomCan(actor, command.type)) return refuse("not_allowed");
  if (state.phase === "canceled") return refuse("webcast_canceled");
  const { now } = context;

  switch (command.type) {
    case "control.prepare":
      if (!phaseAllows(state, command.type)) return refuse("wrong_phase");
      return changed(state, command.type, enter("preparing", now), now);

    case "control.rtmp.activate":
    case "control.vmr.activate": {
      if (state.is_premiere) return refuse("premiere_unsupported");
      if (!phaseAllows(state, command.type)) return refuse("wrong_phase");
      const source = command.type === "control.rtmp.activate" ? "rtmp" : "vmr";
      return changed(state, command.type, { ...enter("ready", now), source }, now);
    }

    case "control.start":
      if (!phaseAllows(state, command.type)) return refuse("wrong_phase");
      if (!context.goLiveAvailable) return refuse("going_live_unavailable");
      return changed(state, command.type, { ...enter("starting", now), ...noRetry(state) }, now);

    case "control.stop":
      if (!phaseAllows(state, command.type)) return refuse("wrong_phase");
      return changed(state, command.type, enter("stopping", now), now);

    case "room.reset": {
      if (!phaseAllows(state, command.type)) return refuse("wrong_phase");
      return changed(state, command.type, { ...enter("resetting", now), reset_requested_at: now, ...noRetry(state) }, now, { disconnectSpeakers: true });
    }

    case "control.focus": {
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      const at = command.option === "now" ? now : now + FOCUS_DELAY_MS;
      return changed(state, command.type, { focus: { target: command.target, option: command.option, at } }, now);
    }

    case "control.conference-layout": {
      if (state.is_premiere) return refuse("premiere_unsupported");
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      if (command.layout === "adaptive" && state.speakers_connected.length < ADAPTIVE_MIN_SPEAKERS) {
        return refuse("adaptive_needs_two");
      }
      if (state.conference_layout === command.layout) return { ok: true, state, change: null };
      return changed(state, command.type, { conference_layout: command.layout }, now);
    }

    case "conference.connect": {
      if (state.is_premiere) return refuse("premiere_unsupported");
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      if (state.conference_connections.length >= MAX_CONFERENCE_CONNECTIONS) return refuse("too_many_connections");
      const connection = {
        uuid: context.newId,
        speaker_uuid: command.speaker_uuid,
        connection_type: command.connection_type,
        protocol: command.protocol ?? (command.connection_type === "phone" ? "sip" : "webrtc"),
        is_muted: false,
        spotlight: 0,
        connected_at: now,
      } as const;
      return changed(state, command.type, { conference_connections: [...state.conference_connections, connection] }, now, { result: connection });
    }

    case "control.dial-out":
      // No telephony provider is configured: the call fails, and SPEC §7 says a failure returns false.
      if (state.is_premiere) return refuse("premiere_unsupported");
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      return { ok: true, state, change: null, result: false };

    case "slide.set":
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      if (state.current_slide_index === command.index) return { ok: true, state, change: null };
      return changed(state, command.type, { current_slide_index: command.index }, now, { timecode: { kind: "presentation", value: String(command.index) } });

    case "scene.set":
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      if (state.current_scene_layout === command.layout) return { ok: true, state, change: null };
      return changed(state, command.type, { current_scene_layout: command.layout }, now, { timecode: { kind: "scene", value: command.layout } });

    case "polling.set": {
      if (!STEERABLE.has(state.phase)) return refuse("wrong_phase");
      const outcome = applyPollingAction(state.current_polling, context.polls ?? [], command, actor);
      if (!outcome.ok) return refuse(outcome.code);
      if (!outcome.changed) return { ok: true, state, change: null };
      return changed(state, command.type, { current_polling: outcome.current_polling }, now, {
        timecode: { kind: command.kind, value: `${command.id}:${command.action}` },
        pollStatuses: outcome.statuses,
      });
    }

    case "toggle.set":
      if (state[command.name] === command.enabled) return { ok: true, state, change: null };
      return changed(state, command.type, { [command.name]: command.enabled }, now);
  }
}

/** Limits the alarms enforce (alarms.ts reads them from the webcast and its organization). */
export interface AdvanceLimits {
  /** Auto-stop after this long without activity while live (ms). */
  inactivityMs: number;
  /** A test webcast stops this long after going live (ms), else null. */
  testMaxMs: number | null;
  /** A premiere's scheduled start (epoch ms), else null. */
  premiereStartAt: number | null;
}

/** SPEC §9: a test webcast runs at most 20 minutes and takes at most 50 participants. */
export const TEST_MAX_MS = 20 * 60_000;
export const TEST_MAX_PARTICIPANTS = 50;
/** A premiere that could not start (max_simultaneous_webcasts on air) tries again this much later. */
export const PREMIERE_RETRY_MS = 60_000;

/** What `advance` needs to know of the world besides the clock. */
export interface AdvanceContext {
  /**
   * False when the organization may not take one more webcast live now. Only read when a
   * premiere is due to start (`premiereStartDue`): the room asks D1 only then.
   */
  goLiveAvailable: boolean;
}

/**
 * What time alone changes (run by the room's alarm; safe to run twice): transitional phases end,
 * a premiere prepares itself TRANSITION_MS before its scheduled time and starts at it (or waits,
 * trying again every PREMIERE_RETRY_MS, while the organization is at its limit of webcasts on
 * air), an inactive or over-time broadcast stops.
 */
export function advance(state: LiveState, now: number, limits: AdvanceLimits, context: AdvanceContext = { goLiveAvailable: true }): { state: LiveState; changes: RoomChange[] } {
  const changes: RoomChange[] = [];
  let current = state;
  const apply = (name: string, patch: Partial<LiveState>) => {
    current = { ...current, ...patch };
    changes.push({ name, patch });
  };
  // Each rule runs at most once per call; a phase reached here waits for the next alarm to end.
  const next = AFTER[current.phase];
  const premiereAt = premiereStartAt(current, limits);
  if (next && TRANSITIONAL_PHASES.has(current.phase) && now >= current.phase_since + TRANSITION_MS) {
    const since = current.phase_since + TRANSITION_MS;
    if (next === "live") apply("phase.live", { phase: "live", phase_since: since, live_since: since, peak_viewers: current.live_viewers });
    else if (next === "upcoming") apply("phase.reset", resetPatch(current, since));
    else apply(`phase.${next}`, { phase: next, phase_since: since });
  } else if (premiereAt !== null && current.phase === "upcoming" && now >= premiereAt - TRANSITION_MS) {
    // Nobody prepared it: the room does, so that it is prepared when its start time comes.
    apply("premiere.preparing", { phase: "preparing", phase_since: now, last_activity_at: now });
  } else if (premiereStartDue(current, now, limits)) {
    if (context.goLiveAvailable) apply("premiere.started", { phase: "starting", phase_since: now, last_activity_at: now, ...noRetry(current) });
    else apply("premiere.waiting", { premiere_retry_at: now + PREMIERE_RETRY_MS });
  } else if (current.phase === "live") {
    if (limits.testMaxMs !== null && current.live_since !== null && now >= current.live_since + limits.testMaxMs) {
      apply("test.ended", { phase: "stopping", phase_since: now });
    } else if (current.speakers_connected.length === 0 && now >= current.last_activity_at + limits.inactivityMs) {
      apply("inactivity.stopped", { phase: "stopping", phase_since: now });
    }
  }
  return { state: current, changes };
}

/**
 * Whether a premiere is to start now by itself: prepared (or ready), its start time passed, and
 * not waiting for its next try. The room asks whether it may go live only then.
 */
export function premiereStartDue(state: LiveState, now: number, limits: AdvanceLimits): boolean {
  const premiereAt = premiereStartAt(state, limits);
  if (premiereAt === null || !phaseAllows(state, "control.start") || now < premiereAt) return false;
  return state.premiere_retry_at === null || now >= state.premiere_retry_at;
}

/**
 * When a premiere waiting in the upcoming group starts by itself, or null. A start time that
 * precedes the last reset was already played: a reset that keeps it (SPEC §4: reschedule or keep
 * the start time) leaves the producer to start again, rather than restarting 2 s after the reset.
 */
function premiereStartAt(state: LiveState, limits: AdvanceLimits): number | null {
  if (!state.is_premiere || limits.premiereStartAt === null || !UPCOMING_GROUP.has(state.phase)) return null;
  if (state.reset_requested_at !== null && limits.premiereStartAt <= state.reset_requested_at) return null;
  return limits.premiereStartAt;
}

/** When `advance` next has something to do (epoch ms), or null when only a command can move the room. */
export function nextAlarmAt(state: LiveState, limits: AdvanceLimits): number | null {
  if (TRANSITIONAL_PHASES.has(state.phase)) return state.phase_since + TRANSITION_MS;
  const premiere = premiereStartAt(state, limits);
  if (premiere !== null) {
    if (state.phase === "upcoming") return premiere - TRANSITION_MS;
    return Math.max(premiere, state.premiere_retry_at ?? 0);
  }
  if (state.phase === "live") {
    // Inactive: nobody of the staff connected and no command since the time-to-live.
    const inactive = state.speakers_connected.length === 0 ? state.last_activity_at + limits.inactivityMs : Number.POSITIVE_INFINITY;
    const testEnd = limits.testMaxMs !== null && state.live_since !== null ? state.live_since + limits.testMaxMs : Number.POSITIVE_INFINITY;
    const at = Math.min(inactive, testEnd);
    return Number.isFinite(at) ? at : null;
  }
  return null;
}

/**
 * The webcast row changed outside the room (an edit pushed from a device, a cancellation): the
 * fields the room mirrors from it. `changed` holds only what differs from what the room last read
 * or wrote (the room compares): the flags follow the row; a canceled webcast cancels the room
 * (its speakers' conference ends); a webcast no longer canceled starts over, upcoming. Any other
 * status in the row is the room's own to set, so it is ignored. Null when nothing changes.
 */
export function webcastChanged(state: LiveState, changed: Partial<RoomWebcast>, now: number): RoomChange | null {
  const patch: Partial<LiveState> = {};
  for (const field of ["is_premiere", "is_test", "poster_overlay", "question_wall", "anonymous_questions", "speakers_see_stats"] as const) {
    const value = changed[field];
    if (value !== undefined && value !== state[field]) patch[field] = value;
  }
  if (changed.state === "canceled" && state.phase !== "canceled") {
    Object.assign(patch, enter("canceled", now), { conference_connections: [], focus: null, current_polling: NO_POLLING }, noRetry(state));
  } else if (changed.state !== undefined && changed.state !== "canceled" && state.phase === "canceled") {
    Object.assign(patch, { ...resetPatch(state, now), phase: phaseOfApiStatus(changed.state) });
  }
  return Object.keys(patch).length === 0 ? null : { name: "webcast.changed", patch };
}

/** A reset brings the room back to upcoming with the show's defaults (SPEC §4 reset). */
function resetPatch(state: LiveState, now: number): Partial<LiveState> {
  return {
    phase: "upcoming",
    phase_since: now,
    live_since: null,
    source: null,
    current_slide_index: 0,
    current_polling: NO_POLLING,
    focus: null,
    conference_connections: [],
    conference_layout: "main-speaker",
    peak_viewers: state.live_viewers,
    ...noRetry(state),
  };
}

/** Clears a waiting premiere's next try (only when set: a patch names what changes). */
function noRetry(state: Pick<LiveState, "premiere_retry_at">): Partial<LiveState> {
  return state.premiere_retry_at === null ? {} : { premiere_retry_at: null };
}

/**
 * Presence: which speakers hold a socket now (a numbered event, since the show depends on it: the
 * conference layout falls back to main speaker when fewer than two speakers remain for an
 * adaptive one, SPEC §4). Viewers coming and going are not the show's events: see `audience`.
 */
export function presence(state: LiveState, speakers: number[], now?: number): RoomChange | null {
  const sorted = [...new Set(speakers)].sort((a, b) => a - b);
  if (sorted.join(",") === state.speakers_connected.join(",")) return null;
  const patch: Partial<LiveState> = { speakers_connected: sorted };
  // Staff coming or going is activity: the inactivity clock starts when the last one leaves.
  if (now !== undefined) patch.last_activity_at = now;
  if (state.conference_layout === "adaptive" && sorted.length < ADAPTIVE_MIN_SPEAKERS) patch.conference_layout = "main-speaker";
  return { name: "presence", patch };
}

/**
 * The audience figures with `viewers` holding a socket now: the live count, and the peak, raised
 * only while live and never lowered. Null when neither changes. Not a numbered event: the room
 * stores them and sends a `stats` frame to whoever may see them (visibility.ts), so a thousand
 * viewers joining cost the others nothing.
 */
export function audience(state: Pick<LiveState, "phase" | "live_viewers" | "peak_viewers">, viewers: number): Pick<LiveState, "live_viewers" | "peak_viewers"> | null {
  const peak = state.phase === "live" ? Math.max(state.peak_viewers, viewers) : state.peak_viewers;
  if (viewers === state.live_viewers && peak === state.peak_viewers) return null;
  return { live_viewers: viewers, peak_viewers: peak };
}
