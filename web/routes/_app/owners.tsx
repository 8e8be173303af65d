import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PeoplePage } from "../../features/people/people-page.tsx";

export const Route = createFileRoute("/_app/owners")({
  staticData: { title: msg`Owners`, permission: "owners.manage" },
  component: () => <PeoplePage kind="owner" />,
});
