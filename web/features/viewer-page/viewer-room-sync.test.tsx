import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POLLING_STATUS } from "../../../domain/webcast-room/live-state.ts";
import { fakeServer } from "../../api/fake-server.ts";
import { interactionsFrame, question, viewerPoll } from "../webcast-room/interaction-fixtures.ts";
import { liveFixture } from "../webcast-room/test-support.ts";
import { fakeStage, renderViewerRoom, roomWire } from "./viewer-room-testing.tsx";

/**
 * Interactions in step with the picture (issue #19): the viewer's player is 20 s behind the room
 * (an HLS stream), and a poll opened at media time T shows when *their* video reaches T.
 */
const LIVE_SINCE = Date.parse("2026-12-01T14:00:00.000Z");
const BEHIND_MS = 20_000;
/** The player's timeupdate cadence (browsers fire it every 15–250 ms): one tick. */
const TICK_MS = 250;
const T = 120_000;

afterEach(() => {
  vi.unstubAllGlobals();
});

async function liveRoom() {
  fakeServer({});
  const wire = roomWire();
  const stage = fakeStage();
  let deviceNow = LIVE_SINCE + T - 5_000;
  renderViewerRoom({ socketFactory: wire.factory, Stage: stage.Stage, now: () => deviceNow, pendingStorage: undefined });
  await wire.open();
  await wire.welcome(1, liveFixture({ phase: "live", live_since: LIVE_SINCE }));
  await wire.receive(interactionsFrame({ polls: [] }));
  return {
    wire,
    stage,
    setNow: (value: number) => {
      deviceNow = value;
    },
    /** The room opens poll p1 at room time LIVE_SINCE + at: its event, then its `polls` frame. */
    openPoll: async (at: number, seq = 2) => {
      await wire.receive({ type: "event", seq, at: LIVE_SINCE + at, name: "polling.set", patch: { current_polling: { type: "poll", id: "p1", status: POLLING_STATUS.open } } });
      await wire.receive({ type: "polls", polls: [viewerPoll("p1")] });
    },
  };
}

const pollShown = () => screen.queryByTestId("panel-polls") !== null && document.querySelector('[data-testid="poll-ballot"][data-poll="p1"]') !== null;

describe("the viewer room in step with the picture", () => {
  it("shows a poll opened at media time T when the player, 20 s behind, reaches T (± one tick), not before", async () => {
    const room = await liveRoom();
    // The room is at T - 5 s, the player 20 s behind it (its ticks not aligned on T: 113 ms off).
    let player = T - 5_000 - BEHIND_MS + 113;
    await room.stage.report(player);
    // The room opens the poll at T (the device's clock says T too: the frames arrive at once).
    room.setNow(LIVE_SINCE + T);
    await room.openPoll(T);
    expect(pollShown(), "not shown when the room opened it: the viewer's picture is 20 s behind").toBe(false);

    let shownAt: number | null = null;
    while (shownAt === null && player < T + 5_000) {
      player += TICK_MS;
      await room.stage.report(player);
      if (pollShown()) shownAt = player;
      else expect(player, "shown no earlier than T").toBeLessThan(T + TICK_MS);
    }
    const skew = (shownAt ?? Number.POSITIVE_INFINITY) - T;
    expect(skew, `measured skew ${skew} ms between the poll's media time and the player's when it showed (player ${BEHIND_MS / 1000} s behind the room, ${TICK_MS} ms ticks)`).toBeGreaterThanOrEqual(0);
    expect(skew, `measured skew ${skew} ms: within one tick`).toBeLessThan(TICK_MS);
  });

  it("shows what is due at once when the player jumps ahead, and everything when it stops reporting", async () => {
    const room = await liveRoom();
    await room.stage.report(T - BEHIND_MS);
    room.setNow(LIVE_SINCE + T);
    await room.openPoll(T);
    expect(pollShown()).toBe(false);
    expect(screen.getByTestId("viewer-room").getAttribute("data-waiting-changes")).toBe("2");
    await room.stage.report(T + 60_000);
    expect(pollShown()).toBe(true);

    await room.wire.receive({ type: "event", seq: 3, at: LIVE_SINCE + T + 90_000, name: "polling.set", patch: { current_polling: { type: "poll", id: "p1", status: POLLING_STATUS.closed } } });
    await room.wire.receive({ type: "polls", polls: [] });
    expect(pollShown(), "dismissed later in the room: still on this viewer's screen").toBe(true);
    await room.stage.report(null);
    expect(pollShown(), "no player time: nothing waits").toBe(false);
  });

  it("dates a late `polls` frame by the room's time of the change (its `at`), not by its arrival", async () => {
    const room = await liveRoom();
    await room.stage.report(T - BEHIND_MS);
    room.setNow(LIVE_SINCE + T);
    await room.wire.receive({ type: "event", seq: 2, at: LIVE_SINCE + T, name: "polling.set", patch: { current_polling: { type: "poll", id: "p1", status: POLLING_STATUS.open } } });
    // The poll itself comes 3 s later (a slow network), dated T by the room.
    room.setNow(LIVE_SINCE + T + 3_000);
    await room.wire.receive({ type: "polls", at: LIVE_SINCE + T, polls: [viewerPoll("p1")] });
    expect(pollShown()).toBe(false);
    await room.stage.report(T + TICK_MS);
    expect(pollShown(), "shown when the picture reaches T, not T + 3 s").toBe(true);
  });

  it("lets everything through when the player's time is off the room's time line (minutes behind)", async () => {
    const room = await liveRoom();
    const later = 10 * 60_000;
    await room.stage.report(30_000);
    room.setNow(LIVE_SINCE + later);
    await room.openPoll(later);
    expect(pollShown()).toBe(true);
  });

  it("passes everything at once while the player has no media time (not started, audio missing)", async () => {
    const room = await liveRoom();
    room.setNow(LIVE_SINCE + T);
    await room.openPoll(T);
    expect(pollShown()).toBe(true);
  });

  it("gives the stage the room's live_since, its poster overlay in step with the picture, and the room's clock", async () => {
    const room = await liveRoom();
    const props = () => room.stage.seen.props;
    expect(props()?.liveSince).toBe(LIVE_SINCE);
    expect(props()?.phase).toBe("live");
    await room.stage.report(T - BEHIND_MS);
    room.setNow(LIVE_SINCE + T + 150);
    await room.wire.receive({ type: "event", seq: 2, at: LIVE_SINCE + T, name: "toggle.set", patch: { poster_overlay: true } });
    expect(props()?.posterOverlay).toBe(false);
    // The room's clock: the device's plus what the events say (their `at`, less the network's delay).
    expect(props()?.serverNow()).toBe(LIVE_SINCE + T);
    await act(async () => props()?.onMediaTime(T));
    expect(props()?.posterOverlay).toBe(true);
  });

  it("shows the question wall's pushed questions when the producer turns it on and the picture reaches it", async () => {
    const room = await liveRoom();
    await room.wire.receive(
      interactionsFrame({
        polls: [],
        questions: [question("q1", { text: "Pushed first?", pushed_to_speakers: true, pushed_at: 2_000 }), question("q2", { text: "Not pushed?" }), question("q3", { text: "Pushed last?", pushed_to_speakers: true, pushed_at: 3_000, asker_name: null, anonymous: true })],
      }),
    );
    expect(screen.queryByTestId("on-screen-questions"), "off until the producer turns it on").toBeNull();
    await room.stage.report(T - BEHIND_MS);
    room.setNow(LIVE_SINCE + T);
    await room.wire.receive({ type: "event", seq: 2, at: LIVE_SINCE + T, name: "toggle.set", patch: { question_wall: true } });
    expect(screen.queryByTestId("on-screen-questions"), "the viewer's picture is 20 s behind").toBeNull();
    await room.stage.report(T);
    const wall = screen.getByTestId("on-screen-questions");
    expect([...wall.querySelectorAll(".question-wall__text")].map((text) => text.textContent)).toEqual(["Pushed last?", "Pushed first?"]);
    await room.wire.receive({ type: "event", seq: 3, at: LIVE_SINCE + T + 1_000, name: "toggle.set", patch: { question_wall: false } });
    await room.stage.report(T + 1_000);
    expect(screen.queryByTestId("on-screen-questions")).toBeNull();
  });
});
