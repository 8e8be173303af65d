import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { onboardingMessage } from "../../../domain/onboarding/messages.ts";
import { onboardingSchema } from "../../../domain/onboarding/schema.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { loadAuthUser } from "../auth/auth-user.ts";
import { loadUserRow, toProfileUser } from "../auth/profile.ts";
import { completeOnboarding } from "./service.ts";

/** 409: the user has no setup to finish (docs/identity-api.md "Onboarding"). */
const notRequired = (locale: UiLocale) => new ApiError("conflict", { message: onboardingMessage("not_required", locale) });

/** 401 signed out, then 409 when there is nothing to set up, before the body is read (422). */
const onboardingPending = createMiddleware<AppEnv>(async (c, next) => {
  const auth = requireUser(c);
  if (!(await loadUserRow(db(c.env.DB), auth.id)).onboarding_required) throw notRequired(c.var.locale);
  await next();
});

/** /api/onboarding: the setup step of self sign-up (SPEC §2 /onboarding). Only for the user themselves. */
export const onboardingRoutes = new Hono<AppEnv>().post("/", onboardingPending, jsonBody(onboardingSchema), async (c) => {
  const auth = requireUser(c);
  const row = await completeOnboarding(c.env, auth.id, c.req.valid("json"), () => notRequired(c.var.locale));
  // Accounts changed (a new name, or a new organization): read them again for the answer.
  const refreshed = await loadAuthUser(db(c.env.DB), auth.id, auth.sessionId);
  if (!refreshed) throw new ApiError("unauthenticated");
  return c.json({ data: toProfileUser(refreshed, row) }, 200);
});
