import type { UiLocale } from "../i18n/locales.ts";
import { isEmpty } from "./required.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/**
 * SPEC §5 "Time-string parsing requires hh:mm:ss": positions and lengths in a video (segments,
 * premiere videos, archive edits) typed as hh:mm:ss. Hours have two digits or more (a recording
 * can pass 99 hours only in theory, but formatting never has to refuse a value); minutes and
 * seconds are 00–59. Exactly three parts: "1:02:03", "02:03" and "01:02:03.5" are refused.
 */
const TIME_STRING = /^(\d{2,}):([0-5]\d):([0-5]\d)$/;

/** Seconds of an hh:mm:ss string (surrounding spaces ignored), or null when it is not one. */
export function parseTimeString(value: string): number | null {
  const match = TIME_STRING.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return Number.isSafeInteger(seconds) ? seconds : null;
}

/** hh:mm:ss of a number of seconds; fractions are dropped and a negative value shows as 00:00:00. */
export function formatTimeString(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** The rule: an empty value passes (required says otherwise), anything else must be hh:mm:ss. */
export function timeString(value: string | null | undefined, locale: UiLocale): RuleResult {
  return value == null || isEmpty(value) || parseTimeString(value) !== null ? null : ruleMessage("time_string", locale);
}
