import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import { uploadForm } from "../../api/request.ts";
import type { WebcastJson } from "../../../domain/webcasts/webcast-json.ts";
import type { BrandingImage } from "../../../domain/branding/images.ts";

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

export interface BrandingUpload {
  images: Partial<Record<BrandingImage, File>>;
  remove: readonly BrandingImage[];
}

/**
 * POST /api/webcasts/{uid}/branding (multipart: the picked images and `remove_<image>=1`), with
 * upload progress (XHR, like the profile photo: fetch cannot report it).
 */
export async function uploadWebcastBranding(uid: string, upload: BrandingUpload, onProgress: (fraction: number) => void): Promise<WebcastJson> {
  const form = new FormData();
  for (const [kind, file] of Object.entries(upload.images)) if (file) form.set(kind, file);
  for (const kind of upload.remove) form.set(`remove_${kind}`, "1");
  const { data } = await uploadForm<{ data: WebcastJson }>(`/api/webcasts/${uid}/branding`, form, { onProgress });
  return data;
}
