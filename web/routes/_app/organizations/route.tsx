import { msg } from "@lingui/core/macro";
import { createFileRoute } from "@tanstack/react-router";

// Parent of the list and the edit screen, so the edit screen's breadcrumb reads Organizations › Edit.
export const Route = createFileRoute("/_app/organizations")({
  staticData: { title: msg`Organizations`, permission: "organizations.view" },
});
