import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { can } from "../../../domain/permissions/can.ts";
import { useEffect } from "react";
import { PageTitle } from "../../ui/page-title.tsx";
import { QuickTour } from "../quick-tour/quick-tour.tsx";
import { QuickTourCard } from "../quick-tour/quick-tour-card.tsx";
import { startQuickTour } from "../quick-tour/store.ts";
import { useMenuOffers } from "../navigation/main-nav.tsx";
import { useCurrentUser } from "../session/store.ts";
import { ApiStatusCard } from "./api-status-card.tsx";
import { FeaturedWebcasts } from "./featured-webcasts.tsx";
import { YourWebcasts } from "./your-webcasts.tsx";
import "../organizations/management.css";
import "./home.css";

/**
 * /home (SPEC §2): the next and last webcast (featured loader), "your webcasts" from IndexedDB
 * (works offline), "Create a webcast" for those who may (webcasts.create somewhere), a welcome
 * and an "All sessions" link that match what the role may open (issue #12), the quick
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
  // The menu's own rule for "My sessions": who may not open it (viewers, users without accounts) gets no link to it.
  const canOpenSessions = useMenuOffers("/sessions");
  return (
    <div className="page home">
      <div>
        <PageTitle>
          <Trans>Home</Trans>
        </PageTitle>
        <p className="lead" data-testid="home-lead">
          {canCreate ? (
            <Trans>Welcome to iGo. This is where you will produce and run your webcasts, meetings and events.</Trans>
          ) : canOpenSessions ? (
            <Trans>Welcome to iGo. Here you find the webcasts, meetings and events you take part in.</Trans>
          ) : (
            <Trans>Welcome to iGo. Here you can keep your profile and password up to date. To attend a webcast, open the link in your invitation.</Trans>
          )}
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
      <YourWebcasts canCreate={canCreate} canOpenSessions={canOpenSessions} />
      <QuickTourCard />
      <ApiStatusCard />
      <QuickTour />
    </div>
  );
}
