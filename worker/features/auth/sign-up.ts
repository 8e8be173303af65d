import { eq, sql } from "drizzle-orm";
import type { CommunicationLanguage } from "../../../domain/auth/schemas.ts";
import { hashPassword } from "../../auth/password.ts";
import { db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { organizationChangeEntry } from "../sync/organization-writes.ts";
import { sendAccountExistsEmail, sendVerificationEmail } from "./emails.ts";

export interface SignUp {
  organization_name: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/**
 * The work behind POST /api/users/register, done after the answer so that it is the same, at the
 * same time, for a new and a known address (no enumeration, issue #14 point 5):
 * - a new address: a self-serve organization, its owner (pending, with the password) and the
 *   membership in one D1 batch (all or nothing), then the activation link (48 h);
 * - an address in use: nothing is created and its owner is told by e-mail (sendAccountExistsEmail);
 *   a disabled account is told nothing (an administrator closed it).
 * The caller authorizes: the public sign-up route, rate-limited per address and per e-mail.
 */
export async function signUpOrTellOwner(env: Env, body: SignUp, language: CommunicationLanguage, origin: string): Promise<"created" | "exists"> {
  const database = db(env.DB);
  const tellOwner = async () => {
    const [existing] = await database.select().from(users).where(eq(users.email, body.email));
    if (existing && existing.status !== "disabled") await sendAccountExistsEmail(env, existing, origin);
    return "exists" as const;
  };
  const [existing] = await database.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  if (existing) return tellOwner();

  const passwordHash = await hashPassword(body.password, env.PASSWORD_PEPPER ?? "");
  let created: { id: number; email: string; communication_language: string } | undefined;
  try {
    // The membership finds the user by its (unique) e-mail and the organization as the row just inserted.
    const [userRows] = await database.batch([
      database
        .insert(users)
        .values({
          email: body.email,
          name: `${body.first_name} ${body.last_name}`,
          first_name: body.first_name,
          last_name: body.last_name,
          communication_language: language,
          status: "pending",
          password_hash: passwordHash,
          // The setup step (/onboarding, POST /api/onboarding) follows the first login.
          onboarding_required: true,
        })
        .returning({ id: users.id, email: users.email, communication_language: users.communication_language }),
      database.insert(organizations).values({ name: body.organization_name, email: body.email, self_serve: true }),
      database.insert(memberships).values({
        user_id: sql`(SELECT id FROM users WHERE email = ${body.email})`,
        organization_id: sql`last_insert_rowid()`,
        role: "owner",
      }),
      // Last: each insert above changes last_insert_rowid(). Devices already syncing every
      // organization (super admins) learn of the new one.
      organizationChangeEntry(
        database,
        sql`(SELECT ${memberships.organization_id} FROM ${memberships} WHERE ${memberships.user_id} = (SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${body.email}))`,
      ),
    ]);
    created = userRows[0];
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index refuses the second.
    if (String(error).includes("UNIQUE constraint failed: users.email")) return tellOwner();
    throw error;
  }
  if (!created) throw new Error("sign-up created no user");
  await sendVerificationEmail(env, created, origin);
  return "created";
}
