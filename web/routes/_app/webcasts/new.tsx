import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { NewWebcastPage } from "../../../features/webcasts/new-webcast-page.tsx";

export const Route = createFileRoute("/_app/webcasts/new")({
  // fix: the id of a refused createWebcast to reopen (sync panel "Fix").
  validateSearch: z.object({ fix: z.string().optional().catch(undefined) }),
  staticData: { title: msg`Create a webcast`, permission: "webcasts.create" },
  component: NewWebcastRoute,
});

function NewWebcastRoute() {
  const { fix } = Route.useSearch();
  return <NewWebcastPage fix={fix} />;
}
