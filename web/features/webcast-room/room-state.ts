import type { RoomEvent, ServerMessage } from "../../../domain/protocol/server-messages.ts";
import type { RoomRole } from "../../../domain/webcast-room/actor.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";

/**
 * The control room's copy of its webcast room, as the protocol (domain/protocol) feeds it: pure,
 * no socket, no clock. The room client (room-client.ts) runs these functions on every frame and
 * carries out the effects they return.
 */

/** A command sent (or waiting to be sent) that the room has not acknowledged or refused yet. */
export interface PendingCommand {
  id: string;
  command: RoomCommand;
}

export interface RoomSyncState {
  /** From the room's welcome; null before the first one. */
  role: RoomRole | null;
  /**
   * The room's state at `seq` as this connection may see it (no audience figures for a speaker
   * the webcast does not share them with); null until the first welcome.
   */
  live: VisibleLiveState | null;
  /** The last event applied (0 before any). */
  seq: number;
  /** In the order they were made; sent again after every welcome until settled. */
  pending: readonly PendingCommand[];
}

export type RoomEffect =
  /** An event is missing (a gap): say hello again on a new connection, from `seq`. */
  | { type: "resync" }
  /** The welcome was applied: send the pending commands (again). */
  | { type: "welcomed" }
  | { type: "acked"; id: string; command: RoomCommand; result?: unknown }
  | { type: "refused"; id: string; command: RoomCommand | null; code: string; message: string }
  /** An error frame for no command of ours (a refused frame). */
  | { type: "error"; code: string; message: string }
  /** The app is older than the room: the page must be reloaded. */
  | { type: "reload" };

export interface Applied {
  state: RoomSyncState;
  effects: RoomEffect[];
}

export const INITIAL_ROOM_STATE: RoomSyncState = { role: null, live: null, seq: 0, pending: [] };

/** The `since` of the next hello: the last applied event, only when there is a state to resume. */
export function resumeFrom(state: RoomSyncState): number | undefined {
  return state.live === null ? undefined : state.seq;
}

/** Queues a command (shown as pending until the room answers). */
export function enqueueCommand(state: RoomSyncState, id: string, command: RoomCommand): RoomSyncState {
  return { ...state, pending: [...state.pending, { id, command }] };
}

/**
 * Applies events in order from `state.seq`: duplicates (seq already applied) are skipped; a gap
 * stops and asks for a resync, keeping what was applied before it.
 */
function applyEvents(state: RoomSyncState, events: readonly RoomEvent[]): { state: RoomSyncState; gap: boolean } {
  let { live, seq } = state;
  if (live === null) return { state, gap: events.length > 0 };
  for (const event of events) {
    if (event.seq <= seq) continue;
    if (event.seq !== seq + 1) return { state: seq === state.seq ? state : { ...state, live, seq }, gap: true };
    live = { ...live, ...event.patch };
    seq = event.seq;
  }
  // Nothing new (only duplicates): the same state, so nothing re-renders.
  return { state: seq === state.seq ? state : { ...state, live, seq }, gap: false };
}

function settle(state: RoomSyncState, id: string): { state: RoomSyncState; command: RoomCommand | null } {
  const found = state.pending.find((item) => item.id === id);
  if (!found) return { state, command: null };
  return { state: { ...state, pending: state.pending.filter((item) => item.id !== id) }, command: found.command };
}

/** What one server message does to the client's copy, and what the client must do next. */
export function applyServerMessage(state: RoomSyncState, message: ServerMessage): Applied {
  switch (message.type) {
    case "welcome": {
      const withRole = { ...state, role: message.role };
      if (message.snapshot !== null) {
        return { state: { ...withRole, live: message.snapshot, seq: message.seq }, effects: [{ type: "welcomed" }] };
      }
      // No snapshot: the room resumes us from `since` with what we missed, ending at its `seq`.
      const resumed = applyEvents(withRole, message.missed);
      if (resumed.gap || resumed.state.live === null || resumed.state.seq !== message.seq) {
        return { state: resumed.state, effects: [{ type: "resync" }] };
      }
      return { state: resumed.state, effects: [{ type: "welcomed" }] };
    }
    case "event":
    case "events": {
      const applied = applyEvents(state, message.type === "event" ? [message] : message.events);
      return { state: applied.state, effects: applied.gap ? [{ type: "resync" }] : [] };
    }
    case "ack": {
      const settled = settle(state, message.id);
      // An ack for an id we no longer hold (sent again after a reconnect, answered twice): nothing to do.
      if (settled.command === null) return { state, effects: [] };
      const effect: RoomEffect = { type: "acked", id: message.id, command: settled.command };
      if (message.result !== undefined) effect.result = message.result;
      return { state: settled.state, effects: [effect] };
    }
    case "error": {
      if (message.id === undefined) return { state, effects: [{ type: "error", code: message.code, message: message.message }] };
      const settled = settle(state, message.id);
      return { state: settled.state, effects: [{ type: "refused", id: message.id, command: settled.command, code: message.code, message: message.message }] };
    }
    case "reload":
      return { state, effects: [{ type: "reload" }] };
    case "pong":
      return { state, effects: [] };
    case "stats":
      // The audience figures now (no sequence: the latest holds), for whoever may see them.
      if (state.live === null) return { state, effects: [] };
      return { state: { ...state, live: { ...state.live, live_viewers: message.live_viewers, peak_viewers: message.peak_viewers } }, effects: [] };
  }
}
