import { msg } from "@lingui/core/macro";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { OrganizationEditPage } from "../../../../features/organizations/organization-edit-page.tsx";
import { type OrganizationTab, isOrganizationTab } from "../../../../features/organizations/tabs.ts";

export const Route = createFileRoute("/_app/organizations/$id/edit")({
  staticData: { title: msg`Edit organization`, permission: "organizations.view" },
  validateSearch: (search: Record<string, unknown>): { tab?: OrganizationTab } => (isOrganizationTab(search.tab) ? { tab: search.tab } : {}),
  // SPEC §2: the id is numeric; anything else is the not-found page.
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d*$/.test(params.id)) throw notFound();
  },
  component: EditOrganization,
});

function EditOrganization() {
  const { id } = Route.useParams();
  const { tab = "details" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrganizationEditPage id={Number(id)} tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
