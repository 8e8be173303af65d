import { msg } from "@lingui/core/macro";
import { proxy } from "valtio";
import { BRANDING_IMAGES, type BrandingImage } from "../../../domain/branding/images.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import type { WebcastJson } from "../../../domain/webcasts/webcast-json.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { i18n } from "../../i18n/i18n.ts";
import type { StoredUpload } from "../../local/db.ts";
import { currentSyncEngine } from "../../local/session-sync.ts";
import { type QueueResult, queueUpload, registerUploadFinisher } from "../uploads/upload-queue.ts";
import { type WebcastBrandingBody, setWebcastBranding } from "../webcasts/api.ts";

/**
 * A webcast's logo, cover and banner go through the one upload path (docs/uploads.md): the picked
 * file is queued as an upload of kind "branding" for the webcast (it survives a reload or a cut),
 * and once complete the finishing step "branding.set" names it in POST …/branding. Removing an
 * image is a plain call (no file).
 */

export const BRANDING_SET = "branding.set";

/** The images a branding answer shows, and when the webcast was changed. */
export interface BrandingAnswer {
  updated_at: string;
  urls: Record<BrandingImage, string | null>;
}

/**
 * The server's latest branding answer per webcast: shown at once, until the synced row catches up
 * (a row as new as the answer wins: it may hold a later change).
 */
export const brandingAnswers = proxy<Record<string, BrandingAnswer>>({});

export function rememberBranding(data: WebcastJson): void {
  brandingAnswers[data.uid] = { updated_at: data.updated_at, urls: { logo: data.logo_url, cover: data.cover_url, banner: data.banner_url } };
}

/** Queues a picked image for the webcast: refused before any request (`errors` by field, localized) when it is no image of at most 5 MB. */
export function queueBrandingImage(row: Pick<WebcastRow, "id" | "organization_id">, image: BrandingImage, file: File): Promise<QueueResult> {
  return queueUpload({ kind: "branding", organization_id: row.organization_id, webcast_id: row.id, target_id: row.id, file, finish: { type: BRANDING_SET, args: { image } } });
}

function imageOf(upload: StoredUpload): BrandingImage {
  const image = BRANDING_IMAGES.find((kind) => kind === upload.finish.args.image);
  if (!image) throw new Error(`branding.set: no image in ${JSON.stringify(upload.finish.args)}`);
  return image;
}

/**
 * The finishing step "branding.set": POST …/branding `{<image>_upload_id}`. It may run twice for
 * one upload (docs/uploads.md): the server takes an upload once and answers a repeat without a
 * change. A webcast deleted meanwhile fails the upload with words, not a restart of the upload
 * (the engine's answer to a 404).
 */
export async function setBrandingImage(upload: StoredUpload, answer: UploadAnswer): Promise<void> {
  const webcastId = upload.webcast_id ?? upload.target_id;
  const body: WebcastBrandingBody = {};
  body[`${imageOf(upload)}_upload_id`] = answer.id;
  try {
    rememberBranding(await setWebcastBranding(webcastId, body, { global: false }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw new Error(i18n._(msg`This webcast was deleted: its image was not kept.`));
    if (error instanceof ApiRequestError && error.status === 409) throw new Error(error.message);
    throw error;
  }
  currentSyncEngine()?.requestSync();
}

// Registered when the branding's code loads (docs/uploads.md "Finishing steps"): an upload that
// completed before waits until then.
registerUploadFinisher(BRANDING_SET, setBrandingImage);
