import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POLLING_STATUS } from "../../../domain/webcast-room/live-state.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { item, loaded, mediaElement, playAt, playbackData } from "../player/testing.ts";
import { interactionsFrame, viewerPoll } from "../webcast-room/interaction-fixtures.ts";
import { liveFixture } from "../webcast-room/test-support.ts";
import { WEBCAST_ID } from "./fixtures.ts";
import { renderViewerRoom, roomWire } from "./viewer-room-testing.tsx";

/**
 * The player in the viewer room: the playback data asked with the room token, the room's
 * live_since given to the player, and its media time opening the gate (a premiere, whose
 * position happy-dom lets the test drive).
 */
const LIVE_SINCE = Date.parse("2026-12-01T14:00:00.000Z");

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(async () => undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the viewer room's player", () => {
  it("plays the premiere with the room token and shows the room's changes when its picture reaches them", async () => {
    const server = fakeServer({
      [`GET /api/watch/${WEBCAST_ID}/playback`]: () => json({ data: playbackData({ kind: "premiere", premiere: { live_since: LIVE_SINCE, items: [item("show", 600)] } }) }),
    });
    const wire = roomWire();
    const deviceNow = LIVE_SINCE + 60_000;
    const view = renderViewerRoom({ socketFactory: wire.factory, now: () => deviceNow, token: "rt-1" });
    await wire.open();
    await wire.welcome(1, liveFixture({ phase: "live", is_premiere: true, live_since: LIVE_SINCE }));
    await wire.receive(interactionsFrame());
    const media = await waitFor(() => mediaElement());
    expect(server.callsTo(`GET /api/watch/${WEBCAST_ID}/playback`)[0]?.url).toContain("token=rt-1");
    await act(async () => loaded(media));
    await act(async () => playAt(media, 40));

    await wire.receive({ type: "event", seq: 2, at: LIVE_SINCE + 50_000, name: "polling.set", patch: { current_polling: { type: "poll", id: "p1", status: POLLING_STATUS.open } } });
    await wire.receive({ type: "polls", polls: [viewerPoll("p1")] });
    expect(screen.queryByTestId("panel-polls")).toBeNull();
    await act(async () => playAt(media, 49.9));
    expect(screen.queryByTestId("panel-polls")).toBeNull();
    await act(async () => playAt(media, 50));
    expect(screen.getByTestId("panel-polls")).toBeTruthy();

    // A renewed token is used by the next call, with the same room client (no new socket).
    view.rerenderWith({ token: "rt-2" });
    expect(wire.urls).toHaveLength(1);
    expect(await wire.nextUrls[0]?.()).toContain("token=rt-2");
  });
});

describe("the viewer room's viewing sessions", () => {
  it("opens a live session on the show's first frames with the room token, and ends it on pause", async () => {
    const server = fakeServer({
      [`GET /api/watch/${WEBCAST_ID}/playback`]: () => json({ data: playbackData({ kind: "premiere", premiere: { live_since: LIVE_SINCE, items: [item("show", 600)] } }) }),
      [`POST /api/watch/${WEBCAST_ID}/viewing-sessions`]: () => json({ data: { id: "x", kind: "live", started_at: new Date().toISOString(), heartbeat_s: 30 } }, 201),
    });
    const wire = roomWire();
    renderViewerRoom({ socketFactory: wire.factory, now: () => LIVE_SINCE + 60_000, token: "rt-1" });
    await wire.open();
    await wire.welcome(1, liveFixture({ phase: "live", is_premiere: true, live_since: LIVE_SINCE }));
    const media = await waitFor(() => mediaElement());
    await act(async () => loaded(media));
    expect(server.callsTo(`POST /api/watch/${WEBCAST_ID}/viewing-sessions`)).toHaveLength(0);
    await act(async () => {
      media.dispatchEvent(new Event("playing"));
    });
    const starts = await waitFor(() => {
      const calls = server.callsTo(`POST /api/watch/${WEBCAST_ID}/viewing-sessions`);
      expect(calls).toHaveLength(1);
      return calls;
    });
    const started = starts[0]?.body as { id: string; kind: string };
    expect(started.kind).toBe("live");
    expect(starts[0]?.headers.get("Authorization")).toBe("Bearer rt-1");
    await act(async () => {
      media.dispatchEvent(new Event("pause"));
    });
    await waitFor(() => expect(server.calls.map((call) => `${call.method} ${call.path}`)).toContain(`POST /api/watch/${WEBCAST_ID}/viewing-sessions/${started.id}/end`));
  });
});
