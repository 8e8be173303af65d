import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/home/home-page.tsx";

export const Route = createFileRoute("/_app/home")({
  staticData: { title: msg`Home` },
  component: HomePage,
});
