import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { RESOURCE_KINDS, type ResourceRow } from "../../../domain/resources/record.ts";
import { type CreateResourceArgs, RESOURCE_MESSAGES, type UpdateResourceArgs, resourceFieldErrors } from "../../../domain/resources/mutators.ts";
import { METHOD_OVERRIDE_REQUIRED, isPatchOverride } from "../../../domain/webcasts/rest.ts";
import { ApiError } from "../../http/api-error.ts";
import { invalid } from "./resource-form.ts";
import { localized } from "../../../domain/validation/localized.ts";

/**
 * The fields of the resource forms (docs/webcasts-api.md), as the strings a form sends, and their
 * checks before the upload they name is looked up: the shape (zod, unknown fields refused), then
 * the same field rules as the mutator (`resourceFieldErrors`), with a file counted as present when
 * an `upload_id` is given. The mutator judges again with the upload's key.
 */

const FORM_BOOLEANS = ["1", "0", "true", "false", "on", "off"] as const;
const isTrue = (value: string) => value === "1" || value === "true" || value === "on";
/** A placeholder key while the upload is not looked up yet (only the rules' "a file is there" reads it). */
const INCOMING = "incoming";
/** A UUIDv7, or blank for none (a form sends every field it has). */
const optionalId = z.union([z.string().regex(UUID_V7), z.literal("")]).optional();
const idOrUndefined = (value: string | undefined) => (value ? value : undefined);

const text = {
  title: z.string().max(10_000),
  description: z.string().max(100_000),
  /** Blank: no language. */
  language: z.enum(["en", "fr", ""]),
  kind: z.enum(RESOURCE_KINDS),
  /** The link (kind link) or the address (kind email). */
  url: z.string().max(10_000),
  visible: z.enum(FORM_BOOLEANS),
};

/**
 * POST /api/webcasts/{uid}/resources: `kind` and `title`, then `url` or `upload_id` (a completed
 * upload of kind resource, made for the resource's id); `id` (optional) is that id, as the browser
 * picked it before uploading.
 */
export const createResourceForm = z.strictObject({ ...z.object(text).partial().shape, title: text.title.default(""), kind: text.kind, id: optionalId, upload_id: optionalId });

/** POST /api/resources/{id} with `_method=PATCH`: only the fields sent change; `file_name` renames the download, `upload_id` replaces the file. */
export const updateResourceForm = z.strictObject({ _method: z.string(), ...z.object(text).partial().shape, file_name: z.string().max(1_000).optional(), upload_id: optionalId });

type CreateFields = z.output<typeof createResourceForm>;
type UpdateFields = z.output<typeof updateResourceForm>;

function parsed<T extends z.ZodType>(schema: T, fields: Record<string, unknown>, locale: UiLocale): z.output<T> {
  const result = validate(schema, fields, locale);
  if (!result.ok) throw new ApiError("validation_failed", { message: localized(RESOURCE_MESSAGES.invalid, locale), errors: result.errors });
  return result.data;
}

function checkRules(row: Parameters<typeof resourceFieldErrors>[0], locale: UiLocale): void {
  const errors = resourceFieldErrors(row, locale);
  if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(RESOURCE_MESSAGES.invalid, locale), errors });
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === "" ? null : value);

/** What a form asks for: the mutator's arguments for its fields (without ids, file and time) and the upload it names. */
export interface CheckedForm<T> {
  fields: T;
  upload_id: string | undefined;
}

/** Checks a creation's fields (422); `id` is the resource's id when the form gives one. */
export function checkCreate(values: Record<string, unknown>, locale: UiLocale): CheckedForm<Omit<CreateResourceArgs, "id" | "organization_id" | "webcast_id" | "now">> & { id: string | undefined } {
  const form: CreateFields = parsed(createResourceForm, values, locale);
  const uploadId = idOrUndefined(form.upload_id);
  if (uploadId && form.kind !== "file") throw invalid(locale, "upload_id", localized(RESOURCE_MESSAGES.file_not_expected, locale));
  const url = form.kind === "file" ? null : blankToNull(form.url);
  checkRules({ title: form.title, description: blankToNull(form.description), kind: form.kind, url, file_key: uploadId ? INCOMING : null, file_name: null }, locale);
  const fields = {
    title: form.title,
    kind: form.kind,
    description: blankToNull(form.description),
    language: form.language ? form.language : null,
    url,
    ...(form.visible === undefined ? {} : { visible: isTrue(form.visible) }),
  };
  return { fields, id: idOrUndefined(form.id), upload_id: uploadId };
}

/**
 * Checks an update's fields against the resource as it is (400 without `_method=PATCH`, 422) and
 * returns the mutator's arguments for the fields sent (without id, file and time).
 */
export function checkUpdate(values: Record<string, unknown>, current: ResourceRow, locale: UiLocale): CheckedForm<Omit<UpdateResourceArgs, "id" | "now">> {
  if (!isPatchOverride(values._method)) throw new ApiError("bad_request", { message: METHOD_OVERRIDE_REQUIRED[locale] });
  const form: UpdateFields = parsed(updateResourceForm, values, locale);
  const uploadId = idOrUndefined(form.upload_id);
  const withFile = uploadId !== undefined;
  const kind = form.kind ?? current.kind;
  if (withFile && kind !== "file") throw invalid(locale, "upload_id", localized(RESOURCE_MESSAGES.file_not_expected, locale));
  const args: Omit<UpdateResourceArgs, "id" | "now"> = {};
  if (form.title !== undefined) args.title = form.title;
  if (form.description !== undefined) args.description = blankToNull(form.description);
  if (form.language !== undefined) args.language = form.language ? form.language : null;
  if (form.kind !== undefined) args.kind = form.kind;
  if (form.url !== undefined) args.url = blankToNull(form.url);
  if (form.visible !== undefined) args.visible = isTrue(form.visible);
  if (form.file_name !== undefined) args.file_name = form.file_name;
  checkRules(
    {
      title: args.title ?? current.title,
      description: args.description === undefined ? current.description : args.description,
      kind,
      url: kind === "file" ? null : args.url === undefined ? current.url : args.url,
      file_key: kind !== "file" ? null : withFile ? INCOMING : current.file_key,
      file_name: args.file_name === undefined ? current.file_name : args.file_name,
    },
    locale,
  );
  return { fields: args, upload_id: uploadId };
}
