import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { displayedState } from "../../../domain/webcasts/status.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { STATE_LABELS } from "../webcasts/labels.ts";
import { formatWebcastStart } from "../webcasts/format.ts";

/** What the home screen shows of a webcast, whether it came from the server (uid) or IndexedDB (id). */
export type WebcastSummaryData = Pick<WebcastRow, "event_title" | "event_start_date_time" | "timezone" | "state" | "is_premiere"> & {
  uid: string;
  organizationName: string | null;
};

const TONES: Partial<Record<WebcastRow["state"], "success" | "warning">> = { live: "success", premiering: "success", starting: "success", canceled: "warning" };

/** The webcast's state as the interface names it (a premiere on air reads "premiering", SPEC §4). */
export function StateBadge({ webcast }: { webcast: Pick<WebcastRow, "state" | "is_premiere"> }) {
  const { i18n } = useLingui();
  const state = displayedState(webcast);
  return (
    <span className="badge" data-tone={TONES[state]} data-state={state}>
      {i18n._(STATE_LABELS[state])}
    </span>
  );
}

/** Title (link to its edit screen), start in the user's language and the webcast's time zone, state. */
export function WebcastSummary({ webcast, showOrganization }: { webcast: WebcastSummaryData; showOrganization: boolean }) {
  return (
    <div className="home-webcast">
      <Link to="/webcasts/$uid/edit" params={{ uid: webcast.uid }} className="home-webcast__title">
        {webcast.event_title}
      </Link>
      <span className="home-webcast__meta">
        <time dateTime={webcast.event_start_date_time}>{formatWebcastStart(webcast, currentLocale())}</time>
        {showOrganization && webcast.organizationName ? <span className="muted"> · {webcast.organizationName}</span> : null}
      </span>
      <StateBadge webcast={webcast} />
    </div>
  );
}
