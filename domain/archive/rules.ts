import { z } from "zod";
import type { FieldErrors } from "../errors/codes.ts";
import type { UiLocale } from "../i18n/locales.ts";
import type { MediaCut, MediaEdition } from "../media/record.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { formatTimeString } from "../validation/time-string.ts";
import type { ArchiveStatus } from "./record.ts";

/**
 * The archive's rules (SPEC §3 "Archive edition: start, end, cuts, add_to_gallery", §4 archive
 * processing → ready → expired, §8 "There is another archive version with these same
 * parameters."). Pure: the browser runs them for instant feedback, the worker
 * (worker/features/archive) again as the authority, after authorizing webcasts.update.
 */

/**
 * How long a recording stays hosted (SPEC §3 plan grid "archive hosting period in months", value
 * not shown): 12 months from the archive's creation unless the plan says otherwise
 * (docs/media.md "The archive").
 */
export const ARCHIVE_HOSTING_MONTHS = 12;

/** Most cuts an edition may hold. */
export const MAX_EDITION_CUTS = 100;

export const ARCHIVE_MESSAGES = {
  invalid: { en: "Some fields of the archive version are invalid.", fr: "Certains champs de la version de l'archive sont invalides." },
  same_parameters: { en: "There is another archive version with these same parameters.", fr: "Il existe une autre version de l'archive avec ces mêmes paramètres." },
  start_negative: { en: "The start must be 0 or later.", fr: "Le début doit être à 0 ou après." },
  start_after_end: { en: "The start must be before the end.", fr: "Le début doit précéder la fin." },
  end_beyond: { en: "The end may not be after the end of the recording ({duration}).", fr: "La fin ne peut pas dépasser la fin de l'enregistrement ({duration})." },
  cut_order: { en: "A cut must start before it ends.", fr: "Une coupe doit commencer avant de finir." },
  cut_outside: { en: "A cut must lie between the start and the end.", fr: "Une coupe doit se situer entre le début et la fin." },
  cut_overlap: { en: "This cut overlaps another one.", fr: "Cette coupe en chevauche une autre." },
  too_many_cuts: { en: "An archive version may have at most {max} cuts.", fr: "Une version de l'archive peut avoir au plus {max} coupes." },
  nothing_left: { en: "The cuts may not remove the whole recording.", fr: "Les coupes ne peuvent pas retirer tout l'enregistrement." },
} as const satisfies Record<string, LocalizedText>;

/** Body of POST /api/webcasts/{uid}/archive/edit: seconds from the start of the recording. Shapes only; `editionErrors` says what is wrong. */
export const editionBodySchema = z.strictObject({
  edition: z.strictObject({
    start: z.number(),
    end: z.number(),
    // A guard on the body's size; the rule (MAX_EDITION_CUTS) has its own message.
    cuts: z.array(z.strictObject({ start: z.number(), end: z.number() })).max(MAX_EDITION_CUTS * 10).default([]),
    add_to_gallery: z.boolean().default(false),
  }),
});
export type EditionBody = z.input<typeof editionBodySchema>;

/** Seconds rounded to the millisecond: what is compared, stored and signed. */
export function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** The edition as stored: every value rounded to the millisecond, cuts sorted by start (then end). */
export function normalizeEdition(edition: MediaEdition): MediaEdition {
  const cuts = edition.cuts.map((cut) => ({ start: toMilliseconds(cut.start), end: toMilliseconds(cut.end) })).sort((a, b) => a.start - b.start || a.end - b.end);
  return { start: toMilliseconds(edition.start), end: toMilliseconds(edition.end), cuts };
}

/**
 * Field errors of an edition over a recording of `duration` seconds (keys "edition.start",
 * "edition.end", "edition.cuts", "edition.cuts.<index as sent>"): 0 ≤ start < end ≤ duration;
 * each cut starts before it ends, inside [start, end], overlapping no other (touching is fine); at
 * most MAX_EDITION_CUTS; something left to play. Values are compared at the millisecond.
 */
export function editionErrors(edition: MediaEdition, duration: number, locale: UiLocale): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const text = (key: keyof typeof ARCHIVE_MESSAGES) => localized(ARCHIVE_MESSAGES[key], locale);
  const start = toMilliseconds(edition.start);
  const end = toMilliseconds(edition.end);
  if (start < 0) add("edition.start", text("start_negative"));
  else if (start >= end) add("edition.start", text("start_after_end"));
  if (end > toMilliseconds(duration)) add("edition.end", text("end_beyond").replace("{duration}", formatTimeString(duration)));
  if (edition.cuts.length > MAX_EDITION_CUTS) {
    add("edition.cuts", text("too_many_cuts").replace("{max}", String(MAX_EDITION_CUTS)));
    return errors;
  }
  const cuts = edition.cuts.map((cut, index) => ({ start: toMilliseconds(cut.start), end: toMilliseconds(cut.end), index }));
  const sound: typeof cuts = [];
  for (const cut of cuts) {
    if (cut.start >= cut.end) add(`edition.cuts.${cut.index}`, text("cut_order"));
    else if (cut.start < start || cut.end > end) add(`edition.cuts.${cut.index}`, text("cut_outside"));
    else sound.push(cut);
  }
  sound.sort((a, b) => a.start - b.start || a.end - b.end);
  let reach = Number.NEGATIVE_INFINITY;
  for (const cut of sound) {
    if (cut.start < reach) add(`edition.cuts.${cut.index}`, text("cut_overlap"));
    reach = Math.max(reach, cut.end);
  }
  if (Object.keys(errors).length === 0 && playableDuration({ start, end, cuts }) <= 0) add("edition.cuts", text("nothing_left"));
  return errors;
}

/** Seconds an edit list plays: end − start minus its cuts (cuts assumed valid: inside, apart). */
export function playableDuration(edition: MediaEdition): number {
  const cut = edition.cuts.reduce((sum, part: MediaCut) => sum + (part.end - part.start), 0);
  return toMilliseconds(edition.end - edition.start - cut);
}

/**
 * What makes two editions "the same parameters" (SPEC §8): start, end and cuts in whole
 * milliseconds, cuts sorted (add_to_gallery is not a parameter of the cut). Unique per archive
 * (archive_editions_signature_idx).
 */
export function editionSignature(edition: MediaEdition): string {
  const { start, end, cuts } = normalizeEdition(edition);
  const ms = (seconds: number) => String(Math.round(seconds * 1000));
  return `${ms(start)}-${ms(end)}|${cuts.map((cut) => `${ms(cut.start)}-${ms(cut.end)}`).join(",")}`;
}

/** When an archive created at `createdAt` stops being hosted: `months` later, on the same day or the month's last. */
export function archiveExpiresAt(createdAt: string, months = ARCHIVE_HOSTING_MONTHS): string {
  const created = new Date(createdAt);
  const target = new Date(created);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(created.getUTCDate(), lastDay));
  return target.toISOString();
}

/** SPEC §4: the stored status, or "expired" once `now` (ms) reaches `expires_at`: computed on read, never stored. */
export function archiveStatusAt(archive: { status: ArchiveStatus; expires_at: string | null }, now: number): ArchiveStatus {
  return archive.expires_at !== null && now >= Date.parse(archive.expires_at) ? "expired" : archive.status;
}

const EXTENSIONS: Readonly<Record<string, string>> = { "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov", "audio/mp4": "m4a", "audio/mpeg": "mp3" };

/**
 * The name a replay downloads under (SPEC §7 "downloads as replay mp4"): "<event title>
 * replay.mp4", the title stripped of what file systems refuse (control characters, / \ : * ? " < > |,
 * leading dots) and cut to 100 characters; "replay.mp4" alone without a usable title. The
 * extension follows the recording's type (mp4 unless it is known to be another).
 */
export function replayFileName(eventTitle: string, contentType: string | null): string {
  const title = eventTitle
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 100)
    .trim();
  const extension = EXTENSIONS[(contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? ""] ?? "mp4";
  return title ? `${title} replay.${extension}` : `replay.${extension}`;
}
