import { type LiveState, initialLiveState } from "../../../domain/webcast-room/live-state.ts";

/** A room's live state for tests: a fresh upcoming webcast, with `patch` over it. */
export const liveFixture = (patch: Partial<LiveState> = {}): LiveState => ({
  ...initialLiveState({ state: "upcoming", is_premiere: false, is_test: false, poster_overlay: false, question_wall: false, anonymous_questions: false, speakers_see_stats: false }, 1_000),
  ...patch,
});
