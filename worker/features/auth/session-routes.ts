import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { issueCsrfCookie } from "../../auth/csrf.ts";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../../auth/password.ts";
import { RATE_LIMITS, clearAttempts, clientAddress, enforceRateLimits, refundAttempt } from "../../auth/rate-limit.ts";
import { endSession, startSession } from "../../auth/session.ts";
import { db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { loadAuthUser } from "./auth-user.ts";
import { jsonBody } from "../../http/validators.ts";
import { authMessage } from "../../../domain/auth/messages.ts";
import { toProfileUser } from "./profile.ts";
import { loginSchema } from "../../../domain/auth/schemas.ts";

/**
 * SPEC §7 session calls at the paths the web expects (`/sanctum/csrf-cookie`, `/login`,
 * `/logout`). GET /login and GET /logout are screens of the PWA, served from the assets binding.
 */
export const sessionRoutes = new Hono<AppEnv>()
  .get("/sanctum/csrf-cookie", async (c) => {
    await issueCsrfCookie(c);
    return c.body(null, 204);
  })
  .get("/login", (c) => spa(c.env.ASSETS, c.req.raw))
  .get("/logout", (c) => spa(c.env.ASSETS, c.req.raw))

  /**
   * Public. Every failure (unknown e-mail, wrong password, pending or disabled account) gets the
   * same 422 and takes the same time: an unknown e-mail is checked against a dummy hash.
   */
  .post("/login", jsonBody(loginSchema), async (c) => {
    const { email, password, remember } = c.req.valid("json");
    const accountKey = `login:account:${email}`;
    const addressKey = `login:ip:${clientAddress(c)}`;
    await enforceRateLimits(c, [
      { key: accountKey, rule: RATE_LIMITS.loginAccount },
      { key: addressKey, rule: RATE_LIMITS.loginAddress },
    ]);

    const database = db(c.env.DB);
    const [user] = await database.select().from(users).where(eq(users.email, email));
    const passwordOk = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH, c.env.PASSWORD_PEPPER ?? "");
    if (!user || !user.password_hash || !passwordOk || user.status !== "active") {
      const message = authMessage("loginFailed", c.var.locale);
      throw new ApiError("validation_failed", { message, errors: { email: [message] } });
    }

    await Promise.all([clearAttempts(c.env.DB, accountKey), refundAttempt(c.env.DB, addressKey)]);
    const sessionId = await startSession(c, database, user.id, remember);
    const auth = await loadAuthUser(database, user.id, sessionId);
    if (!auth) throw new ApiError("server_error");
    return c.json({ data: toProfileUser(auth, user) }, 200);
  })

  /** Ends the request's session, also when it has already expired or is unknown. */
  .post("/logout", async (c) => {
    await endSession(c, db(c.env.DB));
    return c.body(null, 204);
  });

/** The PWA's page for a screen path (the assets binding answers index.html); 404 JSON without it. */
async function spa(assets: Fetcher | undefined, request: Request): Promise<Response> {
  if (!assets) throw new ApiError("not_found");
  return assets.fetch(request);
}
