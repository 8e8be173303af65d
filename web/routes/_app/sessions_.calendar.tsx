import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CalendarPage } from "../../features/webcasts/calendar-page.tsx";

export const Route = createFileRoute("/_app/sessions_/calendar")({
  validateSearch: z.object({
    view: z.enum(["month", "week"]).optional().catch(undefined),
    date: z.iso.date().optional().catch(undefined),
  }),
  staticData: { title: msg`Calendar`, permission: "sessions.view" },
  component: CalendarRoute,
});

function CalendarRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalendarPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
