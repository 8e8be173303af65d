import { z } from "zod";
import type { WebcastApiStatus } from "../webcasts/record.ts";

/**
 * The live state of one webcast, held by its room (durable/webcast-room) and mirrored to every
 * connected client. SPEC §3 webcast live fields and §4 states, flow and layouts.
 */

/**
 * Where the show is (SPEC §4 interface statuses). The upcoming group is upcoming → preparing →
 * prepared → ready; then starting → live → stopping → archived. `resetting` runs a reset back to
 * upcoming; `canceled` is the webcast's own state (the room only reads it). A premiere on air is
 * `live` here and `premiering` to the API (apiStatusOf).
 */
export const ROOM_PHASES = ["upcoming", "preparing", "prepared", "ready", "starting", "live", "stopping", "archived", "canceled", "resetting"] as const;
export type RoomPhase = (typeof ROOM_PHASES)[number];

/** Phases that end by themselves after TRANSITION_MS (the media pipeline's work): see `advance`. */
export const TRANSITIONAL_PHASES: ReadonlySet<RoomPhase> = new Set<RoomPhase>(["preparing", "starting", "stopping", "resetting"]);

/** SPEC §4 scene layouts. */
export const SCENE_LAYOUTS = ["video-only", "video-presentation", "presentation-only"] as const;
export type SceneLayout = (typeof SCENE_LAYOUTS)[number];

/**
 * SPEC §4 conference layouts: main speaker, four main speakers, one main plus up to 33, adaptive
 * composition (2+ speakers connected), and the others the texts name.
 */
export const CONFERENCE_LAYOUTS = [
  "main-speaker",
  "four-main-speakers",
  "one-main-33",
  "adaptive",
  "one-main-7",
  "one-main-21",
  "two-main-8",
  "two-main-21",
  "nine",
  "sixteen",
  "twenty-five",
] as const;
export type ConferenceLayout = (typeof CONFERENCE_LAYOUTS)[number];

/** SPEC §9: the adaptive layout needs this many speakers connected. */
export const ADAPTIVE_MIN_SPEAKERS = 2;

/** SPEC §3 `current_polling` statuses; none is -1 (the default, with type none and id null). */
export const POLLING_STATUS = { none: -1, unpublished: 0, open: 1, closed: 2, results: 3 } as const;
export const POLLING_TYPES = ["none", "poll", "series"] as const;

export const currentPollingSchema = z.object({
  type: z.enum(POLLING_TYPES),
  id: z.string().nullable(),
  status: z.number().int().min(-1).max(3),
});
export type CurrentPolling = z.infer<typeof currentPollingSchema>;
export const NO_POLLING: CurrentPolling = { type: "none", id: null, status: POLLING_STATUS.none };

/** SPEC §4 focus options: now or in 15 seconds; `at` is when the focus applies (epoch ms). */
export const FOCUS_TARGETS = ["webcast", "virtual-tables"] as const;
export const FOCUS_OPTIONS = ["now", "in_15s"] as const;
export const FOCUS_DELAY_MS = 15_000;
export const focusSchema = z.object({ target: z.enum(FOCUS_TARGETS), option: z.enum(FOCUS_OPTIONS), at: z.number().int().nonnegative() });
export type Focus = z.infer<typeof focusSchema>;

/** SPEC §3 conference connection types and protocols. */
export const CONNECTION_TYPES = ["webrtc-test", "webrtc", "teams", "phone", "vcu", "assistant"] as const;
export const CONNECTION_PROTOCOLS = ["api", "h323", "mssip", "rtmp", "sip", "webrtc"] as const;
export const conferenceConnectionSchema = z.object({
  uuid: z.string(),
  speaker_uuid: z.string(),
  connection_type: z.enum(CONNECTION_TYPES),
  protocol: z.enum(CONNECTION_PROTOCOLS),
  is_muted: z.boolean(),
  /** SPEC §3: -1 while toggling, > 0 when spotlighted, 0 otherwise. */
  spotlight: z.number().int().min(-1),
  connected_at: z.number().int().nonnegative(),
});
export type ConferenceConnection = z.infer<typeof conferenceConnectionSchema>;
/** The most connections a room keeps (SPEC §9: one main plus up to 33 secondary speakers, plus room for phones). */
export const MAX_CONFERENCE_CONNECTIONS = 64;

/** The source the producer activated for the broadcast (SPEC §7 rtmp/activate, vmr/activate). */
export const SOURCE_KINDS = ["rtmp", "vmr"] as const;

export const liveStateSchema = z.object({
  phase: z.enum(ROOM_PHASES),
  /** When the phase was entered (epoch ms): transitional phases end TRANSITION_MS later. */
  phase_since: z.number().int().nonnegative(),
  is_premiere: z.boolean(),
  is_test: z.boolean(),
  /** When the broadcast went live (epoch ms): media time 0 of the timecodes; null before. */
  live_since: z.number().int().nonnegative().nullable(),
  source: z.enum(SOURCE_KINDS).nullable(),
  current_slide_index: z.number().int().nonnegative(),
  current_scene_layout: z.enum(SCENE_LAYOUTS),
  conference_layout: z.enum(CONFERENCE_LAYOUTS),
  current_polling: currentPollingSchema,
  poster_overlay: z.boolean(),
  question_wall: z.boolean(),
  anonymous_questions: z.boolean(),
  focus: focusSchema.nullable(),
  conference_connections: z.array(conferenceConnectionSchema).max(MAX_CONFERENCE_CONNECTIONS),
  /** User ids of the speakers (producer included) with a socket open now. */
  speakers_connected: z.array(z.number().int().positive()),
  /** Viewers with a socket open now, and the most at once since the room last went live. */
  live_viewers: z.number().int().nonnegative(),
  peak_viewers: z.number().int().nonnegative(),
  /** When anything last happened in the room (a command or a connection): the inactivity clock. */
  last_activity_at: z.number().int().nonnegative(),
  /** When a reset was last asked for (epoch ms; SPEC §3 reset_requested_at). */
  reset_requested_at: z.number().int().nonnegative().nullable(),
  /** SPEC §3 speakers-see-stats flag (the webcast's setting): speakers get the audience figures. */
  speakers_see_stats: z.boolean(),
  /**
   * A premiere due to start that could not (the organization's max_simultaneous_webcasts are on
   * air): when the room tries again (epoch ms); null otherwise.
   */
  premiere_retry_at: z.number().int().nonnegative().nullable(),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** The audience figures: the producer's, a speaker's when the webcast allows it (see visibility.ts). */
export const STATS_FIELDS = ["live_viewers", "peak_viewers"] as const satisfies readonly (keyof LiveState)[];

/** The live state as a client receives it: the audience figures only when it may see them. */
export const visibleLiveStateSchema = liveStateSchema.partial({ live_viewers: true, peak_viewers: true });
export type VisibleLiveState = z.infer<typeof visibleLiveStateSchema>;

/** What the room reads of the webcast row to start from (D1 `webcasts`). */
export interface RoomWebcast {
  state: WebcastApiStatus;
  is_premiere: boolean;
  is_test: boolean;
  poster_overlay: boolean;
  question_wall: boolean;
  anonymous_questions: boolean;
  speakers_see_stats: boolean;
}

/** The phase a webcast row's API state starts a fresh room in. */
export function phaseOfApiStatus(status: WebcastApiStatus): RoomPhase {
  switch (status) {
    case "starting":
      return "starting";
    case "live":
    case "premiering":
    case "pre_loop":
    case "end_loop":
      return "live";
    case "stopping":
      return "stopping";
    case "archived":
      return "archived";
    case "canceled":
      return "canceled";
    case "resetting":
      return "resetting";
    default:
      return "upcoming";
  }
}

/** The SPEC §4 API status of a phase: the upcoming group is `upcoming`; a premiere on air `premiering`. */
export function apiStatusOf(state: Pick<LiveState, "phase" | "is_premiere">): WebcastApiStatus {
  switch (state.phase) {
    case "upcoming":
    case "preparing":
    case "prepared":
    case "ready":
      return "upcoming";
    case "live":
      return state.is_premiere ? "premiering" : "live";
    default:
      return state.phase;
  }
}

/**
 * What the room writes back to its webcast row (its API status and the three SPEC §7 toggles), so
 * the organization's lists and devices see them; the room remembers what it last wrote.
 */
export interface RoomMirror {
  state: WebcastApiStatus;
  poster_overlay: boolean;
  question_wall: boolean;
  anonymous_questions: boolean;
}

export function mirrorOf(state: LiveState): RoomMirror {
  return { state: apiStatusOf(state), poster_overlay: state.poster_overlay, question_wall: state.question_wall, anonymous_questions: state.anonymous_questions };
}

/** A room's first state, from its webcast row (the defaults of SPEC §3/§4 for the rest). */
export function initialLiveState(webcast: RoomWebcast, now: number): LiveState {
  const phase = phaseOfApiStatus(webcast.state);
  return {
    phase,
    phase_since: now,
    is_premiere: webcast.is_premiere,
    is_test: webcast.is_test,
    live_since: phase === "live" || phase === "stopping" ? now : null,
    source: null,
    current_slide_index: 0,
    current_scene_layout: "video-presentation",
    conference_layout: "main-speaker",
    current_polling: NO_POLLING,
    poster_overlay: webcast.poster_overlay,
    question_wall: webcast.question_wall,
    anonymous_questions: webcast.anonymous_questions,
    focus: null,
    conference_connections: [],
    speakers_connected: [],
    live_viewers: 0,
    peak_viewers: 0,
    last_activity_at: now,
    reset_requested_at: null,
    speakers_see_stats: webcast.speakers_see_stats,
    premiere_retry_at: null,
  };
}
