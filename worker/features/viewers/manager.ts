import { and, asc, eq, inArray } from "drizzle-orm";
import { can } from "../../../domain/permissions/can.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { memberships, users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { type AuthUser, loadAuthUser } from "../auth/auth-user.ts";

const RANK: Readonly<Record<string, number>> = { owner: 0, admin: 1, organizer: 2 };

/**
 * Who a change to a webcast's viewers made by nobody's session is recorded as (the change log and
 * `sync_mutations` name a user): the webcast's creator while they may manage its viewers, else the
 * organization's first active owner, admin or organizer who may. Null when nobody may. Used by the
 * invitations' background sender and the public viewer page (registration, sign-in).
 */
export async function viewersManager(env: Env, webcast: Pick<WebcastRow, "organization_id" | "created_by">, purpose: string): Promise<AuthUser | null> {
  const database = db(env.DB);
  const members = await database
    .select({ id: memberships.user_id, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.organization_id, webcast.organization_id), inArray(memberships.role, ["owner", "admin", "organizer"]), eq(users.status, "active")))
    .orderBy(asc(memberships.user_id));
  const ordered = [webcast.created_by, ...members.sort((a, b) => (RANK[a.role] ?? 9) - (RANK[b.role] ?? 9)).map((member) => member.id)];
  for (const id of new Set(ordered)) {
    const user = await loadAuthUser(database, id, purpose);
    if (user && can(user, "viewers.manage", webcast.organization_id)) return user;
  }
  return null;
}
