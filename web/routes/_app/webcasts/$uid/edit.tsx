import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { WebcastEditPage } from "../../../../features/webcasts/webcast-edit-page.tsx";

export const Route = createFileRoute("/_app/webcasts/$uid/edit")({
  // fix: the id of a refused updateWebcast to reopen (sync panel "Fix").
  validateSearch: z.object({ fix: z.string().optional().catch(undefined) }),
  staticData: { title: msg`Edit the webcast`, permission: "sessions.view" },
  component: WebcastEditRoute,
});

function WebcastEditRoute() {
  const { uid } = Route.useParams();
  const { fix } = Route.useSearch();
  return <WebcastEditPage uid={uid} fix={fix} />;
}
