import { BRANDING_IMAGES, type BrandingImage, brandingUploadPrefix } from "../../../domain/branding/images.ts";
import type { BrandingForm } from "../../../domain/branding/rest.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { isKeyUnder } from "../../../domain/uploads/keys.ts";
import { UPLOAD_MESSAGES } from "../../../domain/uploads/messages.ts";
import { localized } from "../../../domain/validation/localized.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { Db } from "../../db/client.ts";
import { ApiError } from "../../http/api-error.ts";
import { type CompletedFile, completedUpload, findUpload, markAttached } from "../uploads/service.ts";
import { findWebcast } from "../webcasts/service.ts";

/**
 * Branding images come through the one upload path (worker/features/uploads): the browser uploads
 * the file as kind "branding" with the webcast as `webcast_id` and `target_id`, completes it, then
 * names the upload (`logo_upload_id`…) in POST …/branding. Its key is
 * `webcasts/<uid>/branding/image-<random>`, which the mutator accepts for any of the three images.
 */

/**
 * The completed uploads a branding form names, by image: made by this user, of kind branding, for
 * this webcast, completed (uploads/service.ts `completedUpload`); else 422 on `<image>_upload_id`,
 * every image's refusal at once. An upload already taken (attached) is left out: a repeat of a
 * change already applied, or one since replaced (whose file is gone). Callers have authorized
 * webcasts.update.
 */
export async function brandingUploads(
  database: Db,
  webcast: Pick<WebcastRow, "id" | "organization_id">,
  userId: number,
  form: BrandingForm,
  locale: UiLocale,
): Promise<Partial<Record<BrandingImage, CompletedFile>>> {
  const images: Partial<Record<BrandingImage, CompletedFile>> = {};
  const errors: Record<string, string[]> = {};
  for (const kind of BRANDING_IMAGES) {
    const uploadId = form[`${kind}_upload_id`];
    if (uploadId === undefined) continue;
    const field = `${kind}_upload_id`;
    try {
      const file = await completedUpload(database, uploadId, { kind: "branding", target_id: webcast.id, organization_id: webcast.organization_id, webcast_id: webcast.id, user_id: userId }, locale);
      // Named by the upload path under this webcast's prefix; checked again here, as the mutator does.
      if (!isKeyUnder(brandingUploadPrefix(webcast.id), file.key)) throw wrongUpload(locale);
      if (!(await findUpload(database, uploadId))?.attached) images[kind] = file;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "validation_failed") throw error;
      errors[field] = Object.values(error.options.errors ?? {}).flat();
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(UPLOAD_MESSAGES.invalid, locale), errors });
  return images;
}

function wrongUpload(locale: UiLocale): ApiError {
  return new ApiError("validation_failed", { errors: { upload_id: [localized(UPLOAD_MESSAGES.wrong_upload, locale)] } });
}

/**
 * Marks attached (the uploads sweep leaves them alone) the uploads whose key the webcast now
 * names. Run after the change whatever its verdict: one that failed with a 500 may have been
 * applied all the same; a refused one leaves the uploads completed and free (the browser may send
 * them again; else the uploads sweep deletes them after two days).
 */
export async function markNamedAttached(database: Db, webcastId: string, files: readonly CompletedFile[]): Promise<void> {
  if (files.length === 0) return;
  const row = (await findWebcast(database, webcastId))?.row;
  const named = new Set(row ? BRANDING_IMAGES.map((kind) => row[`${kind}_key`]) : []);
  for (const file of files) if (named.has(file.key)) await markAttached(database, file.upload_id);
}
