import type { ChatMessage } from "./record.ts";

/**
 * Who reads a chat message. Public: everyone in the room. Private: its sender and its target, no
 * one else — moderators included, as in Zoom, where a host does not see the private messages
 * between other participants: a private message is a conversation between two people, and a
 * moderator who might read it would make it a public one with fewer readers. A private message
 * whose target was not connected (`delivered: false`) is its sender's only (SPEC §5: "they will
 * not receive it"). A deleted message reaches its readers as a tombstone: its place and sender,
 * no body.
 */

/** The reader's participant id (participant.ts). */
export interface ChatReader {
  participant_id: string;
}

export type ChatMessageView = Omit<ChatMessage, "deleted_by" | "delivered"> & {
  deleted: boolean;
  /** Present on the sender's own private messages: false when the target was not connected. */
  delivered?: boolean;
};

export function canReadMessage(message: Pick<ChatMessage, "is_private" | "sender_id" | "target_id" | "delivered">, reader: ChatReader): boolean {
  if (!message.is_private) return true;
  if (message.sender_id === reader.participant_id) return true;
  return message.delivered && message.target_id === reader.participant_id;
}

/** The message as `reader` receives it, or null when they may not read it. */
export function visibleMessage(message: ChatMessage, reader: ChatReader): ChatMessageView | null {
  if (!canReadMessage(message, reader)) return null;
  const { deleted_by: _by, delivered, ...rest } = message;
  const view: ChatMessageView = { ...rest, deleted: message.deleted_at !== null };
  if (message.is_private && message.sender_id === reader.participant_id) view.delivered = delivered;
  return view;
}

/**
 * To whom the room sends a new (or deleted) message: everyone, or these participant ids (each of
 * their sockets). The one rule of `canReadMessage`, said for the fan-out.
 */
export function messageRecipients(message: Pick<ChatMessage, "is_private" | "sender_id" | "target_id" | "delivered">): "everyone" | string[] {
  if (!message.is_private) return "everyone";
  return message.delivered && message.target_id !== null && message.target_id !== message.sender_id ? [message.sender_id, message.target_id] : [message.sender_id];
}
