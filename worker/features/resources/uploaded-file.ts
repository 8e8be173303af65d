import type { UiLocale } from "../../../domain/i18n/locales.ts";
import type { Db } from "../../db/client.ts";
import { type CompletedFile, completedUpload, findUpload, markAttached } from "../uploads/service.ts";
import { findResource } from "./service.ts";

/**
 * A resource's file comes through the one upload path (worker/features/uploads): the browser picks
 * the resource's id, uploads the file as kind "resource" for the webcast with that id as
 * `target_id`, completes it, then names the upload (`upload_id`) in POST …/resources or
 * POST /api/resources/{id}. The key lies under the resource's own prefix, as the mutator demands.
 */

/** A completed upload taken as the file of `resource_id`. */
export interface ResourceFile extends CompletedFile {
  resource_id: string;
}

/**
 * The completed upload `uploadId` as the file of resource `where.resource_id` (undefined: the
 * resource it was made for, a creation taking the browser's id from it). 422 on `upload_id`
 * (uploads/service.ts `completedUpload`) unless this user made it, of kind resource, for this
 * webcast and this resource, and it completed. Callers have authorized webcasts.update.
 */
export async function resourceUpload(
  database: Db,
  uploadId: string,
  where: { resource_id: string | undefined; organization_id: number; webcast_id: string; user_id: number },
  locale: UiLocale,
): Promise<ResourceFile> {
  // An unknown upload finds no target: `completedUpload` refuses it as any other wrong one.
  const resourceId = where.resource_id ?? (await findUpload(database, uploadId))?.target_id ?? "";
  const file = await completedUpload(database, uploadId, { kind: "resource", target_id: resourceId, organization_id: where.organization_id, webcast_id: where.webcast_id, user_id: where.user_id }, locale);
  return { ...file, resource_id: resourceId };
}

/**
 * Marks the upload attached (the uploads sweep leaves it alone) when its resource names the file.
 * Run after the change whatever its verdict: one that failed with a 500 may have been applied all
 * the same, and a refused one leaves the upload as it was (completed, unattached: the browser may
 * send it again with mended fields; else the uploads sweep deletes it after two days).
 */
export async function attachIfNamed(database: Db, file: ResourceFile): Promise<void> {
  const row = await findResource(database, file.resource_id);
  if (row?.file_key === file.key) await markAttached(database, file.upload_id);
}
