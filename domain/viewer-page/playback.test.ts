import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MediaEdition } from "../media/record.ts";
import {
  DRIFT_RATE_MAX,
  DRIFT_RATE_MIN,
  DRIFT_SEEK_S,
  DRIFT_TOLERANCE_S,
  driftCorrection,
  editedDuration,
  editedTime,
  keptParts,
  nextCutEnd,
  premiereDurationS,
  premiereItemStartS,
  premierePosition,
  sourceTime,
} from "./playback.ts";

const T0 = Date.parse("2026-11-27T12:00:00.000Z");
const PLAYLIST = [
  { media_id: "a", duration_s: 10.5 },
  { media_id: "b", duration_s: 20.25 },
  { media_id: "c", duration_s: 5 },
];

describe("premierePosition: everyone at the same point of the playlist", () => {
  it("is before the start without a live_since, or before it", () => {
    expect(premierePosition(PLAYLIST, null, T0)).toEqual({ kind: "before" });
    expect(premierePosition(PLAYLIST, T0, T0 - 1)).toEqual({ kind: "before" });
  });

  it("puts a late joiner at the right video and second, to the millisecond", () => {
    expect(premierePosition(PLAYLIST, T0, T0)).toEqual({ kind: "playing", index: 0, offsetS: 0 });
    expect(premierePosition(PLAYLIST, T0, T0 + 10_499)).toEqual({ kind: "playing", index: 0, offsetS: 10.499 });
    expect(premierePosition(PLAYLIST, T0, T0 + 10_500)).toEqual({ kind: "playing", index: 1, offsetS: 0 });
    expect(premierePosition(PLAYLIST, T0, T0 + 30_751)).toEqual({ kind: "playing", index: 2, offsetS: 0.001 });
    expect(premierePosition(PLAYLIST, T0, T0 + 35_749)).toEqual({ kind: "playing", index: 2, offsetS: 4.999 });
  });

  it("is after the end past the last video, at once for an empty playlist", () => {
    expect(premierePosition(PLAYLIST, T0, T0 + 35_750)).toEqual({ kind: "after" });
    expect(premierePosition([], T0, T0)).toEqual({ kind: "after" });
  });

  it("skips videos that play for no time (a duration unknown or zero)", () => {
    const playlist = [{ media_id: "x", duration_s: 0 }, { media_id: "y", duration_s: Number.NaN }, ...PLAYLIST];
    expect(premierePosition(playlist, T0, T0)).toEqual({ kind: "playing", index: 2, offsetS: 0 });
  });

  it("says where each video starts and how long the whole lasts", () => {
    expect(premiereItemStartS(PLAYLIST, 0)).toBe(0);
    expect(premiereItemStartS(PLAYLIST, 2)).toBe(30.75);
    expect(premiereDurationS(PLAYLIST)).toBe(35.75);
  });

  it("property: the position plus its video's start is the time since live_since", () => {
    const entries = fc.array(fc.record({ media_id: fc.string(), duration_s: fc.integer({ min: 1, max: 3_600_000 }).map((ms) => ms / 1000) }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(entries, fc.nat({ max: 80_000_000 }), (playlist, elapsed) => {
        const position = premierePosition(playlist, T0, T0 + elapsed);
        const total = Math.round(premiereDurationS(playlist) * 1000);
        if (elapsed >= total) return position.kind === "after";
        if (position.kind !== "playing") return false;
        const entry = playlist[position.index];
        return entry !== undefined && position.offsetS >= 0 && position.offsetS < entry.duration_s && Math.round((premiereItemStartS(playlist, position.index) + position.offsetS) * 1000) === elapsed;
      }),
    );
  });
});

const EDITION: MediaEdition = { start: 10, end: 100, cuts: [{ start: 60, end: 70 }, { start: 20, end: 30 }] };

describe("the edit list", () => {
  it("keeps start…end minus the cuts, sorted", () => {
    expect(keptParts(EDITION)).toEqual([
      { start: 10, end: 20 },
      { start: 30, end: 60 },
      { start: 70, end: 100 },
    ]);
    expect(editedDuration(EDITION)).toBe(70);
    // Touching cuts, a cut at the very start and one at the end.
    expect(keptParts({ start: 0, end: 10, cuts: [{ start: 0, end: 2 }, { start: 2, end: 4 }, { start: 8, end: 10 }] })).toEqual([{ start: 4, end: 8 }]);
  });

  it("maps the replay's time to the recording's, jumping the cuts, clamped", () => {
    expect(sourceTime(EDITION, -5)).toBe(10);
    expect(sourceTime(EDITION, 0)).toBe(10);
    expect(sourceTime(EDITION, 9.5)).toBe(19.5);
    expect(sourceTime(EDITION, 10)).toBe(30); // the edge of a cut: the first frame after it
    expect(sourceTime(EDITION, 45)).toBe(75);
    expect(sourceTime(EDITION, 70)).toBe(100);
    expect(sourceTime(EDITION, 1_000)).toBe(100);
  });

  it("maps the recording's time to the replay's; inside a cut, where the replay resumes", () => {
    expect(editedTime(EDITION, 0)).toBe(0);
    expect(editedTime(EDITION, 15)).toBe(5);
    expect(editedTime(EDITION, 25)).toBe(10);
    expect(editedTime(EDITION, 30)).toBe(10);
    expect(editedTime(EDITION, 65)).toBe(40);
    expect(editedTime(EDITION, 100)).toBe(70);
    expect(editedTime(EDITION, 500)).toBe(70);
  });

  it("tells the player where to jump: to the start, over a cut, never past the end", () => {
    expect(nextCutEnd(EDITION, 0)).toBe(10);
    expect(nextCutEnd(EDITION, 15)).toBeNull();
    expect(nextCutEnd(EDITION, 20)).toBe(30);
    expect(nextCutEnd(EDITION, 29.9)).toBe(30);
    expect(nextCutEnd(EDITION, 30)).toBeNull();
    expect(nextCutEnd(EDITION, 65)).toBe(70);
    expect(nextCutEnd(EDITION, 100)).toBeNull();
    expect(nextCutEnd(EDITION, 120)).toBeNull();
  });

  it("without cuts, is a plain trim", () => {
    const trim = { start: 5, end: 15, cuts: [] };
    expect(editedDuration(trim)).toBe(10);
    expect(sourceTime(trim, 3)).toBe(8);
    expect(editedTime(trim, 8)).toBe(3);
  });

  // Valid editions in milliseconds, as stored: 0 ≤ start < end, cuts inside and apart (touching allowed).
  const editions = fc
    .tuple(fc.nat({ max: 100_000 }), fc.integer({ min: 1, max: 200_000 }), fc.uniqueArray(fc.nat({ max: 1_000_000 }), { maxLength: 12 }))
    .map(([startMs, lengthMs, marks]): MediaEdition => {
      const inside = [...new Set(marks.map((mark) => startMs + (mark % (lengthMs + 1))))].sort((a, b) => a - b);
      const cuts = [];
      for (let i = 0; i + 1 < inside.length; i += 2) cuts.push({ start: (inside[i] ?? 0) / 1000, end: (inside[i + 1] ?? 0) / 1000 });
      return { start: startMs / 1000, end: (startMs + lengthMs) / 1000, cuts };
    });
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;

  it("property: edited → source → edited is the identity on the replay's time line", () => {
    fc.assert(
      fc.property(editions, fc.double({ min: 0, max: 1, noNaN: true }), (edition, fraction) => {
        const edited = fraction * editedDuration(edition);
        return close(editedTime(edition, sourceTime(edition, edited)), edited);
      }),
    );
  });

  it("property: source → edited → source is the identity on the kept parts", () => {
    fc.assert(
      fc.property(editions, fc.double({ min: 0, max: 1, noNaN: true }), (edition, fraction) => {
        const source = edition.start + fraction * (edition.end - edition.start);
        const kept = keptParts(edition).some((part) => source >= part.start && source < part.end);
        return !kept || close(sourceTime(edition, editedTime(edition, source)), source);
      }),
    );
  });

  it("property: both mappings are monotonic and the source time never lands in a cut", () => {
    fc.assert(
      fc.property(editions, fc.double({ min: -10, max: 400, noNaN: true }), fc.double({ min: -10, max: 400, noNaN: true }), (edition, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const source = sourceTime(edition, low);
        const inCut = edition.cuts.some((cut) => source > cut.start && source < cut.end);
        return sourceTime(edition, low) <= sourceTime(edition, high) + 1e-9 && editedTime(edition, low) <= editedTime(edition, high) + 1e-9 && !inCut;
      }),
    );
  });

  it("property: after jumping, the player is in a kept part (or at the end)", () => {
    fc.assert(
      fc.property(editions, fc.double({ min: -10, max: 400, noNaN: true }), (edition, at) => {
        const target = nextCutEnd(edition, at);
        if (target === null) return true;
        return target > at && nextCutEnd(edition, target) === null;
      }),
    );
  });
});

describe("driftCorrection: two viewers stay within a second", () => {
  it("does nothing within the tolerance (and puts the rate back to 1)", () => {
    expect(driftCorrection(10, 10)).toEqual({ action: "none", rate: 1 });
    expect(driftCorrection(10, 10 - DRIFT_TOLERANCE_S)).toEqual({ action: "none", rate: 1 });
    expect(driftCorrection(10, 10.2)).toEqual({ action: "none", rate: 1 });
  });

  it("speeds up when behind and slows down when ahead, by 5 to 10 %", () => {
    const behind = driftCorrection(10, 9);
    expect(behind.action).toBe("rate");
    expect(behind.rate).toBeGreaterThan(1 + DRIFT_RATE_MIN - 1e-9);
    expect(behind.rate).toBeLessThan(1 + DRIFT_RATE_MAX + 1e-9);
    const ahead = driftCorrection(10, 11);
    expect(ahead.action).toBe("rate");
    expect(ahead.rate).toBeLessThan(1);
    expect(driftCorrection(10, 10 - DRIFT_SEEK_S).rate).toBeCloseTo(1 + DRIFT_RATE_MAX);
    expect(driftCorrection(10, 10.31).rate).toBeCloseTo(1 - DRIFT_RATE_MIN, 2);
  });

  it("seeks beyond three seconds, or when the player's time is unknown", () => {
    expect(driftCorrection(100, 90)).toEqual({ action: "seek", seekTo: 100, rate: 1 });
    expect(driftCorrection(100, 104)).toEqual({ action: "seek", seekTo: 100, rate: 1 });
    expect(driftCorrection(100, Number.NaN)).toEqual({ action: "seek", seekTo: 100, rate: 1 });
    expect(driftCorrection(Number.NaN, 3)).toEqual({ action: "none", rate: 1 });
  });

  it("property: a correction always moves the player toward the expected time", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e5, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (expected, offset) => {
        const correction = driftCorrection(expected, expected + offset);
        if (correction.action === "seek") return correction.seekTo === expected && Math.abs(offset) > DRIFT_SEEK_S - 1e-9;
        if (correction.action === "none") return Math.abs(offset) <= DRIFT_TOLERANCE_S + 1e-9;
        const toward = offset > 0 ? correction.rate < 1 : correction.rate > 1;
        return toward && Math.abs(correction.rate - 1) >= DRIFT_RATE_MIN - 1e-9 && Math.abs(correction.rate - 1) <= DRIFT_RATE_MAX + 1e-9;
      }),
    );
  });
});
