import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { NotFoundPage } from "../../../features/errors/not-found-page.tsx";

export const Route = createFileRoute("/_app/errors/404")({
  staticData: { title: msg`Page not found` },
  component: NotFoundPage,
});
