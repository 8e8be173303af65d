import { describe, expect, it } from "vitest";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import type { RoomEvent } from "../protocol/server-messages.ts";
import type { RoomActor } from "./actor.ts";
import { type LiveState, initialLiveState, visibleLiveStateSchema } from "./live-state.ts";
import { audienceOf, visibleEvent, visibleState } from "./visibility.ts";

const NOW = 1_750_000_000_000;
const producer: RoomActor = { role: "producer", user_id: 1, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
const speaker: RoomActor = { role: "speaker", user_id: 2, viewer_id: null, grants: [], locale: "fr" };
const viewer: RoomActor = { role: "viewer", user_id: null, viewer_id: "guest:x", grants: [], locale: "en" };

function room(overrides: Partial<LiveState> = {}): LiveState {
  const fresh = initialLiveState({ state: "upcoming", is_premiere: false, is_test: false, poster_overlay: false, question_wall: false, anonymous_questions: false, speakers_see_stats: false }, NOW);
  return { ...fresh, live_viewers: 40, peak_viewers: 55, ...overrides };
}

describe("who sees the audience figures (SPEC §6: speakers may see stats if allowed)", () => {
  it("the producer always; a speaker only with speakers_see_stats; viewers never", () => {
    expect(audienceOf(producer, room())).toBe("full");
    expect(audienceOf(speaker, room())).toBe("no_stats");
    expect(audienceOf(speaker, room({ speakers_see_stats: true }))).toBe("full");
    expect(audienceOf(viewer, room({ speakers_see_stats: true }))).toBe("no_stats");
  });

  it("a snapshot without them is still a valid snapshot; with them, unchanged", () => {
    const state = room();
    const cut = visibleState(state, "no_stats");
    expect(cut).not.toHaveProperty("live_viewers");
    expect(cut).not.toHaveProperty("peak_viewers");
    expect(visibleLiveStateSchema.safeParse(cut).success).toBe(true);
    expect(visibleState(state, "full")).toBe(state);
  });

  it("an event keeps its number with the figures cut (an empty patch when only figures changed)", () => {
    const presence: RoomEvent = { seq: 9, at: NOW, name: "presence", patch: { live_viewers: 41, speakers_connected: [2] } };
    expect(visibleEvent(presence, "no_stats", room())).toEqual({ seq: 9, at: NOW, name: "presence", patch: { speakers_connected: [2] } });
    const count: RoomEvent = { seq: 10, at: NOW, name: "presence", patch: { live_viewers: 42, peak_viewers: 56 } };
    expect(visibleEvent(count, "no_stats", room())).toEqual({ seq: 10, at: NOW, name: "presence", patch: {} });
    const slide: RoomEvent = { seq: 11, at: NOW, name: "slide.set", patch: { current_slide_index: 2 } };
    expect(visibleEvent(slide, "no_stats", room())).toBe(slide);
    expect(visibleEvent(count, "full", room())).toBe(count);
  });

  it("turning the flag on hands the speakers the current figures they did not hold", () => {
    const allowed: RoomEvent = { seq: 12, at: NOW, name: "webcast.changed", patch: { speakers_see_stats: true } };
    const after = room({ speakers_see_stats: true });
    expect(visibleEvent(allowed, audienceOf(speaker, after), after).patch).toEqual({ speakers_see_stats: true, live_viewers: 40, peak_viewers: 55 });
  });
});
