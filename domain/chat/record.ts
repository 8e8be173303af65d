import { z } from "zod";
import type { FieldErrors } from "../errors/codes.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import type { ChatErrorCode } from "./messages.ts";

/**
 * A chat message of a webcast (SPEC §3 "Chat message": body, sender_id, sender_name,
 * profile_picture_url, is_private, target_id, target_name, sent_at), as its room holds it while
 * live and D1 keeps it afterwards. Times are epoch milliseconds, like the room's state.
 */

/**
 * The longest message, in characters (code points). A chat line is read in passing beside the
 * video: 500 characters (Twitch's limit too) hold a few sentences or a link, and keep one person
 * from filling everyone's panel.
 */
export const CHAT_BODY_MAX = 500;
/** Shape bound of a body before it is cleaned and measured (abuse only; CHAT_BODY_MAX is the rule). */
export const CHAT_INPUT_MAX = 10_000;
export const CHAT_NAME_MAX = 255;

const epochMs = z.number().int().nonnegative();
/** A participant id (participant.ts). */
const participantIdSchema = z.string().min(1).max(80);

export const chatMessageSchema = z.object({
  /** UUIDv7 made by the room with `sent_at` when it accepts the message: history is in id order. */
  id: z.string().regex(UUID_V7),
  webcast_id: z.string().min(1).max(64),
  /** Plain text (plain-text.ts); "" once deleted (the body is erased, the tombstone stays). */
  body: z.string().max(CHAT_BODY_MAX * 2),
  sender_id: participantIdSchema,
  sender_name: z.string().max(CHAT_NAME_MAX),
  profile_picture_url: z.string().max(2_048).nullable(),
  is_private: z.boolean(),
  /** The one participant a private message is for; null for a public message. */
  target_id: participantIdSchema.nullable(),
  target_name: z.string().max(CHAT_NAME_MAX).nullable(),
  sent_at: epochMs,
  /**
   * False for a private message whose target was not connected when it was sent (SPEC §5: "they
   * will not receive it"): it is kept for its sender, and never shown to its target. True otherwise.
   */
  delivered: z.boolean(),
  /** Deleted by a moderator (beyond the spec): when and by whom (user id). */
  deleted_at: epochMs.nullable(),
  deleted_by: z.number().int().positive().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * POST chat-messages and the room's chat command (SPEC §7 {body, sender_id, sender_name,
 * target_id, target_name}). A `target_id` makes the message private. `sender_id` and
 * `sender_name` are accepted for the spec's clients and ignored: the sender is who the connection
 * (or the session) says, never what the body claims.
 */
export const sendChatSchema = z.strictObject({
  body: z.string().max(CHAT_INPUT_MAX),
  target_id: participantIdSchema.nullish(),
  target_name: z.string().max(CHAT_INPUT_MAX).nullish(),
  sender_id: z.string().max(CHAT_INPUT_MAX).nullish(),
  sender_name: z.string().max(CHAT_INPUT_MAX).nullish(),
});
export type SendChatInput = z.output<typeof sendChatSchema>;

export const CHAT_HISTORY_DEFAULT_LIMIT = 50;
export const CHAT_HISTORY_MAX_LIMIT = 200;

/**
 * GET chat-messages (the history is an array of messages, SPEC §7): the newest `limit` messages
 * the reader may see, or with `before` (a message id, the oldest the reader holds) the ones
 * before it. The answer stays an array; its oldest message's id is the next `before`.
 */
export const chatHistoryQuery = z.object({
  before: z.string().regex(UUID_V7).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_LIMIT).default(CHAT_HISTORY_DEFAULT_LIMIT),
});
export type ChatHistoryQuery = z.output<typeof chatHistoryQuery>;

/** A refusal: nothing changed. */
export interface ChatRefusal {
  ok: false;
  code: ChatErrorCode;
  errors?: FieldErrors;
}

export function refuseChat(code: ChatErrorCode, errors?: FieldErrors): ChatRefusal {
  return errors ? { ok: false, code, errors } : { ok: false, code };
}
