import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { requireUser } from "../../auth/middleware.ts";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import { RATE_LIMITS, clientAddress, enforceRateLimits } from "../../auth/rate-limit.ts";
import { revokeSessions } from "../../auth/session.ts";
import { db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { inBackground } from "./background.ts";
import { sendPasswordResetEmail } from "./emails.ts";
import { jsonBody } from "../../http/validators.ts";
import { authMessage } from "../../../domain/auth/messages.ts";
import { loadUserRow } from "./profile.ts";
import { emailSchema, passwordResetSchema, passwordUpdateSchema, tokenSchema } from "../../../domain/auth/schemas.ts";
import { consumeUserToken, peekUserToken } from "./user-tokens.ts";

export const passwordRoutes = new Hono<AppEnv>()
  /**
   * Signed in. Checks the current password (not asked when the account has none yet, e.g. an
   * SSO or invited user setting a first one), then signs out every other session of the user.
   */
  .post("/update", jsonBody(passwordUpdateSchema), async (c) => {
    const auth = requireUser(c);
    const { current_password, password } = c.req.valid("json");
    const database = db(c.env.DB);
    const pepper = c.env.PASSWORD_PEPPER ?? "";
    const row = await loadUserRow(database, auth.id);
    if (row.password_hash) {
      const problem = !current_password ? "required" : (await verifyPassword(current_password, row.password_hash, pepper)) ? null : "currentPasswordWrong";
      if (problem) throw new ApiError("validation_failed", { errors: { current_password: [authMessage(problem, c.var.locale)] } });
    }
    await database
      .update(users)
      .set({ password_hash: await hashPassword(password, pepper), updated_at: sql`CURRENT_TIMESTAMP` })
      .where(eq(users.id, auth.id));
    await revokeSessions(database, auth.id, auth.sessionId);
    return c.json({ message: authMessage("passwordUpdated", c.var.locale) }, 200);
  })

  /** Public. The same answer whether or not the account exists; the e-mail goes out after it. */
  .post("/email", jsonBody(emailSchema), async (c) => {
    const { email } = c.req.valid("json");
    await enforceRateLimits(c, [
      { key: `password-email:account:${email}`, rule: RATE_LIMITS.mailAccount },
      { key: `password-email:ip:${clientAddress(c)}`, rule: RATE_LIMITS.mailAddress },
    ]);
    const origin = appOrigin(c.env, c.req.url);
    await inBackground(c, async () => {
      const [user] = await db(c.env.DB).select().from(users).where(eq(users.email, email));
      if (user?.status === "active") await sendPasswordResetEmail(c.env, user, origin);
    });
    return c.json({ message: authMessage("resetLinkSent", c.var.locale) }, 200);
  })

  /** Public. Tells the reset screen whether its link still works, and for which e-mail. */
  .post("/validate-token", jsonBody(tokenSchema), async (c) => {
    const { token } = c.req.valid("json");
    const database = db(c.env.DB);
    const userId = await peekUserToken(database, token, "password_reset");
    const [user] = userId === null ? [] : await database.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, userId));
    if (!user || user.status === "disabled") throw invalidToken(c.var.locale);
    return c.json({ valid: true as const, email: user.email }, 200);
  })

  /**
   * Public. The token must belong to the e-mail, be unused and unexpired; it is used up, the
   * password set and every session of the user revoked. A pending account becomes active: the
   * link proves the address (e.g. a person invited by an admin).
   */
  .post("/reset", jsonBody(passwordResetSchema), async (c) => {
    const { token, email, password } = c.req.valid("json");
    await enforceRateLimits(c, [
      { key: `password-reset:account:${email}`, rule: RATE_LIMITS.resetAccount },
      { key: `password-reset:ip:${clientAddress(c)}`, rule: RATE_LIMITS.resetAddress },
    ]);
    const database = db(c.env.DB);
    const [user] = await database.select().from(users).where(eq(users.email, email));
    if (!user || user.status === "disabled") throw invalidToken(c.var.locale);
    const userId = await consumeUserToken(database, token, "password_reset", user.id);
    if (userId === null) throw invalidToken(c.var.locale);
    await database
      .update(users)
      .set({
        password_hash: await hashPassword(password, c.env.PASSWORD_PEPPER ?? ""),
        status: "active",
        email_verified_at: user.email_verified_at ?? new Date().toISOString(),
        updated_at: sql`CURRENT_TIMESTAMP`,
      })
      .where(eq(users.id, user.id));
    await revokeSessions(database, user.id);
    return c.json({ message: authMessage("passwordReset", c.var.locale) }, 200);
  });

function invalidToken(locale: AppEnv["Variables"]["locale"]): ApiError {
  return new ApiError("validation_failed", { errors: { token: [authMessage("linkInvalid", locale)] } });
}
