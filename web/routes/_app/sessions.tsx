import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { WEBCAST_STATUS_GROUPS } from "../../../domain/webcasts/status.ts";
import { SessionsPage, type SessionsSearch } from "../../features/webcasts/sessions-page.tsx";
import { present, searchChoice, searchPositiveInteger, searchText } from "../../ui/search-params.ts";

export const Route = createFileRoute("/_app/sessions")({
  validateSearch: (search: Record<string, unknown>): SessionsSearch =>
    present({ q: searchText(search.q), status: searchChoice(WEBCAST_STATUS_GROUPS, search.status), page: searchPositiveInteger(search.page) }),
  staticData: { title: msg`Sessions`, permission: "sessions.view" },
  component: SessionsRoute,
});

function SessionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SessionsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
