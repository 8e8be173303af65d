import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import { LoadError } from "../../ui/list-controls.tsx";
import { useResource } from "../../ui/use-resource.ts";
import { useOnline } from "../pwa/use-online.ts";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { useWebcastSynced } from "../webcasts/use-webcast-synced.ts";
import { LiveResults, PollBadgeView } from "./live-results.tsx";
import { pollExportUrl } from "./poll-exports.tsx";
import { POLL_EXPORT_TYPES } from "./poll-labels.ts";

/**
 * GET /api/webcasts/{uid}/polls/results: every poll's results as the server counted the ballots
 * the room wrote. Not through the global SPEC §8 handler: a failure is a state of this tab.
 */
async function fetchPollResults(uid: string, signal: AbortSignal) {
  const { data } = await unwrap(api.api.webcasts[":id"].polls.results.$get({ param: { id: uid } }, { init: { signal } }), { global: false });
  return data;
}
export type PollResultsItem = Awaited<ReturnType<typeof fetchPollResults>>[number];

/** GET /api/webcasts/{uid}/polls/ballots/export: the auditable ballot log (the organizer's). */
export function ballotLogExportUrl(uid: string, type: string, lang: UiLocale): string {
  return `/api/webcasts/${encodeURIComponent(uid)}/polls/ballots/export?${new URLSearchParams({ type, lang })}`;
}

/**
 * The webcast's "votes" tab (SPEC §2): each poll's results (voters, weighted votes, percentages,
 * the recommended option marked) with the exports — the results, and for the organizer
 * (`editable`: webcasts.update) the ballot log. Online only: the ballots are the server's (the
 * room's), never on this device; offline, or when the server cannot be reached, it says so.
 */
export function VotesTab({ row, editable }: Pick<WebcastTabProps, "row" | "editable">) {
  const { t } = useLingui();
  const online = useOnline();
  const synced = useWebcastSynced(row.id);
  const key = online && synced === true ? `poll-results:${row.id}` : null;
  const loaded = useResource(key, (signal) => fetchPollResults(row.id, signal));
  const results = loaded.dataKey === key ? loaded.data : undefined;

  const body = () => {
    // A request that finds no server marks the app offline (web/api/reachability.ts): the tab
    // loads again by itself once the server answers again.
    if (!online || (loaded.error?.isNetworkError && !results)) {
      return (
        <div className="callout" role="status" data-testid="votes-offline">
          <p>
            <Trans>You are offline. The votes are counted by the server: connect to the internet to see them.</Trans>
          </p>
        </div>
      );
    }
    if (synced === false) {
      return (
        <p className="muted" data-testid="votes-not-synced">
          <Trans>This webcast has not reached the server yet: it has no votes.</Trans>
        </p>
      );
    }
    if (!results && loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
    if (!results) {
      return (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      );
    }
    if (results.length === 0) {
      return (
        <p className="muted" data-testid="votes-empty">
          <Trans>This webcast has no polls yet.</Trans>
        </p>
      );
    }
    return (
      <>
        <div className="row-actions">
          <button type="button" className="button button--small" onClick={loaded.reload} disabled={loaded.loading} aria-busy={loaded.loading || undefined} data-testid="votes-refresh">
            <Trans>Refresh</Trans>
          </button>
        </div>
        <ol className="votes-tab__polls">
          {results.map((poll) => (
            <li key={poll.poll_id} className="form-section" data-testid="votes-poll" data-poll={poll.poll_id}>
              <h2 className="form-section__title">
                {poll.series_title ? <span className="muted">{poll.series_title} · </span> : null}
                {poll.title} <PollBadgeView badge={poll.status} />
              </h2>
              {poll.voters === 0 ? (
                <p className="muted" data-testid="votes-none">
                  <Trans>No votes yet.</Trans>
                </p>
              ) : (
                <LiveResults tally={{ poll_id: poll.poll_id, status: poll.status, badge: poll.status, compiling: false, results: poll }} caption={t`Results of ${poll.title}`} />
              )}
            </li>
          ))}
        </ol>
        <p className="muted">
          <Plural value={results.length} one="# poll" other="# polls" />
        </p>
      </>
    );
  };

  return (
    <section className="votes-tab" aria-label={t`Votes`} data-testid="votes-tab">
      {body()}
      <VoteExports uid={row.id} organizer={editable} online={online} />
    </section>
  );
}

/** The results export (one row per option) and, for the organizer, the ballot log, in the three SPEC §9 formats. */
function VoteExports({ uid, organizer, online }: { uid: string; organizer: boolean; online: boolean }) {
  const { i18n } = useLingui();
  const lang = formMessageLocale();
  const links = (name: string, url: (type: string) => string) => (
    <div className="row-actions">
      {POLL_EXPORT_TYPES.map(({ type, label }) =>
        online ? (
          <a key={type} className="button button--small" href={url(type)} download data-testid={`${name}-${type}`}>
            {i18n._(label)}
          </a>
        ) : (
          <button key={type} type="button" className="button button--small" disabled data-testid={`${name}-${type}`}>
            {i18n._(label)}
          </button>
        ),
      )}
    </div>
  );
  return (
    <section className="form-section" aria-labelledby="vote-exports-title" data-testid="vote-exports">
      <h2 id="vote-exports-title" className="form-section__title">
        <Trans>Export the results</Trans>
      </h2>
      <p className="muted">
        <Trans>One row per option: its voters, its weighted votes and its percentage.</Trans>
      </p>
      {links("results-export", (type) => pollExportUrl(uid, type, lang))}
      {organizer ? (
        <>
          <h3 className="form-section__title">
            <Trans>Ballot log</Trans>
          </h3>
          <p className="muted">
            <Trans>Every ballot accepted, in order, changed votes included: who voted, what, with which weight and when.</Trans>
          </p>
          {links("ballot-log-export", (type) => ballotLogExportUrl(uid, type, lang))}
        </>
      ) : null}
    </section>
  );
}
