import type { UiLocale } from "../i18n/locales.ts";
import { email, max, min } from "../validation/form-rules.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { required } from "../validation/required.ts";

/**
 * The rules of one viewer's fields (SPEC §3 "Viewer/participant", §5 "CSV import: required fields,
 * valid e-mail"), judged the same way by the viewers tab's form, the mutators, the REST routes and
 * each row of a CSV import: the name and the e-mail are required, the e-mail valid; tags, control
 * number, vote weight and password have bounds. Values are cleaned first (`cleanViewerFields`).
 */

export const VIEWER_BOUNDS = {
  name: 255,
  email: 255,
  control_number: 100,
  /** Characters of one tag, and tags per viewer. */
  tag: 50,
  tags: 50,
  /** A vote weight is a number > 0 and at most this (SPEC §3 "vote weight"; 1 = an ordinary vote). */
  vote_weight: 1_000_000,
  password: { min: 4, max: 255 },
} as const;

export const VIEWER_MESSAGES = {
  invalid: { en: "Some fields of the viewer are invalid.", fr: "Certains champs du participant sont invalides." },
  not_found: { en: "This viewer no longer exists: it was deleted.", fr: "Ce participant n'existe plus : il a été supprimé." },
  duplicate_email: { en: "This e-mail address is already a viewer of this webcast.", fr: "Cette adresse courriel est déjà celle d'un participant de ce webcast." },
  vote_weight: {
    en: `The vote weight must be a number greater than 0 and at most ${VIEWER_BOUNDS.vote_weight.toLocaleString("en")}.`,
    fr: `Le poids du vote doit être un nombre supérieur à 0 et d'au plus ${VIEWER_BOUNDS.vote_weight.toLocaleString("fr").replace(/\s/g, " ")}.`,
  },
  tag_length: { en: `A tag has at most ${VIEWER_BOUNDS.tag} characters.`, fr: `Une étiquette compte au plus ${VIEWER_BOUNDS.tag} caractères.` },
  tag_count: { en: `A viewer has at most ${VIEWER_BOUNDS.tags} tags.`, fr: `Un participant a au plus ${VIEWER_BOUNDS.tags} étiquettes.` },
  too_many_ids: { en: "Delete at most 1,000 viewers at a time.", fr: "Supprimez au plus 1 000 participants à la fois." },
  server_only: { en: "This change can only be made by the server.", fr: "Cette modification ne peut être faite que par le serveur." },
  invitation_failed: {
    en: "The invitation e-mail could not be sent. Please try again.",
    fr: "Le courriel d'invitation n'a pas pu être envoyé. Veuillez réessayer.",
  },
} as const satisfies Record<string, LocalizedText>;

/** The fields a person types for a viewer (a form, a REST body, a CSV row), before cleaning. */
export interface ViewerFieldsInput {
  name?: string | null;
  email?: string | null;
  tags?: readonly string[] | null;
  control_number?: string | null;
  vote_weight?: number | null;
  password?: string | null;
}

/** Cleaned fields: trimmed, e-mail in lower case, tags trimmed and without duplicates (case-insensitive), empty → null. */
export interface ViewerFields {
  name: string;
  email: string;
  tags: string[];
  control_number: string | null;
  vote_weight: number;
  password: string | null;
}

/** The canonical form of an e-mail address: how two viewers of a webcast are told apart. */
export function normalizedEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Tags as stored: trimmed, empty ones dropped, the first spelling of each (case-insensitive) kept, in order. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLocaleLowerCase();
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** One cell of tags ("vip, press; speakers|team") as a list: commas, semicolons and pipes separate tags. */
export function splitTags(cell: string): string[] {
  return cleanTags(cell.split(/[,;|]/));
}

export function cleanViewerFields(input: ViewerFieldsInput): ViewerFields {
  const text = (value: string | null | undefined) => value?.trim() ?? "";
  const control = text(input.control_number);
  const password = input.password ?? "";
  return {
    name: text(input.name).replace(/\s+/g, " "),
    email: normalizedEmail(input.email ?? ""),
    tags: cleanTags(input.tags ?? []),
    control_number: control === "" ? null : control,
    vote_weight: input.vote_weight ?? 1,
    password: password === "" ? null : password,
  };
}

/** Whether `value` is an acceptable vote weight: a finite number > 0 and ≤ the bound. */
export function isVoteWeight(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= VIEWER_BOUNDS.vote_weight;
}

/**
 * Field errors of cleaned viewer fields, in `locale` (`{}` when valid). `fields` limits the check
 * to the fields being changed (an edit of the tags alone does not judge the name).
 */
export function viewerFieldErrors(fields: Partial<ViewerFields>, locale: UiLocale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string | null) => {
    if (message) errors[field] = [...(errors[field] ?? []), message];
  };
  if (fields.name !== undefined) add("name", required(fields.name, locale) ?? max(fields.name, locale, { length: VIEWER_BOUNDS.name }));
  if (fields.email !== undefined) add("email", required(fields.email, locale) ?? email(fields.email, locale) ?? max(fields.email, locale, { length: VIEWER_BOUNDS.email }));
  if (fields.control_number != null) add("control_number", max(fields.control_number, locale, { length: VIEWER_BOUNDS.control_number }));
  if (fields.vote_weight !== undefined && !isVoteWeight(fields.vote_weight)) add("vote_weight", localized(VIEWER_MESSAGES.vote_weight, locale));
  if (fields.tags !== undefined) {
    if (fields.tags.length > VIEWER_BOUNDS.tags) add("tags", localized(VIEWER_MESSAGES.tag_count, locale));
    else if (fields.tags.some((tag) => [...tag].length > VIEWER_BOUNDS.tag)) add("tags", localized(VIEWER_MESSAGES.tag_length, locale));
  }
  if (fields.password != null) {
    add("password", min(fields.password, locale, { length: VIEWER_BOUNDS.password.min }) ?? max(fields.password, locale, { length: VIEWER_BOUNDS.password.max }));
  }
  return errors;
}
