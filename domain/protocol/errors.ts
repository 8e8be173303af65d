import { z } from "zod";
import type { FieldErrors } from "../errors/codes.ts";
import type { UiLocale } from "../i18n/locales.ts";
import type { ErrorMessage } from "./server-messages.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { COMMAND_ERROR_CODES, COMMAND_ERROR_MESSAGES, type CommandErrorCode, commandErrorMessage } from "../webcast-room/command-errors.ts";

/** Codes an `error` frame can carry. They are part of the protocol: adding one is a version bump. */
export const PROTOCOL_ERROR_CODES = [
  "frame_too_large",
  "invalid_json",
  "invalid_message",
  "hello_required",
  "hello_repeated",
  "protocol_unsupported",
  "server_error",
  // A command the room refused (domain/webcast-room/command-errors.ts): the frame carries its id.
  ...COMMAND_ERROR_CODES,
] as const;
export const protocolErrorCode = z.enum(PROTOCOL_ERROR_CODES);
export type ProtocolErrorCode = z.infer<typeof protocolErrorCode>;

const MESSAGES: Record<ProtocolErrorCode, LocalizedText> = {
  frame_too_large: { en: "This message is too large.", fr: "Ce message est trop volumineux." },
  invalid_json: { en: "This message is not valid JSON.", fr: "Ce message n'est pas du JSON valide." },
  invalid_message: { en: "This message is invalid.", fr: "Ce message est invalide." },
  hello_required: { en: "Say hello before sending anything else.", fr: "Envoyez hello avant tout autre message." },
  hello_repeated: { en: "This connection has already said hello.", fr: "Cette connexion a déjà envoyé hello." },
  protocol_unsupported: {
    en: "This server does not support your version of the application yet.",
    fr: "Ce serveur ne prend pas encore en charge votre version de l'application.",
  },
  server_error: { en: "Something went wrong. Please try again.", fr: "Une erreur s'est produite. Veuillez réessayer." },
  ...COMMAND_ERROR_MESSAGES,
};

const COMMAND_CODES: ReadonlySet<string> = new Set(COMMAND_ERROR_CODES);

export function protocolErrorMessage(code: ProtocolErrorCode, locale: UiLocale, params: { retry_after_ms?: number } = {}): string {
  if (COMMAND_CODES.has(code)) return commandErrorMessage(code as CommandErrorCode, locale, params);
  return localized(MESSAGES[code], locale);
}

/** The `error` frame for a code, in the connection's language; `errors` lists field problems. */
export function errorFrame(code: ProtocolErrorCode, locale: UiLocale, errors?: FieldErrors, commandId?: string, retryAfterMs?: number): ErrorMessage {
  const frame: ErrorMessage = { type: "error", code, message: protocolErrorMessage(code, locale, retryAfterMs === undefined ? {} : { retry_after_ms: retryAfterMs }) };
  if (errors) frame.errors = errors;
  if (commandId !== undefined) frame.id = commandId;
  if (retryAfterMs !== undefined) frame.retry_after_ms = retryAfterMs;
  return frame;
}
