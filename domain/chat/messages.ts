import type { UiLocale } from "../i18n/locales.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";

/**
 * Why the chat refused something (nothing changed), with its HTTP status and its text in en and fr
 * (SPEC §1). Codes start with `chat_` so they can join the room's protocol error codes.
 */
export const CHAT_ERROR_CODES = ["chat_disabled", "chat_self_target", "chat_invalid", "chat_forbidden", "chat_message_not_found"] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

export const CHAT_ERROR_STATUS: Record<ChatErrorCode, 403 | 404 | 409 | 422> = {
  chat_disabled: 409,
  chat_self_target: 422,
  chat_invalid: 422,
  chat_forbidden: 403,
  chat_message_not_found: 404,
};

export const CHAT_ERROR_MESSAGES: Record<ChatErrorCode, LocalizedText> = {
  chat_disabled: { en: "The chat is closed.", fr: "La discussion est fermée." },
  // SPEC §5 "A private chat cannot target yourself."
  chat_self_target: { en: "You cannot send a private message to yourself.", fr: "Vous ne pouvez pas vous envoyer un message privé." },
  chat_invalid: { en: "Some fields of the message are invalid.", fr: "Certains champs du message sont invalides." },
  chat_forbidden: {
    en: "Only the webcast's organizers and producer may delete chat messages.",
    fr: "Seuls les organisateurs et le producteur du webcast peuvent supprimer des messages de la discussion.",
  },
  chat_message_not_found: { en: "This message does not exist.", fr: "Ce message n'existe pas." },
};

export function chatErrorMessage(code: ChatErrorCode, locale: UiLocale): string {
  return localized(CHAT_ERROR_MESSAGES[code], locale);
}

/** What comes back with an accepted message the sender should know about. */
export const CHAT_WARNINGS = ["target_disconnected"] as const;
export type ChatWarning = (typeof CHAT_WARNINGS)[number];

/** SPEC §5 "A private message to a disconnected participant warns that they will not receive it." */
const TARGET_DISCONNECTED: Localized<(name: string | null) => string> = {
  en: (name) => `${name ?? "This participant"} is not connected and will not receive your message.`,
  fr: (name) => (name ? `${name} n'est pas connecté et ne recevra pas votre message.` : "Ce participant n'est pas connecté et ne recevra pas votre message."),
};

export function chatWarningMessage(warning: ChatWarning, locale: UiLocale, params: { target_name: string | null }): string {
  switch (warning) {
    case "target_disconnected":
      return localized(TARGET_DISCONNECTED, locale)(params.target_name);
  }
}

/** The text a deleted message shows in its place. */
export const CHAT_DELETED_TEXT: LocalizedText = { en: "This message was deleted by a moderator.", fr: "Ce message a été supprimé par un modérateur." };
