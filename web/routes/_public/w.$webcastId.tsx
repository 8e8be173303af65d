import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { ViewerPage } from "../../features/viewer-page/viewer-page.tsx";
import { SSO_LOGIN_ERRORS } from "../../../domain/sso/messages.ts";
import { present, searchChoice, searchText } from "../../ui/search-params.ts";

// The viewer's public webcast page (issue #19): public; `?magic=` (a magic link's one-use token)
// and `?invite=` (a personal invitation link, issue #18) sign the viewer in at once; `?sso_error=`
// says why the organization's identity provider refused the login begun here.
export const Route = createFileRoute("/_public/w/$webcastId")({
  validateSearch: (search: Record<string, unknown>) => present({ invite: searchText(search.invite), magic: searchText(search.magic), sso_error: searchChoice(SSO_LOGIN_ERRORS, search.sso_error) }),
  staticData: { title: msg`Webcast` },
  component: ViewerRoute,
});

function ViewerRoute() {
  const { webcastId } = Route.useParams();
  const { invite, magic, sso_error } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A used token leaves the address (replace: Back does not bring it again, nor does a shared URL).
  const onTokenUsed = useCallback(
    (kind: "magic" | "invite" | "sso_error") => void navigate({ search: (previous) => ({ ...previous, [kind]: undefined }), replace: true }),
    [navigate],
  );
  return <ViewerPage webcastId={webcastId} magic={magic} invite={invite} ssoError={sso_error} onTokenUsed={onTokenUsed} />;
}
