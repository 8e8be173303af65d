import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { WEBCAST_STATUS_GROUPS } from "../../../domain/webcasts/status.ts";
import { SessionsPage } from "../../features/webcasts/sessions-page.tsx";

export const Route = createFileRoute("/_app/sessions")({
  validateSearch: z.object({
    q: z.string().optional().catch(undefined),
    status: z.enum(WEBCAST_STATUS_GROUPS).optional().catch(undefined),
    page: z.coerce.number().int().positive().optional().catch(undefined),
  }),
  staticData: { title: msg`Sessions`, permission: "sessions.view" },
  component: SessionsRoute,
});

function SessionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SessionsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
