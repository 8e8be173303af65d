import { IMAGE_TYPES } from "../../../domain/media/image-type.ts";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

/** The SPEC §3 user fields a person edits on /profile (PATCH /api/profile). */
export const PROFILE_FIELDS = ["first_name", "last_name", "phone", "company", "title", "organization", "role"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileChanges = Record<ProfileField, string> & { communication_language: "en" | "fr" };

export { PHOTO_MAX_BYTES } from "../../../domain/media/image-type.ts";
/** Raster formats the server accepts (no SVG: it could carry script); the server checks the bytes. */
export { IMAGE_TYPES as PHOTO_TYPES } from "../../../domain/media/image-type.ts";

export function isAcceptedPhotoType(type: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** PATCH /api/profile; an empty optional text clears it on the server. */
export async function updateProfile(changes: ProfileChanges): Promise<ProfileUser> {
  const { data } = await unwrap(api.api.profile.$patch({ json: changes }));
  return data;
}

/**
 * POST /api/profile/photo `{upload_id}`: the photo comes through the upload path first
 * (photo-upload-step.ts), this names its completed upload. `global: false`: the upload's
 * finishing step judges its failures itself.
 */
export async function setProfilePhoto(uploadId: string): Promise<ProfileUser> {
  const { data } = await unwrap(api.api.profile.photo.$post({ json: { upload_id: uploadId } }), { global: false });
  return data;
}
