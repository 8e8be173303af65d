import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/home/home-page.tsx";
import { readHomeWebcastsAhead } from "../../features/home/use-home-webcasts.ts";

export const Route = createFileRoute("/_app/home")({
  staticData: { title: msg`Home` },
  // The "your webcasts" rows are read while the screen's code loads (bounded wait, never fails).
  loader: () => readHomeWebcastsAhead(),
  component: HomePage,
});
