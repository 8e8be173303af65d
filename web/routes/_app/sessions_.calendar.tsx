import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage, type CalendarSearch } from "../../features/webcasts/calendar-page.tsx";
import { present, searchChoice, searchDay } from "../../ui/search-params.ts";

export const Route = createFileRoute("/_app/sessions_/calendar")({
  validateSearch: (search: Record<string, unknown>): CalendarSearch => present({ view: searchChoice(["month", "week"], search.view), date: searchDay(search.date) }),
  staticData: { title: msg`Calendar`, permission: "sessions.view" },
  component: CalendarRoute,
});

function CalendarRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalendarPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
