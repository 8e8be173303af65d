import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { RATE_LIMITS, clientAddress, enforceRateLimits } from "../../auth/rate-limit.ts";
import { db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { inBackground } from "./background.ts";
import { sendVerificationEmail } from "./emails.ts";
import { jsonBody } from "../../http/validators.ts";
import { authMessage } from "../../../domain/auth/messages.ts";
import { emailSchema, registerSchema, toCommunicationLanguage, tokenSchema } from "../../../domain/auth/schemas.ts";
import { consumeUserToken } from "./user-tokens.ts";
import { signUpOrTellOwner } from "./sign-up.ts";

/** Organization self sign-up (SPEC §1, §2 /users/signup, /users/activation/{token}). Public routes. */
export const registrationRoutes = new Hono<AppEnv>()
  /**
   * Organization self sign-up. The same 201 whether the e-mail is new or already in use (no
   * enumeration): the account is created, or its owner told by e-mail, after the answer
   * (signUpOrTellOwner); either way the next step is in the mailbox.
   */
  .post("/register", jsonBody(registerSchema), async (c) => {
    const body = c.req.valid("json");
    await enforceRateLimits(c, [
      // Per e-mail too: sign-up must not become a way to flood a known address with mail.
      { key: `register:account:${body.email}`, rule: RATE_LIMITS.mailAccount },
      { key: `register:ip:${clientAddress(c)}`, rule: RATE_LIMITS.mailAddress },
    ]);
    const language = body.communication_language ?? toCommunicationLanguage(c.var.locale);
    const origin = appOrigin(c.env, c.req.url);
    await inBackground(c, async () => {
      await signUpOrTellOwner(c.env, body, language, origin);
    });
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
