import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SsoLoginPage } from "../../features/sso/sso-login-page.tsx";

// /login/sso, a sibling of /login (the `_` suffix keeps it out of /login's children) in the public layout.
export const Route = createFileRoute("/_public/login_/sso")({
  validateSearch: z.object({
    // Set by /api/sso/callback when the provider login is refused or fails.
    error: z.enum(["invalid_user", "failed"]).optional().catch(undefined),
    // Where to go after signing in (same-origin paths only; checked by the worker).
    redirect_url: z.string().optional().catch(undefined),
  }),
  staticData: { title: msg`Log in with SSO` },
  component: SsoLoginRoute,
});

function SsoLoginRoute() {
  const { error, redirect_url } = Route.useSearch();
  return <SsoLoginPage error={error} redirectUrl={redirect_url} />;
}
