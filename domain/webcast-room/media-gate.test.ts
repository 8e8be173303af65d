import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LIVE_FIELD_TIMING,
  MAX_PICTURE_LAG_MS,
  MEDIA_GATE_MAX_QUEUE,
  type MediaGate,
  PICTURE_FIELDS,
  type ScreenState,
  advanceGate,
  mediaTimeOf,
  offerChange,
  openGate,
  pictureTime,
  showNow,
} from "./media-gate.ts";
import { POLLING_STATUS, initialLiveState } from "./live-state.ts";

const LIVE_SINCE = 1_000_000;
const start = (): ScreenState => ({
  ...initialLiveState({ state: "live", is_premiere: false, is_test: false, poster_overlay: false, question_wall: false, anonymous_questions: false, speakers_see_stats: false }, LIVE_SINCE),
  polls_on_screen: [],
});
const slide = (gate: MediaGate) => gate.shown.current_slide_index;

describe("media gate", () => {
  it("holds a picture-bound change until the player reaches its media time", () => {
    let gate = openGate(start());
    gate = offerChange(gate, { current_slide_index: 3 }, 60_000, 40_000);
    expect(slide(gate)).toBe(0);
    gate = advanceGate(gate, 59_999);
    expect(slide(gate)).toBe(0);
    gate = advanceGate(gate, 60_000);
    expect(slide(gate)).toBe(3);
    expect(gate.queue).toEqual([]);
  });

  it("lets what is not picture-bound pass at once, and splits a mixed patch", () => {
    let gate = openGate(start());
    gate = offerChange(gate, { phase: "archived", live_viewers: 9, current_scene_layout: "presentation-only" }, 60_000, 40_000);
    expect(gate.shown.phase).toBe("archived");
    expect(gate.shown.live_viewers).toBe(9);
    expect(gate.shown.current_scene_layout).toBe("video-presentation");
    expect(gate.queue).toEqual([{ media_ms: 60_000, patch: { current_scene_layout: "presentation-only" } }]);
  });

  it("passes everything at once without a player time, and shows what waited when the time goes away", () => {
    let gate = openGate(start());
    gate = offerChange(gate, { current_slide_index: 1 }, 60_000, null);
    expect(slide(gate)).toBe(1);
    gate = offerChange(gate, { current_slide_index: 2 }, 61_000, 10_000);
    expect(slide(gate)).toBe(1);
    gate = advanceGate(gate, null);
    expect(slide(gate)).toBe(2);
  });

  it("applies everything due, in order, when the player jumps ahead", () => {
    let gate = openGate(start());
    gate = offerChange(gate, { current_slide_index: 1, poster_overlay: true }, 10_000, 0);
    gate = offerChange(gate, { current_slide_index: 2 }, 20_000, 0);
    gate = offerChange(gate, { current_polling: { type: "poll", id: "p", status: POLLING_STATUS.open } }, 30_000, 0);
    gate = advanceGate(gate, 25_000);
    expect(slide(gate)).toBe(2);
    expect(gate.shown.poster_overlay).toBe(true);
    expect(gate.shown.current_polling.status).toBe(POLLING_STATUS.none);
    expect(gate.queue).toHaveLength(1);
  });

  it("never shows a change before an earlier one (a later change with an earlier time waits for it)", () => {
    let gate = openGate(start());
    gate = offerChange(gate, { current_slide_index: 1 }, 20_000, 0);
    gate = offerChange(gate, { current_slide_index: 2 }, 15_000, 0);
    gate = advanceGate(gate, 16_000);
    expect(slide(gate)).toBe(0);
    gate = advanceGate(gate, 20_000);
    expect(slide(gate)).toBe(2);
  });

  it("keeps the queue bounded by merging the oldest changes at the later time", () => {
    let gate = openGate(start());
    for (let index = 1; index <= 10; index += 1) gate = offerChange(gate, { current_slide_index: index }, index * 1_000, 0, 4);
    expect(gate.queue).toHaveLength(4);
    // Slides 1..7 merged into one change due at 7 s: nothing early, the intermediate slides dropped.
    expect(gate.queue[0]).toEqual({ media_ms: 7_000, patch: { current_slide_index: 7 } });
    expect(slide(advanceGate(gate, 6_999))).toBe(0);
    expect(slide(advanceGate(gate, 7_000))).toBe(7);
  });

  it("shows a snapshot at once and drops what waited for its fields", () => {
    let gate = openGate(start());
    gate = offerChange(gate, { current_slide_index: 4, polls_on_screen: [] }, 10_000, 0);
    gate = showNow(gate, { polls_on_screen: [] });
    expect(gate.queue).toEqual([{ media_ms: 10_000, patch: { current_slide_index: 4 } }]);
    gate = showNow(gate, { current_slide_index: 9 });
    expect(gate.queue).toEqual([]);
    expect(slide(gate)).toBe(9);
  });

  it("ignores a player time too far behind the room to be on its time line", () => {
    expect(pictureTime(40_000, 60_000)).toBe(40_000);
    expect(pictureTime(0, MAX_PICTURE_LAG_MS - 1)).toBe(0);
    expect(pictureTime(0, MAX_PICTURE_LAG_MS)).toBeNull();
    expect(pictureTime(5_000, null)).toBe(5_000);
    expect(pictureTime(null, 5_000)).toBeNull();
  });

  it("computes media time on the room's time line", () => {
    expect(mediaTimeOf(LIVE_SINCE + 5_000, LIVE_SINCE)).toBe(5_000);
    expect(mediaTimeOf(5_000, null)).toBeNull();
  });

  it("decides every live field: the picture-bound ones are the documented list", () => {
    expect([...PICTURE_FIELDS].sort()).toEqual(["conference_layout", "current_polling", "current_scene_layout", "current_slide_index", "polls_on_screen", "poster_overlay", "question_wall"]);
    expect(LIVE_FIELD_TIMING.phase).toBe("now");
  });
});

/** An operation on the gate: a change (slide i, a counter of the audience, a media time), or the player moving. */
type Op = { kind: "offer"; media: number | null; viewers: boolean; player: number | null } | { kind: "advance"; player: number | null };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("offer" as const), media: fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 8 }), viewers: fc.boolean(), player: fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 5 }) }),
  fc.record({ kind: fc.constant("advance" as const), player: fc.option(fc.integer({ min: 0, max: 100_000 }), { freq: 5 }) }),
);

describe("media gate properties", () => {
  it("never shows early, keeps the order and the bound, and converges to the room's state", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (ops, max) => {
        let gate = openGate(start());
        // Slide i is the i-th change: unique values tell which change is shown.
        const due: number[] = [Number.NEGATIVE_INFINITY];
        let offered = 0;
        let viewers = 0;
        for (const op of ops) {
          const before = slide(gate);
          if (op.kind === "offer") {
            offered += 1;
            const patch: Partial<ScreenState> = { current_slide_index: offered };
            if (op.viewers) patch.live_viewers = viewers += 1;
            // The earliest a change may show: its own media time.
            due.push(op.media ?? Number.NEGATIVE_INFINITY);
            gate = offerChange(gate, patch, op.media, op.player, max);
            // Not picture-bound: at once.
            expect(gate.shown.live_viewers).toBe(viewers);
          } else gate = advanceGate(gate, op.player);
          const player = op.player;
          const now = slide(gate);
          // In order: the shown change never goes back.
          expect(now).toBeGreaterThanOrEqual(before);
          // Never early: a change shown in this step was due at the player's time.
          if (player !== null && now !== before) expect(due[now]).toBeLessThanOrEqual(player);
          // Without a player time nothing waits.
          if (player === null) expect(gate.queue).toEqual([]);
          expect(gate.queue.length).toBeLessThanOrEqual(max);
          for (let index = 1; index < gate.queue.length; index += 1) expect(gate.queue[index]?.media_ms).toBeGreaterThanOrEqual(gate.queue[index - 1]?.media_ms ?? 0);
        }
        // Once the player has no time (or is past everything), the screen is the room's.
        expect(slide(advanceGate(gate, null))).toBe(offered);
      }),
      { numRuns: 300 },
    );
  });

  it("waits no longer than needed while the queue is not full", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 5_000 })), { maxLength: MEDIA_GATE_MAX_QUEUE }), (steps) => {
        let gate = openGate(start());
        let player = 0;
        let latest = Number.NEGATIVE_INFINITY;
        const due: number[] = [];
        for (const [media, step] of steps) {
          player += step;
          latest = Math.max(latest, media);
          due.push(latest);
          gate = offerChange(gate, { current_slide_index: due.length }, media, player);
          // Shown: the last change due by now (due times are non-decreasing).
          const expected = due.filter((at) => at <= player).length;
          expect(slide(gate)).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
