import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { PageTitle } from "../../ui/page-title.tsx";

/** The page shown for a webcast the device does not hold (deleted, not visible, or not synced yet). */
export function WebcastMissing() {
  return (
    <div className="page" data-testid="webcast-missing">
      <PageTitle>
        <Trans>Webcast not found</Trans>
      </PageTitle>
      <p>
        <Trans>This webcast is not on this device: it was deleted, you may not see it, or it has not been synced yet.</Trans>
      </p>
      <p>
        <Link to="/sessions">
          <Trans>All sessions</Trans>
        </Link>
      </p>
    </div>
  );
}

/** "Not synced yet": the row has changes waiting in the outbox. */
export function PendingBadge({ testId }: { testId?: string }) {
  return (
    <span className="badge badge--pending" data-testid={testId}>
      <Trans>Not synced yet</Trans>
    </span>
  );
}
