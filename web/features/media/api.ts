import type { MediaAnswer } from "../../../domain/media/record.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

export type { MediaAnswer };

/**
 * The library's server calls (docs/media.md, worker/features/media/routes.ts). A video's row is
 * made, edited and deleted through its mutators (offline too); what needs the server is reading
 * its signed file and poster URLs, and handing it an uploaded file. No SPEC §8 global handling:
 * a 404 here (a video deleted meanwhile) is the caller's to judge, not a reason to leave the page.
 */

/** GET /api/media/{id}: the video with 6-hour signed `file_url` and `poster_url` (null without a file or poster). */
export async function fetchMedia(id: string, signal?: AbortSignal): Promise<MediaAnswer> {
  const { data } = await unwrap(api.api.media[":id"].$get({ param: { id } }, signal ? { init: { signal } } : undefined), { global: false });
  return data;
}

export interface MediaFileBody {
  upload_id: string;
  poster_upload_id: string | null;
  not_decodable: boolean;
}

/** POST /api/media/{id}/file: the completed upload becomes the video's file, which the server then reads (processed or failed). */
export async function attachMediaFile(id: string, body: MediaFileBody): Promise<MediaAnswer> {
  const { data } = await unwrap(api.api.media[":id"].file.$post({ param: { id }, json: body }), { global: false });
  return data;
}
