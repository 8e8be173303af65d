import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { checkMediaLimit, isMedium } from "../media/limits.ts";
import { type MutationContext, MutationRejected, defineMutator, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { email, max, url } from "../validation/form-rules.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import { partFor, partsOf, webcastFor } from "../webcasts/part-rules.ts";
import { RESOURCE_KINDS, type ResourceRow } from "./record.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * The mutators of a webcast's resources (domain/webcasts/parts.ts, SPEC §3 "resources", §7
 * "resources", docs/webcasts-api.md). Each starts with `webcastFor` / `partFor` (part-rules.ts):
 * the webcast exists and the actor holds `webcasts.update` for it (the organizer's content).
 *
 * A link or an e-mail resource can be made anywhere, a browser offline included. A file must be
 * uploaded first: only the server's route stores it in R2 and names it in `file_key`, so a
 * mutation carrying a `file_key` is refused in the browser (`ctx.location`), and on the server the
 * key must lie under the resource's own prefix (`webcasts/<uid>/resources/<resource id>/`): no
 * resource can point at another resource's (or webcast's) object.
 */

type Text = LocalizedText;

export const RESOURCE_MESSAGES = {
  invalid: { en: "Some fields of the resource are invalid.", fr: "Certains champs de la ressource sont invalides." },
  gone: { en: "This resource no longer exists: it was deleted.", fr: "Cette ressource n'existe plus : elle a été supprimée." },
  already_exists: { en: "A resource with this identifier already exists.", fr: "Une ressource avec cet identifiant existe déjà." },
  file_online_only: {
    en: "A file can only be added online: it is uploaded to the server first.",
    fr: "Un fichier ne peut être ajouté qu'en ligne : il est d'abord téléversé sur le serveur.",
  },
  file_required: { en: "Choose a file to upload.", fr: "Choisissez un fichier à téléverser." },
  file_key_invalid: { en: "This file was not uploaded for this resource.", fr: "Ce fichier n'a pas été téléversé pour cette ressource." },
  // REST uploads (worker/features/resources).
  form_required: {
    en: "Send the resource as form data (multipart/form-data or urlencoded) or as JSON.",
    fr: "Envoyez la ressource en données de formulaire (multipart/form-data ou urlencoded) ou en JSON.",
  },
  form_malformed: { en: "The form data could not be read.", fr: "Les données du formulaire n'ont pas pu être lues." },
  file_not_expected: { en: "Only a file resource takes a file.", fr: "Seule une ressource de type fichier accepte un fichier." },
  field_too_large: { en: "This field is too large.", fr: "Ce champ est trop volumineux." },
  no_file: { en: "This resource has no file.", fr: "Cette ressource n'a pas de fichier." },
  upload_first: {
    en: "Upload the file first (POST /api/uploads), then send its upload_id.",
    fr: "Téléversez d'abord le fichier (POST /api/uploads), puis envoyez son upload_id.",
  },
} as const satisfies Record<string, Text>;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Longest title, description, link and file name a resource may have (characters). */
export const RESOURCE_LIMITS = { title: 255, description: 10_000, url: 2_048, email: 255, file_name: 255 } as const;

/** R2 prefix of one resource's file: `webcasts/<uid>/resources/<resource id>/`. */
export function resourceFilePrefix(webcastId: string, resourceId: string): string {
  return `${resourceFilesPrefix(webcastId)}${resourceId}/`;
}

/** R2 prefix of every resource file of a webcast. */
export function resourceFilesPrefix(webcastId: string): string {
  return `webcasts/${webcastId}/resources/`;
}

const FILE_NAME = /^[A-Za-z0-9_-]{16,100}$/;

/** Whether `key` is one of this resource's file keys (`<prefix><random>`). */
export function isResourceFileKey(webcastId: string, resourceId: string, key: string): boolean {
  const prefix = resourceFilePrefix(webcastId, resourceId);
  return key.startsWith(prefix) && FILE_NAME.test(key.slice(prefix.length));
}

type ResourceFields = Pick<ResourceRow, "title" | "description" | "kind" | "url" | "file_key" | "file_name">;

/**
 * The field rules of a resource (SPEC §5): a title (at most 255 characters), a description of at
 * most 10,000; a link is an http(s) URL (the url rule), an e-mail resource a valid address, a
 * file resource has its uploaded file. Errors are keyed by form field (`url`, `file`).
 */
export function resourceFieldErrors(fields: ResourceFields, locale: UiLocale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string | null) => {
    if (message) (errors[field] ??= []).push(message);
  };
  add("title", required(fields.title, locale) ?? max(fields.title, locale, { length: RESOURCE_LIMITS.title }));
  add("description", max(fields.description, locale, { length: RESOURCE_LIMITS.description }));
  if (fields.kind === "link") add("url", required(fields.url, locale) ?? url(fields.url, locale) ?? max(fields.url, locale, { length: RESOURCE_LIMITS.url }));
  if (fields.kind === "email") add("url", required(fields.url, locale) ?? email(fields.url, locale) ?? max(fields.url, locale, { length: RESOURCE_LIMITS.email }));
  if (fields.kind === "file") {
    if (fields.file_key === null) add("file", localized(RESOURCE_MESSAGES.file_required, locale));
    add("file_name", max(fields.file_name, locale, { length: RESOURCE_LIMITS.file_name }));
  }
  return errors;
}

function refuse(code: string, key: keyof typeof RESOURCE_MESSAGES, errors?: Record<string, string[]>): MutationRejected {
  return new MutationRejected(code, RESOURCE_MESSAGES[key], errors);
}

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());

/**
 * The row's kind-dependent fields made consistent: a link or e-mail has its address and no file,
 * a file has its key and name and no address.
 */
function consistent<T extends ResourceFields>(row: T): T {
  if (row.kind === "file") return { ...row, url: null, file_name: row.file_key === null ? null : (row.file_name ?? "file") };
  return { ...row, file_key: null, file_name: null };
}

/**
 * A `file_key` given in a mutation: only the server's upload route sets one (the browser has no
 * object to name), and it must be this resource's.
 */
function checkFileKey(key: string | null | undefined, webcastId: string, resourceId: string, ctx: MutationContext): void {
  if (key == null) return;
  if (ctx.location !== "server") throw refuse("forbidden", "file_online_only");
  if (!isResourceFileKey(webcastId, resourceId, key)) throw refuse("validation_failed", "invalid", { file: [localized(RESOURCE_MESSAGES.file_key_invalid, ctx.locale)] });
}

function checkFields(row: ResourceFields, locale: UiLocale): void {
  const errors = resourceFieldErrors(row, locale);
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
}

// max_media ("media per webcast") counts files among resources and premiere videos by one rule:
// domain/media/limits.ts. `isMedium` is re-exported for this feature's callers.
export { isMedium };

const isoDateTime = z.iso.datetime();
const id = z.string().regex(UUID_V7);
// Shapes only; what a person can get wrong is a localized rule (resourceFieldErrors).
const editable = {
  title: z.string().max(10_000),
  description: z.string().max(100_000).nullable(),
  language: z.enum(["en", "fr"]).nullable(),
  kind: z.enum(RESOURCE_KINDS),
  /** The link (kind link) or the address (kind email). */
  url: z.string().max(10_000).nullable(),
  /** Set by the server's upload route only (see above). */
  file_key: z.string().max(500).nullable(),
  file_name: z.string().max(1_000).nullable(),
  visible: z.boolean(),
};

export const createResourceArgs = z.strictObject({
  id,
  /** The webcast's organization (the push routes the mutation by it). */
  organization_id: z.int().positive(),
  webcast_id: id,
  ...editable,
  description: editable.description.optional(),
  language: editable.language.optional(),
  url: editable.url.optional(),
  file_key: editable.file_key.optional(),
  file_name: editable.file_name.optional(),
  visible: editable.visible.default(true),
  now: isoDateTime,
});
export type CreateResourceArgs = z.input<typeof createResourceArgs>;

/**
 * Adds a resource to a webcast, last in its order. Refused when the webcast is gone, without
 * `webcasts.update`, for invalid fields, a file outside the server's upload, a file beyond the
 * organization's max_media for the webcast, or an id taken.
 */
export const createResource = defineMutator("createResource", createResourceArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  checkFileKey(args.file_key, webcast.id, args.id, ctx);
  if (await tx.get("resources", args.id)) throw refuse("conflict", "already_exists");
  const siblings = await partsOf(tx, "resources", webcast);
  const row: ResourceRow = consistent({
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    title: args.title.trim(),
    description: blankToNull(args.description),
    language: args.language ?? null,
    kind: args.kind,
    url: blankToNull(args.url),
    file_key: args.file_key ?? null,
    file_name: blankToNull(args.file_name),
    visible: args.visible,
    position: siblings.reduce((last, sibling) => Math.max(last, sibling.position + 1), 0),
    created_at: args.now,
    updated_at: args.now,
  });
  checkFields(row, ctx.locale);
  if (isMedium(row)) await checkMediaLimit(tx, ctx, webcast, 1, "file");
  await tx.put("resources", row);
});

export const updateResourceArgs = z.strictObject({ id, ...z.object(editable).partial().shape, now: isoDateTime });
export type UpdateResourceArgs = z.input<typeof updateResourceArgs>;

/**
 * Patches the given fields (per-field last write wins); a change of kind clears what the new kind
 * does not have (a link loses its file, a file its address). The route deletes a replaced or
 * dropped file from R2 once this is applied. Refused when the resource or its webcast is gone,
 * without `webcasts.update`, for invalid fields, a file outside the server's upload, or a link or
 * e-mail turned into a file beyond max_media.
 */
export const updateResource = defineMutator("updateResource", updateResourceArgs, ofRow, async (tx, args, ctx) => {
  const { row, webcast } = await partFor(tx, "resources", args.id, "webcasts.update", ctx, RESOURCE_MESSAGES.gone);
  checkFileKey(args.file_key, row.webcast_id, row.id, ctx);
  const given: Partial<ResourceRow> = {};
  if (args.title !== undefined) given.title = args.title.trim();
  if (args.description !== undefined) given.description = blankToNull(args.description);
  if (args.language !== undefined) given.language = args.language;
  if (args.kind !== undefined) given.kind = args.kind;
  if (args.url !== undefined) given.url = blankToNull(args.url);
  if (args.file_key !== undefined) given.file_key = args.file_key;
  if (args.file_name !== undefined) given.file_name = blankToNull(args.file_name);
  if (args.visible !== undefined) given.visible = args.visible;
  const next = consistent({ ...row, ...given });
  checkFields(next, ctx.locale);
  // A link or e-mail turned into a file becomes a medium; a replaced file stays the same one.
  if (isMedium(next) && !isMedium(row)) await checkMediaLimit(tx, ctx, webcast, 1, "file");
  // What was given, normalized as the kind wants it, plus what a change of kind clears.
  const patch: Partial<ResourceRow> = { ...given };
  for (const field of ["url", "file_key", "file_name"] as const) if (field in given || next[field] !== row[field]) Reflect.set(patch, field, next[field]);
  await tx.patch("resources", row.id, { ...patch, updated_at: args.now });
});

export const setResourcesVisibilityArgs = z.strictObject({
  organization_id: z.int().positive(),
  webcast_id: id,
  resources: z.array(z.strictObject({ id, visible: z.boolean() })).min(1).max(500),
  now: isoDateTime,
});
export type SetResourcesVisibilityArgs = z.input<typeof setResourcesVisibilityArgs>;

/**
 * Shows or hides several resources of one webcast at once (PATCH …/resources/visibility). Ids that
 * are not (or no longer) this webcast's resources are skipped: a resource deleted on another device
 * must not undo the rest of the change. Needs `webcasts.update`.
 */
export const setResourcesVisibility = defineMutator("setResourcesVisibility", setResourcesVisibilityArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  for (const entry of args.resources) {
    const row = await tx.get("resources", entry.id);
    if (row?.webcast_id !== webcast.id || row.visible === entry.visible) continue;
    await tx.patch("resources", row.id, { visible: entry.visible, updated_at: args.now });
  }
});

export const reorderResourcesArgs = z.strictObject({
  organization_id: z.int().positive(),
  webcast_id: id,
  /** The resources in their new order (positions 0, 1, …); ids not of this webcast are skipped. */
  ids: z.array(id).min(1).max(1_000),
  now: isoDateTime,
});
export type ReorderResourcesArgs = z.input<typeof reorderResourcesArgs>;

/** Puts a webcast's resources in the given order (those not listed keep their position). Needs `webcasts.update`. */
export const reorderResources = defineMutator("reorderResources", reorderResourcesArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  for (const [position, resourceId] of args.ids.entries()) {
    const row = await tx.get("resources", resourceId);
    if (row?.webcast_id !== webcast.id || row.position === position) continue;
    await tx.patch("resources", row.id, { position, updated_at: args.now });
  }
});

export const deleteResourceArgs = z.strictObject({ id });

/**
 * Deletes a resource. Its file stays in R2 until the route that pushed this (DELETE
 * /api/resources/{id}) or a later sweep of the webcast's resource files removes it. Needs
 * `webcasts.update`; refused when already gone.
 */
export const deleteResource = defineMutator("deleteResource", deleteResourceArgs, ofRow, async (tx, args, ctx) => {
  await partFor(tx, "resources", args.id, "webcasts.update", ctx, RESOURCE_MESSAGES.gone);
  await tx.delete("resources", args.id);
});

/** Every resource mutator by name (spread into ALL_MUTATORS). */
export const RESOURCE_MUTATORS = { createResource, updateResource, setResourcesVisibility, reorderResources, deleteResource } as const;

/**
 * A resource as the REST routes answer it: the row without its organization and R2 key, with the
 * address its file is downloaded from (GET /api/resources/{id}/download), or null.
 */
export interface ResourceAnswer {
  id: string;
  webcast_id: string;
  title: string;
  description: string | null;
  language: "en" | "fr" | null;
  kind: ResourceKind;
  url: string | null;
  file_name: string | null;
  file_url: string | null;
  visible: boolean;
  position: number;
  created_at: string;
  updated_at: string;
}

export function resourceAnswer(row: ResourceRow): ResourceAnswer {
  const { organization_id: _organization, file_key, ...fields } = row;
  return { ...fields, file_url: file_key === null ? null : `/api/resources/${row.id}/download` };
}
