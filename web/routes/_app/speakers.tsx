import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { PeoplePage } from "../../features/people/people-page.tsx";

export const Route = createFileRoute("/_app/speakers")({
  staticData: { title: msg`Speakers`, permission: "speakers.manage" },
  component: () => <PeoplePage kind="speaker" />,
});
