import { describe, expect, it } from "vitest";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import type { RoomActor } from "./actor.ts";
import { SHOW_COMMAND_TYPES as ROOM_COMMAND_TYPES, type ShowCommand as RoomCommand, type ShowCommandType as RoomCommandType } from "./commands.ts";
import { FOCUS_DELAY_MS, type LiveState, MAX_CONFERENCE_CONNECTIONS, NO_POLLING, ROOM_PHASES, type RoomPhase, initialLiveState } from "./live-state.ts";
import type { RoomErrorCode } from "./messages.ts";
import {
  type AdvanceLimits,
  type Outcome,
  type RoomContext,
  TEST_MAX_MS,
  TEST_MAX_PARTICIPANTS,
  PREMIERE_RETRY_MS,
  TRANSITION_MS,
  advance,
  audience,
  nextAlarmAt,
  premiereStartDue,
  presence,
  reduce,
  webcastChanged,
} from "./reduce.ts";

const T0 = 1_750_000_000_000;
const NOW = T0 + 60_000;
const NEW_ID = "0199aaaa-0000-7000-8000-000000000001";
const POLLS = [
  { id: "p-9a", series_id: "s-9", status: "unpublished" },
  { id: "p-1", series_id: null, status: "unpublished" },
] as const;
const context: RoomContext = { now: NOW, goLiveAvailable: true, newId: NEW_ID, polls: POLLS };

const producer: RoomActor = { role: "producer", user_id: 1, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
const speaker: RoomActor = { role: "speaker", user_id: 2, viewer_id: null, grants: [], locale: "fr" };
const viewer: RoomActor = { role: "viewer", user_id: null, viewer_id: "guest:0199aaaa-0000-7000-8000-0000000000ff", grants: [], locale: "en" };

/** A plain (not premiere, not test) webcast's room in `phase`, fresh from its row at T0. */
function roomIn(phase: RoomPhase, overrides: Partial<LiveState> = {}): LiveState {
  const fresh = initialLiveState(
    { state: "upcoming", is_premiere: false, is_test: false, poster_overlay: false, question_wall: false, anonymous_questions: false, speakers_see_stats: false },
    T0,
  );
  return { ...fresh, phase, ...overrides };
}

/** One command of each type, each one that changes the default state (none is a no-op). */
const SAMPLE = {
  "control.prepare": { type: "control.prepare" },
  "control.start": { type: "control.start" },
  "control.stop": { type: "control.stop" },
  "control.rtmp.activate": { type: "control.rtmp.activate" },
  "control.vmr.activate": { type: "control.vmr.activate" },
  "control.focus": { type: "control.focus", target: "virtual-tables", option: "in_15s" },
  "control.conference-layout": { type: "control.conference-layout", layout: "four-main-speakers" },
  "conference.connect": { type: "conference.connect", speaker_uuid: "spk-1", connection_type: "phone" },
  "control.dial-out": { type: "control.dial-out", protocol: "sip", destination: "sip:room@example.com" },
  "slide.set": { type: "slide.set", index: 3 },
  "scene.set": { type: "scene.set", layout: "video-only" },
  "polling.set": { type: "polling.set", kind: "series", id: "s-9", action: "publish" },
  "toggle.set": { type: "toggle.set", name: "question_wall", enabled: true },
  "room.reset": { type: "room.reset", keep_start: false },
} satisfies { [K in RoomCommandType]: Extract<RoomCommand, { type: K }> };

const CONNECTION = {
  uuid: NEW_ID,
  speaker_uuid: "spk-1",
  connection_type: "phone",
  protocol: "sip",
  is_muted: false,
  spotlight: 0,
  connected_at: NOW,
} as const;

/**
 * What each sample does when the producer's command is accepted (the patch, without the
 * `last_activity_at` every change carries), and what else the outcome holds. Written from SPEC §3,
 * §4, §7 and §9, not computed by the reducer. `patch: null` means acknowledged, nothing changed.
 */
const ACCEPTED: Record<RoomCommandType, { patch: Partial<LiveState> | null; extra?: Record<string, unknown> }> = {
  "control.prepare": { patch: { phase: "preparing", phase_since: NOW } },
  "control.start": { patch: { phase: "starting", phase_since: NOW } },
  "control.stop": { patch: { phase: "stopping", phase_since: NOW } },
  "control.rtmp.activate": { patch: { phase: "ready", phase_since: NOW, source: "rtmp" } },
  "control.vmr.activate": { patch: { phase: "ready", phase_since: NOW, source: "vmr" } },
  "control.focus": { patch: { focus: { target: "virtual-tables", option: "in_15s", at: NOW + 15_000 } } },
  "control.conference-layout": { patch: { conference_layout: "four-main-speakers" } },
  "conference.connect": { patch: { conference_connections: [CONNECTION] }, extra: { result: CONNECTION } },
  // SPEC §7: dial-out answers false on failure (no telephony provider: it always fails today).
  "control.dial-out": { patch: null, extra: { result: false } },
  "slide.set": { patch: { current_slide_index: 3 }, extra: { timecode: { kind: "presentation", value: "3" } } },
  "scene.set": { patch: { current_scene_layout: "video-only" }, extra: { timecode: { kind: "scene", value: "video-only" } } },
  "polling.set": {
    patch: { current_polling: { type: "series", id: "s-9", status: 1 } },
    extra: { timecode: { kind: "series", value: "s-9:publish" }, pollStatuses: [{ poll_id: "p-9a", status: "open" }] },
  },
  "toggle.set": { patch: { question_wall: true } },
  "room.reset": { patch: { phase: "resetting", phase_since: NOW, reset_requested_at: NOW }, extra: { disconnectSpeakers: true } },
};

type Expected = "ok" | RoomErrorCode;
const OK = "ok";
const W = "wrong_phase";
const C = "webcast_canceled";

/** Column order of the table below. */
const PHASES = ["upcoming", "preparing", "prepared", "ready", "starting", "live", "stopping", "archived", "canceled", "resetting"] as const;

/**
 * The producer's outcome for each command in each phase (a plain webcast, not a premiere).
 * - prepare only from upcoming; a source (rtmp/vmr) once prepared (or to switch it while ready);
 *   start only when ready (a premiere may start from prepared, see below); stop while starting or live;
 * - the show (focus, slides, scene, polls) and the speakers' conference (layout, connections,
 *   dial-out) are steered from upcoming until live; not while stopping, archived or resetting;
 * - the three SPEC §7 toggles are webcast settings: any phase;
 * - reset from anything but upcoming (nothing to reset) and resetting (already running);
 * - a canceled webcast refuses everything.
 */
const TABLE: Record<RoomCommandType, readonly Expected[]> = {
  // Columns: upcoming, preparing, prepared, ready, starting, live, stopping, archived, canceled, resetting.
  "control.prepare": [OK, W, W, W, W, W, W, W, C, W],
  "control.start": [W, W, W, OK, W, W, W, W, C, W],
  "control.stop": [W, W, W, W, OK, OK, W, W, C, W],
  "control.rtmp.activate": [W, W, OK, OK, W, W, W, W, C, W],
  "control.vmr.activate": [W, W, OK, OK, W, W, W, W, C, W],
  "control.focus": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "control.conference-layout": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "conference.connect": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "control.dial-out": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "slide.set": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "scene.set": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "polling.set": [OK, OK, OK, OK, OK, OK, W, W, C, W],
  "toggle.set": [OK, OK, OK, OK, OK, OK, OK, OK, C, OK],
  "room.reset": [W, OK, OK, OK, OK, OK, OK, OK, C, W],
};

function expectedOutcome(type: RoomCommandType, phase: RoomPhase): Outcome {
  const expected = TABLE[type][PHASES.indexOf(phase)];
  if (expected !== OK) return { ok: false, code: expected as RoomErrorCode };
  const before = roomIn(phase);
  const { patch, extra = {} } = ACCEPTED[type];
  if (patch === null) return { ok: true, state: before, change: null, ...extra };
  const full = { ...patch, last_activity_at: NOW };
  return { ok: true, state: { ...before, ...full }, change: { name: type, patch: full }, ...extra };
}

describe("reduce: the phase × command × role table", () => {
  it("covers every phase and every command type", () => {
    expect([...ROOM_PHASES]).toEqual([...PHASES]);
    expect(Object.keys(TABLE).sort()).toEqual([...ROOM_COMMAND_TYPES].sort());
    expect(ROOM_COMMAND_TYPES).toHaveLength(14);
    for (const row of Object.values(TABLE)) expect(row).toHaveLength(PHASES.length);
  });

  for (const type of ROOM_COMMAND_TYPES) {
    for (const phase of ROOM_PHASES) {
      const expected = TABLE[type][PHASES.indexOf(phase)];
      it(`${type} in ${phase}: producer ${expected}, speaker and viewer not_allowed`, () => {
        const state = roomIn(phase);
        const snapshot = structuredClone(state);
        expect(reduce(state, SAMPLE[type], producer, context)).toEqual(expectedOutcome(type, phase));
        expect(reduce(state, SAMPLE[type], speaker, context)).toEqual({ ok: false, code: "not_allowed" });
        expect(reduce(state, SAMPLE[type], viewer, context)).toEqual({ ok: false, code: "not_allowed" });
        // Pure: the state passed in is never mutated, whatever the outcome.
        expect(state).toEqual(snapshot);
      });
    }
  }

  it("emits a timecode only for slide, scene and poll changes", () => {
    const withTimecode = ROOM_COMMAND_TYPES.filter((type) => {
      const outcome = reduce(roomIn("live"), SAMPLE[type], producer, context);
      return outcome.ok && outcome.timecode !== undefined;
    });
    expect(withTimecode.sort()).toEqual(["polling.set", "scene.set", "slide.set"]);
  });

  it("needs the command's own grant: slides.manage for slides, polls.manage for polls, control_room.manage for the rest", () => {
    const slidesOnly: RoomActor = { ...producer, grants: ["slides.manage"] };
    const pollsOnly: RoomActor = { ...producer, grants: ["polls.manage"] };
    const roomOnly: RoomActor = { ...producer, grants: ["control_room.manage"] };
    const live = roomIn("live");
    expect(reduce(live, SAMPLE["slide.set"], slidesOnly, context).ok).toBe(true);
    expect(reduce(live, SAMPLE["polling.set"], slidesOnly, context)).toEqual({ ok: false, code: "not_allowed" });
    expect(reduce(live, SAMPLE["polling.set"], pollsOnly, context).ok).toBe(true);
    expect(reduce(live, SAMPLE["scene.set"], pollsOnly, context)).toEqual({ ok: false, code: "not_allowed" });
    expect(reduce(live, SAMPLE["slide.set"], roomOnly, context)).toEqual({ ok: false, code: "not_allowed" });
    for (const type of ROOM_COMMAND_TYPES.filter((t) => t !== "slide.set" && t !== "polling.set")) {
      expect(reduce(live, SAMPLE[type], slidesOnly, context)).toEqual({ ok: false, code: "not_allowed" });
    }
  });
});

describe("reduce: premieres (SPEC §4: some control room features are unsupported)", () => {
  const premiereIn = (phase: RoomPhase, overrides: Partial<LiveState> = {}) => roomIn(phase, { is_premiere: true, ...overrides });

  it("refuses rtmp, vmr, the conference layout, connections and dial-out in every phase", () => {
    const unsupported = ["control.rtmp.activate", "control.vmr.activate", "control.conference-layout", "conference.connect", "control.dial-out"] as const;
    for (const type of unsupported) {
      for (const phase of ROOM_PHASES.filter((p) => p !== "canceled")) {
        expect(reduce(premiereIn(phase), SAMPLE[type], producer, context), `${type} in ${phase}`).toEqual({ ok: false, code: "premiere_unsupported" });
      }
      expect(reduce(premiereIn("canceled"), SAMPLE[type], producer, context)).toEqual({ ok: false, code: "webcast_canceled" });
      expect(reduce(premiereIn("live"), SAMPLE[type], speaker, context)).toEqual({ ok: false, code: "not_allowed" });
    }
  });

  it("starts from prepared (it plays its own videos: no source to activate)", () => {
    const outcome = reduce(premiereIn("prepared"), SAMPLE["control.start"], producer, context);
    expect(outcome).toMatchObject({ ok: true, change: { name: "control.start", patch: { phase: "starting", phase_since: NOW, last_activity_at: NOW } } });
    expect(reduce(premiereIn("upcoming"), SAMPLE["control.start"], producer, context)).toEqual({ ok: false, code: "wrong_phase" });
    expect(reduce(premiereIn("preparing"), SAMPLE["control.start"], producer, context)).toEqual({ ok: false, code: "wrong_phase" });
    // A plain webcast needs its source: prepared is not enough.
    expect(reduce(roomIn("prepared"), SAMPLE["control.start"], producer, context)).toEqual({ ok: false, code: "wrong_phase" });
  });

  it("keeps the rest of the control room: slides, scene, polls, focus, toggles, stop, reset", () => {
    for (const type of ["slide.set", "scene.set", "polling.set", "control.focus", "toggle.set", "control.stop", "room.reset"] as const) {
      expect(reduce(premiereIn("live"), SAMPLE[type], producer, context).ok, type).toBe(true);
    }
  });
});

describe("reduce: start when going live is not possible now", () => {
  it("refuses with going_live_unavailable (SPEC §8) and changes nothing", () => {
    const busy: RoomContext = { ...context, goLiveAvailable: false };
    expect(reduce(roomIn("ready"), SAMPLE["control.start"], producer, busy)).toEqual({ ok: false, code: "going_live_unavailable" });
    expect(reduce(roomIn("prepared", { is_premiere: true }), SAMPLE["control.start"], producer, busy)).toEqual({ ok: false, code: "going_live_unavailable" });
  });
  it("still says wrong_phase first when start is not possible anyway", () => {
    expect(reduce(roomIn("live"), SAMPLE["control.start"], producer, { ...context, goLiveAvailable: false })).toEqual({ ok: false, code: "wrong_phase" });
  });
  it("only concerns start", () => {
    const busy: RoomContext = { ...context, goLiveAvailable: false };
    expect(reduce(roomIn("upcoming"), SAMPLE["control.prepare"], producer, busy).ok).toBe(true);
    expect(reduce(roomIn("live"), SAMPLE["control.stop"], producer, busy).ok).toBe(true);
  });
});

describe("reduce: conference layouts (SPEC §4, §9)", () => {
  const adaptive = { type: "control.conference-layout", layout: "adaptive" } as const;
  it("refuses adaptive with fewer than 2 speakers connected", () => {
    expect(reduce(roomIn("live", { speakers_connected: [] }), adaptive, producer, context)).toEqual({ ok: false, code: "adaptive_needs_two" });
    expect(reduce(roomIn("live", { speakers_connected: [1] }), adaptive, producer, context)).toEqual({ ok: false, code: "adaptive_needs_two" });
  });
  it("accepts adaptive with 2 or more", () => {
    for (const speakers of [[1, 2], [1, 2, 3]]) {
      expect(reduce(roomIn("live", { speakers_connected: speakers }), adaptive, producer, context)).toMatchObject({
        ok: true,
        change: { name: "control.conference-layout", patch: { conference_layout: "adaptive", last_activity_at: NOW } },
      });
    }
  });
  it("accepts every other layout with a single speaker", () => {
    for (const layout of ["main-speaker", "four-main-speakers", "one-main-33", "one-main-7", "one-main-21", "two-main-8", "two-main-21", "nine", "sixteen", "twenty-five"] as const) {
      const outcome = reduce(roomIn("live", { speakers_connected: [1], conference_layout: "nine" }), { type: "control.conference-layout", layout }, producer, context);
      expect(outcome.ok, layout).toBe(true);
    }
  });
});

describe("reduce: conference connections and dial-out (SPEC §3, §7)", () => {
  it("adds a connection with a fresh id, unmuted, not spotlighted, and answers it", () => {
    const outcome = reduce(roomIn("live"), { type: "conference.connect", speaker_uuid: "spk-2", connection_type: "webrtc" }, producer, context);
    const connection = { uuid: NEW_ID, speaker_uuid: "spk-2", connection_type: "webrtc", protocol: "webrtc", is_muted: false, spotlight: 0, connected_at: NOW };
    expect(outcome).toEqual({
      ok: true,
      state: { ...roomIn("live"), conference_connections: [connection], last_activity_at: NOW },
      change: { name: "conference.connect", patch: { conference_connections: [connection], last_activity_at: NOW } },
      result: connection,
    });
  });
  it("keeps an explicit protocol", () => {
    const outcome = reduce(roomIn("live"), { type: "conference.connect", speaker_uuid: "spk-2", connection_type: "vcu", protocol: "h323" }, producer, context);
    expect(outcome).toMatchObject({ ok: true, result: { connection_type: "vcu", protocol: "h323" } });
  });
  it("refuses one connection over MAX_CONFERENCE_CONNECTIONS", () => {
    const full = Array.from({ length: MAX_CONFERENCE_CONNECTIONS }, (_, i) => ({ ...CONNECTION, uuid: `c-${i}` }));
    expect(reduce(roomIn("live", { conference_connections: full }), SAMPLE["conference.connect"], producer, context)).toEqual({
      ok: false,
      code: "too_many_connections",
    });
    expect(reduce(roomIn("live", { conference_connections: full.slice(1) }), SAMPLE["conference.connect"], producer, context).ok).toBe(true);
  });
  it("answers dial-out with false and changes nothing", () => {
    const state = roomIn("live");
    const outcome = reduce(state, { type: "control.dial-out", protocol: "h323", destination: "10.0.0.1" }, producer, context);
    expect(outcome).toEqual({ ok: true, state, change: null, result: false });
    if (outcome.ok) expect(outcome.state).toBe(state);
  });
});

describe("reduce: no-op commands are acknowledged with change null", () => {
  const noOps: [string, LiveState, RoomCommand][] = [
    ["the same slide", roomIn("live", { current_slide_index: 4 }), { type: "slide.set", index: 4 }],
    ["the same scene", roomIn("live"), { type: "scene.set", layout: "video-presentation" }],
    ["the same conference layout", roomIn("live"), { type: "control.conference-layout", layout: "main-speaker" }],
    ["a toggle already on", roomIn("live", { poster_overlay: true }), { type: "toggle.set", name: "poster_overlay", enabled: true }],
    ["a toggle already off", roomIn("archived"), { type: "toggle.set", name: "anonymous_questions", enabled: false }],
  ];
  for (const [what, state, command] of noOps) {
    it(what, () => {
      const outcome = reduce(state, command, producer, context);
      expect(outcome).toEqual({ ok: true, state, change: null });
      if (outcome.ok) {
        expect(outcome.state).toBe(state);
        expect(outcome.timecode).toBeUndefined();
      }
    });
  }
  it("still refuses a no-op the actor may not run", () => {
    expect(reduce(roomIn("live"), { type: "slide.set", index: 0 }, speaker, context)).toEqual({ ok: false, code: "not_allowed" });
  });
});

describe("reduce: timecodes (issue #15 §5)", () => {
  it("records every slide change with its index", () => {
    expect(reduce(roomIn("live", { current_slide_index: 1 }), { type: "slide.set", index: 0 }, producer, context)).toMatchObject({
      ok: true,
      timecode: { kind: "presentation", value: "0" },
    });
  });
  it("records every scene change with its layout", () => {
    expect(reduce(roomIn("live"), { type: "scene.set", layout: "presentation-only" }, producer, context)).toMatchObject({
      ok: true,
      timecode: { kind: "scene", value: "presentation-only" },
    });
  });
  it("runs every poll action through the polls' rules, with the current polling and statuses each leaves (SPEC §3 type, id, status; §4)", () => {
    type Live = { id: string; series_id: string | null; status: "unpublished" | "open" | "closed" | "results" };
    let polls: Live[] = [{ id: "p-1", series_id: null, status: "unpublished" }];
    let state = roomIn("live");
    const steps = [
      ["publish", { type: "poll", id: "p-1", status: 1 }, "open"],
      ["close", { type: "poll", id: "p-1", status: 2 }, "closed"],
      ["show_results", { type: "poll", id: "p-1", status: 3 }, "results"],
      ["republish", { type: "poll", id: "p-1", status: 1 }, "open"],
      ["dismiss", { type: "none", id: null, status: -1 }, "closed"],
    ] as const;
    for (const [action, polling, status] of steps) {
      const outcome = reduce(state, { type: "polling.set", kind: "poll", id: "p-1", action }, producer, { ...context, polls });
      expect(outcome, action).toMatchObject({
        ok: true,
        change: { name: "polling.set", patch: { current_polling: polling } },
        timecode: { kind: "poll", value: `p-1:${action}` },
        pollStatuses: [{ poll_id: "p-1", status }],
      });
      if (!outcome.ok) return;
      state = outcome.state;
      polls = polls.map((poll) => ({ ...poll, status }));
    }
    // A closed poll is republished, not published; an unknown poll or an empty series is refused.
    expect(reduce(state, { type: "polling.set", kind: "poll", id: "p-1", action: "publish" }, producer, { ...context, polls })).toEqual({ ok: false, code: "poll_wrong_status" });
    expect(reduce(state, { type: "polling.set", kind: "poll", id: "p-404", action: "publish" }, producer, { ...context, polls })).toEqual({ ok: false, code: "poll_not_found" });
    expect(reduce(state, { type: "polling.set", kind: "series", id: "s-404", action: "publish" }, producer, { ...context, polls })).toEqual({ ok: false, code: "series_empty" });
    // The same action again changes nothing: acknowledged, no event.
    const open = reduce(state, { type: "polling.set", kind: "poll", id: "p-1", action: "republish" }, producer, { ...context, polls });
    expect(open.ok && open.change).not.toBe(null);
    if (!open.ok) return;
    expect(reduce(open.state, { type: "polling.set", kind: "poll", id: "p-1", action: "republish" }, producer, { ...context, polls: polls.map((poll) => ({ ...poll, status: "open" as const })) })).toEqual({
      ok: true,
      state: open.state,
      change: null,
    });
  });
});

describe("reduce: focus (SPEC §4: now or in 15 seconds)", () => {
  it("applies now, or FOCUS_DELAY_MS later", () => {
    expect(FOCUS_DELAY_MS).toBe(15_000);
    expect(reduce(roomIn("live"), { type: "control.focus", target: "webcast", option: "now" }, producer, context)).toMatchObject({
      ok: true,
      change: { patch: { focus: { target: "webcast", option: "now", at: NOW } } },
    });
    expect(reduce(roomIn("live"), { type: "control.focus", target: "webcast", option: "in_15s" }, producer, context)).toMatchObject({
      ok: true,
      change: { patch: { focus: { target: "webcast", option: "in_15s", at: NOW + 15_000 } } },
    });
  });
});

describe("reduce: reset (SPEC §4)", () => {
  it("disconnects speakers, enters resetting and records when it was asked", () => {
    for (const phase of ["live", "archived"] as const) {
      const outcome = reduce(roomIn(phase), { type: "room.reset", keep_start: true }, producer, context);
      expect(outcome).toMatchObject({
        ok: true,
        state: { phase: "resetting", phase_since: NOW, reset_requested_at: NOW },
        disconnectSpeakers: true,
      });
    }
  });
  it("comes back to upcoming with the show's defaults after TRANSITION_MS, keeping the webcast's settings", () => {
    const played = roomIn("archived", {
      live_since: T0,
      source: "rtmp",
      current_slide_index: 7,
      current_scene_layout: "presentation-only",
      conference_layout: "nine",
      current_polling: { type: "poll", id: "p-1", status: 3 },
      focus: { target: "webcast", option: "now", at: T0 },
      conference_connections: [CONNECTION],
      question_wall: true,
      speakers_connected: [1],
      live_viewers: 3,
      peak_viewers: 40,
    });
    const reset = reduce(played, { type: "room.reset", keep_start: false }, producer, context);
    if (!reset.ok) throw new Error("reset refused");
    const { state, changes } = advance(reset.state, NOW + TRANSITION_MS, { inactivityMs: 3_600_000, testMaxMs: null, premiereStartAt: null });
    expect(changes.map((change) => change.name)).toEqual(["phase.reset"]);
    expect(state).toEqual({
      ...played,
      phase: "upcoming",
      phase_since: NOW + TRANSITION_MS,
      last_activity_at: NOW,
      reset_requested_at: NOW,
      live_since: null,
      source: null,
      current_slide_index: 0,
      current_polling: NO_POLLING,
      focus: null,
      conference_connections: [],
      conference_layout: "main-speaker",
      peak_viewers: 3,
    });
    // The flow can run again.
    expect(reduce(state, SAMPLE["control.prepare"], producer, { ...context, now: NOW + TRANSITION_MS }).ok).toBe(true);
  });
});

describe("advance: what time alone changes", () => {
  const limits: AdvanceLimits = { inactivityMs: 30 * 60_000, testMaxMs: null, premiereStartAt: null };
  const transitions = [
    ["preparing", "prepared", "phase.prepared"],
    ["starting", "live", "phase.live"],
    ["stopping", "archived", "phase.archived"],
    ["resetting", "upcoming", "phase.reset"],
  ] as const;

  for (const [from, to, name] of transitions) {
    it(`${from} ends after TRANSITION_MS, and only then, into ${to}`, () => {
      const state = roomIn(from, { phase_since: NOW, last_activity_at: NOW, live_viewers: 6 });
      expect(advance(state, NOW + TRANSITION_MS - 1, limits)).toEqual({ state, changes: [] });
      expect(nextAlarmAt(state, limits)).toBe(NOW + TRANSITION_MS);
      const ended = advance(state, NOW + TRANSITION_MS, limits);
      expect(ended.changes.map((change) => change.name)).toEqual([name]);
      expect(ended.state.phase).toBe(to);
      expect(ended.state.phase_since).toBe(NOW + TRANSITION_MS);
      // Idempotent: the alarm may fire twice at the same time; the second run does nothing.
      expect(advance(ended.state, NOW + TRANSITION_MS, limits)).toEqual({ state: ended.state, changes: [] });
    });
  }

  it("dates a late transition from the phase's end, not from when the alarm ran", () => {
    const state = roomIn("starting", { phase_since: NOW, last_activity_at: NOW, live_viewers: 6 });
    const { state: live, changes } = advance(state, NOW + 10_000, limits);
    expect(changes).toEqual([{ name: "phase.live", patch: { phase: "live", phase_since: NOW + TRANSITION_MS, live_since: NOW + TRANSITION_MS, peak_viewers: 6 } }]);
    expect(live.live_since).toBe(NOW + TRANSITION_MS);
  });

  it("leaves steady phases alone, and asks for no alarm there", () => {
    for (const phase of ["upcoming", "prepared", "ready", "archived", "canceled"] as const) {
      const state = roomIn(phase);
      expect(advance(state, NOW + 365 * 86_400_000, limits), phase).toEqual({ state, changes: [] });
      expect(nextAlarmAt(state, limits), phase).toBeNull();
    }
  });

  it("runs the whole flow: prepare → prepared → rtmp → start → live → stop → archived", () => {
    let state = roomIn("upcoming");
    let now = NOW;
    const run = (command: RoomCommand) => {
      const outcome = reduce(state, command, producer, { ...context, now });
      if (!outcome.ok) throw new Error(`${command.type}: ${outcome.code}`);
      state = outcome.state;
    };
    const tick = () => {
      const at = nextAlarmAt(state, limits);
      if (at === null) throw new Error("no alarm");
      now = at;
      state = advance(state, now, limits).state;
    };
    run({ type: "control.prepare" });
    tick();
    expect(state.phase).toBe("prepared");
    run({ type: "control.rtmp.activate" });
    run({ type: "control.start" });
    tick();
    expect(state.phase).toBe("live");
    expect(state.live_since).toBe(now);
    run({ type: "control.stop" });
    tick();
    expect(state.phase).toBe("archived");
    expect(nextAlarmAt(state, limits)).toBeNull();
  });
});

describe("advance: a premiere prepares and starts itself at its scheduled time (SPEC §4)", () => {
  const START = NOW + 3_600_000;
  const limits: AdvanceLimits = { inactivityMs: 30 * 60_000, testMaxMs: null, premiereStartAt: START };
  const busy = { goLiveAvailable: false };

  it("upcoming: prepared by the room TRANSITION_MS before its time, so it starts at its time", () => {
    const state = roomIn("upcoming", { is_premiere: true });
    expect(nextAlarmAt(state, limits)).toBe(START - TRANSITION_MS);
    expect(advance(state, START - TRANSITION_MS - 1, limits)).toEqual({ state, changes: [] });
    const preparing = advance(state, START - TRANSITION_MS, limits);
    expect(preparing.changes).toEqual([
      { name: "premiere.preparing", patch: { phase: "preparing", phase_since: START - TRANSITION_MS, last_activity_at: START - TRANSITION_MS } },
    ]);
    expect(nextAlarmAt(preparing.state, limits)).toBe(START);
    const prepared = advance(preparing.state, START, limits);
    expect(prepared.state.phase).toBe("prepared");
    expect(nextAlarmAt(prepared.state, limits)).toBe(START);
    const started = advance(prepared.state, START, limits);
    expect(started.changes.map((change) => change.name)).toEqual(["premiere.started"]);
    expect(advance(started.state, START + TRANSITION_MS, limits).state.phase).toBe("live");
  });

  it("prepared or ready: starts at its time and not before; twice at the same time acts once", () => {
    for (const phase of ["prepared", "ready"] as const) {
      const state = roomIn(phase, { is_premiere: true });
      expect(nextAlarmAt(state, limits)).toBe(START);
      expect(advance(state, START - 1, limits)).toEqual({ state, changes: [] });
      const started = advance(state, START, limits);
      expect(started.changes).toEqual([{ name: "premiere.started", patch: { phase: "starting", phase_since: START, last_activity_at: START } }]);
      expect(advance(started.state, START, limits)).toEqual({ state: started.state, changes: [] });
      expect(advance(started.state, START + TRANSITION_MS, limits).state.phase).toBe("live");
    }
  });

  it("waits while the organization is at max_simultaneous_webcasts, trying again every PREMIERE_RETRY_MS", () => {
    expect(PREMIERE_RETRY_MS).toBe(60_000);
    const state = roomIn("prepared", { is_premiere: true });
    expect(premiereStartDue(state, START, limits)).toBe(true);
    const waiting = advance(state, START, limits, busy);
    expect(waiting.changes).toEqual([{ name: "premiere.waiting", patch: { premiere_retry_at: START + PREMIERE_RETRY_MS } }]);
    expect(waiting.state.phase).toBe("prepared");
    // Not due again before the next try, even if the alarm rings early (a command re-arms it).
    expect(premiereStartDue(waiting.state, START + 1_000, limits)).toBe(false);
    expect(advance(waiting.state, START + 1_000, limits)).toEqual({ state: waiting.state, changes: [] });
    expect(nextAlarmAt(waiting.state, limits)).toBe(START + PREMIERE_RETRY_MS);
    const again = advance(waiting.state, START + PREMIERE_RETRY_MS, limits, busy);
    expect(again.changes).toEqual([{ name: "premiere.waiting", patch: { premiere_retry_at: START + 2 * PREMIERE_RETRY_MS } }]);
    const started = advance(again.state, START + 2 * PREMIERE_RETRY_MS, limits);
    expect(started.changes).toEqual([
      { name: "premiere.started", patch: { phase: "starting", phase_since: START + 2 * PREMIERE_RETRY_MS, last_activity_at: START + 2 * PREMIERE_RETRY_MS, premiere_retry_at: null } },
    ]);
  });

  it("a producer's start or reset ends the wait", () => {
    const waiting = roomIn("prepared", { is_premiere: true, premiere_retry_at: START + PREMIERE_RETRY_MS });
    const started = reduce(waiting, SAMPLE["control.start"], producer, context);
    expect(started.ok && started.state.premiere_retry_at).toBeNull();
    const reset = reduce(waiting, SAMPLE["room.reset"], producer, context);
    expect(reset.ok && reset.state.premiere_retry_at).toBeNull();
  });

  it("does not start a plain webcast, nor a premiere already past the upcoming group", () => {
    expect(advance(roomIn("upcoming"), START, limits).changes).toEqual([]);
    expect(nextAlarmAt(roomIn("upcoming"), limits)).toBeNull();
    expect(premiereStartDue(roomIn("prepared"), START, limits)).toBe(false);
    const archived = roomIn("archived", { is_premiere: true });
    expect(advance(archived, START, limits).changes).toEqual([]);
    expect(nextAlarmAt(archived, limits)).toBeNull();
  });

  it("does not restart after a reset that kept a start time already played; does at a new time", () => {
    const afterReset = roomIn("upcoming", { is_premiere: true, reset_requested_at: START + 60_000 });
    expect(advance(afterReset, START + 120_000, limits)).toEqual({ state: afterReset, changes: [] });
    expect(nextAlarmAt(afterReset, limits)).toBeNull();
    const rescheduled: AdvanceLimits = { ...limits, premiereStartAt: START + 86_400_000 };
    expect(nextAlarmAt(afterReset, rescheduled)).toBe(START + 86_400_000 - TRANSITION_MS);
    expect(advance(afterReset, START + 86_400_000 - TRANSITION_MS, rescheduled).changes.map((change) => change.name)).toEqual(["premiere.preparing"]);
  });
});

describe("webcastChanged: the webcast row edited outside the room", () => {
  it("follows the row's flags; nothing when nothing differs", () => {
    const state = roomIn("live");
    expect(webcastChanged(state, { speakers_see_stats: false, question_wall: false }, NOW)).toBeNull();
    expect(webcastChanged(state, { speakers_see_stats: true, poster_overlay: true, is_premiere: true }, NOW)).toEqual({
      name: "webcast.changed",
      patch: { speakers_see_stats: true, poster_overlay: true, is_premiere: true },
    });
  });

  it("a canceled webcast cancels the room; no longer canceled, it starts over upcoming", () => {
    const connected = roomIn("prepared", { conference_connections: [CONNECTION], focus: { target: "webcast", option: "now", at: NOW } });
    const canceled = webcastChanged(connected, { state: "canceled" }, NOW);
    expect(canceled?.patch).toMatchObject({ phase: "canceled", phase_since: NOW, conference_connections: [], focus: null, current_polling: NO_POLLING });
    const after = { ...connected, ...canceled?.patch };
    expect(reduce(after, SAMPLE["slide.set"], producer, context)).toEqual({ ok: false, code: "webcast_canceled" });
    expect(webcastChanged(after, { state: "upcoming" }, NOW + 1)?.patch).toMatchObject({ phase: "upcoming", phase_since: NOW + 1 });
  });

  it("ignores any other status of the row: the room sets it", () => {
    expect(webcastChanged(roomIn("live"), { state: "upcoming" }, NOW)).toBeNull();
    expect(webcastChanged(roomIn("prepared"), { state: "archived" }, NOW)).toBeNull();
  });
});

describe("advance: a live broadcast stops by itself", () => {
  const LIVE_SINCE = NOW;
  it("a test webcast at TEST_MAX_MS (20 minutes) after going live (SPEC §9)", () => {
    expect(TEST_MAX_MS).toBe(20 * 60 * 1000);
    expect(TEST_MAX_PARTICIPANTS).toBe(50);
    const limits: AdvanceLimits = { inactivityMs: 3 * 3_600_000, testMaxMs: TEST_MAX_MS, premiereStartAt: null };
    const state = roomIn("live", { is_test: true, live_since: LIVE_SINCE, phase_since: LIVE_SINCE, last_activity_at: LIVE_SINCE + 19 * 60_000 });
    expect(nextAlarmAt(state, limits)).toBe(LIVE_SINCE + TEST_MAX_MS);
    expect(advance(state, LIVE_SINCE + TEST_MAX_MS - 1, limits)).toEqual({ state, changes: [] });
    const ended = advance(state, LIVE_SINCE + TEST_MAX_MS, limits);
    expect(ended.changes).toEqual([{ name: "test.ended", patch: { phase: "stopping", phase_since: LIVE_SINCE + TEST_MAX_MS } }]);
    expect(advance(ended.state, LIVE_SINCE + TEST_MAX_MS, limits).changes).toEqual([]);
  });

  it("after inactivity beyond the time-to-live", () => {
    const limits: AdvanceLimits = { inactivityMs: 30 * 60_000, testMaxMs: null, premiereStartAt: null };
    const lastActivity = LIVE_SINCE + 5 * 60_000;
    const state = roomIn("live", { live_since: LIVE_SINCE, phase_since: LIVE_SINCE, last_activity_at: lastActivity });
    expect(nextAlarmAt(state, limits)).toBe(lastActivity + 30 * 60_000);
    expect(advance(state, lastActivity + 30 * 60_000 - 1, limits)).toEqual({ state, changes: [] });
    const stopped = advance(state, lastActivity + 30 * 60_000, limits);
    expect(stopped.changes).toEqual([{ name: "inactivity.stopped", patch: { phase: "stopping", phase_since: lastActivity + 30 * 60_000 } }]);
    expect(advance(stopped.state, lastActivity + 30 * 60_000, limits).changes).toEqual([]);
    // A command pushes the clock back.
    const steered = reduce(state, { type: "slide.set", index: 2 }, producer, { ...context, now: lastActivity + 29 * 60_000 });
    if (!steered.ok) throw new Error("refused");
    expect(advance(steered.state, lastActivity + 30 * 60_000, limits).changes).toEqual([]);
    expect(nextAlarmAt(steered.state, limits)).toBe(lastActivity + 59 * 60_000);
  });

  it("not while a speaker or the producer is connected; the clock starts when the last one leaves", () => {
    const limits: AdvanceLimits = { inactivityMs: 30 * 60_000, testMaxMs: null, premiereStartAt: null };
    const attended = roomIn("live", { live_since: LIVE_SINCE, phase_since: LIVE_SINCE, last_activity_at: LIVE_SINCE, speakers_connected: [7] });
    expect(nextAlarmAt(attended, limits)).toBeNull();
    expect(advance(attended, LIVE_SINCE + 3 * 3_600_000, limits).changes).toEqual([]);
    const left = presence(attended, [], LIVE_SINCE + 3 * 3_600_000);
    expect(left).toEqual({ name: "presence", patch: { speakers_connected: [], last_activity_at: LIVE_SINCE + 3 * 3_600_000 } });
    const alone = { ...attended, ...left?.patch };
    expect(nextAlarmAt(alone, limits)).toBe(LIVE_SINCE + 3 * 3_600_000 + 30 * 60_000);
    expect(advance(alone, LIVE_SINCE + 3 * 3_600_000 + 30 * 60_000, limits).changes.map((change) => change.name)).toEqual(["inactivity.stopped"]);
  });

  it("does not stop for inactivity outside live", () => {
    const limits: AdvanceLimits = { inactivityMs: 1_000, testMaxMs: TEST_MAX_MS, premiereStartAt: null };
    for (const phase of ["upcoming", "prepared", "ready", "archived"] as const) {
      expect(advance(roomIn(phase), NOW + 86_400_000, limits).changes, phase).toEqual([]);
    }
  });

  it("whichever comes first sets the next alarm", () => {
    const limits: AdvanceLimits = { inactivityMs: 5 * 60_000, testMaxMs: TEST_MAX_MS, premiereStartAt: null };
    const state = roomIn("live", { live_since: LIVE_SINCE, last_activity_at: LIVE_SINCE });
    expect(nextAlarmAt(state, limits)).toBe(LIVE_SINCE + 5 * 60_000);
    expect(nextAlarmAt({ ...state, last_activity_at: LIVE_SINCE + 18 * 60_000 }, limits)).toBe(LIVE_SINCE + TEST_MAX_MS);
  });
});

describe("presence", () => {
  it("lists distinct speakers, sorted", () => {
    expect(presence(roomIn("ready"), [3, 1, 3])).toEqual({ name: "presence", patch: { speakers_connected: [1, 3] } });
  });
  it("says nothing when nothing changed", () => {
    expect(presence(roomIn("ready", { speakers_connected: [1, 3] }), [3, 1])).toBeNull();
  });
  it("falls back from adaptive to main speaker when fewer than 2 speakers remain (SPEC §4)", () => {
    const adaptive = roomIn("live", { conference_layout: "adaptive", speakers_connected: [1, 2] });
    expect(presence(adaptive, [1])).toEqual({ name: "presence", patch: { speakers_connected: [1], conference_layout: "main-speaker" } });
    expect(presence(adaptive, [])).toEqual({ name: "presence", patch: { speakers_connected: [], conference_layout: "main-speaker" } });
    expect(presence(adaptive, [2, 1])).toBeNull();
    // Other layouts stay whatever the count.
    expect(presence(roomIn("live", { conference_layout: "nine", speakers_connected: [1, 2] }), [1])).toEqual({
      name: "presence",
      patch: { speakers_connected: [1] },
    });
  });
});

describe("audience", () => {
  it("counts viewers; null when nothing changed", () => {
    expect(audience(roomIn("ready"), 5)).toEqual({ live_viewers: 5, peak_viewers: 0 });
    expect(audience(roomIn("ready", { live_viewers: 5 }), 5)).toBeNull();
  });
  it("raises the peak only while live, and never lowers it", () => {
    expect(audience(roomIn("live"), 10)).toEqual({ live_viewers: 10, peak_viewers: 10 });
    expect(audience(roomIn("live", { live_viewers: 10, peak_viewers: 10 }), 4)).toEqual({ live_viewers: 4, peak_viewers: 10 });
    expect(audience(roomIn("archived", { live_viewers: 10, peak_viewers: 10 }), 40)).toEqual({ live_viewers: 40, peak_viewers: 10 });
  });
});

