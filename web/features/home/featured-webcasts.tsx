import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { useCurrentUser } from "../session/store.ts";
import { useFeaturedWebcasts } from "./use-featured-webcasts.ts";
import { WebcastSummary, type WebcastSummaryData } from "./webcast-summary.tsx";
import type { WebcastJson } from "../../../domain/webcasts/webcast-json.ts";

function summaryOf(webcast: WebcastJson): WebcastSummaryData {
  return { ...webcast, organizationName: webcast.organization.name };
}

/**
 * SPEC §2 "the next and last webcast": two cards from the featured-webcast loader (server, or this
 * device's copy offline). Until the first answer they say they are loading; without one, why.
 */
export function FeaturedWebcasts() {
  const featured = useFeaturedWebcasts();
  const user = useCurrentUser();
  const showOrganization = (user?.accounts.length ?? 0) > 1;
  const loading = featured.status !== "fulfilled" && featured.next === null && featured.last === null;

  return (
    <div className="home-featured" data-tour="featured" data-testid="featured-webcasts" data-status={featured.status} data-source={featured.source ?? undefined}>
      <div className="home-featured__cards">
        <FeaturedCard testId="featured-next" title={<Trans>Next webcast</Trans>} loading={loading} webcast={featured.next ? summaryOf(featured.next) : null} showOrganization={showOrganization}>
          <Trans>No upcoming webcast.</Trans>
        </FeaturedCard>
        <FeaturedCard testId="featured-last" title={<Trans>Last webcast</Trans>} loading={loading} webcast={featured.last ? summaryOf(featured.last) : null} showOrganization={showOrganization}>
          <Trans>No past webcast yet.</Trans>
        </FeaturedCard>
      </div>
      {featured.status === "fulfilled" && featured.source === "local" ? (
        <p className="muted home-featured__note">
          <Trans>The server cannot be reached: shown from the webcasts saved on this device.</Trans>
        </p>
      ) : null}
      {featured.status === "fulfilled" && featured.failed ? (
        <p className="callout" data-tone="warning" role="alert">
          <Trans>The next and last webcasts cannot be loaded right now. They will be loaded again when you come back to this window.</Trans>
        </p>
      ) : null}
    </div>
  );
}

function FeaturedCard(props: { testId: string; title: ReactNode; loading: boolean; webcast: WebcastSummaryData | null; showOrganization: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card home-featured__card" aria-labelledby={headingId} aria-busy={props.loading} data-testid={props.testId}>
      <h2 id={headingId} className="card__title">
        {props.title}
      </h2>
      {props.webcast ? (
        <WebcastSummary webcast={props.webcast} showOrganization={props.showOrganization} />
      ) : (
        <p className="muted">{props.loading ? <Trans>Loading…</Trans> : props.children}</p>
      )}
    </section>
  );
}
