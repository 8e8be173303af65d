import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { SSO_LOGIN_ERRORS } from "../../../domain/sso/messages.ts";
import { SsoLoginPage } from "../../features/sso/sso-login-page.tsx";
import { present, searchChoice, searchText } from "../../ui/search-params.ts";

// /login/sso, a sibling of /login (the `_` suffix keeps it out of /login's children) in the public layout.
export const Route = createFileRoute("/_public/login_/sso")({
  validateSearch: (search: Record<string, unknown>) =>
    present({
      // Set by /api/sso/callback when the provider login is refused or fails.
      error: searchChoice(SSO_LOGIN_ERRORS, search.error),
      // Where to go after signing in (same-origin paths only; checked by the worker).
      redirect_url: searchText(search.redirect_url),
    }),
  staticData: { title: msg`Log in with SSO` },
  component: SsoLoginRoute,
});

function SsoLoginRoute() {
  const { error, redirect_url } = Route.useSearch();
  return <SsoLoginPage error={error} redirectUrl={redirect_url} />;
}
