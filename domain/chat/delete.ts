import { type Permission } from "../permissions/permissions.ts";
import { type ChatMessage, type ChatRefusal, refuseChat } from "./record.ts";
import { type ChatReader, canReadMessage } from "./visibility.ts";

/**
 * A moderator deletes a chat message (beyond the spec; every moderator expects it). The
 * permission is `questions.manage` (SPEC §6: the organizer or the producer speaker manages the
 * audience's questions; the chat is the audience's other voice, and no permission of its own
 * exists). A moderator deletes only what they can read: public messages, and private ones they
 * sent or received. The body is erased (what is deleted is usually what must not be kept: abuse,
 * personal data); the message stays as a tombstone (id, sender, time, who deleted it and when) so
 * the history keeps its order and every client replaces what it shows. Deleting twice is a no-op.
 */

export const CHAT_DELETE_PERMISSION = "questions.manage" satisfies Permission;

export interface ChatModerator extends ChatReader {
  grants: readonly Permission[];
  user_id: number | null;
}

export type DeleteOutcome = { ok: true; message: ChatMessage; changed: boolean } | ChatRefusal;

export function canDeleteMessages(actor: Pick<ChatModerator, "grants">): boolean {
  return actor.grants.includes(CHAT_DELETE_PERMISSION);
}

export function deleteMessage(message: ChatMessage, moderator: ChatModerator, context: { now: number }): DeleteOutcome {
  if (!canDeleteMessages(moderator)) return refuseChat("chat_forbidden");
  if (!canReadMessage(message, moderator)) return refuseChat("chat_message_not_found");
  if (message.deleted_at !== null) return { ok: true, message, changed: false };
  return { ok: true, message: { ...message, body: "", deleted_at: context.now, deleted_by: moderator.user_id }, changed: true };
}
