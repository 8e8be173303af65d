import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { LivePage } from "../../features/webcast-room/live-page.tsx";
import { present, searchText } from "../../ui/search-params.ts";

// The audience's page of a webcast room (issue #16): public, the room token in the link lets the viewer in.
export const Route = createFileRoute("/_public/live/$uid")({
  validateSearch: (search: Record<string, unknown>) => present({ token: searchText(search.token) }),
  staticData: { title: msg`Live webcast` },
  component: LiveRoute,
});

function LiveRoute() {
  const { uid } = Route.useParams();
  const { token } = Route.useSearch();
  return <LivePage uid={uid} token={token} />;
}
