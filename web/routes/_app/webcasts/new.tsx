import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { NewWebcastPage } from "../../../features/webcasts/new-webcast-page.tsx";
import { present, searchText } from "../../../ui/search-params.ts";

export const Route = createFileRoute("/_app/webcasts/new")({
  // fix: the id of a refused createWebcast to reopen (sync panel "Fix").
  validateSearch: (search: Record<string, unknown>) => present({ fix: searchText(search.fix) }),
  staticData: { title: msg`Create a webcast`, permission: "webcasts.create" },
  component: NewWebcastRoute,
});

function NewWebcastRoute() {
  const { fix } = Route.useSearch();
  return <NewWebcastPage fix={fix} />;
}
