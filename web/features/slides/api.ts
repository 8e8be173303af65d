import type { SlidesAnswer } from "../../../domain/slides/record.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

export type { SlidesAnswer };

/**
 * The deck's server calls (docs/webcasts-api.md "Slides"). Approving and deleting are mutators
 * (offline too: domain/slides/mutators.ts); reading the PDF needs a signed URL, and taking an
 * uploaded file is the server's (`setSlides` is server-only).
 */

/** GET /api/webcasts/{uid}/slides: the deck with a signed URL of its PDF, or null. */
export async function fetchSlides(uid: string): Promise<SlidesAnswer | null> {
  const { data } = await unwrap(api.api.webcasts[":id"].slides.$get({ param: { id: uid }, query: {} }), { global: false });
  return data;
}

/**
 * GET /api/webcasts/{uid}/slides?token=<room token>: what the audience's page (no session) may
 * see: the deck once approved, else null.
 */
export async function fetchAudienceSlides(uid: string, token: string): Promise<SlidesAnswer | null> {
  const { data } = await unwrap(api.api.webcasts[":id"].slides.$get({ param: { id: uid }, query: { token } }), { global: false });
  return data;
}

/** POST /api/webcasts/{uid}/slides: the completed upload becomes the webcast's deck. */
export async function takeSlidesUpload(uid: string, uploadId: string, pageCount: number): Promise<SlidesAnswer> {
  const { data } = await unwrap(api.api.webcasts[":id"].slides.$post({ param: { id: uid }, json: { upload_id: uploadId, page_count: pageCount } }), { global: false });
  return data;
}
