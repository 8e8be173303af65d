import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Organization } from "./api.ts";

/** SPEC §2 organization tabs built so far; Billing, Branding and Integrations come with later issues. */
export const ORGANIZATION_TABS = ["details", "settings", "constraints", "features"] as const;
export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];

export function isOrganizationTab(value: unknown): value is OrganizationTab {
  return typeof value === "string" && (ORGANIZATION_TABS as readonly string[]).includes(value);
}

export const TAB_LABELS: Record<OrganizationTab, MessageDescriptor> = {
  details: msg`Details`,
  settings: msg`Settings`,
  constraints: msg`Constraints`,
  features: msg`Features`,
};

/** What every tab panel gets from the edit page. */
export interface TabProps {
  organization: Organization;
  /** False: fields are shown read-only and there is no Save button. */
  editable: boolean;
  /** organizations.administer in this organization (billing terms, sales rep). */
  canAdminister: boolean;
  onSaved(organization: Organization): void;
  onDirtyChange(dirty: boolean): void;
}
