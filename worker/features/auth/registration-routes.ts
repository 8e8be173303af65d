import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { hashPassword } from "../../auth/password.ts";
import { RATE_LIMITS, clientAddress, enforceRateLimits } from "../../auth/rate-limit.ts";
import { db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { inBackground } from "./background.ts";
import { sendVerificationEmail } from "./emails.ts";
import { jsonBody } from "../../http/validators.ts";
import { authMessage } from "../../../domain/auth/messages.ts";
import { emailSchema, registerSchema, toCommunicationLanguage, tokenSchema } from "../../../domain/auth/schemas.ts";
import { consumeUserToken } from "./user-tokens.ts";
import { organizationChangeEntry } from "../sync/organization-writes.ts";

/** Organization self sign-up (SPEC §1, §2 /users/signup, /users/activation/{token}). Public routes. */
export const registrationRoutes = new Hono<AppEnv>()
  /**
   * Creates a self-serve organization, its owner (pending, with the password) and the membership
   * in one D1 batch (all or nothing), then e-mails the activation link (48 h).
   */
  .post("/register", jsonBody(registerSchema), async (c) => {
    const body = c.req.valid("json");
    await enforceRateLimits(c, [{ key: `register:ip:${clientAddress(c)}`, rule: RATE_LIMITS.mailAddress }]);
    const database = db(c.env.DB);
    const taken = () => new ApiError("validation_failed", { errors: { email: [authMessage("emailTaken", c.var.locale)] } });
    const [existing] = await database.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    if (existing) throw taken();

    const language = body.communication_language ?? toCommunicationLanguage(c.var.locale);
    const passwordHash = await hashPassword(body.password, c.env.PASSWORD_PEPPER ?? "");
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
      if (String(error).includes("UNIQUE constraint failed: users.email")) throw taken();
      throw error;
    }
    if (!created) throw new ApiError("server_error");
    await sendVerificationEmail(c.env, created, appOrigin(c.env, c.req.url));
    return c.json({ message: authMessage("registered", c.var.locale) }, 201);
  })

  /** The same answer whatever the e-mail; a pending account gets a new link (the old one stops working). */
  .post("/register/resend", jsonBody(emailSchema), async (c) => {
    const { email } = c.req.valid("json");
    await enforceRateLimits(c, [
      { key: `register-resend:account:${email}`, rule: RATE_LIMITS.mailAccount },
      { key: `register-resend:ip:${clientAddress(c)}`, rule: RATE_LIMITS.mailAddress },
    ]);
    const origin = appOrigin(c.env, c.req.url);
    await inBackground(c, async () => {
      const [user] = await db(c.env.DB).select().from(users).where(eq(users.email, email));
      if (user?.status === "pending") await sendVerificationEmail(c.env, user, origin);
    });
    return c.json({ message: authMessage("activationResent", c.var.locale) }, 200);
  })

  /**
   * Uses up the e-mailed token: the e-mail is verified and a pending account becomes active. Refused
   * with 409 while a session is open, so nobody activates someone else's account by mistake.
   */
  .post("/activation", jsonBody(tokenSchema), async (c) => {
    if (c.var.auth) throw new ApiError("conflict", { message: authMessage("alreadySignedIn", c.var.locale) });
    const { token } = c.req.valid("json");
    const database = db(c.env.DB);
    const invalid = () => new ApiError("validation_failed", { errors: { token: [authMessage("linkInvalid", c.var.locale)] } });
    const userId = await consumeUserToken(database, token, "email_verification");
    if (userId === null) throw invalid();
    const [user] = await database
      .update(users)
      .set({
        status: sql`CASE WHEN ${users.status} = 'pending' THEN 'active' ELSE ${users.status} END`,
        email_verified_at: sql`COALESCE(${users.email_verified_at}, ${new Date().toISOString()})`,
        updated_at: sql`CURRENT_TIMESTAMP`,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email, status: users.status });
    if (!user || user.status !== "active") throw invalid();
    return c.json({ message: authMessage("activated", c.var.locale), email: user.email }, 200);
  });
