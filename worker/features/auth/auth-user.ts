import { type SQL, eq } from "drizzle-orm";
import { type CommunicationLanguage, toCommunicationLanguage } from "../../../domain/auth/schemas.ts";
import { type GlobalRole, type OrganizationRole, type Permission, permissionsFor } from "../../../domain/permissions/index.ts";
import type { Db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";

/** The signed-in user as every route sees it (`c.var.auth`). */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  is_super_admin: boolean;
  is_back_office: boolean;
  communication_language: CommunicationLanguage;
  /** SPEC §3: permission name → organization ids. */
  permissions: Partial<Record<Permission, number[]>>;
  /** Organizations the user belongs to, with their role there. */
  accounts: { id: number; name: string; role: OrganizationRole; deactivated: boolean }[];
  sessionId: string;
}

/** Which user a read is about: `userIs(column)` is the condition on a user id column. */
type UserIs = (column: typeof users.id | typeof memberships.user_id) => SQL;

/**
 * The reads of an `AuthUser` (`authUserOf` builds it from their rows), for the caller's batch: the
 * user, only the columns the routes need (not the password hash), and their memberships.
 */
export function authUserReads(database: Db, userIs: UserIs) {
  return [
    database
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        status: users.status,
        is_super_admin: users.is_super_admin,
        is_back_office: users.is_back_office,
        communication_language: users.communication_language,
      })
      .from(users)
      .where(userIs(users.id)),
    database
      .select({ id: organizations.id, name: organizations.name, role: memberships.role, deactivated_at: organizations.deactivated_at })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organization_id))
      .where(userIs(memberships.user_id))
      .orderBy(organizations.name),
  ] as const;
}

type AuthUserRows = readonly [Awaited<ReturnType<typeof authUserReads>[0]>, Awaited<ReturnType<typeof authUserReads>[1]>];

/** The `AuthUser` of `authUserReads`' rows; null for a missing or disabled user. */
export async function authUserOf(database: Db, [[user], accounts]: AuthUserRows, sessionId: string): Promise<AuthUser | null> {
  if (!user || user.status === "disabled") return null;
  const globalRoles: GlobalRole[] = user.is_back_office ? ["back_office"] : [];
  const allIds = user.is_back_office ? (await database.select({ id: organizations.id }).from(organizations)).map((row) => row.id) : [];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    is_super_admin: user.is_super_admin,
    is_back_office: user.is_back_office,
    communication_language: toCommunicationLanguage(user.communication_language),
    permissions: permissionsFor(
      accounts.map((account) => ({ organization_id: account.id, role: account.role })),
      globalRoles,
      allIds,
    ),
    accounts: accounts.map(({ deactivated_at, ...account }) => ({ ...account, deactivated: deactivated_at !== null })),
    sessionId,
  };
}

/** Loads the user, their memberships and derived permissions (one round trip); null for a missing or disabled user. */
export async function loadAuthUser(database: Db, userId: number, sessionId: string): Promise<AuthUser | null> {
  return authUserOf(database, await database.batch(authUserReads(database, (column) => eq(column, userId))), sessionId);
}
