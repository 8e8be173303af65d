import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { WebcastDashboardPage } from "../../../../features/webcasts/dashboard-page.tsx";

export const Route = createFileRoute("/_app/webcasts/$uid/dashboard")({
  staticData: { title: msg`Webcast dashboard`, permission: "sessions.view" },
  component: WebcastDashboardRoute,
});

function WebcastDashboardRoute() {
  const { uid } = Route.useParams();
  return <WebcastDashboardPage uid={uid} />;
}
