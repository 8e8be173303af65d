import { and, asc, eq, sql } from "drizzle-orm";
import type { Onboarding } from "../../../domain/onboarding/schema.ts";
import { type Db, db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { UserRow } from "../auth/profile.ts";
import { organizationChangeEntry, writeOrganization } from "../sync/organization-writes.ts";

type OnboardingEnv = Pick<Env, "DB" | "ORGANIZATION_SYNC">;

/**
 * The organization the setup step completes: the oldest one the user owns, which is the one sign-up
 * created (POST /api/users/register creates it with the owner). Undefined when they own none any
 * more (removed since); the step then creates one.
 */
async function ownedOrganizationId(database: Db, userId: number): Promise<number | undefined> {
  const [owned] = await database
    .select({ id: memberships.organization_id })
    .from(memberships)
    .where(and(eq(memberships.user_id, userId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.organization_id))
    .limit(1);
  return owned?.id;
}

/**
 * Takes the user's pending setup: clears `onboarding_required` when it is set, in one statement, so
 * of two submits at once only one goes on. Returns the updated row, or undefined (nothing to do).
 */
async function claimOnboarding(database: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await database
    .update(users)
    .set({ onboarding_required: false, updated_at: sql`CURRENT_TIMESTAMP` })
    .where(and(eq(users.id, userId), eq(users.onboarding_required, true)))
    .returning();
  return row;
}

/**
 * A self-serve organization with the default limits and features (stored `{}` = the billing type's
 * defaults), the user as its owner, and its change-log entry (so the owner's devices pull it), in
 * one D1 batch, as sign-up does.
 */
async function createOwnedOrganization(database: Db, user: UserRow, input: Onboarding): Promise<void> {
  await database.batch([
    database.insert(organizations).values({ name: input.name, email: input.email === undefined ? user.email : input.email, phone: input.phone ?? null, self_serve: true }),
    database.insert(memberships).values({ user_id: user.id, organization_id: sql`last_insert_rowid()`, role: "owner" }),
    // The membership insert changed last_insert_rowid(): the new organization is the only one the
    // user owns (this path runs when they own none).
    organizationChangeEntry(
      database,
      sql`(SELECT MAX(${memberships.organization_id}) FROM ${memberships} WHERE ${memberships.user_id} = ${user.id} AND ${memberships.role} = 'owner')`,
    ),
  ]);
}

/**
 * POST /api/onboarding (docs/identity-api.md "Onboarding"): finishes self sign-up. The organization
 * the user owns since sign-up gets the name, contact e-mail and phone given (through
 * `writeOrganization`, so a new name reaches the devices by the change log); without one, a
 * self-serve organization is created with the user as owner. Then the user no longer has to onboard.
 * Caller: the signed-in user themselves; 409 `conflict` when they have no setup left (never set, or
 * done already, or a second submit at the same time).
 */
export async function completeOnboarding(env: OnboardingEnv, userId: number, input: Onboarding, notRequired: () => ApiError): Promise<UserRow> {
  const database = db(env.DB);
  const user = await claimOnboarding(database, userId);
  if (!user) throw notRequired();
  try {
    const organizationId = await ownedOrganizationId(database, userId);
    if (organizationId === undefined) await createOwnedOrganization(database, user, input);
    else await writeOrganization(env, organizationId, input);
  } catch (error) {
    // Not done: the step stays to do (best effort; the write above failed as a whole).
    await database.update(users).set({ onboarding_required: true }).where(eq(users.id, userId));
    throw error;
  }
  return user;
}
