import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PeoplePage } from "../../features/people/people-page.tsx";

export const Route = createFileRoute("/_app/admins")({
  staticData: { title: msg`Administrators`, permission: "admins.manage" },
  component: () => <PeoplePage kind="admin" />,
});
