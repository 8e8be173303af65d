import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { issueCsrfCookie } from "../../auth/csrf.ts";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../../auth/password.ts";
import { clearAttempts, clientAddress } from "../../auth/rate-limit.ts";
import { endSession, startSession } from "../../auth/session.ts";
import { KNOWN_ADDRESS_MS, LOGIN_THROTTLES, forgiveAttempt, isRemembered, remember, throttle } from "../../auth/throttle.ts";
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
   * Throttled with growing delays, never locked (worker/auth/throttle.ts): per e-mail and address,
   * per address, and per e-mail across addresses except from an address this account signed in
   * from before, so a stranger cannot keep the owner out.
   */
  .post("/login", jsonBody(loginSchema), async (c) => {
    const { email, password, remember: rememberMe } = c.req.valid("json");
    const keys = loginKeys(email, clientAddress(c));
    const knownAddress = await isRemembered(c.env.DB, keys.known);
    await throttle(c, [
      { key: keys.pair, rule: LOGIN_THROTTLES.pair },
      { key: keys.address, rule: LOGIN_THROTTLES.address },
      ...(knownAddress ? [] : [{ key: keys.account, rule: LOGIN_THROTTLES.account }]),
    ]);

    const database = db(c.env.DB);
    const [user] = await database.select().from(users).where(eq(users.email, email));
    const passwordOk = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH, c.env.PASSWORD_PEPPER ?? "");
    if (!user || !user.password_hash || !passwordOk || user.status !== "active") {
      const message = authMessage("loginFailed", c.var.locale);
      throw new ApiError("validation_failed", { message, errors: { email: [message] } });
    }

    // Success: this pair starts afresh; the address and the account get this attempt back.
    await Promise.all([
      clearAttempts(c.env.DB, keys.pair),
      forgiveAttempt(c.env.DB, keys.address),
      knownAddress ? Promise.resolve() : forgiveAttempt(c.env.DB, keys.account),
      remember(c.env.DB, keys.known, KNOWN_ADDRESS_MS),
    ]);
    const sessionId = await startSession(c, database, user.id, rememberMe);
    const auth = await loadAuthUser(database, user.id, sessionId);
    if (!auth) throw new ApiError("server_error");
    return c.json({ data: toProfileUser(auth, user) }, 200);
  })

  /** Ends the request's session, also when it has already expired or is unknown. */
  .post("/logout", async (c) => {
    await endSession(c, db(c.env.DB));
    return c.body(null, 204);
  });

/** The throttle keys of a sign-in attempt (the e-mail is already lower-cased by the schema). */
export function loginKeys(email: string, address: string) {
  return {
    pair: `login:pair:${email}|${address}`,
    account: `login:account:${email}`,
    address: `login:ip:${address}`,
    known: `login:known:${email}|${address}`,
  };
}

/** The PWA's page for a screen path (the assets binding answers index.html); 404 JSON without it. */
async function spa(assets: Fetcher | undefined, request: Request): Promise<Response> {
  if (!assets) throw new ApiError("not_found");
  return assets.fetch(request);
}
