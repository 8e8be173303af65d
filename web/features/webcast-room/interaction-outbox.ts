import { proxy, ref } from "valtio";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import type { ConnectionStatus } from "./room-client.ts";
import type { PendingCommand, RoomEffect } from "./room-state.ts";

/**
 * What the audience sees of its own questions and chat messages on their way to the room (issue
 * #19): the room client already queues every command with its id while the network is down, keeps
 * the queue on the device (pending-store.ts) and sends it once the room is reached, where each id
 * applies once. This only says so on screen: "waiting for the network" while disconnected,
 * "sending" until the room acknowledged, then "sent" for SENT_SHOWN_MS.
 */

export type OutboxCommand = Extract<RoomCommand, { type: "question.ask" | "chat.send" }>;
export type OutboxState = "waiting" | "sending" | "sent";

export interface OutboxItem {
  id: string;
  command: OutboxCommand;
  state: OutboxState;
}

/** How long a sent item stays in the list (SPEC §9 toasts: 4000 ms). */
export const SENT_SHOWN_MS = 4_000;

export function isOutboxCommand(command: RoomCommand | null): command is OutboxCommand {
  return command?.type === "question.ask" || command?.type === "chat.send";
}

/** The items to show: the queued ones (waiting or sending, as the connection is), then the ones just sent. */
export function outboxItems(pending: readonly PendingCommand[], status: ConnectionStatus, sent: readonly { id: string; command: OutboxCommand }[]): OutboxItem[] {
  const state: OutboxState = status === "open" ? "sending" : "waiting";
  const queued = pending.flatMap(({ id, command }) => (isOutboxCommand(command) ? [{ id, command, state }] : []));
  const shown = new Set(queued.map((item) => item.id));
  return [...queued, ...sent.filter((item) => !shown.has(item.id)).map((item) => ({ ...item, state: "sent" as const }))];
}

/** Remembers what was just sent (fed the room client's notices), for SENT_SHOWN_MS each. */
export class InteractionOutbox {
  readonly store = proxy<{ sent: { id: string; command: OutboxCommand }[] }>({ sent: [] });
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  /** The room client's `onNotice`. */
  settled(effect: RoomEffect): void {
    if (effect.type !== "acked" || !isOutboxCommand(effect.command)) return;
    const item = ref({ id: effect.id, command: effect.command });
    this.store.sent.push(item);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.store.sent = this.store.sent.filter((held) => held.id !== item.id);
    }, SENT_SHOWN_MS);
    this.timers.add(timer);
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
