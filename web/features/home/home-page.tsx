import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { can } from "../../../domain/permissions/can.ts";
import { useEffect } from "react";
import { PageTitle } from "../../ui/page-title.tsx";
import { QuickTour } from "../quick-tour/quick-tour.tsx";
import { QuickTourCard } from "../quick-tour/quick-tour-card.tsx";
import { startQuickTour } from "../quick-tour/store.ts";
import { useCurrentUser } from "../session/store.ts";
import { ApiStatusCard } from "./api-status-card.tsx";
import { FeaturedWebcasts } from "./featured-webcasts.tsx";
import { YourWebcasts } from "./your-webcasts.tsx";
import "../organizations/management.css";
import "./home.css";

/**
 * /home (SPEC §2): the next and last webcast (featured loader), "your webcasts" from IndexedDB
 * (works offline), "Create a webcast" for those who may (webcasts.create somewhere), the quick
 * tour (started from its card, or by `?tour=1`: the Support menu's "Quick tour") and the API
 * status. Streaming channels come with their issue.
 */
export function HomePage({ tour = false, onTourStarted }: { tour?: boolean; onTourStarted?: () => void }) {
  const user = useCurrentUser();
  // `?tour=1` starts the tour once, then leaves the address.
  useEffect(() => {
    if (!tour) return;
    startQuickTour();
    onTourStarted?.();
  }, [tour, onTourStarted]);
  const canCreate = can(user, "webcasts.create");
  return (
    <div className="page home">
      <div>
        <PageTitle>
          <Trans>Home</Trans>
        </PageTitle>
        <p className="lead">
          <Trans>Welcome to iGo. This is where you will produce and run your webcasts, meetings and events.</Trans>
        </p>
      </div>
      {canCreate ? (
        <div className="home__actions">
          <Link to="/webcasts/new" className="button button--primary" data-tour="create-webcast" data-testid="home-create-webcast">
            <Trans>Create a webcast</Trans>
          </Link>
        </div>
      ) : null}
      <FeaturedWebcasts />
      <YourWebcasts canCreate={canCreate} />
      <QuickTourCard />
      <ApiStatusCard />
      <QuickTour />
    </div>
  );
}
