import { createFileRoute } from "@tanstack/react-router";
import { OrganizationsPage } from "../../../features/organizations/organizations-page.tsx";

export const Route = createFileRoute("/_app/organizations/")({
  // Title and breadcrumb come from the parent route.
  staticData: { breadcrumb: false, permission: "organizations.view" },
  component: OrganizationsPage,
});
