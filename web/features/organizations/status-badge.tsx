import { Trans } from "@lingui/react/macro";
import type { Organization } from "./api.ts";

/** SPEC §4: an organization is active or deactivated. */
export function OrganizationStatusBadge({ organization }: { organization: Pick<Organization, "deactivated_at"> }) {
  const deactivated = organization.deactivated_at !== null;
  return (
    <span className="badge" data-tone={deactivated ? "danger" : "success"} data-testid="organization-status">
      {deactivated ? <Trans>Deactivated</Trans> : <Trans>Active</Trans>}
    </span>
  );
}
