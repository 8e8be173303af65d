import { CHAT_ERROR_CODES, CHAT_ERROR_MESSAGES, CHAT_ERROR_STATUS, type ChatErrorCode } from "../chat/messages.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { POLL_ERROR_CODES, POLL_ERROR_MESSAGES, POLL_ERROR_STATUS, type PollErrorCode } from "../polls/messages.ts";
import { QUESTION_ERROR_CODES, QUESTION_ERROR_MESSAGES, QUESTION_ERROR_STATUS, type QuestionErrorCode, questionErrorMessage } from "../questions/messages.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { ROOM_ERROR_CODES, ROOM_ERROR_MESSAGES, ROOM_ERROR_STATUS, type RoomErrorCode } from "./messages.ts";

/**
 * Every reason the room refuses a command, one catalogue of the four features that say them: the
 * show (messages.ts), polls, questions and chat (their own messages.ts). Each code is unique across
 * the four (the test checks), so one code names one refusal in an `error` frame
 * (domain/protocol/errors.ts) and in a control-room or §7 call's answer.
 */
export const COMMAND_ERROR_CODES = [...ROOM_ERROR_CODES, ...POLL_ERROR_CODES, ...QUESTION_ERROR_CODES, ...CHAT_ERROR_CODES] as const;
export type CommandErrorCode = RoomErrorCode | PollErrorCode | QuestionErrorCode | ChatErrorCode;

export const COMMAND_ERROR_STATUS: Readonly<Record<CommandErrorCode, 403 | 404 | 409 | 422 | 429>> = {
  ...ROOM_ERROR_STATUS,
  ...POLL_ERROR_STATUS,
  ...QUESTION_ERROR_STATUS,
  ...CHAT_ERROR_STATUS,
};

export const COMMAND_ERROR_MESSAGES: Readonly<Record<CommandErrorCode, LocalizedText>> = {
  ...ROOM_ERROR_MESSAGES,
  ...POLL_ERROR_MESSAGES,
  ...QUESTION_ERROR_MESSAGES,
  ...CHAT_ERROR_MESSAGES,
};

const QUESTION_CODES: ReadonlySet<string> = new Set(QUESTION_ERROR_CODES);

/** The refusal's text in `locale`; a question wait names the seconds left when `retry_after_ms` is given. */
export function commandErrorMessage(code: CommandErrorCode, locale: UiLocale, params: { retry_after_ms?: number } = {}): string {
  if (QUESTION_CODES.has(code)) return questionErrorMessage(code as QuestionErrorCode, locale, params);
  return localized(COMMAND_ERROR_MESSAGES[code], locale);
}
