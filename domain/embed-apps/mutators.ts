import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { hasFeature } from "../organizations/index.ts";
import { MutationRejected, defineMutator, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { max } from "../validation/form-rules.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import { organizationRules, partFor, webcastFor } from "../webcasts/part-rules.ts";
import type { EmbedAppRow } from "./record.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * The mutators of a webcast's embed apps (domain/webcasts/parts.ts; SPEC §3 "embed apps (title,
 * description, embed code)", §7 "embed-apps"). Each starts with `webcastFor` / `partFor`
 * (part-rules.ts): the webcast exists and the actor holds `webcasts.update` for it. Creating one
 * needs the organization's `allow_embed_integration_in_webcasts` flag (judged where the
 * organization's rules are known; always on the server).
 *
 * The embed code is third-party HTML stored as text, never interpreted by the server. Screens must
 * render it sandboxed (an `<iframe sandbox srcdoc>` without `allow-same-origin`), so it cannot
 * reach the app's origin, cookies or storage; its size is capped at 20,000 characters.
 */

type Text = LocalizedText;

export const EMBED_APP_MESSAGES = {
  invalid: { en: "Some fields of the embed app are invalid.", fr: "Certains champs de l'application intégrée sont invalides." },
  gone: { en: "This embed app no longer exists: it was deleted.", fr: "Cette application intégrée n'existe plus : elle a été supprimée." },
  already_exists: { en: "An embed app with this identifier already exists.", fr: "Une application intégrée avec cet identifiant existe déjà." },
  disabled: {
    en: "Embedded apps are not enabled for this organization's webcasts.",
    fr: "Les applications intégrées ne sont pas activées pour les webcasts de cette organisation.",
  },
  embed_code_too_long: { en: "The embed code may have at most 20,000 characters.", fr: "Le code d'intégration peut compter au plus 20 000 caractères." },
} as const satisfies Record<string, Text>;

/** Longest title, description and embed code (characters). */
export const EMBED_APP_LIMITS = { title: 255, description: 10_000, embed_code: 20_000 } as const;

/** The field rules: a title (at most 255), a description of at most 10,000, an embed code (at most 20,000). */
export function embedAppFieldErrors(fields: Pick<EmbedAppRow, "title" | "description" | "embed_code">, locale: UiLocale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string | null) => {
    if (message) (errors[field] ??= []).push(message);
  };
  add("title", required(fields.title, locale) ?? max(fields.title, locale, { length: EMBED_APP_LIMITS.title }));
  add("description", max(fields.description, locale, { length: EMBED_APP_LIMITS.description }));
  add("embed_code", required(fields.embed_code, locale) ?? ([...fields.embed_code].length > EMBED_APP_LIMITS.embed_code ? localized(EMBED_APP_MESSAGES.embed_code_too_long, locale) : null));
  return errors;
}

function checkFields(fields: Pick<EmbedAppRow, "title" | "description" | "embed_code">, locale: UiLocale): void {
  const errors = embedAppFieldErrors(fields, locale);
  if (Object.keys(errors).length > 0) throw new MutationRejected("validation_failed", EMBED_APP_MESSAGES.invalid, errors);
}

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());
const isoDateTime = z.iso.datetime();
const id = z.string().regex(UUID_V7);
// Shapes only; the localized limits are embedAppFieldErrors'.
const editable = {
  title: z.string().max(10_000),
  description: z.string().max(100_000).nullable(),
  embed_code: z.string().max(100_000),
};

export const createEmbedAppArgs = z.strictObject({
  id,
  /** The webcast's organization (the push routes the mutation by it). */
  organization_id: z.int().positive(),
  webcast_id: id,
  ...editable,
  description: editable.description.optional(),
  now: isoDateTime,
});
export type CreateEmbedAppArgs = z.input<typeof createEmbedAppArgs>;

/**
 * Adds an embed app to a webcast. Refused when the webcast is gone, without `webcasts.update`,
 * without the organization's allow_embed_integration_in_webcasts, for invalid fields, or an id taken.
 */
export const createEmbedApp = defineMutator("createEmbedApp", createEmbedAppArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  const organization = await organizationRules(tx, ctx, webcast.organization_id);
  if (organization && !hasFeature(organization, "allow_embed_integration_in_webcasts")) throw new MutationRejected("forbidden", EMBED_APP_MESSAGES.disabled);
  if (await tx.get("embed_apps", args.id)) throw new MutationRejected("conflict", EMBED_APP_MESSAGES.already_exists);
  const row: EmbedAppRow = {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    title: args.title.trim(),
    description: blankToNull(args.description),
    embed_code: args.embed_code.trim(),
    created_at: args.now,
    updated_at: args.now,
  };
  checkFields(row, ctx.locale);
  await tx.put("embed_apps", row);
});

export const updateEmbedAppArgs = z.strictObject({ id, ...z.object(editable).partial().shape, now: isoDateTime });
export type UpdateEmbedAppArgs = z.input<typeof updateEmbedAppArgs>;

/**
 * Patches the given fields (per-field last write wins). Allowed with the feature switched off, so
 * existing apps can still be corrected or removed. Refused when the app or its webcast is gone,
 * without `webcasts.update`, or for invalid fields.
 */
export const updateEmbedApp = defineMutator("updateEmbedApp", updateEmbedAppArgs, ofRow, async (tx, args, ctx) => {
  const { row } = await partFor(tx, "embed_apps", args.id, "webcasts.update", ctx, EMBED_APP_MESSAGES.gone);
  const patch: Partial<EmbedAppRow> = {};
  if (args.title !== undefined) patch.title = args.title.trim();
  if (args.description !== undefined) patch.description = blankToNull(args.description);
  if (args.embed_code !== undefined) patch.embed_code = args.embed_code.trim();
  checkFields({ ...row, ...patch }, ctx.locale);
  await tx.patch("embed_apps", row.id, { ...patch, updated_at: args.now });
});

export const deleteEmbedAppArgs = z.strictObject({ id });

/** Deletes an embed app (with the feature off too). Needs `webcasts.update`; refused when already gone. */
export const deleteEmbedApp = defineMutator("deleteEmbedApp", deleteEmbedAppArgs, ofRow, async (tx, args, ctx) => {
  await partFor(tx, "embed_apps", args.id, "webcasts.update", ctx, EMBED_APP_MESSAGES.gone);
  await tx.delete("embed_apps", args.id);
});

/** Every embed app mutator by name (spread into ALL_MUTATORS). */
export const EMBED_APP_MUTATORS = { createEmbedApp, updateEmbedApp, deleteEmbedApp } as const;

/** An embed app as the REST routes answer it: the row without its organization. */
export type EmbedAppAnswer = Omit<EmbedAppRow, "organization_id">;

export function embedAppAnswer(row: EmbedAppRow): EmbedAppAnswer {
  const { organization_id: _organization, ...fields } = row;
  return fields;
}
