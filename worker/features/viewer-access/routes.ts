import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { registrationOpen } from "../../../domain/viewer-page/access.ts";
import { magicLinkBodySchema, registerBodySchema, signInBodySchema } from "../../../domain/viewer-page/api.ts";
import { type RateLimit, clientAddress, enforceRateLimits } from "../../auth/rate-limit.ts";
import type { AppEnv } from "../../env.ts";
import { jsonBody } from "../../http/validators.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { sendSignInCode } from "./codes.ts";
import { bearerPass, verifyPass } from "./pass.ts";
import { accessFacts, publicWebcast, watchContext } from "./public-webcast.ts";
import { register } from "./registration.ts";
import { checkPassStillGood, checkWebcastPassword, refusal, viewerByEmail, viewerById } from "./service.ts";
import { roomTokenGrant, signIn } from "./sign-in.ts";

/**
 * The viewer page's calls (domain/viewer-page/api.ts, docs/viewer-page.md "Access API"), mounted
 * at /api/watch. Public: no session needed (SSO excepted), but they are state-changing browser
 * calls like the login, so they pass the same-origin check and carry the XSRF token bound to the
 * browser's pre-session (GET /sanctum/csrf-cookie), as every other POST. Errors in the spec's shape,
 * in the request's language.
 */

const FIFTEEN_MINUTES = 15 * 60_000;
/** Sign-in e-mails (register and magic-link together; docs/viewer-page.md "Throttles"). */
export const SIGN_IN_MAIL_LIMITS = {
  /** One e-mail on one webcast: 3 per 15 minutes (no mail bombing). */
  email: { limit: 3, windowMs: FIFTEEN_MINUTES },
  /** One address on one webcast: 10 per 15 minutes. */
  address: { limit: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimit>;

function limitMails(c: Context<AppEnv>, webcastId: string, email: string): Promise<void> {
  return enforceRateLimits(c, [
    { key: `watch-mail:${webcastId}:email:${email.trim().toLowerCase()}`, rule: SIGN_IN_MAIL_LIMITS.email },
    { key: `watch-mail:${webcastId}:ip:${clientAddress(c)}`, rule: SIGN_IN_MAIL_LIMITS.address },
  ]);
}

// Unknown fields are refused, as on every route (docs/security.md "Request bodies").
const [magicLink, pin, invite, controlNumber, password, sso, guest] = signInBodySchema.options;
const strictSignInBody = z.discriminatedUnion("method", [magicLink.strict(), pin.strict(), invite.strict(), controlNumber.strict(), password.strict(), sso.strict(), guest.strict()]);

export const viewerAccessRoutes = new Hono<AppEnv>()
  /** GET /api/watch/{id} → `{ data: PublicWebcast }` for any webcast, public or private; 404 unknown. */
  .get("/:id", async (c) => {
    const context = await watchContext(c.env, c.req.param("id"));
    c.header("Cache-Control", "no-store");
    return c.json({ data: publicWebcast(context) }, 200);
  })
  /** POST …/register RegisterBody → 201 `{ data: { sent: true } }` (the magic link and PIN mailed). */
  .post("/:id/register", jsonBody(() => registerBodySchema.strict()), async (c) => {
    const context = await watchContext(c.env, c.req.param("id"));
    const locale = c.var.locale;
    if (!registrationOpen(accessFacts(context))) throw refusal("forbidden", context.row.sso_required ? "sso_required" : "registration_closed", locale);
    const body = c.req.valid("json");
    const viewer = await register(c.env, context, body, locale, async () => {
      await limitMails(c, context.row.id, body.email);
      await checkWebcastPassword(c.env, context, body.webcast_password, locale);
    });
    if (viewer) await sendSignInCode(c.env, context.row, viewer, appOrigin(c.env, c.req.url), body.locale ?? locale);
    return c.json({ data: { sent: true as const } }, 201);
  })
  /** POST …/magic-link `{ email, locale? }` → 202 `{ data: { sent: true } }`, known e-mail or not. */
  .post("/:id/magic-link", jsonBody(() => magicLinkBodySchema.strict()), async (c) => {
    const context = await watchContext(c.env, c.req.param("id"));
    const { email, locale } = c.req.valid("json");
    await limitMails(c, context.row.id, email);
    const viewer = registrationOpen(accessFacts(context)) ? await viewerByEmail(c.env, context.row.id, email) : undefined;
    if (viewer) {
      // Sent after the answer (waitUntil): a listed e-mail answers as fast as an unknown one, and a
      // failure is logged only, so neither the time nor the answer tells that the e-mail is a viewer.
      const requestId = c.var.requestId;
      c.executionCtx.waitUntil(
        sendSignInCode(c.env, context.row, viewer, appOrigin(c.env, c.req.url), locale ?? c.var.locale).catch((error: unknown) => {
          console.error(`[${requestId}] viewer sign-in e-mail failed`, error);
        }),
      );
    }
    return c.json({ data: { sent: true as const } }, 202);
  })
  /** POST …/sign-in SignInBody → 200 `{ data: ViewerAccess }`. */
  .post("/:id/sign-in", jsonBody(() => strictSignInBody), async (c) => {
    const context = await watchContext(c.env, c.req.param("id"));
    return c.json({ data: await signIn(c, context, c.req.valid("json")) }, 200);
  })
  /** POST …/room-token (Authorization: Bearer <pass>) → 200 `{ data: RoomTokenGrant }`; 401 for a pass no longer good. */
  .post("/:id/room-token", async (c) => {
    const context = await watchContext(c.env, c.req.param("id"));
    const token = bearerPass(c.req.header("Authorization"));
    const pass = token ? await verifyPass(c.env, token, context.row.id) : null;
    const current = pass && (pass.g || (await viewerById(c.env, context.row.id, pass.v)));
    if (!pass || !current) throw refusal("unauthenticated", "pass_invalid", c.var.locale);
    // The webcast as it is now: made private, a segment, a password, a method taken away end the pass.
    await checkPassStillGood(c.env, context, pass, current === true ? null : current, c.var.locale);
    return c.json({ data: await roomTokenGrant(c.env, context.row.id, pass.v) }, 200);
  })
  /** POST …/sign-out → 204. Stateless: the device forgets its pass (docs/viewer-page.md "The pass"). */
  .post("/:id/sign-out", (c) => c.body(null, 204));
