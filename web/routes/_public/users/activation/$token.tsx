import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ActivationPage } from "../../../../features/auth/activation-page.tsx";

export const Route = createFileRoute("/_public/users/activation/$token")({
  staticData: { title: msg`Account activation` },
  component: ActivationRoute,
});

function ActivationRoute() {
  const { token } = Route.useParams();
  return <ActivationPage key={token} token={token} />;
}
