import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { can, canForWebcast, permissionWebcast } from "../../../domain/permissions/can.ts";
import { type NextAction, type WebcastCounts, nextActions, startingSoon } from "../../../domain/webcasts/dashboard.ts";
import { displayedState } from "../../../domain/webcasts/status.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { PageTitle } from "../../ui/page-title.tsx";
import { useNow } from "../../ui/use-now.ts";
import { useCurrentUser } from "../session/store.ts";
import { isWebcastEditTab } from "./edit-tabs.ts";
import { formatWebcastStart } from "./format.ts";
import { KIND_LABELS, STATE_LABELS } from "./labels.ts";
import { usePendingRowIds, useLocalWebcast } from "./use-local-webcasts.ts";
import { byPosition, useWebcastParts } from "./use-webcast-parts.ts";
import { PendingBadge, WebcastMissing } from "./webcast-status.tsx";
import "../organizations/management.css";
import "./webcasts.css";

const ACTIONS: Record<NextAction, { label: MessageDescriptor; tab: string }> = {
  choose_source: { label: msg`Choose the source: RTMP encoder or virtual meeting room`, tab: "details" },
  add_speakers: { label: msg`Add the speakers`, tab: "speakers" },
  choose_producer: { label: msg`Choose the producer who runs the control room`, tab: "speakers" },
  add_polls: { label: msg`Prepare polls`, tab: "polls" },
  add_resources: { label: msg`Add resources for attendees`, tab: "content" },
  set_branding: { label: msg`Brand the webcast: logo, colours, images`, tab: "branding" },
  add_viewers: { label: msg`Add viewers: the webcast is private`, tab: "viewers" },
};

/**
 * /webcasts/{uid}/dashboard (SPEC §2): the webcast's state, schedule and type, how many speakers,
 * polls, resources… it holds, and the next actions with links to the tabs where they are done.
 * Everything from the device's replica (works offline); viewers are counted only for those who
 * manage them (the others do not hold them).
 */
export function WebcastDashboardPage({ uid }: { uid: string }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const user = useCurrentUser();
  const webcast = useLocalWebcast(uid);
  const pending = usePendingRowIds();
  const now = useNow();
  const speakerRows = useWebcastParts("webcast_speakers", uid, byPosition);
  const organizationId = webcast ? webcast.organization_id : null;
  const managesViewers = organizationId !== null && can(user, "viewers.manage", organizationId);
  const counts = useLiveQuery(async (): Promise<WebcastCounts | undefined> => {
    if (!engine) return undefined;
    const of = (table: string) => engine.db.table(`view_${table}`).where("webcast_id").equals(uid);
    const speakers = await of("webcast_speakers").toArray();
    return {
      speakers: speakers.length,
      producers: speakers.filter((speaker: { is_producer: boolean }) => speaker.is_producer).length,
      polls: await of("polls").count(),
      resources: await of("resources").count(),
      embed_apps: await of("embed_apps").count(),
      segments: await of("segments").count(),
      streaming_outputs: await of("streaming_outputs").count(),
      viewers: managesViewers ? await of("viewers").count() : null,
    };
  }, [engine, uid, managesViewers]);

  if (webcast === undefined || counts === undefined) {
    return (
      <div className="page">
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (webcast === null) {
    return <WebcastMissing />;
  }

  const soon = startingSoon(webcast, now);
  const actions = nextActions(webcast, counts);
  const kind = webcast.is_test ? "test" : webcast.is_premiere ? "premiere" : "live";
  const editable = canForWebcast(user, "webcasts.update", { organization_id: webcast.organization_id, speakers: [] });
  // A producer permission: the webcast's producer speaker runs the control room too (SPEC §6).
  const runsControlRoom = canForWebcast(user, "control_room.manage", permissionWebcast(webcast, speakerRows?.rows ?? []));
  const figures: { label: string; value: number; testId: string }[] = [
    { label: t`Speakers`, value: counts.speakers, testId: "count-speakers" },
    { label: t`Polls`, value: counts.polls, testId: "count-polls" },
    { label: t`Resources`, value: counts.resources, testId: "count-resources" },
    { label: t`Embed apps`, value: counts.embed_apps, testId: "count-embed-apps" },
    { label: t`Segments`, value: counts.segments, testId: "count-segments" },
    ...(counts.viewers === null ? [] : [{ label: t`Viewers`, value: counts.viewers, testId: "count-viewers" }]),
  ];

  return (
    <div className="page webcast-dashboard" data-testid="webcast-dashboard">
      <p className="back-link">
        <Link to="/sessions">
          <Trans>All sessions</Trans>
        </Link>
      </p>
      <div className="page-heading">
        <PageTitle>{webcast.event_title}</PageTitle>
        {runsControlRoom ? (
          <Link to="/webcasts/$uid/control-room" params={{ uid }} className="button" data-testid="open-control-room">
            <Trans>Control room</Trans>
          </Link>
        ) : null}
        <Link to="/webcasts/$uid/edit" params={{ uid }} className="button button--primary">
          {editable ? <Trans>Edit</Trans> : <Trans>Details</Trans>}
        </Link>
      </div>
      <p className="webcast-edit__meta">
        <span className="badge" data-state={webcast.state} data-testid="webcast-state">
          {i18n._(STATE_LABELS[displayedState(webcast)])}
        </span>
        {pending.has(webcast.id) ? (
          <PendingBadge />
        ) : null}
        {soon === "under_10" ? (
          <span className="badge" data-tone="warning" data-testid="starting-soon">
            <Trans>Starts in less than 10 minutes</Trans>
          </span>
        ) : soon === "under_60" ? (
          <span className="badge" data-tone="warning" data-testid="starting-soon">
            <Trans>Starts within the hour</Trans>
          </span>
        ) : null}
      </p>
      <dl className="details">
        <dt>
          <Trans>Start</Trans>
        </dt>
        <dd>{formatWebcastStart(webcast, currentLocale())}</dd>
        <dt>
          <Trans>Duration</Trans>
        </dt>
        <dd>
          <Trans>{webcast.duration} min</Trans>
        </dd>
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{i18n._(KIND_LABELS[kind])}</dd>
      </dl>
      <ul className="dashboard-figures" aria-label={t`What the webcast holds`}>
        {figures.map((figure) => (
          <li key={figure.testId} className="dashboard-figures__item" data-testid={figure.testId}>
            <span className="dashboard-figures__value">{figure.value}</span> <span className="dashboard-figures__label">{figure.label}</span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="next-actions">
        <h2 id="next-actions" className="wizard__title">
          <Trans>Next actions</Trans>
        </h2>
        {actions.length === 0 ? (
          <p className="muted" data-testid="no-actions">
            <Trans>Nothing left to prepare.</Trans>
          </p>
        ) : (
          <ol className="next-actions" data-testid="next-actions">
            {actions.map((action) => {
              const { label, tab } = ACTIONS[action];
              return (
                <li key={action} data-action={action}>
                  {editable && isWebcastEditTab(tab) ? (
                    <Link to="/webcasts/$uid/edit" params={{ uid }} search={{ tab }}>
                      {i18n._(label)}
                    </Link>
                  ) : (
                    i18n._(label)
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
