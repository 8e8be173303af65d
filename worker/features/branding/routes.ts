import { type Context, Hono } from "hono";
import { formBody } from "../../http/validators.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { formatBytes, size } from "../../../domain/validation/form-rules.ts";
import { ruleMessage } from "../../../domain/validation/rule-messages.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { BRANDING_MESSAGES } from "../../../domain/branding/messages.ts";
import type { SetWebcastBrandingArgs } from "../../../domain/webcasts/mutators.ts";
import { BRANDING_IMAGE_MAX_BYTES, brandingTextForm, removes } from "../../../domain/branding/rest.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { type CheckedImage, discardBrandingImages, putBrandingImage, sweepBrandingImages } from "./images.ts";
import { sniffImageType } from "../../../domain/media/image-type.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { findWebcast, webcastJsonOf } from "../webcasts/service.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { BRANDING_IMAGES, type BrandingImage, brandingName } from "../../../domain/branding/images.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { setWebcastBranding } from "../../../domain/webcasts/mutators.ts";

/** A whole branding form: three images at most, plus the text fields and multipart overhead. */
const BRANDING_FORM_MAX_BYTES = BRANDING_IMAGES.length * BRANDING_IMAGE_MAX_BYTES + 64 * 1024;

/** An image part: a non-empty file (a browser sends an empty, nameless one for "no file chosen"). */
async function checkedImage(value: unknown, locale: UiLocale): Promise<CheckedImage | string | undefined> {
  if (value === undefined || (value instanceof File && value.size === 0 && value.name === "")) return undefined;
  if (!(value instanceof File) || value.size === 0) return localized(BRANDING_MESSAGES.image_type, locale);
  const tooLarge = size(value.size, locale, { max: BRANDING_IMAGE_MAX_BYTES });
  if (tooLarge) return tooLarge;
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImageType(bytes);
  return type ? { bytes, type } : localized(BRANDING_MESSAGES.image_type, locale);
}

/**
 * The branding form (multipart): its text fields by the domain schema, its images by their bytes
 * (type sniffed, 5 MB each); a new image and `remove_<image>` together are refused. 422 with every
 * field's errors at once.
 */
const brandingForm = formBody(async (value, c: Context<AppEnv>) => {
  const locale = c.var.locale;
  const text = validate(brandingTextForm(locale), value, locale);
  const errors: Record<string, string[]> = text.ok ? {} : { ...text.errors };
  const images: Partial<Record<BrandingImage, CheckedImage>> = {};
  for (const kind of BRANDING_IMAGES) {
    const checked = await checkedImage(value[kind], locale);
    if (typeof checked === "string") errors[kind] = [checked];
    else if (checked && removes(value, kind)) errors[kind] = [localized(BRANDING_MESSAGES.image_conflict, locale)];
    else if (checked) images[kind] = checked;
  }
  if (!text.ok || Object.keys(errors).length > 0) throw new ApiError("validation_failed", { errors });
  return { ...text.data, images };
});

export const webcastBrandingRoutes = new Hono<AppEnv>()
  /**
   * POST /api/webcasts/{uid}/branding (multipart: theme, title_color, logo, cover, banner,
   * remove_logo|cover|banner) → `{ data }`. New images go to R2 first, then one server-only
   * `setWebcastBranding` points the webcast at them; a refused or failed change discards them, an
   * applied one sweeps the images it replaced.
   */
  .post(
    "/:id/branding",
    webcastGuard("webcasts.update"),
    async (c, next) => {
      // Refuse an oversized upload before reading it.
      if (Number(c.req.header("Content-Length") ?? 0) > BRANDING_FORM_MAX_BYTES) {
        throw new ApiError("validation_failed", { errors: { _: [ruleMessage("size", c.var.locale, { size: formatBytes(BRANDING_IMAGE_MAX_BYTES, c.var.locale) })] } });
      }
      await next();
    },
    brandingForm,
    async (c) => {
      const { row } = await pathWebcast(c);
      const form = c.req.valid("form");
      const args: SetWebcastBrandingArgs = { id: row.id, now: new Date().toISOString() };
      if (form.theme !== undefined) args.theme = form.theme;
      if (form.title_color !== undefined) args.title_color = form.title_color.trim() === "" ? null : form.title_color;
      let changes = form.theme !== undefined || form.title_color !== undefined;
      const stored: string[] = [];
      try {
        for (const kind of BRANDING_IMAGES) {
          const image = form.images[kind];
          if (image) {
            const key = await putBrandingImage(c.env.MEDIA, row.id, kind, image);
            stored.push(key);
            args[`${kind}_key`] = key;
            changes = true;
          } else if (removes(form, kind)) {
            args[`${kind}_key`] = null;
            changes = true;
          }
        }
        // Nothing sent: nothing to change (no empty change in the log).
        if (changes) await applyMutation(c.env, requireUser(c), c.var.locale, setWebcastBranding, args);
      } catch (error) {
        // A refusal applied nothing: its images go. After a failure the change may have been
        // applied all the same (push.ts): the images stay and a later sweep removes orphans.
        if (error instanceof ApiError && error.status < 500) await discardBrandingImages(c.env.MEDIA, stored);
        throw error;
      }
      const found = await findWebcast(db(c.env.DB), row.id);
      if (!found) throw new ApiError("not_found");
      const replaced = new Set<string>();
      for (const kind of BRANDING_IMAGES) {
        const previous = row[`${kind}_key`];
        if (args[`${kind}_key`] !== undefined && previous !== null) replaced.add(previous);
      }
      await sweepBrandingImages(c.env.MEDIA, found.row, replaced);
      return c.json({ data: webcastJsonOf(found) }, 200);
    },
  )
  /**
   * GET /api/webcasts/{uid}/branding/{name} → the image. Public, like a CDN address: the
   * participant landing shows the branding before anyone signs in, and names are unguessable
   * (256 random bits). Only the webcast's current images are served.
   */
  .get("/:id/branding/:name{(?:logo|cover|banner)-[A-Za-z0-9_-]{16,100}}", async (c) => {
    const uid = c.req.param("id");
    const name = c.req.param("name");
    const found = UUID_V7.test(uid) ? await findWebcast(db(c.env.DB), uid) : undefined;
    const key = found ? [found.row.logo_key, found.row.cover_key, found.row.banner_key].find((current) => current !== null && brandingName(uid, current) === name) : undefined;
    const object = key ? await c.env.MEDIA.get(key) : null;
    if (!object) throw new ApiError("not_found");
    return c.body(object.body, 200, {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      // A key never changes content (a new image gets a new key).
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: object.httpEtag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
