import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { ViewerPage } from "../../features/viewer-page/viewer-page.tsx";
import { present, searchText } from "../../ui/search-params.ts";

// The viewer's public webcast page (issue #19): public; `?magic=` (a magic link's one-use token)
// and `?invite=` (a personal invitation link, issue #18) sign the viewer in at once.
export const Route = createFileRoute("/_public/w/$webcastId")({
  validateSearch: (search: Record<string, unknown>) => present({ invite: searchText(search.invite), magic: searchText(search.magic) }),
  staticData: { title: msg`Webcast` },
  component: ViewerRoute,
});

function ViewerRoute() {
  const { webcastId } = Route.useParams();
  const { invite, magic } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A used token leaves the address (replace: Back does not bring it again, nor does a shared URL).
  const onTokenUsed = useCallback(
    (kind: "magic" | "invite") => void navigate({ search: (previous) => ({ ...previous, [kind]: undefined }), replace: true }),
    [navigate],
  );
  return <ViewerPage webcastId={webcastId} magic={magic} invite={invite} onTokenUsed={onTokenUsed} />;
}
