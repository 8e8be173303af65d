import type { UiLocale } from "../i18n/locales.ts";
import { elementMax } from "../validation/numbers.ts";
import { ruleMessage } from "../validation/rule-messages.ts";

/**
 * What the audience types (a question, an answer, a chat message) as the product stores it: plain
 * text, never markup. Nothing here escapes HTML: the screens render these texts as text (React
 * text nodes), so `<b>` shows as typed. What is removed is what no person means to send and what
 * could deceive a reader:
 * - control characters (C0 and C1) but the line feed; a tab becomes a space;
 * - the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069),
 *   which can make a text read differently from what it holds ("Trojan Source"); right-to-left
 *   scripts need none of them when the screen renders each text with `dir="auto"`;
 * - half of a surrogate pair (not a character), replaced by U+FFFD.
 * Line ends become "\n" (CRLF, CR, U+2028, U+2029), more than one blank line becomes one, the text
 * is trimmed and put in Unicode NFC. Pure.
 */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_END = /\r\n|[\r\u2028\u2029]/g;
const BLANK_LINES = /\n[^\S\n]*\n(?:[^\S\n]*\n)+/g;
/** Characters that show nothing: white space, zero-width spaces and joiners, word joiner, BOM. */
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]/gu;

export function plainText(value: string): string {
  return value
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(LINE_END, "\n")
    .replace(/\t/g, " ")
    .replace(CONTROL, "")
    .replace(BIDI_CONTROL, "")
    .replace(BLANK_LINES, "\n\n")
    .trim()
    .normalize("NFC");
}

/** Whether a text shows nothing (only spaces, line ends or zero-width characters): it is missing. */
export function isBlankText(value: string): boolean {
  return value.replace(INVISIBLE, "") === "";
}

/** Length in characters as a person counts them (code points: an emoji counts once), as element_max does. */
export function textLength(value: string): number {
  return [...value].length;
}

export type CleanText = { ok: true; text: string } | { ok: false; message: string };

/**
 * A typed text made plain (`plainText`) and checked: "This field is required" when it shows
 * nothing, the spec's element_max message ("Limit reached: at most {max} characters.") past `max`
 * characters, measured after cleaning (what is stored is what is counted).
 */
export function cleanText(value: string, locale: UiLocale, max: number): CleanText {
  const text = plainText(value);
  if (isBlankText(text)) return { ok: false, message: ruleMessage("required", locale) };
  const tooLong = elementMax(text, locale, { max });
  return tooLong === null ? { ok: true, text } : { ok: false, message: tooLong };
}
