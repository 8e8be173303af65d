import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES, FEATURE_FLAGS, WEBCAST_FEATURE_FLAGS } from "../../../domain/organizations/features.ts";
import { DEFAULT_LIMITS } from "../../../domain/organizations/limits.ts";
import { db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import { DEMO_USERS } from "./demo-data.ts";
import { seedDemoData } from "./seed.ts";

const seed = () => seedDemoData(db(env.DB), env.PASSWORD_PEPPER ?? "");

describe("seedDemoData", () => {
  it("gives the demo organizations explicit limits and flags, Demo Events with every webcast flag", async () => {
    await seed();
    const rows = await db(env.DB).select().from(organizations).orderBy(organizations.id);
    expect(rows.map((row) => row.limits)).toEqual([DEFAULT_LIMITS, DEFAULT_LIMITS]);
    const [demo, other] = rows;
    expect(Object.keys(demo?.features ?? {})).toEqual([...FEATURE_FLAGS]);
    for (const flag of WEBCAST_FEATURE_FLAGS) expect(demo?.features[flag], flag).toBe(true);
    expect(demo?.features.allow_events).toBe(false);
    expect(other?.features).toEqual(DEFAULT_FEATURES);
  });

  it("seeds a pending user and a user without accounts", async () => {
    await seed();
    const [pending] = await db(env.DB).select().from(users).where(eq(users.email, "pending@demo.test"));
    expect(pending).toMatchObject({ status: "pending", email_verified_at: null });
    const [noAccount] = await db(env.DB).select().from(users).where(eq(users.email, "noaccount@demo.test"));
    expect(noAccount).toMatchObject({ status: "active", is_super_admin: false });
    expect(await db(env.DB).select().from(memberships).where(eq(memberships.user_id, noAccount?.id ?? 0))).toEqual([]);
    for (const email of ["pending@demo.test", "noaccount@demo.test"]) expect(DEMO_USERS.find((user) => user.email === email)?.note).toBeTruthy();
  });

  it("is idempotent, and fills limits and flags of a demo organization seeded before they existed", async () => {
    await seed();
    await db(env.DB).update(organizations).set({ limits: {}, features: {} }).where(eq(organizations.id, 2));
    await db(env.DB).update(organizations).set({ limits: { max_speakers: 4 } }).where(eq(organizations.id, 1));
    expect(await seed()).toEqual({ created: 0 });
    const rows = await db(env.DB).select().from(organizations).orderBy(organizations.id);
    expect(rows[0]?.limits).toEqual({ max_speakers: 4 }); // a value someone set is left alone
    expect(rows[1]?.limits).toEqual(DEFAULT_LIMITS);
    expect(rows[1]?.features).toEqual(DEFAULT_FEATURES);
  });
});
