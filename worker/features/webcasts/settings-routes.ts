import { type Context, Hono } from "hono";
import { accessControlsBody } from "../../../domain/webcasts/rest.ts";
import { hashPassword } from "../../auth/password.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { DIAL_IN_MESSAGES, dialInPool } from "../dial-in/pool.ts";
import { dialInPin, dialInSettings, reserveDialIn } from "../dial-in/service.ts";
import { pathWebcast, webcastGuard } from "./guards.ts";
import { storeWebcastPassword } from "./secrets.ts";
import { webcastAnswer } from "./service.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { setWebcastAccess, setWebcastBilling } from "../../../domain/webcasts/mutators.ts";

/**
 * The webcast settings calls of SPEC §7 (docs/webcasts-api.md): access controls, billing and
 * phone dial-in (the three toggles and reset go through the live room:
 * worker/features/webcast-room/control-routes.ts). Same order as the core routes: session (401), webcast and
 * permission (404/403), body (422), then one pushed mutation, answered with the webcast as it now
 * is — except dial-in, which is kept in its own server-only table and answers its settings.
 */

async function setBilling(c: Context<AppEnv>, billingEnabled: boolean) {
  const uid = (await pathWebcast(c)).row.id;
  await applyMutation(c.env, requireUser(c), c.var.locale, setWebcastBilling, { id: uid, billing_enabled: billingEnabled, now: new Date().toISOString() });
  return webcastAnswer(db(c.env.DB), uid);
}

export const webcastSettingsRoutes = new Hono<AppEnv>()
  /**
   * PATCH …/access-controls (JSON) → `{ data }`: access flags and password in one server-only
   * mutation (`setWebcastAccess`), then the hash in `webcast_secrets` (secrets.ts says why in
   * this order). The password is hashed before anything changes, so a failure there changes nothing.
   */
  .patch("/:id/access-controls", webcastGuard("webcasts.update"), jsonBody(accessControlsBody), async (c) => {
    const { row } = await pathWebcast(c);
    const { password, ...flags } = c.req.valid("json");
    const hash = typeof password === "string" ? await hashPassword(password, c.env.PASSWORD_PEPPER ?? "") : null;
    const now = new Date().toISOString();
    const args = { ...flags, ...(password === undefined ? {} : { has_password: password !== null }), id: row.id, now };
    await applyMutation(c.env, requireUser(c), c.var.locale, setWebcastAccess, args);
    if (password !== undefined) await storeWebcastPassword(db(c.env.DB), { webcast_id: row.id, organization_id: row.organization_id, password_hash: hash, updated_at: now });
    return c.json({ data: await webcastAnswer(db(c.env.DB), row.id) }, 200);
  })
  /** POST …/billing/enable → `{ data }`: the back office's call (organizations.administer). */
  .post("/:id/billing/enable", webcastGuard("organizations.administer"), async (c) => {
    return c.json({ data: await setBilling(c, true) }, 200);
  })
  /** POST …/billing/disable → `{ data }`: the back office's call (organizations.administer). */
  .post("/:id/billing/disable", webcastGuard("organizations.administer"), async (c) => {
    return c.json({ data: await setBilling(c, false) }, 200);
  })
  /**
   * POST …/phone/reserve → 201 `{ data: { enabled: true, numbers, pin } }`: gives the webcast the
   * platform's dial-in numbers and its own conference PIN (worker/features/dial-in). Once: a
   * webcast already reserved answers its reservation with 200. No numbers configured: 409. Allowed
   * in any state (on air too): it only hands out numbers, nothing of the broadcast changes.
   */
  .post("/:id/phone/reserve", webcastGuard("webcasts.update"), async (c) => {
    const { row } = await pathWebcast(c);
    const numbers = dialInPool(c.env.DIAL_IN_NUMBERS);
    if (numbers.length === 0) throw new ApiError("conflict", { message: localized(DIAL_IN_MESSAGES.unavailable, c.var.locale) });
    const { pin, created } = await reserveDialIn(db(c.env.DB), row.id, requireUser(c).id, new Date().toISOString());
    return c.json({ data: dialInSettings(numbers, pin) }, created ? 201 : 200);
  })
  /**
   * GET …/dial-in/settings → `{ data: { enabled: true, numbers, pin } }` once reserved (and while
   * numbers are configured), else `{ data: { enabled: false, numbers: [] } }`. Members who may see
   * the webcast see the PIN: it is what lets its speakers dial in.
   */
  .get("/:id/dial-in/settings", webcastGuard("webcasts.view"), async (c) => {
    const { row } = await pathWebcast(c);
    const numbers = dialInPool(c.env.DIAL_IN_NUMBERS);
    const pin = numbers.length === 0 ? undefined : await dialInPin(db(c.env.DB), row.id);
    return c.json({ data: dialInSettings(numbers, pin) }, 200);
  });
