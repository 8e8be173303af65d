import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ForbiddenPage } from "../../../features/errors/forbidden-page.tsx";

export const Route = createFileRoute("/_app/errors/403")({
  staticData: { title: msg`Access denied` },
  component: ForbiddenPage,
});
