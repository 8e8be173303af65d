import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { alphaDash, max, size } from "../validation/form-rules.ts";
import { FORM_BOOLEANS } from "../validation/form-booleans.ts";
import { localized } from "../validation/localized.ts";
import { ruleMessage } from "../validation/rule-messages.ts";
import { refineWith } from "../validation/zod-rules.ts";
import { BRANDING_IMAGE_MAX_BYTES, type BrandingImage } from "./images.ts";
import { BRANDING_MESSAGES } from "./messages.ts";

// The branding call's body (POST /api/webcasts/{uid}/branding, docs/webcasts-api.md) and the
// image rules the browser checks when an image is picked.

export { BRANDING_IMAGE_MAX_BYTES } from "./images.ts";

/** Raster formats only (an SVG served from our origin could carry script); the upload path checks the bytes. */
export const BRANDING_IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"];

/**
 * What is wrong with an image picked for the branding, in `locale`, or null: its type (as
 * declared; the upload path checks the bytes) and its size. The browser runs it when a file is picked.
 */
export function brandingImageError(file: { size: number; type: string }, locale: UiLocale): string | null {
  if (!BRANDING_IMAGE_TYPES.includes(file.type) || file.size === 0) return localized(BRANDING_MESSAGES.image_type, locale);
  return size(file.size, locale, { max: BRANDING_IMAGE_MAX_BYTES });
}

/**
 * The fields of POST /api/webcasts/{uid}/branding (JSON or form data): theme (a name: letters,
 * digits, dashes), title colour (#rrggbb, the mutator's rule; blank clears it),
 * `<image>_upload_id` (a completed upload of kind "branding" for this webcast) to set an image and
 * `remove_<image>=1` to clear one. The images themselves never travel here.
 */
export function brandingTextForm(locale: UiLocale) {
  const uploadId = z.string().regex(UUID_V7, { message: localized(BRANDING_MESSAGES.upload_id, locale) }).optional();
  return z.strictObject({
    theme: z
      .string()
      .trim()
      .min(1, { message: ruleMessage("required", locale) })
      .superRefine(refineWith((value: string) => alphaDash(value, locale) ?? max(value, locale, { length: 50 })))
      .optional(),
    title_color: z.string().max(100).optional(),
    logo_upload_id: uploadId,
    cover_upload_id: uploadId,
    banner_upload_id: uploadId,
    remove_logo: z.enum(FORM_BOOLEANS).optional(),
    remove_cover: z.enum(FORM_BOOLEANS).optional(),
    remove_banner: z.enum(FORM_BOOLEANS).optional(),
  });
}

export type BrandingForm = z.output<ReturnType<typeof brandingTextForm>>;

/** Whether a form (validated or not) asks to clear that image with `remove_<image>` set to a true form value. */
export function removes(form: Readonly<Record<string, unknown>>, kind: BrandingImage): boolean {
  const value = form[`remove_${kind}`];
  return value === "1" || value === "true" || value === "on";
}
