import { describe, expect, it } from "vitest";
import { WEBCAST_API_STATUSES, type WebcastApiStatus } from "../webcasts/record.ts";
import { ROOM_COMMAND_TYPES, roomCommandSchema } from "./commands.ts";
import { type RoomPhase, apiStatusOf, initialLiveState, liveStateSchema, phaseOfApiStatus } from "./live-state.ts";
import { ROOM_ERROR_CODES, ROOM_ERROR_MESSAGES, ROOM_ERROR_STATUS } from "./messages.ts";

const row = { is_premiere: false, is_test: false, poster_overlay: false, question_wall: false, anonymous_questions: false, speakers_see_stats: false };

describe("phaseOfApiStatus / apiStatusOf (SPEC §4)", () => {
  it("starts a fresh room in the phase of its row's API status", () => {
    const expected: Record<WebcastApiStatus, RoomPhase> = {
      resetting: "resetting",
      upcoming: "upcoming",
      starting: "starting",
      stopping: "stopping",
      live: "live",
      archived: "archived",
      canceled: "canceled",
      pre_loop: "live",
      end_loop: "live",
      premiering: "live",
    };
    for (const status of WEBCAST_API_STATUSES) expect(phaseOfApiStatus(status), status).toBe(expected[status]);
  });

  it("shows the upcoming group as upcoming, and a premiere on air as premiering", () => {
    const expected: Record<RoomPhase, WebcastApiStatus> = {
      upcoming: "upcoming",
      preparing: "upcoming",
      prepared: "upcoming",
      ready: "upcoming",
      starting: "starting",
      live: "live",
      stopping: "stopping",
      archived: "archived",
      canceled: "canceled",
      resetting: "resetting",
    };
    for (const [phase, status] of Object.entries(expected) as [RoomPhase, WebcastApiStatus][]) {
      expect(apiStatusOf({ phase, is_premiere: false }), phase).toBe(status);
      expect(apiStatusOf({ phase, is_premiere: true }), phase).toBe(phase === "live" ? "premiering" : status);
    }
  });

  it("round-trips every API status but the loops, which are live to the room", () => {
    for (const status of WEBCAST_API_STATUSES) {
      const isPremiere = status === "premiering";
      const back = apiStatusOf({ phase: phaseOfApiStatus(status), is_premiere: isPremiere });
      expect(back, status).toBe(status === "pre_loop" || status === "end_loop" ? "live" : status);
    }
  });
});

describe("initialLiveState (SPEC §3, §4 defaults)", () => {
  const NOW = 1_750_000_000_000;

  it("starts an upcoming webcast on its defaults", () => {
    expect(initialLiveState({ ...row, state: "upcoming", poster_overlay: true, anonymous_questions: true }, NOW)).toEqual({
      phase: "upcoming",
      phase_since: NOW,
      is_premiere: false,
      is_test: false,
      live_since: null,
      source: null,
      current_slide_index: 0,
      current_scene_layout: "video-presentation",
      conference_layout: "main-speaker",
      current_polling: { type: "none", id: null, status: -1 },
      poster_overlay: true,
      question_wall: false,
      anonymous_questions: true,
      focus: null,
      conference_connections: [],
      speakers_connected: [],
      live_viewers: 0,
      peak_viewers: 0,
      last_activity_at: NOW,
      reset_requested_at: null,
      speakers_see_stats: false,
      premiere_retry_at: null,
    });
  });

  it("counts media time from now for a room opened on air", () => {
    for (const state of ["live", "premiering", "stopping"] as const) {
      expect(initialLiveState({ ...row, state, is_premiere: state === "premiering" }, NOW).live_since, state).toBe(NOW);
    }
    for (const state of ["upcoming", "starting", "archived", "canceled", "resetting"] as const) {
      expect(initialLiveState({ ...row, state }, NOW).live_since, state).toBeNull();
    }
  });

  it("copies the premiere and test flags", () => {
    expect(initialLiveState({ ...row, state: "upcoming", is_premiere: true, is_test: true }, NOW)).toMatchObject({ is_premiere: true, is_test: true });
  });

  it("is valid for the snapshot schema in every starting status", () => {
    for (const state of WEBCAST_API_STATUSES) {
      const initial = initialLiveState({ ...row, state }, NOW);
      expect(liveStateSchema.parse(initial)).toEqual(initial);
    }
  });
});

describe("room commands", () => {
  it("has one schema per command type", () => {
    expect([...ROOM_COMMAND_TYPES].sort()).toEqual(
      [
        "conference.connect",
        "control.conference-layout",
        "control.dial-out",
        "control.focus",
        "control.prepare",
        "control.rtmp.activate",
        "control.start",
        "control.stop",
        "control.vmr.activate",
        "polling.set",
        "room.reset",
        "scene.set",
        "slide.set",
        "toggle.set",
        "poll.vote",
        "question.ask",
        "question.moderate",
        "question.patch",
        "question.upvote",
        "chat.send",
        "chat.delete",
      ].sort(),
    );
  });
  it("accepts only the known layouts (SPEC §5) and refuses unknown fields", () => {
    expect(roomCommandSchema.safeParse({ type: "scene.set", layout: "video-only" }).success).toBe(true);
    expect(roomCommandSchema.safeParse({ type: "scene.set", layout: "picture-in-picture" }).success).toBe(false);
    expect(roomCommandSchema.safeParse({ type: "control.conference-layout", layout: "thirty-six" }).success).toBe(false);
    expect(roomCommandSchema.safeParse({ type: "control.start", force: true }).success).toBe(false);
    expect(roomCommandSchema.safeParse({ type: "slide.set", index: 1.5 }).success).toBe(false);
    expect(roomCommandSchema.safeParse({ type: "conference.connect", speaker_uuid: "   ", connection_type: "webrtc" }).success).toBe(false);
  });
});

describe("room error messages", () => {
  it("has an English and a French text and an HTTP status for every code", () => {
    for (const code of ROOM_ERROR_CODES) {
      expect(ROOM_ERROR_MESSAGES[code].en, code).toMatch(/\S/);
      expect(ROOM_ERROR_MESSAGES[code].fr, code).toMatch(/\S/);
      expect(ROOM_ERROR_MESSAGES[code].fr, code).not.toBe(ROOM_ERROR_MESSAGES[code].en);
      expect([403, 409, 422], code).toContain(ROOM_ERROR_STATUS[code]);
    }
  });
  it("says SPEC §8's going-live text word for word", () => {
    expect(ROOM_ERROR_MESSAGES.going_live_unavailable.en).toBe("Going live temporarily not possible. Please retry in one minute");
  });
});
