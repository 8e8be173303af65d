import { type SQL, and, count, eq, inArray, or, sql } from "drizzle-orm";
import { toCommunicationLanguage } from "../../../domain/auth/schemas.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { withinLimit } from "../../../domain/organizations/limits.ts";
import { limitReachedMessage, organizationMessage } from "../../../domain/organizations/messages.ts";
import { PER_PAGE } from "../../../domain/organizations/organization.ts";
import { type Person, type PersonKind, isPersonKind, limitToCheck, rolesCountedBy } from "../../../domain/organizations/people.ts";
import { type OrganizationRole, isEqualOrHigherRole } from "../../../domain/permissions/permissions.ts";
import type { Db } from "../../db/client.ts";
import { memberships, users } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import type { OrganizationRow } from "../organizations/organization-json.ts";
import { containsPattern } from "../organizations/service.ts";
import { type UserRow, personJson } from "./person-json.ts";

/**
 * Members of an organization as the people lists see them. Callers (routes.ts) have authorized
 * `<kind>s.manage` (or users.change_role / users.send_emails) in the organization.
 */

/** GET …/people: one page of the members holding `kind`'s role, matched on name or e-mail. */
export async function listPeople(database: Db, organizationId: number, query: { kind: PersonKind; page: number; q?: string | undefined }) {
  const conditions: SQL[] = [eq(memberships.organization_id, organizationId), eq(memberships.role, query.kind)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(sql`${users.name} LIKE ${pattern} ESCAPE '\\'`, sql`${users.email} LIKE ${pattern} ESCAPE '\\'`);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    database
      .select({ user: users, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(where)
      .orderBy(sql`${users.name} COLLATE NOCASE`, users.id)
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    database.select({ total: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.user_id)).where(where),
  ]);
  return { data: rows.map((row) => personJson(row.user, row.role)), meta: { page: query.page, per_page: PER_PAGE, total: totals[0]?.total ?? 0 } };
}

/** A member and their role, or null. */
export async function findMember(database: Db, organizationId: number, userId: number): Promise<{ user: UserRow; role: OrganizationRole } | null> {
  const [row] = await database
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.user_id, userId)));
  return row ?? null;
}

/** A member listed in one of the people lists (speaker, organizer, admin, owner), else 404. */
export async function requirePerson(database: Db, organizationId: number, userId: number): Promise<{ user: UserRow; role: PersonKind }> {
  const member = await findMember(database, organizationId, userId);
  if (!member || !isPersonKind(member.role)) throw new ApiError("not_found");
  return { user: member.user, role: member.role };
}

async function countMembers(database: Db, organizationId: number, roles: OrganizationRole[]): Promise<number> {
  if (roles.length === 0) return 0;
  const [row] = await database
    .select({ total: count() })
    .from(memberships)
    .where(and(eq(memberships.organization_id, organizationId), inArray(memberships.role, roles)));
  return row?.total ?? 0;
}

/** 422 when moving a member from `from` to `to` would pass max_organizers / max_speakers. */
async function checkLimit(database: Db, org: OrganizationRow, from: OrganizationRole | null, to: OrganizationRole, locale: UiLocale, field: string) {
  const key = limitToCheck(from, to);
  if (!key) return;
  const check = withinLimit(org, key, await countMembers(database, org.id, rolesCountedBy(key)));
  if (!check.ok) {
    const message = limitReachedMessage(key, check.limit, locale);
    throw new ApiError("validation_failed", { message, errors: { [field]: [message] } });
  }
}

function lastOwner(locale: UiLocale): never {
  const message = organizationMessage("last_owner", locale);
  throw new ApiError("validation_failed", { message, errors: { role: [message] } });
}

/** 422 when the member is the organization's only owner and would stop being one. */
async function checkNotLastOwner(database: Db, organizationId: number, role: OrganizationRole, locale: UiLocale) {
  if (role === "owner" && (await countMembers(database, organizationId, ["owner"])) <= 1) lastOwner(locale);
}

/**
 * Guard in the same statement as the write: the membership row changes only if it is not an owner
 * or another owner remains, so two owners removing each other at once cannot leave none.
 */
function keepsAnOwner(organizationId: number): SQL {
  return sql`(${memberships.role} <> 'owner' OR (SELECT COUNT(*) FROM ${memberships} AS owners WHERE owners.organization_id = ${organizationId} AND owners.role = 'owner') > 1)`;
}

export interface AddPersonInput {
  kind: PersonKind;
  email: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

/**
 * POST …/people. An unknown e-mail becomes a pending user (no password) in the request's language;
 * an existing member with a lower role is upgraded; an equal or higher role is refused (SPEC §5).
 * Returns the person and whether they need an invitation (no usable account yet) rather than a notice.
 */
export async function addPerson(
  database: Db,
  org: OrganizationRow,
  input: AddPersonInput,
  locale: UiLocale,
): Promise<{ person: Person; user: UserRow; invite: boolean }> {
  const [existing] = await database.select().from(users).where(eq(users.email, input.email));
  const current = existing ? await findMember(database, org.id, existing.id) : null;
  if (current && isEqualOrHigherRole(current.role, input.kind)) {
    const message = organizationMessage("equal_or_higher_role", locale);
    throw new ApiError("validation_failed", { message, errors: { email: [message] } });
  }
  await checkLimit(database, org, current?.role ?? null, input.kind, locale, "kind");

  const user = existing ?? (await createPendingUser(database, input, locale));
  if (current) {
    await database.update(memberships).set({ role: input.kind }).where(and(eq(memberships.organization_id, org.id), eq(memberships.user_id, user.id)));
  } else {
    await database.insert(memberships).values({ user_id: user.id, organization_id: org.id, role: input.kind });
  }
  return { person: personJson(user, input.kind), user, invite: user.status === "pending" };
}

async function createPendingUser(database: Db, input: AddPersonInput, locale: UiLocale): Promise<UserRow> {
  const name = [input.first_name, input.last_name].filter(Boolean).join(" ") || (input.email.split("@")[0] ?? input.email);
  const [row] = await database
    .insert(users)
    .values({
      email: input.email,
      name,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      communication_language: toCommunicationLanguage(locale),
      status: "pending",
    })
    .returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

/**
 * PATCH …/people/{userId}. The route has checked users.change_role and the right to manage both
 * kinds; here: the last owner stays, and the new role's limit applies.
 */
export async function changeRole(database: Db, org: OrganizationRow, member: { user: UserRow; role: PersonKind }, role: PersonKind, locale: UiLocale): Promise<Person> {
  if (member.role === role) return personJson(member.user, role);
  if (role !== "owner") await checkNotLastOwner(database, org.id, member.role, locale);
  await checkLimit(database, org, member.role, role, locale, "role");
  const changed = await database
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organization_id, org.id), eq(memberships.user_id, member.user.id), keepsAnOwner(org.id)))
    .returning({ user_id: memberships.user_id });
  if (changed.length === 0) lastOwner(locale);
  return personJson(member.user, role);
}

/** DELETE …/people/{userId}: the membership goes (the user account stays); never the last owner. */
export async function removePerson(database: Db, organizationId: number, member: { user: UserRow; role: PersonKind }, locale: UiLocale): Promise<void> {
  await checkNotLastOwner(database, organizationId, member.role, locale);
  const removed = await database
    .delete(memberships)
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.user_id, member.user.id), keepsAnOwner(organizationId)))
    .returning({ user_id: memberships.user_id });
  if (removed.length === 0) lastOwner(locale);
}
