import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { MediaPage } from "../../features/media/media-page.tsx";

export const Route = createFileRoute("/_app/media")({
  staticData: { title: msg`Video content`, permission: "media.manage" },
  component: MediaPage,
});
