import { eq } from "drizzle-orm";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { toCommunicationLanguage } from "../../../domain/auth/schemas.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import { PROFILE_PHOTO_PREFIX } from "../../../domain/uploads/keys.ts";
import type { AuthUser } from "./auth-user.ts";

export type UserRow = typeof users.$inferSelect;

/** R2 prefix of profile photos: `profile-photos/<userId>/<random>` (domain/uploads/keys.ts: they come through the upload path). */
export { PROFILE_PHOTO_PREFIX };

/** The URL the web loads a stored photo from (GET /api/profile/photo/<userId>/<random>), or null. */
export function photoUrl(photo: string | null): string | null {
  if (!photo?.startsWith(PROFILE_PHOTO_PREFIX)) return null;
  return `/api/profile/photo/${photo.slice(PROFILE_PHOTO_PREFIX.length)}`;
}

/**
 * SPEC §3 User as the web sees it (docs/identity-api.md): profile fields from the users row (so a
 * change made in this request shows), permissions and accounts from the session's `AuthUser`.
 */
export function toProfileUser(auth: AuthUser, row: UserRow): ProfileUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    company: row.company,
    title: row.title,
    organization: row.organization,
    role: row.role,
    communication_language: toCommunicationLanguage(row.communication_language),
    status: row.status,
    photo: photoUrl(row.photo),
    is_super_admin: auth.is_super_admin,
    permissions: auth.permissions,
    accounts: auth.accounts,
    onboarding_required: row.onboarding_required,
    password_set: row.password_hash !== null,
  };
}

/** The signed-in user's row (401 if it vanished since the session was read). */
export async function loadUserRow(database: Db, userId: number): Promise<UserRow> {
  const [row] = await database.select().from(users).where(eq(users.id, userId));
  if (!row) throw new ApiError("unauthenticated");
  return row;
}
