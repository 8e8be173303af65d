import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { alphaDash, max, size } from "../validation/form-rules.ts";
import { FORM_BOOLEANS } from "../validation/form-booleans.ts";
import { localized } from "../validation/localized.ts";
import { ruleMessage } from "../validation/rule-messages.ts";
import { refineWith } from "../validation/zod-rules.ts";
import type { BrandingImage } from "./images.ts";
import { BRANDING_MESSAGES } from "./messages.ts";

// The branding calls' bodies (POST /api/webcasts/{uid}/branding, docs/webcasts-api.md) and the
// image rules the browser checks before an upload.

/** Branding images: at most 5 MB each, raster formats only (an SVG served from our origin could carry script). */
export const BRANDING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const BRANDING_IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"];

/**
 * What is wrong with an image picked for the branding, in `locale`, or null: its type (as
 * declared; the worker also checks the bytes) and its size. The browser runs it before uploading.
 */
export function brandingImageError(file: { size: number; type: string }, locale: UiLocale): string | null {
  if (!BRANDING_IMAGE_TYPES.includes(file.type) || file.size === 0) return localized(BRANDING_MESSAGES.image_type, locale);
  return size(file.size, locale, { max: BRANDING_IMAGE_MAX_BYTES });
}

/**
 * The text fields of POST /api/webcasts/{uid}/branding (multipart): theme (a name: letters,
 * digits, dashes), title colour (#rrggbb, the mutator's rule; blank clears it) and
 * `remove_<image>=1` to clear an image. The image files themselves are checked by the route.
 */
export function brandingTextForm(locale: UiLocale) {
  return z.strictObject({
    theme: z
      .string()
      .trim()
      .min(1, { message: ruleMessage("required", locale) })
      .superRefine(refineWith((value: string) => alphaDash(value, locale) ?? max(value, locale, { length: 50 })))
      .optional(),
    title_color: z.string().max(100).optional(),
    remove_logo: z.enum(FORM_BOOLEANS).optional(),
    remove_cover: z.enum(FORM_BOOLEANS).optional(),
    remove_banner: z.enum(FORM_BOOLEANS).optional(),
    // The image files: checked by the route (their bytes), listed so other fields are refused.
    logo: z.unknown().optional(),
    cover: z.unknown().optional(),
    banner: z.unknown().optional(),
  });
}

/** Whether a form (validated or not) asks to clear that image with `remove_<image>` set to a true form value. */
export function removes(form: Readonly<Record<string, unknown>>, kind: BrandingImage): boolean {
  const value = form[`remove_${kind}`];
  return value === "1" || value === "true" || value === "on";
}
