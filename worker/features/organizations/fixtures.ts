import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import type { OrganizationRole } from "../../../domain/permissions/permissions.ts";
import { db } from "../../db/client.ts";
import { mailOutbox, memberships, organizations, users } from "../../db/schema/index.ts";
import { TestClient } from "../../test/client.ts";

/**
 * Test-only helpers for the organizations and people suites: storage is shared by the tests of a
 * file, so anything a test changes lives in its own throw-away organization.
 */

let sequence = 0;
const unique = () => `${Date.now().toString(36)}-${++sequence}`;

/** A user (active and verified unless told otherwise) with a membership when a role is given. */
export async function createUser(
  options: { organizationId?: number; role?: OrganizationRole; status?: "active" | "pending"; email?: string; is_back_office?: boolean } = {},
) {
  const email = options.email ?? `user-${unique()}@fixture.test`;
  const [user] = await db(env.DB)
    .insert(users)
    .values({
      email,
      name: `User ${email}`,
      status: options.status ?? "active",
      is_back_office: options.is_back_office ?? false,
      email_verified_at: options.status === "pending" ? null : new Date().toISOString(),
    })
    .returning();
  if (!user) throw new Error("no user");
  if (options.organizationId !== undefined && options.role) {
    await db(env.DB).insert(memberships).values({ user_id: user.id, organization_id: options.organizationId, role: options.role });
  }
  return user;
}

type Fixture = {
  id: number;
  /** E-mail of the member holding each role. */
  emails: Record<"owner" | "admin" | "organizer" | "speaker", string>;
  ids: Record<"owner" | "admin" | "organizer" | "speaker", number>;
  as: (role: "owner" | "admin" | "organizer" | "speaker", language?: "en" | "fr") => Promise<TestClient>;
};

/** A fresh organization with one owner, admin, organizer and speaker. */
export async function createOrganization(values: Partial<typeof organizations.$inferInsert> = {}): Promise<Fixture> {
  const [org] = await db(env.DB)
    .insert(organizations)
    .values({ name: `Fixture ${unique()}`, ...values })
    .returning();
  if (!org) throw new Error("no organization");
  const roles = ["owner", "admin", "organizer", "speaker"] as const;
  const emails = {} as Fixture["emails"];
  const ids = {} as Fixture["ids"];
  for (const role of roles) {
    const user = await createUser({ organizationId: org.id, role });
    emails[role] = user.email;
    ids[role] = user.id;
  }
  return { id: org.id, emails, ids, as: (role, language = "en") => new TestClient(language).signInAs(emails[role]) };
}

export async function organizationRow(id: number) {
  const [row] = await db(env.DB).select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function roleOf(organizationId: number, userId: number) {
  const [row] = await db(env.DB)
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.user_id, userId)));
  return row?.role ?? null;
}

export async function userByEmail(email: string) {
  const [row] = await db(env.DB).select().from(users).where(eq(users.email, email));
  return row;
}

/** E-mails sent to an address, newest first. */
export function mailsTo(email: string) {
  return db(env.DB).select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}
