import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { can } from "../../../domain/permissions/can.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { useCurrentUser } from "../session/store.ts";
import { ApiStatusCard } from "./api-status-card.tsx";
import { FeaturedWebcasts } from "./featured-webcasts.tsx";
import { YourWebcasts } from "./your-webcasts.tsx";
import "../organizations/management.css";
import "./home.css";

/**
 * /home (SPEC §2): the next and last webcast (featured loader), "your webcasts" from IndexedDB
 * (works offline), "Create a webcast" for those who may (webcasts.create somewhere), and the API
 * status. Streaming channels and the quick tour come with their issues.
 */
export function HomePage() {
  const user = useCurrentUser();
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
          <Link to="/webcasts/new" className="button button--primary" data-testid="home-create-webcast">
            <Trans>Create a webcast</Trans>
          </Link>
        </div>
      ) : null}
      <FeaturedWebcasts />
      <YourWebcasts canCreate={canCreate} />
      <ApiStatusCard />
    </div>
  );
}
