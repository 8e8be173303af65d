import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { LoginPage } from "../../features/auth/login-page.tsx";

export const Route = createFileRoute("/_public/login")({
  // redirect_url: where to go after login (same-origin paths only; see domain/navigation/guard.ts).
  validateSearch: z.object({ redirect_url: z.string().optional().catch(undefined) }),
  staticData: { title: msg`Log in` },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect_url } = Route.useSearch();
  return <LoginPage redirectUrl={redirect_url} />;
}
