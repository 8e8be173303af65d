import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { WEBCAST_EDIT_TABS } from "../../../../features/webcasts/edit-tabs.ts";
import { WebcastEditPage } from "../../../../features/webcasts/webcast-edit-page.tsx";

export const Route = createFileRoute("/_app/webcasts/$uid/edit")({
  // tab: the open tab (an unknown one is dropped); fix: the id of a refused updateWebcast to reopen (sync panel "Fix").
  validateSearch: z.object({ tab: z.enum(WEBCAST_EDIT_TABS).optional().catch(undefined), fix: z.string().optional().catch(undefined) }),
  staticData: { title: msg`Edit the webcast`, permission: "sessions.view" },
  component: WebcastEditRoute,
});

function WebcastEditRoute() {
  const { uid } = Route.useParams();
  const { tab, fix } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WebcastEditPage
      uid={uid}
      tab={tab}
      fix={fix}
      onTabChange={(next) => void navigate({ search: (current) => ({ ...current, tab: next }), replace: true })}
      onFixDone={(shown) => navigate({ search: { tab: shown }, replace: true })}
    />
  );
}
