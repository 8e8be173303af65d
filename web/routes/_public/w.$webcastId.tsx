import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { InvitationLandingPage } from "../../features/invitations/invitation-landing.tsx";
import { present, searchText } from "../../ui/search-params.ts";

// A viewer's personal invitation link (docs/viewers-api.md "Personal link"): public, the signed
// token in `?invite=` names the viewer and the webcast. Issue #19 turns it into the viewer's page.
export const Route = createFileRoute("/_public/w/$webcastId")({
  validateSearch: (search: Record<string, unknown>) => present({ invite: searchText(search.invite) }),
  staticData: { title: msg`Your invitation` },
  component: InvitationRoute,
});

function InvitationRoute() {
  const { webcastId } = Route.useParams();
  const { invite } = Route.useSearch();
  return <InvitationLandingPage webcastId={webcastId} token={invite} />;
}
