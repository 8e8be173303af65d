import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import type { WebcastJson } from "../../../domain/webcasts/webcast-json.ts";

/**
 * The webcast calls that cannot go through the sync mutators: they set what only the server holds
 * (the access password's hash, images in R2), so they need a connection. The server pushes the
 * resulting change like any other, and this device receives it by the next pull.
 */

/** PATCH /api/webcasts/{uid}/access-controls `{ password }`: a string sets it, null removes it. */
export async function setWebcastPassword(uid: string, password: string | null): Promise<WebcastJson> {
  const { data } = await unwrap(api.api.webcasts[":id"]["access-controls"].$patch({ param: { id: uid }, json: { password } }));
  return data;
}

/** POST /api/webcasts/{uid}/branding's JSON: `<image>_upload_id` (a completed upload of kind "branding"), `remove_<image>: "1"`, theme, title colour. */
export type WebcastBrandingBody = Parameters<(typeof api.api.webcasts)[":id"]["branding"]["$post"]>[0]["json"];

/**
 * POST /api/webcasts/{uid}/branding: the images come through the upload path first
 * (web/features/branding/branding-upload.ts), this call names their uploads or removes images.
 * `global: false`: the branding upload's finishing step judges its failures itself.
 */
export async function setWebcastBranding(uid: string, body: WebcastBrandingBody, options: { global?: boolean } = {}): Promise<WebcastJson> {
  const { data } = await unwrap(api.api.webcasts[":id"].branding.$post({ param: { id: uid }, json: body }), { global: options.global ?? true });
  return data;
}
