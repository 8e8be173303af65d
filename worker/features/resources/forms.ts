import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { RESOURCE_KINDS, type ResourceRow } from "../../../domain/resources/record.ts";
import { type CreateResourceArgs, RESOURCE_MESSAGES, type UpdateResourceArgs, resourceFieldErrors } from "../../../domain/resources/mutators.ts";
import { METHOD_OVERRIDE_REQUIRED, isPatchOverride } from "../../../domain/webcasts/rest.ts";
import { ApiError } from "../../http/api-error.ts";
import { invalid } from "./upload-form.ts";
import { localized } from "../../../domain/validation/localized.ts";

/**
 * The text fields of the resource forms (docs/webcasts-api.md), as the strings a form sends, and
 * their checks before a file is stored: the shape (zod, unknown fields refused), then the same
 * field rules as the mutator (`resourceFieldErrors`), with the file about to be uploaded counted
 * as present. The mutator judges again once the file is stored.
 */

const FORM_BOOLEANS = ["1", "0", "true", "false", "on", "off"] as const;
const isTrue = (value: string) => value === "1" || value === "true" || value === "on";
/** A placeholder key while the file is still to come (only the rules' "a file is there" reads it). */
const INCOMING = "incoming";

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

/** POST /api/webcasts/{uid}/resources: `kind` and `title`, then `url` or the file. */
export const createResourceForm = z.strictObject({ ...z.object(text).partial().shape, title: text.title.default(""), kind: text.kind });

/** POST /api/resources/{id} with `_method=PATCH`: only the fields sent change; `file_name` renames the download. */
export const updateResourceForm = z.strictObject({ _method: z.string(), ...z.object(text).partial().shape, file_name: z.string().max(1_000).optional() });

type CreateFields = z.output<typeof createResourceForm>;
type UpdateFields = z.output<typeof updateResourceForm>;

function parsed<T extends z.ZodType>(schema: T, fields: Record<string, string>, locale: UiLocale): z.output<T> {
  const result = validate(schema, fields, locale);
  if (!result.ok) throw new ApiError("validation_failed", { message: localized(RESOURCE_MESSAGES.invalid, locale), errors: result.errors });
  return result.data;
}

function checkRules(row: Parameters<typeof resourceFieldErrors>[0], locale: UiLocale): void {
  const errors = resourceFieldErrors(row, locale);
  if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(RESOURCE_MESSAGES.invalid, locale), errors });
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === "" ? null : value);

/** Checks a creation's fields (422) and returns the mutator's arguments for them (without ids, file and time). */
export function checkCreate(fields: Record<string, string>, withFile: boolean, locale: UiLocale): Omit<CreateResourceArgs, "id" | "organization_id" | "webcast_id" | "now"> {
  const form: CreateFields = parsed(createResourceForm, fields, locale);
  if (withFile && form.kind !== "file") throw invalid(locale, "file", localized(RESOURCE_MESSAGES.file_not_expected, locale));
  const url = form.kind === "file" ? null : blankToNull(form.url);
  checkRules({ title: form.title, description: blankToNull(form.description), kind: form.kind, url, file_key: withFile ? INCOMING : null, file_name: null }, locale);
  return {
    title: form.title,
    kind: form.kind,
    description: blankToNull(form.description),
    language: form.language ? form.language : null,
    url,
    ...(form.visible === undefined ? {} : { visible: isTrue(form.visible) }),
  };
}

/**
 * Checks an update's fields against the resource as it is (400 without `_method=PATCH`, 422) and
 * returns the mutator's arguments for the fields sent (without id, file and time).
 */
export function checkUpdate(fields: Record<string, string>, withFile: boolean, current: ResourceRow, locale: UiLocale): Omit<UpdateResourceArgs, "id" | "now"> {
  if (!isPatchOverride(fields._method)) throw new ApiError("bad_request", { message: METHOD_OVERRIDE_REQUIRED[locale] });
  const form: UpdateFields = parsed(updateResourceForm, fields, locale);
  const kind = form.kind ?? current.kind;
  if (withFile && kind !== "file") throw invalid(locale, "file", localized(RESOURCE_MESSAGES.file_not_expected, locale));
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
  return args;
}
