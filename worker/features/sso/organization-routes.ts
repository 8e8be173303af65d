import { Hono } from "hono";
import { identityProviderSettings, identityProviderUpdateSchema } from "../../../domain/sso/index.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { guard, pathId } from "../organizations/request.ts";
import { jsonBody } from "../../http/validators.ts";
import { readIdentityProvider, saveIdentityProvider } from "./settings.ts";

/**
 * /api/organizations/{id}/sso: an organization's identity provider (SPEC §3 identity_provider).
 * Who: organizations.administer (back office, super admin); another tenant gets 404, a member
 * without the permission 403 — checked before the body is read. The client secret is write-only:
 * answers carry `has_client_secret`, and a PATCH without a secret keeps the stored one.
 */
export const organizationSsoRoutes = new Hono<AppEnv>()
  .get("/:id/sso", guard("organizations.administer"), async (c) => {
    const provider = await readIdentityProvider(db(c.env.DB), pathId(c, "id"));
    return c.json({ data: identityProviderSettings(provider) }, 200);
  })
  .patch("/:id/sso", guard("organizations.administer"), jsonBody(identityProviderUpdateSchema), async (c) => {
    const provider = await saveIdentityProvider(db(c.env.DB), c.env.DB, c.env.APP_KEY, pathId(c, "id"), c.req.valid("json"), c.var.locale);
    return c.json({ data: identityProviderSettings(provider) }, 200);
  });
