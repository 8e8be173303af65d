import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webcastSecrets } from "../../db/schema/index.ts";

/**
 * The webcast's access password hash (`webcast_secrets`, never synced). Written by the
 * access-controls route after `setWebcastAccess` has set `has_password` (docs/webcasts-api.md):
 * - set: the flag first, then the hash. If the hash cannot be written the caller gets a 500 and
 *   the old password (or none: nobody gets in by password) stays, as for any failed change;
 * - remove: the flag first (no password is asked any more), then the hash is cleared; a hash
 *   left behind by a failure is never read while the flag is off.
 * `updated_at` is the request's time: of two concurrent changes the later one's hash stays,
 * whatever order their writes land in.
 */
export async function storeWebcastPassword(database: Db, secret: { webcast_id: string; organization_id: number; password_hash: string | null; updated_at: string }): Promise<void> {
  await database
    .insert(webcastSecrets)
    .values(secret)
    .onConflictDoUpdate({
      target: webcastSecrets.webcast_id,
      set: { password_hash: sql.raw(`excluded."password_hash"`), updated_at: sql.raw(`excluded."updated_at"`) },
      setWhere: sql`excluded."updated_at" >= ${webcastSecrets.updated_at}`,
    });
}

/** The stored hash, or null (none set). For the viewer gate and the tests. */
export async function webcastPasswordHash(database: Db, webcastId: string): Promise<string | null> {
  const [row] = await database.select({ hash: webcastSecrets.password_hash }).from(webcastSecrets).where(eq(webcastSecrets.webcast_id, webcastId));
  return row?.hash ?? null;
}
