import { Hono } from "hono";
import { BRANDING_IMAGES, type BrandingImage, brandingName } from "../../../domain/branding/images.ts";
import { BRANDING_MESSAGES } from "../../../domain/branding/messages.ts";
import { brandingTextForm, removes } from "../../../domain/branding/rest.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { UPLOAD_MESSAGES } from "../../../domain/uploads/messages.ts";
import { localized } from "../../../domain/validation/localized.ts";
import type { SetWebcastBrandingArgs } from "../../../domain/webcasts/mutators.ts";
import { setWebcastBranding } from "../../../domain/webcasts/mutators.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { fieldsBody } from "../../http/fields-body.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { findWebcast, webcastJsonOf } from "../webcasts/service.ts";
import { brandingUploads, markNamedAttached } from "./uploaded-images.ts";
import { sweepBrandingImages } from "./images.ts";

/** The branding form: JSON or form data, never an image file (uploaded first through /api/uploads). */
const brandingBody = fieldsBody(brandingTextForm, { fileFields: BRANDING_IMAGES, uploadFirst: UPLOAD_MESSAGES.image_upload_first });

export const webcastBrandingRoutes = new Hono<AppEnv>()
  /**
   * POST /api/webcasts/{uid}/branding (JSON or form data: theme, title_color,
   * logo_upload_id|cover_upload_id|banner_upload_id, remove_logo|cover|banner) → `{ data }`. Each
   * image is a completed upload of kind "branding" for this webcast (docs/uploads.md); one
   * server-only `setWebcastBranding` points the webcast at them, then the images it replaced are
   * swept. An upload already taken changes nothing (the browser's finishing step may run twice).
   */
  .post("/:id/branding", webcastGuard("webcasts.update"), brandingBody, async (c) => {
    const { row } = await pathWebcast(c);
    const user = requireUser(c);
    const locale = c.var.locale;
    const database = db(c.env.DB);
    const form = c.req.valid("json");
    const conflicts = BRANDING_IMAGES.filter((kind) => form[`${kind}_upload_id`] !== undefined && removes(form, kind));
    if (conflicts.length > 0) throw new ApiError("validation_failed", { errors: Object.fromEntries(conflicts.map((kind) => [`${kind}_upload_id`, [localized(BRANDING_MESSAGES.image_conflict, locale)]])) });
    const images = await brandingUploads(database, row, user.id, form, locale);

    const args: SetWebcastBrandingArgs = { id: row.id, now: new Date().toISOString() };
    if (form.theme !== undefined) args.theme = form.theme;
    if (form.title_color !== undefined) args.title_color = form.title_color.trim() === "" ? null : form.title_color;
    let changes = form.theme !== undefined || form.title_color !== undefined;
    for (const kind of BRANDING_IMAGES) {
      const image = images[kind];
      if (image || removes(form, kind)) {
        args[`${kind}_key`] = image?.key ?? null;
        changes = true;
      }
    }
    // Nothing to change (nothing sent, or only uploads already taken): no empty change in the log.
    if (changes) {
      try {
        await applyMutation(c.env, user, locale, setWebcastBranding, args);
      } finally {
        // Even after a failure (the change may have been applied all the same: push.ts).
        await markNamedAttached(database, row.id, Object.values(images));
      }
    }
    const found = await findWebcast(database, row.id);
    if (!found) throw new ApiError("not_found");
    if (changes) {
      const replaced = new Set<string>();
      for (const kind of BRANDING_IMAGES) {
        const previous = row[`${kind}_key`];
        if (args[`${kind}_key`] !== undefined && previous !== null && previous !== args[`${kind}_key`]) replaced.add(previous);
      }
      await sweepBrandingImages(c.env.MEDIA, database, found.row, replaced);
    }
    return c.json({ data: webcastJsonOf(found) }, 200);
  })
  /**
   * GET /api/webcasts/{uid}/branding/{name} → the image. Public, like a CDN address: the
   * participant landing shows the branding before anyone signs in, and names are unguessable
   * (256 random bits). Only the webcast's current images are served.
   */
  .get("/:id/branding/:name{(?:logo|cover|banner|image)-[A-Za-z0-9_-]{16,100}}", async (c) => {
    const uid = c.req.param("id");
    const name = c.req.param("name");
    const found = UUID_V7.test(uid) ? await findWebcast(db(c.env.DB), uid) : undefined;
    const key = found ? currentKeys(found.row).find((current) => brandingName(uid, current) === name) : undefined;
    const object = key ? await c.env.MEDIA.get(key) : null;
    if (!object) throw new ApiError("not_found");
    // Stored with the type its bytes tell (the upload path sniffs part 1).
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

/** The webcast's current branding keys. */
function currentKeys(row: Record<`${BrandingImage}_key`, string | null>): string[] {
  return BRANDING_IMAGES.map((kind) => row[`${kind}_key`]).filter((key): key is string => key !== null);
}
