import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { RoomRole } from "../../../domain/webcast-room/actor.ts";
import type { RoomCommand, RoomCommandType } from "../../../domain/webcast-room/commands.ts";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { RequestOutcome } from "./room-client.ts";
import type { InteractionsState } from "./room-state.ts";

/** SPEC §2 control room tabs, in order. `?tab=` selects one. */
export const CONTROL_ROOM_TABS = ["prepare", "go-live", "speakers", "slides", "videos", "polls", "questions", "stats", "display", "links", "advanced-feed"] as const;
export type ControlRoomTab = (typeof CONTROL_ROOM_TABS)[number];

/** What every control room tab gets. */
export interface RoomTabProps {
  webcast: WebcastRow;
  speakers: readonly WebcastSpeakerRow[];
  /** The room's state as this connection sees it (a speaker may lack the audience figures). */
  live: VisibleLiveState;
  role: RoomRole | null;
  /** Whether the room's socket is open now (welcomed): calls that need the network wait for it. */
  connected: boolean;
  /** Whether this user may change the webcast itself (its start: a reset that reschedules). */
  mayEditWebcast: boolean;
  /** Whether this user may run commands of that type (read-only speakers may not). */
  may(type: RoomCommandType): boolean;
  send(command: RoomCommand): void;
  /** Command types waiting for the room's answer. */
  pendingTypes: ReadonlySet<RoomCommandType>;
  /** Polls, questions and chat as this connection sees them; null until the room sent them. */
  interactions: InteractionsState | null;
  /** Sends a command and resolves with the room's answer (interaction commands: their result or refusal). */
  request(command: RoomCommand): Promise<RequestOutcome>;
  /** Puts older chat messages (read over HTTP) into the room's copy. */
  addOlderChat(messages: ChatMessageView[], more: boolean): void;
}
