import { Trans } from "@lingui/react/macro";
import { PageTitle } from "../../ui/page-title.tsx";
import { ApiStatusCard } from "./api-status-card.tsx";

/** Placeholder home until the Webcasts issues add the featured webcasts and shortcuts (SPEC §2). */
export function HomePage() {
  return (
    <div className="page">
      <PageTitle>
        <Trans>Home</Trans>
      </PageTitle>
      <p className="lead">
        <Trans>Welcome to iGo. This is where you will produce and run your webcasts, meetings and events.</Trans>
      </p>
      <ApiStatusCard />
    </div>
  );
}
