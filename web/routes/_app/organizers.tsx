import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PeoplePage } from "../../features/people/people-page.tsx";

export const Route = createFileRoute("/_app/organizers")({
  staticData: { title: msg`Organizers`, permission: "organizers.manage" },
  component: () => <PeoplePage kind="organizer" />,
});
