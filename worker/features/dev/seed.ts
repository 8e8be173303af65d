import { eq, inArray } from "drizzle-orm";
import { hashPassword } from "../../auth/password.ts";
import type { Db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";

/**
 * Inserts the demo organizations, users and memberships; rows that already exist are left as they
 * are, so running it again changes nothing. Returns how many rows were new. One exception: a demo
 * organization seeded before limits and features existed (still `{}`) gets the demo values.
 */
export async function seedDemoData(database: Db, pepper: string): Promise<{ created: number }> {
  let created = 0;
  const orgRows = await database.insert(organizations).values([...DEMO_ORGANIZATIONS]).onConflictDoNothing().returning({ id: organizations.id });
  created += orgRows.length;
  const stored = await database
    .select({ id: organizations.id, limits: organizations.limits, features: organizations.features })
    .from(organizations)
    .where(inArray(organizations.id, DEMO_ORGANIZATIONS.map((org) => org.id)));
  for (const demo of DEMO_ORGANIZATIONS) {
    const row = stored.find((org) => org.id === demo.id);
    if (!row) continue;
    const missing = {
      ...(Object.keys(row.limits).length === 0 ? { limits: demo.limits } : {}),
      ...(Object.keys(row.features).length === 0 ? { features: demo.features } : {}),
    };
    if (Object.keys(missing).length > 0) await database.update(organizations).set(missing).where(eq(organizations.id, demo.id));
  }

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
        status: demo.status ?? "active",
        is_super_admin: demo.is_super_admin ?? false,
        email_verified_at: demo.status === "pending" ? null : new Date().toISOString(),
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
