import { Hono } from "hono";
import { featuresBodySchema } from "../../../domain/organizations/features.ts";
import { constraintsBodySchema } from "../../../domain/organizations/limits.ts";
import { organizationMessage } from "../../../domain/organizations/messages.ts";
import {
  changedAdministeredFields,
  organizationUpdateSchema,
  organizationsQuerySchema,
  selfServeChangeSchema,
} from "../../../domain/organizations/organization.ts";
import { can } from "../../../domain/permissions/can.ts";
import { requireUser, signedIn } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { organizationJson } from "./organization-json.ts";
import { guard, pathId } from "./request.ts";
import { jsonBody, query } from "../../http/validators.ts";
import {
  activateOrganization,
  changeBillingType,
  deactivateOrganization,
  listOrganizations,
  requireOrganization,
  updateFeatures,
  updateLimits,
  updateOrganization,
} from "./service.ts";

/**
 * /api/organizations (docs/identity-api.md "Organizations and people"). Each route authorizes
 * first (another tenant gets 404, a member without the permission 403), then validates.
 * Who: view = organizers, admins, owners, back office (the list: anyone signed in, filtered); update = admins, owners, back office;
 * administer (constraints, features, billing terms, deactivate, self-serve) = back office and
 * super admin; activate = super admin only.
 */
export const organizationRoutes = new Hono<AppEnv>()
  // A list shows what the caller may see (organizations.view): every signed-in user gets 200, an
  // empty list when they may view none (no accounts, or only roles without it). Never 403/404:
  // there is nothing to refuse or hide, and every outsider gets the same answer.
  .get("/", signedIn, query(organizationsQuerySchema), async (c) => {
    const { rows, meta } = await listOrganizations(db(c.env.DB), requireUser(c), c.req.valid("query"));
    return c.json({ data: rows.map(organizationJson), meta }, 200);
  })
  .get("/:id", guard("organizations.view"), async (c) => {
    return c.json({ data: organizationJson(await requireOrganization(db(c.env.DB), pathId(c, "id"))) }, 200);
  })
  .patch("/:id", guard("organizations.update"), jsonBody(organizationUpdateSchema), async (c) => {
    const id = pathId(c, "id");
    const database = db(c.env.DB);
    const current = await requireOrganization(database, id);
    const update = c.req.valid("json");
    // Billing terms are set by sales (back office); admins and owners edit everything else.
    if (changedAdministeredFields(current, update).length > 0 && !can(requireUser(c), "organizations.administer", id)) {
      throw new ApiError("forbidden", { message: organizationMessage("billing_fields_administered", c.var.locale) });
    }
    return c.json({ data: organizationJson(await updateOrganization(c.env, id, update)) }, 200);
  })
  .patch("/:id/constraints", guard("organizations.administer"), jsonBody(() => constraintsBodySchema), async (c) => {
    const database = db(c.env.DB);
    const current = await requireOrganization(database, pathId(c, "id"));
    return c.json({ data: organizationJson(await updateLimits(c.env, current, c.req.valid("json").limits)) }, 200);
  })
  .patch("/:id/features", guard("organizations.administer"), jsonBody(() => featuresBodySchema), async (c) => {
    const database = db(c.env.DB);
    const current = await requireOrganization(database, pathId(c, "id"));
    return c.json({ data: organizationJson(await updateFeatures(c.env, current, c.req.valid("json").features)) }, 200);
  })
  .post("/:id/deactivate", guard("organizations.administer"), async (c) => {
    const database = db(c.env.DB);
    return c.json({ data: organizationJson(await deactivateOrganization(c.env, await requireOrganization(database, pathId(c, "id")))) }, 200);
  })
  .post("/:id/activate", guard("organizations.administer"), async (c) => {
    // SPEC §4 "reactivation goes through sales": the back office may deactivate, not reactivate.
    if (!requireUser(c).is_super_admin) throw new ApiError("forbidden", { message: organizationMessage("activation_through_sales", c.var.locale) });
    const database = db(c.env.DB);
    return c.json({ data: organizationJson(await activateOrganization(c.env, await requireOrganization(database, pathId(c, "id")))) }, 200);
  })
  .post(
    "/:id/self-serve",
    guard("organizations.administer"),
    // Without confirm: true, the answer itself explains what the change would reset.
    jsonBody(selfServeChangeSchema, (errors, locale) => (errors.confirm ? organizationMessage("self_serve_confirm", locale) : undefined)),
    async (c) => {
      const database = db(c.env.DB);
      const current = await requireOrganization(database, pathId(c, "id"));
      return c.json({ data: organizationJson(await changeBillingType(c.env, current, c.req.valid("json").self_serve)) }, 200);
    },
  );
