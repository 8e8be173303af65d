import { describe, expect, it } from "vitest";
import { VIEWING_HEARTBEAT_S } from "../../../domain/viewer-page/viewing-sessions.ts";
import { type ViewingSessionTimers, ViewingSessionTracker, type ViewingSessionTransport } from "./viewing-session.ts";

/** A transport recording calls, answering from `answers` (default: success). */
function recording(answers: { start?: number; beat?: number[] } = {}) {
  const calls: string[] = [];
  const beats = [...(answers.beat ?? [])];
  const transport: ViewingSessionTransport = {
    start: async (id, kind) => {
      calls.push(`start ${id} ${kind}`);
      return answers.start ?? 201;
    },
    beat: async (id) => {
      calls.push(`beat ${id}`);
      return beats.shift() ?? 204;
    },
    end: async (id) => {
      calls.push(`end ${id}`);
      return 204;
    },
  };
  return { transport, calls };
}

/** Intervals run by hand: `tick()` fires every live interval once. */
function manualTimers() {
  const live = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  const timers: ViewingSessionTimers = {
    setInterval: (run, ms) => {
      live.set(next, { run, ms });
      return next++;
    },
    clearInterval: (handle) => void live.delete(handle as number),
  };
  return { timers, live, tick: async () => {
    for (const { run } of [...live.values()]) run();
    await Promise.resolve();
    await Promise.resolve();
  } };
}

const ids = () => {
  let n = 0;
  return () => `session-${++n}`;
};

describe("ViewingSessionTracker", () => {
  it("starts once on playing, beats every interval, ends on stop", async () => {
    const { transport, calls } = recording();
    const clock = manualTimers();
    const tracker = new ViewingSessionTracker(transport, clock.timers, ids());
    await tracker.playing("live");
    await tracker.playing("live");
    expect([...clock.live.values()].map((timer) => timer.ms)).toEqual([VIEWING_HEARTBEAT_S * 1000]);
    await clock.tick();
    await clock.tick();
    await tracker.stopped();
    await tracker.stopped();
    expect(calls).toEqual(["start session-1 live", "beat session-1", "beat session-1", "end session-1"]);
    expect(clock.live.size).toBe(0);
  });

  it("drops a session the server says is over, and opens a new one on the next playing", async () => {
    const { transport, calls } = recording({ beat: [409] });
    const clock = manualTimers();
    const tracker = new ViewingSessionTracker(transport, clock.timers, ids());
    await tracker.playing("live");
    await clock.tick();
    expect(tracker.current).toBeNull();
    expect(clock.live.size).toBe(0);
    await tracker.playing("vod");
    expect(calls).toEqual(["start session-1 live", "beat session-1", "start session-2 vod"]);
  });

  it("ends the live session before opening an on-demand one", async () => {
    const { transport, calls } = recording();
    const tracker = new ViewingSessionTracker(transport, manualTimers().timers, ids());
    await tracker.playing("live");
    await tracker.playing("vod");
    expect(calls).toEqual(["start session-1 live", "end session-1", "start session-2 vod"]);
    expect(tracker.current).toEqual({ id: "session-2", kind: "vod" });
  });

  it("keeps nothing when the start is refused, and tries again on the next playing", async () => {
    const { transport, calls } = recording({ start: 0 });
    const clock = manualTimers();
    const tracker = new ViewingSessionTracker(transport, clock.timers, ids());
    await tracker.playing("live");
    expect(tracker.current).toBeNull();
    expect(clock.live.size).toBe(0);
    await tracker.stopped();
    await tracker.playing("live");
    expect(calls).toEqual(["start session-1 live", "start session-2 live"]);
  });

  it("waits for a start in flight before ending (a quick pause after play)", async () => {
    const { transport, calls } = recording();
    const tracker = new ViewingSessionTracker(transport, manualTimers().timers, ids());
    const started = tracker.playing("live");
    await tracker.stopped();
    await started;
    expect(calls).toEqual(["start session-1 live", "end session-1"]);
    expect(tracker.current).toBeNull();
  });
});
