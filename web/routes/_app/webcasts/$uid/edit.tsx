import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { WEBCAST_EDIT_TABS } from "../../../../features/webcasts/edit-tabs.ts";
import { present, searchChoice, searchText } from "../../../../ui/search-params.ts";
import { WebcastEditPage } from "../../../../features/webcasts/webcast-edit-page.tsx";

export const Route = createFileRoute("/_app/webcasts/$uid/edit")({
  // tab: the open tab (an unknown one is dropped); fix: the id of a refused updateWebcast to reopen (sync panel "Fix").
  validateSearch: (search: Record<string, unknown>) => present({ tab: searchChoice(WEBCAST_EDIT_TABS, search.tab), fix: searchText(search.fix) }),
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
