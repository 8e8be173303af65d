import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "../../features/auth/login-page.tsx";
import { present, searchText } from "../../ui/search-params.ts";

export const Route = createFileRoute("/_public/login")({
  // redirect_url: where to go after login (same-origin paths only; see domain/navigation/guard.ts).
  validateSearch: (search: Record<string, unknown>) => present({ redirect_url: searchText(search.redirect_url) }),
  staticData: { title: msg`Log in` },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect_url } = Route.useSearch();
  return <LoginPage redirectUrl={redirect_url} />;
}
