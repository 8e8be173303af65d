import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { ApiRequestError } from "../../api/errors.ts";
import { confirm } from "../../ui/confirm.ts";
import { toast } from "../../ui/toast.ts";
import { type Organization, activateOrganization, deactivateOrganization } from "./api.ts";
import { OrganizationStatusBadge } from "./status-badge.tsx";

/**
 * SPEC §4: active or deactivated. Deactivation (organizations.administer) ends billing at once and
 * stops new services; reactivation goes through sales, so only super admins see Activate.
 */
export function ActivationSection(props: {
  organization: Organization;
  canDeactivate: boolean;
  canActivate: boolean;
  onSaved(organization: Organization): void;
}) {
  const { organization, onSaved } = props;
  const { t } = useLingui();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const deactivated = organization.deactivated_at !== null;
  const { name } = organization;

  const perform = async (action: () => Promise<Organization>, success: string) => {
    setBusy(true);
    try {
      onSaved(await action());
      toast.success(success);
    } catch (cause) {
      const error = cause instanceof ApiRequestError ? cause : ApiRequestError.network(cause);
      if (!error.handled) toast.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  const deactivate = async () => {
    const accepted = await confirm({
      title: t`Deactivate ${name}?`,
      message: t`Billing ends immediately and its users can no longer create new webcasts, meetings, streaming channels or events. Reactivation goes through sales.`,
      acceptLabel: t`Deactivate`,
    });
    if (accepted) await perform(() => deactivateOrganization(organization.id), t`The organization was deactivated.`);
  };

  const activate = async () => {
    const accepted = await confirm({
      title: t`Activate ${name}?`,
      message: t`Its users can create services again and billing resumes according to its settings.`,
      acceptLabel: t`Activate`,
    });
    if (accepted) await perform(() => activateOrganization(organization.id), t`The organization was activated.`);
  };

  return (
    <section className="form-section" aria-labelledby={headingId} data-testid="activation">
      <h2 id={headingId} className="form-section__title">
        <Trans>Activation</Trans>
      </h2>
      <p>
        <Trans>Status:</Trans> <OrganizationStatusBadge organization={organization} />
      </p>
      {!deactivated && props.canDeactivate ? (
        <>
          <p className="field__hint">
            <Trans>Deactivating ends billing immediately; users can no longer create new services.</Trans>
          </p>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void deactivate()}>
            <Trans>Deactivate</Trans>
          </button>
        </>
      ) : null}
      {deactivated && props.canActivate ? (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void activate()}>
          <Trans>Activate</Trans>
        </button>
      ) : null}
      {deactivated && !props.canActivate ? (
        <p className="callout" data-tone="info">
          <Trans>Reactivation goes through sales. Contact your sales representative to reactivate this organization.</Trans>
        </p>
      ) : null}
    </section>
  );
}
