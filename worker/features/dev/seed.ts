import { hashPassword } from "../../auth/password.ts";
import type { Db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";

/**
 * Inserts the demo organizations, users and memberships; rows that already exist are left as they
 * are, so running it again changes nothing. Returns how many rows were new.
 */
export async function seedDemoData(database: Db, pepper: string): Promise<{ created: number }> {
  let created = 0;
  const orgRows = await database.insert(organizations).values([...DEMO_ORGANIZATIONS]).onConflictDoNothing().returning({ id: organizations.id });
  created += orgRows.length;

  const existing = new Set((await database.select({ email: users.email }).from(users)).map((row) => row.email));
  for (const demo of DEMO_USERS) {
    if (existing.has(demo.email)) continue;
    const [row] = await database
      .insert(users)
      .values({
        email: demo.email,
        name: `${demo.first_name} ${demo.last_name}`,
        first_name: demo.first_name,
        last_name: demo.last_name,
        status: "active",
        is_super_admin: demo.is_super_admin ?? false,
        email_verified_at: new Date().toISOString(),
        password_hash: await hashPassword(DEMO_PASSWORD, pepper),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) continue;
    created++;
    if (demo.organization_id !== null && demo.role !== null) {
      await database.insert(memberships).values({ user_id: row.id, organization_id: demo.organization_id, role: demo.role }).onConflictDoNothing();
    }
  }
  return { created };
}
