import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { managePermission } from "../../../domain/organizations/people.ts";
import { can } from "../../../domain/permissions/can.ts";
import { toast } from "../../ui/toast.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { EmptyState, LoadError, Pagination, SearchForm } from "../../ui/list-controls.tsx";
import { useResource } from "../../ui/use-resource.ts";
import { useCurrentUser } from "../session/store.ts";
import { type PersonKind, listPeople } from "./api.ts";
import { InviteDialog } from "./invite-dialog.tsx";
import { KIND_TEXTS } from "./kind-labels.ts";
import { PeopleTable } from "./people-table.tsx";
import { OrganizationPicker } from "./organization-picker.tsx";
import { useOrganizationChoice } from "./use-organization-choice.ts";
import "../organizations/management.css";

/**
 * /speakers, /organizers, /admins, /owners: one screen told apart by `kind` (SPEC §2). People of one
 * organization at a time; users with several accounts pick it (remembered under `igo.organization`).
 */
export function PeoplePage({ kind }: { kind: PersonKind }) {
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const texts = KIND_TEXTS[kind];
  const { options, selected, choose } = useOrganizationChoice(user, managePermission(kind));
  const organizationId = selected?.id;

  // Page and search belong to one list: another kind or organization starts again at page 1.
  const scope = `${kind}:${organizationId ?? ""}`;
  const [query, setQuery] = useState({ scope, page: 1, q: "" });
  const current = query.scope === scope ? query : { scope, page: 1, q: "" };
  if (current !== query) setQuery(current);

  const search = current.q;
  const [inviting, setInviting] = useState(false);
  const list = useResource(organizationId === undefined ? null : `people:${scope}:${current.page}:${current.q}`, (signal) =>
    listPeople(organizationId ?? 0, { kind, page: current.page, q: current.q }, signal),
  );
  // Rows of another kind or organization are not shown while the new list loads.
  const data = list.dataKey?.startsWith(`people:${scope}:`) ? list.data : undefined;
  const people = data?.data ?? [];
  const canInvite = organizationId !== undefined && can(user, managePermission(kind), organizationId);

  return (
    <div className="page" data-testid="people-page" data-kind={kind}>
      <div className="page-heading">
        <PageTitle>{i18n._(texts.title)}</PageTitle>
        {canInvite ? (
          <button type="button" className="button button--primary" onClick={() => setInviting(true)}>
            {i18n._(texts.invite)}
          </button>
        ) : null}
      </div>

      {options.length === 0 ? (
        <EmptyState>{i18n._(texts.none)}</EmptyState>
      ) : (
        <div className="list-toolbar">
          {options.length > 1 ? (
            <OrganizationPicker options={options} selectedId={organizationId} choose={choose} />
          ) : (
            <p className="muted organization-picker">{selected?.name}</p>
          )}
          <SearchForm key={scope} value={current.q} label={t`Search by name or e-mail`} onSearch={(q) => setQuery({ scope, page: 1, q })} />
        </div>
      )}

      {list.error ? <LoadError error={list.error} onRetry={list.reload} /> : null}
      {organizationId !== undefined && data && people.length === 0 && !list.loading ? (
        <EmptyState>{search ? <Trans>Nobody matches “{search}”.</Trans> : i18n._(texts.empty)}</EmptyState>
      ) : null}
      {organizationId !== undefined && people.length > 0 ? (
        <PeopleTable user={user} organizationId={organizationId} kind={kind} people={people} busy={list.loading} onChanged={list.reload} />
      ) : null}
      {list.loading && !data ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {data && data.meta.total > 0 ? <Pagination meta={data.meta} onPage={(page) => setQuery({ ...current, page })} /> : null}

      {inviting && organizationId !== undefined ? (
        <InviteDialog
          organizationId={organizationId}
          kind={kind}
          onClose={() => setInviting(false)}
          onAdded={({ name }, emailSent) => {
            setInviting(false);
            list.reload();
            if (emailSent) toast.success(t`${name} was added; an e-mail tells them so.`);
            else toast.error(t`${name} was added, but the e-mail could not be sent. Send a password reset e-mail to retry.`);
          }}
        />
      ) : null}
    </div>
  );
}
