import { msg } from "@lingui/core/macro";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { i18n } from "../../i18n/i18n.ts";
import type { StoredUpload } from "../../local/db.ts";
import { toast } from "../../ui/toast.ts";
import { setSessionUser } from "../session/store.ts";
import { type QueueResult, queueUpload, registerUploadFinisher } from "../uploads/upload-queue.ts";
import { setProfilePhoto } from "./api.ts";

/**
 * The profile photo goes through the one upload path (docs/uploads.md): the picked file is queued
 * as an upload of kind "photo" (it survives a reload or a cut), and once complete the finishing
 * step "photo.set" makes it the photo (POST /api/profile/photo).
 */

export const PHOTO_SET = "photo.set";

/**
 * Queues a picked photo; refused before any request (`errors` by field, localized) when it is no
 * raster image of at most 5 MB. A photo is its user's: no organization (0 is never sent), a fresh
 * target id for each.
 */
export function queueProfilePhoto(file: File): Promise<QueueResult> {
  return queueUpload({ kind: "photo", organization_id: 0, webcast_id: null, target_id: uuidv7(), file, finish: { type: PHOTO_SET, args: {} } });
}

/**
 * The finishing step "photo.set". It may run twice for one upload (docs/uploads.md): the server
 * takes an upload once and answers a repeat with the profile as it is.
 */
export async function setPhotoFromUpload(_upload: StoredUpload, answer: UploadAnswer): Promise<void> {
  setSessionUser(await setProfilePhoto(answer.id));
  toast.success(i18n._(msg`Your photo was updated.`));
}

// Registered when the profile's code loads (docs/uploads.md "Finishing steps"): an upload that
// completed before waits until then.
registerUploadFinisher(PHOTO_SET, setPhotoFromUpload);
