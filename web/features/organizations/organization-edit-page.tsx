import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useBlocker } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { can } from "../../../domain/permissions/can.ts";
import { confirm } from "../../ui/confirm.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { useTablist } from "../../ui/use-tablist.ts";
import { useCurrentUser } from "../session/store.ts";
import { type Organization, getOrganization } from "./api.ts";
import { ConstraintsTab } from "./constraints-tab.tsx";
import { DetailsTab } from "./details-tab.tsx";
import { FeaturesTab } from "./features-tab.tsx";
import { LoadError } from "../../ui/list-controls.tsx";
import { SettingsTab } from "./settings-tab.tsx";
import { OrganizationStatusBadge } from "./status-badge.tsx";
import { ORGANIZATION_TABS, type OrganizationTab, TAB_LABELS } from "./tabs.ts";
import { useResource } from "../../ui/use-resource.ts";
import "./management.css";
import { SsoSettings } from "../sso/sso-settings.tsx";

export interface OrganizationEditPageProps {
  id: number;
  tab: OrganizationTab;
  onTabChange(tab: OrganizationTab): void;
}

/** /organizations/{id}/edit: Details, Settings, Constraints and Features tabs (SPEC §2, §3, §4). */
export function OrganizationEditPage({ id, tab, onTabChange }: OrganizationEditPageProps) {
  const organization = useResource(`organization:${id}`, (signal) => getOrganization(id, signal));
  const { data } = organization;

  return (
    <div className="page" data-testid="organization-edit">
      <p className="back-link">
        <Link to="/organizations">
          <Trans>All organizations</Trans>
        </Link>
      </p>
      {organization.error ? <LoadError error={organization.error} onRetry={organization.reload} /> : null}
      {!data && organization.loading ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {data && data.id === id ? <Editor key={data.id} organization={data} tab={tab} onTabChange={onTabChange} onSaved={organization.setData} /> : null}
    </div>
  );
}

function Editor(props: { organization: Organization; tab: OrganizationTab; onTabChange(tab: OrganizationTab): void; onSaved(organization: Organization): void }) {
  const { organization, tab, onTabChange, onSaved } = props;
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const [dirtyTabs, setDirtyTabs] = useState<ReadonlySet<OrganizationTab>>(new Set());
  // Bumped when the billing type changes: the reset touches every tab, so their drafts start over.
  const [revision, setRevision] = useState(0);
  const dirty = dirtyTabs.size > 0;

  // SPEC §6 via domain/permissions; the worker authorizes again.
  const canUpdate = can(user, "organizations.update", organization.id);
  const canAdminister = can(user, "organizations.administer", organization.id);
  const canActivate = user?.is_super_admin === true;
  // Billing terms (Settings) are set by sales, like constraints and features (domain ADMINISTERED_FIELDS).
  const editable: Record<OrganizationTab, boolean> = { details: canUpdate, settings: canAdminister, constraints: canAdminister, features: canAdminister };

  const dirtyHandlers = useMemo(() => {
    const handler = (name: OrganizationTab) => (isDirty: boolean) =>
      setDirtyTabs((current) => {
        if (current.has(name) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(name);
        else next.delete(name);
        return next;
      });
    return { details: handler("details"), settings: handler("settings"), constraints: handler("constraints"), features: handler("features") };
  }, []);

  // SPEC §4: leaving with unsaved changes needs confirmation (switching tabs keeps the drafts).
  useBlocker({
    disabled: !dirty,
    enableBeforeUnload: () => dirty,
    shouldBlockFn: async ({ current, next }) => {
      if (current.pathname === next.pathname) return false;
      const leave = await confirm({
        title: t`Leave this page?`,
        message: t`You have unsaved changes. If you leave now, they will be lost.`,
        acceptLabel: t`Leave`,
        cancelLabel: t`Stay`,
      });
      return !leave;
    },
  });

  const { onKeyDown: onTabKeyDown, tabProps, panelProps } = useTablist(ORGANIZATION_TABS, tab, onTabChange);

  const reset = (next: Organization) => {
    onSaved(next);
    setDirtyTabs(new Set());
    setRevision((value) => value + 1);
  };

  const panel = (name: OrganizationTab) => {
    const common = { organization, editable: editable[name], canAdminister, onSaved, onDirtyChange: dirtyHandlers[name] };
    switch (name) {
      case "details":
        return <DetailsTab {...common} />;
      case "settings":
        return (
          <>
            <SettingsTab {...common} canActivate={canActivate} anyDirty={dirty} onReset={reset} />
            {/* SSO has its own save (PATCH /api/organizations/{id}/sso) and needs organizations.administer. */}
            {canAdminister ? <SsoSettings organizationId={organization.id} /> : null}
          </>
        );
      case "constraints":
        return <ConstraintsTab {...common} />;
      case "features":
        return <FeaturesTab {...common} />;
    }
  };

  return (
    <>
      <div className="page-heading">
        <PageTitle>{organization.name}</PageTitle>
        <OrganizationStatusBadge organization={organization} />
        {organization.self_serve ? (
          <span className="badge">
            <Trans>Self-serve</Trans>
          </span>
        ) : null}
      </div>
      <div role="tablist" aria-label={t`Organization sections`} className="tabs" onKeyDown={onTabKeyDown}>
        {ORGANIZATION_TABS.map((name) => (
          <button
            key={name}
            {...tabProps(name)}
          >
            {i18n._(TAB_LABELS[name])}
            {dirtyTabs.has(name) ? (
              <span className="tabs__dirty" title={t`Unsaved changes`}>
                <span aria-hidden="true"> •</span>
                <span className="visually-hidden">{t`(unsaved changes)`}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {ORGANIZATION_TABS.map((name) => (
        // Every panel stays mounted so switching tabs keeps unsaved drafts.
        <div
          key={`${name}-${revision}`}
          {...panelProps(name)}
          data-testid={`panel-${name}`}
        >
          {panel(name)}
        </div>
      ))}
    </>
  );
}
