import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STARTING_SOON_MINUTES } from "../webcasts/dashboard.ts";
import { WEBCAST_API_STATUSES, type WebcastApiStatus } from "../webcasts/record.ts";
import type { PublicWebcast, ReplayStatus } from "./api.ts";
import { PAGE_AUTO_REFRESH_MS, type ViewerPageKind, countdownParts, viewerPageState } from "./page-state.ts";

const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const webcast = (fields: Partial<Pick<PublicWebcast, "state" | "is_premiere" | "start" | "end">> & { replay?: Partial<PublicWebcast["replay"]> } = {}) => ({
  state: "upcoming" as WebcastApiStatus,
  is_premiere: false,
  start: iso(NOW + 2 * 60 * MINUTE),
  end: iso(NOW + 3 * 60 * MINUTE),
  ...fields,
  replay: { status: "none" as ReplayStatus, expires_at: null, download: false, ...fields.replay },
});

describe("viewerPageState: the kind of every API state", () => {
  const expected: Record<WebcastApiStatus, [ViewerPageKind, ViewerPageKind]> = {
    upcoming: ["not_started", "not_started"],
    resetting: ["not_started", "not_started"],
    starting: ["not_started", "not_started"],
    pre_loop: ["not_started", "not_started"],
    live: ["live", "premiering"],
    stopping: ["live", "premiering"],
    end_loop: ["live", "premiering"],
    premiering: ["premiering", "premiering"],
    archived: ["ended", "ended"],
    canceled: ["canceled", "canceled"],
  };

  it("maps each state, a premiere on air showing premiering", () => {
    for (const state of WEBCAST_API_STATUSES) {
      expect(viewerPageState(webcast({ state }), NOW).kind, state).toBe(expected[state][0]);
      expect(viewerPageState(webcast({ state, is_premiere: true }), NOW).kind, `${state} (premiere)`).toBe(expected[state][1]);
    }
  });

  it("says nothing of a start, a badge or a timer once the show is on or over", () => {
    for (const state of ["live", "stopping", "end_loop", "premiering", "canceled", "archived"] as const) {
      expect(viewerPageState(webcast({ state, start: iso(NOW + 5 * MINUTE) }), NOW)).toMatchObject({ soon: null, startsInMs: null, nextChangeAt: null });
    }
  });

  it("treats starting and pre_loop as starting any moment, whatever the schedule", () => {
    for (const state of ["starting", "pre_loop"] as const) {
      for (const start of [iso(NOW + 3 * 60 * MINUTE), iso(NOW - MINUTE), null]) {
        expect(viewerPageState(webcast({ state, start }), NOW)).toEqual({ kind: "not_started", soon: "under_10", startsInMs: 0, nextChangeAt: null });
      }
    }
  });

  it("counts an unknown state as upcoming (SPEC §4)", () => {
    const unknown = { ...webcast(), state: "preparing" as WebcastApiStatus };
    expect(viewerPageState(unknown, NOW)).toEqual(viewerPageState(webcast(), NOW));
  });
});

describe("viewerPageState: before the show", () => {
  const at = (minutesLeft: number, state: WebcastApiStatus = "upcoming") => viewerPageState(webcast({ state, start: iso(NOW + minutesLeft * MINUTE) }), NOW);

  it("reuses the dashboard's thresholds (SPEC §9)", () => {
    expect(STARTING_SOON_MINUTES).toEqual([10, 60]);
    expect(PAGE_AUTO_REFRESH_MS).toBe(5_000);
  });

  it("is not soon from 60 minutes on, under_60 below, under_10 below 10 minutes", () => {
    const start = NOW + 120 * MINUTE;
    expect(at(120)).toEqual({ kind: "not_started", soon: null, startsInMs: 120 * MINUTE, nextChangeAt: start - 60 * MINUTE + 1 });
    expect(at(60)).toMatchObject({ soon: null, startsInMs: 60 * MINUTE });
    expect(at(59.5)).toMatchObject({ soon: "under_60", nextChangeAt: NOW + 59.5 * MINUTE - 10 * MINUTE + 1 });
    expect(at(10)).toMatchObject({ soon: "under_60" });
    expect(at(9.5)).toEqual({ kind: "not_started", soon: "under_10", startsInMs: 9.5 * MINUTE, nextChangeAt: NOW + 9.5 * MINUTE });
    expect(at(9.5, "resetting")).toMatchObject({ soon: "under_10" });
  });

  it("starts any moment once the start went by with no show (never ended by the clock alone)", () => {
    expect(at(0)).toEqual({ kind: "not_started", soon: "under_10", startsInMs: 0, nextChangeAt: null });
    expect(at(-600)).toEqual({ kind: "not_started", soon: "under_10", startsInMs: 0, nextChangeAt: null });
  });

  it("shows no countdown when the schedule is hidden or unreadable", () => {
    for (const start of [null, "not a date"]) {
      expect(viewerPageState(webcast({ start }), NOW)).toEqual({ kind: "not_started", soon: null, startsInMs: null, nextChangeAt: null });
    }
  });

  it("changes exactly at nextChangeAt and not before (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2 * 60 * MINUTE, max: 3 * 60 * MINUTE }), fc.nat({ max: 1_000 }), (offset, fraction) => {
        const start = iso(NOW + offset);
        const state = (t: number) => viewerPageState(webcast({ start }), t);
        const first = state(NOW);
        const next = first.nextChangeAt;
        if (next === null) {
          expect(state(NOW + 365 * 24 * 60 * MINUTE)).toEqual(first);
          return;
        }
        expect(next).toBeGreaterThan(NOW);
        // Same badge all the way to the millisecond before; something else (the badge, or the start reached) at it.
        const before = state(next - 1);
        const middle = state(NOW + Math.floor(((next - 1 - NOW) * fraction) / 1_000));
        expect([before.soon, middle.soon]).toEqual([first.soon, first.soon]);
        const after = state(next);
        expect(after.soon !== first.soon || after.startsInMs === 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("viewerPageState: after the show", () => {
  const archived = (replay: Partial<PublicWebcast["replay"]>) => webcast({ state: "archived", replay });

  it("shows the replay's state: none → ended, pending, available, expired", () => {
    expect(viewerPageState(archived({ status: "none" }), NOW).kind).toBe("ended");
    expect(viewerPageState(archived({ status: "pending" }), NOW).kind).toBe("replay_pending");
    expect(viewerPageState(archived({ status: "available" }), NOW)).toEqual({ kind: "replay_available", soon: null, startsInMs: null, nextChangeAt: null });
    expect(viewerPageState(archived({ status: "expired" }), NOW).kind).toBe("replay_expired");
  });

  it("expires an available replay at expires_at by the clock alone", () => {
    const expiresAt = NOW + 30 * MINUTE;
    const replay = archived({ status: "available", expires_at: iso(expiresAt) });
    expect(viewerPageState(replay, NOW)).toEqual({ kind: "replay_available", soon: null, startsInMs: null, nextChangeAt: expiresAt });
    expect(viewerPageState(replay, expiresAt - 1).kind).toBe("replay_available");
    expect(viewerPageState(replay, expiresAt)).toEqual({ kind: "replay_expired", soon: null, startsInMs: null, nextChangeAt: null });
  });
});

describe("countdownParts", () => {
  it("splits into days, hours, minutes and seconds, rounding up to the second", () => {
    expect(countdownParts(((1 * 24 + 1) * 60 + 1) * MINUTE + 1_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(countdownParts(9 * MINUTE + 59_001)).toEqual({ days: 0, hours: 0, minutes: 10, seconds: 0 });
    expect(countdownParts(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(1_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(400 * 24 * 60 * MINUTE)).toEqual({ days: 400, hours: 0, minutes: 0, seconds: 0 });
  });

  it("reads 0 at or past the start, and for what is not a number", () => {
    for (const ms of [0, -5_000, Number.NaN, Number.POSITIVE_INFINITY]) expect(countdownParts(ms)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
