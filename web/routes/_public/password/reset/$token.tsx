import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PasswordResetPage } from "../../../../features/auth/password-reset-page.tsx";

export const Route = createFileRoute("/_public/password/reset/$token")({
  staticData: { title: msg`Choose a new password` },
  component: PasswordResetRoute,
});

function PasswordResetRoute() {
  const { token } = Route.useParams();
  return <PasswordResetPage key={token} token={token} />;
}
