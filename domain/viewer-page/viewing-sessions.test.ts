import { describe, expect, it } from "vitest";
import { WEBCAST_API_STATUSES, type WebcastApiStatus } from "../webcasts/record.ts";
import { viewerPageState } from "./page-state.ts";
import {
  VIEWING_HEARTBEAT_MIN_GAP_S,
  VIEWING_HEARTBEAT_S,
  VIEWING_SESSION_MESSAGES,
  VIEWING_SESSION_TIMEOUT_S,
  type ViewingSessionKind,
  endedAt,
  heartbeatOutcome,
  isSessionOpen,
  sessionKind,
  startViewingSessionBody,
  statesOfKind,
  viewingSummary,
  watchedMs,
} from "./viewing-sessions.ts";

const T0 = Date.parse("2026-11-27T12:00:00.000Z");
const S = 1000;
const session = (last: number, ended: number | null = null) => ({ started_at: T0, last_seen_at: T0 + last * S, ended_at: ended === null ? null : T0 + ended * S });

describe("intervals", () => {
  it("beats every 30 s, times out after three missed beats, ignores beats closer than half the interval", () => {
    expect([VIEWING_HEARTBEAT_S, VIEWING_SESSION_TIMEOUT_S, VIEWING_HEARTBEAT_MIN_GAP_S]).toEqual([30, 90, 15]);
  });
});

describe("sessionKind", () => {
  const expected: Record<WebcastApiStatus, ViewingSessionKind | null> = {
    resetting: null,
    upcoming: null,
    starting: "live",
    pre_loop: "live",
    live: "live",
    premiering: "live",
    stopping: "live",
    end_loop: "live",
    archived: "vod",
    canceled: null,
  };
  it.each(WEBCAST_API_STATUSES)("%s", (state) => {
    expect(sessionKind(state)).toBe(expected[state]);
  });

  it("admits a live session wherever the viewer page plays the show", () => {
    for (const state of WEBCAST_API_STATUSES) {
      const page = viewerPageState({ state, is_premiere: false, start: null, end: null, replay: { status: "none", expires_at: null, download: false } }, T0);
      if (page.kind === "live" || page.kind === "premiering") expect(sessionKind(state), state).toBe("live");
    }
  });

  it("lists the states of each kind", () => {
    expect(statesOfKind("vod", WEBCAST_API_STATUSES)).toEqual(["archived"]);
    expect(statesOfKind("live", WEBCAST_API_STATUSES)).toEqual(["starting", "stopping", "live", "pre_loop", "end_loop", "premiering"]);
  });
});

describe("startViewingSessionBody", () => {
  it("takes a device-made UUID and a kind, nothing else", () => {
    const id = "4b6f6a86-5d2e-4c8f-9a51-0d3b8e2f7c11";
    expect(startViewingSessionBody.safeParse({ id, kind: "live" }).success).toBe(true);
    expect(startViewingSessionBody.safeParse({ id: "0196a0de-0001-7000-8000-000000000000", kind: "vod" }).success).toBe(true);
    expect(startViewingSessionBody.safeParse({ id: id.toUpperCase(), kind: "live" }).success).toBe(false);
    expect(startViewingSessionBody.safeParse({ id: "not-a-uuid", kind: "live" }).success).toBe(false);
    expect(startViewingSessionBody.safeParse({ id, kind: "replay" }).success).toBe(false);
    expect(startViewingSessionBody.safeParse({ id, kind: "live", viewer_id: "x" }).success).toBe(false);
  });
});

describe("a session's life", () => {
  it("is open until ended or 90 s without a beat", () => {
    expect(isSessionOpen(session(0), T0 + 90 * S)).toBe(true);
    expect(isSessionOpen(session(0), T0 + 90 * S + 1)).toBe(false);
    expect(isSessionOpen(session(30, 40), T0 + 41 * S)).toBe(false);
  });

  it("extends on a beat, ignores one too soon, refuses one after the end or the timeout", () => {
    expect(heartbeatOutcome(session(0), T0 + 30 * S)).toBe("extend");
    expect(heartbeatOutcome(session(0), T0 + 15 * S)).toBe("extend");
    expect(heartbeatOutcome(session(0), T0 + 14 * S)).toBe("ignore");
    expect(heartbeatOutcome(session(0), T0 + 91 * S)).toBe("over");
    expect(heartbeatOutcome(session(0, 10), T0 + 30 * S)).toBe("over");
  });

  it("ends now while it runs, at its last beat once timed out, and never moves an end", () => {
    expect(endedAt(session(60), T0 + 100 * S)).toBe(T0 + 100 * S);
    expect(endedAt(session(60), T0 + 151 * S)).toBe(T0 + 60 * S);
    expect(endedAt(session(60, 70), T0 + 500 * S)).toBe(T0 + 70 * S);
  });

  it("was watched to its end, else to its last beat (a forgotten session stops counting there)", () => {
    expect(watchedMs(session(60, 75))).toBe(75 * S);
    expect(watchedMs(session(120))).toBe(120 * S);
    expect(watchedMs(session(0))).toBe(0);
  });
});

describe("viewingSummary", () => {
  it("counts sessions per kind and their minutes to one decimal; a kind without sessions is zero", () => {
    expect(viewingSummary([{ kind: "live", sessions: 3, watched_ms: 90 * 60 * S + 20 * S }], 2)).toEqual({
      live_viewing_sessions_count: 3,
      vod_viewing_sessions_count: 0,
      live_minutes: 90.3,
      vod_minutes: 0,
      unique_viewers: 2,
    });
  });
});

describe("messages", () => {
  it("are in English and French", () => {
    for (const text of Object.values(VIEWING_SESSION_MESSAGES)) {
      expect(text.en).not.toBe("");
      expect(text.fr).not.toBe(text.en);
    }
  });
});
