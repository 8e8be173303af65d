import type { UiLocale } from "../i18n/locales.ts";
import type { ChatWarning } from "./messages.ts";
import { cleanText, plainText } from "./plain-text.ts";
import { CHAT_BODY_MAX, CHAT_NAME_MAX, type ChatMessage, type ChatRefusal, type SendChatInput, refuseChat } from "./record.ts";

/**
 * Sending a chat message, public or private (SPEC §5 "A private chat cannot target yourself. A
 * private message to a disconnected participant warns that they will not receive it."). Pure: the
 * room passes the clock, a fresh id and who is connected, stores the message, then sends it to
 * whoever may read it (visibility.ts).
 */

/** Who sends: the connection's participant (never the body's `sender_id`/`sender_name`). */
export interface ChatSender {
  /** Participant id (participant.ts). */
  id: string;
  name: string;
  profile_picture_url: string | null;
}

export interface SendContext {
  now: number;
  /** A fresh UUIDv7 made with `now`: the history's order is the ids' order. */
  newId: string;
  webcast_id: string;
  locale: UiLocale;
  /**
   * Whether the room's chat takes messages. Webcasts have no chat setting in SPEC §3 (meetings
   * do: "chat enabled"), so a webcast room passes true while it runs; a meeting room, or a
   * webcast setting added later, passes its own.
   */
  chat_enabled: boolean;
  /** Participant ids with a socket open in the room now. */
  connected: ReadonlySet<string>;
}

export type SendOutcome = { ok: true; message: ChatMessage; warning?: ChatWarning } | ChatRefusal;

/** A name as the record holds it: at most CHAT_NAME_MAX characters. */
const clampName = (name: string) => [...name].slice(0, CHAT_NAME_MAX).join("");

export function sendMessage(sender: ChatSender, input: SendChatInput, context: SendContext): SendOutcome {
  if (!context.chat_enabled) return refuseChat("chat_disabled");
  const body = cleanText(input.body, context.locale, CHAT_BODY_MAX);
  if (!body.ok) return refuseChat("chat_invalid", { body: [body.message] });

  const targetId = input.target_id ?? null;
  if (targetId !== null && targetId === sender.id) return refuseChat("chat_self_target");
  const typedName = targetId === null ? "" : plainText(input.target_name ?? "");
  const targetName = typedName === "" ? null : clampName(typedName);
  const delivered = targetId === null || context.connected.has(targetId);

  const message: ChatMessage = {
    id: context.newId,
    webcast_id: context.webcast_id,
    body: body.text,
    sender_id: sender.id,
    sender_name: clampName(sender.name),
    profile_picture_url: sender.profile_picture_url,
    is_private: targetId !== null,
    target_id: targetId,
    target_name: targetName,
    sent_at: context.now,
    delivered,
    deleted_at: null,
    deleted_by: null,
  };
  return delivered ? { ok: true, message } : { ok: true, message, warning: "target_disconnected" };
}
