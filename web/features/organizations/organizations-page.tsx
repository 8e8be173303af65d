import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PageTitle } from "../../ui/page-title.tsx";
import { listOrganizations } from "./api.ts";
import { EmptyState, LoadError, Pagination, SearchForm } from "../../ui/list-controls.tsx";
import { OrganizationStatusBadge } from "./status-badge.tsx";
import { useResource } from "../../ui/use-resource.ts";
import "./management.css";

/** /organizations: the organizations the user may view (super admins and back office: all). */
export function OrganizationsPage() {
  const { t } = useLingui();
  const [query, setQuery] = useState({ page: 1, q: "" });
  const list = useResource(`organizations:${query.page}:${query.q}`, (signal) => listOrganizations(query, signal));
  const organizations = list.data?.data ?? [];
  const search = query.q;

  return (
    <div className="page" data-testid="organizations-page">
      <PageTitle>
        <Trans>Organizations</Trans>
      </PageTitle>
      <div className="list-toolbar">
        <SearchForm value={query.q} label={t`Search organizations`} onSearch={(q) => setQuery({ page: 1, q })} />
      </div>
      {list.error ? <LoadError error={list.error} onRetry={list.reload} /> : null}
      {list.data && organizations.length === 0 ? (
        <EmptyState>
          {search ? <Trans>No organization matches “{search}”.</Trans> : <Trans>There are no organizations yet.</Trans>}
        </EmptyState>
      ) : null}
      {organizations.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table" aria-busy={list.loading}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>E-mail</Trans>
                </th>
                <th scope="col">
                  <Trans>Billing type</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {organizations.map((organization) => (
                <tr key={organization.id} data-testid="organization-row">
                  <td>
                    <Link to="/organizations/$id/edit" params={{ id: String(organization.id) }}>
                      {organization.name}
                    </Link>
                  </td>
                  <td>{organization.email ?? "—"}</td>
                  <td>{organization.self_serve ? <Trans>Self-serve</Trans> : <Trans>Managed by sales</Trans>}</td>
                  <td>
                    <OrganizationStatusBadge organization={organization} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {!list.data && list.loading ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {list.data && list.data.meta.total > 0 ? <Pagination meta={list.data.meta} onPage={(page) => setQuery((current) => ({ ...current, page }))} /> : null}
    </div>
  );
}
