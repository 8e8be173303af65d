import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../../../domain/protocol/server-messages.ts";
import { PROTOCOL_VERSION } from "../../../domain/protocol/version.ts";
import type { LiveState } from "../../../domain/webcast-room/live-state.ts";
import { liveFixture } from "./test-support.ts";
import { INITIAL_ROOM_STATE, type RoomSyncState, applyServerMessage, enqueueCommand, resumeFrom } from "./room-state.ts";


const welcome = (seq: number, snapshot: LiveState | null, missed: Extract<ServerMessage, { type: "event" }>[] = []): ServerMessage => ({
  type: "welcome",
  protocolVersion: PROTOCOL_VERSION,
  connectionId: "c1",
  role: "producer",
  seq,
  snapshot,
  missed: missed.map(({ type: _type, ...event }) => event),
});
const event = (seq: number, patch: Partial<LiveState>, name = "slide.set"): Extract<ServerMessage, { type: "event" }> => ({ type: "event", seq, at: 2_000, name, patch });

const at = (seq: number, patch: Partial<LiveState> = {}): RoomSyncState => ({ role: "producer", live: liveFixture(patch), seq, pending: [] });

describe("applyServerMessage", () => {
  it("takes a snapshot whole, with the role and its seq", () => {
    const snapshot = liveFixture({ phase: "prepared", current_slide_index: 3 });
    const { state, effects } = applyServerMessage(INITIAL_ROOM_STATE, welcome(7, snapshot));
    expect(state).toEqual({ role: "producer", live: snapshot, seq: 7, pending: [] });
    expect(effects).toEqual([{ type: "welcomed" }]);
    expect(resumeFrom(INITIAL_ROOM_STATE)).toBeUndefined();
    expect(resumeFrom(state)).toBe(7);
  });

  it("resumes from the missed events in order, skipping those already applied", () => {
    const { state, effects } = applyServerMessage(at(5), welcome(7, null, [event(5, { current_slide_index: 9 }), event(6, { current_slide_index: 1 }), event(7, { current_scene_layout: "video-only" })]));
    expect(effects).toEqual([{ type: "welcomed" }]);
    expect(state.seq).toBe(7);
    expect(state.live?.current_slide_index).toBe(1);
    expect(state.live?.current_scene_layout).toBe("video-only");
  });

  it("asks for a resync when the missed events leave a gap or stop short of the room's seq", () => {
    const gap = applyServerMessage(at(5), welcome(8, null, [event(6, { current_slide_index: 1 }), event(8, { current_slide_index: 2 })]));
    expect(gap.effects).toEqual([{ type: "resync" }]);
    // What came before the gap is kept: the next hello resumes from 6.
    expect(gap.state.seq).toBe(6);
    expect(applyServerMessage(at(5), welcome(9, null, [event(6, {})])).effects).toEqual([{ type: "resync" }]);
    // No state to resume and no snapshot: only a fresh hello helps.
    expect(applyServerMessage(INITIAL_ROOM_STATE, welcome(3, null)).effects).toEqual([{ type: "resync" }]);
  });

  it("applies the next event, ignores a duplicate, and detects a gap without applying it", () => {
    const next = applyServerMessage(at(4), event(5, { current_slide_index: 2 }));
    expect(next.state.seq).toBe(5);
    expect(next.state.live?.current_slide_index).toBe(2);
    expect(next.effects).toEqual([]);

    const duplicate = applyServerMessage(next.state, event(5, { current_slide_index: 8 }));
    expect(duplicate.state).toBe(next.state);
    expect(duplicate.effects).toEqual([]);
    expect(applyServerMessage(next.state, event(3, { current_slide_index: 8 })).state).toBe(next.state);

    const gap = applyServerMessage(next.state, event(7, { current_slide_index: 8 }));
    expect(gap.state.live?.current_slide_index).toBe(2);
    expect(gap.state.seq).toBe(5);
    expect(gap.effects).toEqual([{ type: "resync" }]);
  });

  it("applies several events of one frame in order, with the same duplicate and gap rules", () => {
    const batch = (...events: Extract<ServerMessage, { type: "event" }>[]): ServerMessage => ({ type: "events", events: events.map(({ type: _type, ...rest }) => rest) });
    const applied = applyServerMessage(at(4), batch(event(4, { current_slide_index: 9 }), event(5, { current_slide_index: 2 }), event(6, { current_scene_layout: "video-only" })));
    expect(applied.state).toMatchObject({ seq: 6, live: { current_slide_index: 2, current_scene_layout: "video-only" } });
    expect(applied.effects).toEqual([]);
    const gap = applyServerMessage(at(4), batch(event(5, { current_slide_index: 2 }), event(7, { current_slide_index: 3 })));
    expect(gap.state.seq).toBe(5);
    expect(gap.effects).toEqual([{ type: "resync" }]);
  });

  it("takes the latest audience figures (no sequence), once it holds a state", () => {
    const figures = applyServerMessage(at(4, { live_viewers: 1, peak_viewers: 1 }), { type: "stats", live_viewers: 950, peak_viewers: 1_000 });
    expect(figures.state.seq).toBe(4);
    expect(figures.state.live).toMatchObject({ live_viewers: 950, peak_viewers: 1_000 });
    expect(figures.effects).toEqual([]);
    expect(applyServerMessage(INITIAL_ROOM_STATE, { type: "stats", live_viewers: 3, peak_viewers: 3 }).state).toBe(INITIAL_ROOM_STATE);
  });

  it("an ack settles its pending command once; a second ack for the same id does nothing", () => {
    const command = { type: "control.prepare" } as const;
    const queued = enqueueCommand(enqueueCommand(at(1), "a", command), "b", { type: "slide.set", index: 2 });
    expect(queued.pending.map((item) => item.id)).toEqual(["a", "b"]);
    const acked = applyServerMessage(queued, { type: "ack", id: "a", seq: 2 });
    expect(acked.state.pending.map((item) => item.id)).toEqual(["b"]);
    expect(acked.effects).toEqual([{ type: "acked", id: "a", command }]);
    expect(applyServerMessage(acked.state, { type: "ack", id: "a", seq: 2 })).toEqual({ state: acked.state, effects: [] });
    expect(applyServerMessage(acked.state, { type: "ack", id: "b", seq: 2, result: false }).effects).toEqual([{ type: "acked", id: "b", command: { type: "slide.set", index: 2 }, result: false }]);
  });

  it("an error with an id settles that command as refused; one without an id only reports", () => {
    const queued = enqueueCommand(at(1, { phase: "upcoming" }), "s", { type: "control.start" });
    const refused = applyServerMessage(queued, { type: "error", code: "wrong_phase", message: "Not now.", id: "s" });
    expect(refused.state.pending).toEqual([]);
    expect(refused.effects).toEqual([{ type: "refused", id: "s", command: { type: "control.start" }, code: "wrong_phase", message: "Not now." }]);
    const frame = applyServerMessage(queued, { type: "error", code: "invalid_message", message: "Invalid." });
    expect(frame.state).toBe(queued);
    expect(frame.effects).toEqual([{ type: "error", code: "invalid_message", message: "Invalid." }]);
  });

  it("keeps pending commands across a snapshot, and asks for a reload on `reload`", () => {
    const queued = enqueueCommand(at(1), "x", { type: "control.stop" });
    const { state } = applyServerMessage(queued, welcome(40, liveFixture({ phase: "live" })));
    expect(state.pending).toEqual([{ id: "x", command: { type: "control.stop" } }]);
    expect(applyServerMessage(state, { type: "reload", reason: "protocol_outdated", protocolVersion: 3 }).effects).toEqual([{ type: "reload" }]);
    expect(applyServerMessage(state, { type: "pong" })).toEqual({ state, effects: [] });
  });
});
