import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import type { StoredRejected } from "../../local/db.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import type { WebcastPartTable } from "../../../domain/webcasts/part-rules.ts";
import type { WebcastEditTab } from "../webcasts/edit-tabs.ts";

type FixTarget =
  | { to: "/webcasts/new"; search: { fix: string } }
  | { to: "/webcasts/$uid/edit"; params: { uid: string }; search: { fix?: string; tab?: WebcastEditTab } }
  | { to: "/media" };

interface RejectedArgs {
  id?: string;
  webcast_id?: string;
  event_title?: string;
  /** A library video's (createMedia, updateMedia). */
  title?: string;
  /** The viewers a deleteViewers names. */
  ids?: string[];
}

function argsOf(entry: StoredRejected): RejectedArgs {
  const args = entry.mutation.args;
  return typeof args === "object" && args !== null ? (args as RejectedArgs) : {};
}

type Part = "speakers" | "polls" | "resources" | "premiere_videos" | "embed_apps" | "segments" | "streaming_outputs";

/** The video library's mutators: redone on /media (a refused deletion can only be dismissed). */
const MEDIA_MUTATIONS: ReadonlySet<string> = new Set(["createMedia", "updateMedia", "deleteMedia"]);

/**
 * The viewers' mutators (domain/viewers/mutators.ts): viewers are not a webcast part (they are
 * pulled on demand) but belong to one webcast; a refusal is redone in its viewers tab, which lists
 * the webcast's refused viewer changes with their own Fix (a refused deletion can only be dismissed).
 */
const VIEWER_MUTATIONS: ReadonlySet<string> = new Set(["createViewer", "updateViewer", "deleteViewers"]);

/** The webcast parts' mutators: which part they change, the table their `id` names, the tab to redo them in. */
const PART_MUTATIONS: Record<string, { part: Part; table: WebcastPartTable; tab: WebcastEditTab }> = {
  setWebcastSpeakers: { part: "speakers", table: "webcast_speakers", tab: "speakers" },
  updateWebcastSpeaker: { part: "speakers", table: "webcast_speakers", tab: "speakers" },
  removeWebcastSpeaker: { part: "speakers", table: "webcast_speakers", tab: "speakers" },
  createPoll: { part: "polls", table: "polls", tab: "polls" },
  updatePoll: { part: "polls", table: "polls", tab: "polls" },
  deletePoll: { part: "polls", table: "polls", tab: "polls" },
  reorderPolls: { part: "polls", table: "polls", tab: "polls" },
  createPollingSeries: { part: "polls", table: "polling_series", tab: "polls" },
  updatePollingSeries: { part: "polls", table: "polling_series", tab: "polls" },
  deletePollingSeries: { part: "polls", table: "polling_series", tab: "polls" },
  reorderPollingSeries: { part: "polls", table: "polling_series", tab: "polls" },
  createResource: { part: "resources", table: "resources", tab: "content" },
  updateResource: { part: "resources", table: "resources", tab: "content" },
  deleteResource: { part: "resources", table: "resources", tab: "content" },
  setResourcesVisibility: { part: "resources", table: "resources", tab: "content" },
  reorderResources: { part: "resources", table: "resources", tab: "content" },
  setPremiereVideos: { part: "premiere_videos", table: "premiere_videos", tab: "premiere-videos" },
  createEmbedApp: { part: "embed_apps", table: "embed_apps", tab: "embed-app" },
  updateEmbedApp: { part: "embed_apps", table: "embed_apps", tab: "embed-app" },
  deleteEmbedApp: { part: "embed_apps", table: "embed_apps", tab: "embed-app" },
  addSegment: { part: "segments", table: "segments", tab: "access" },
  removeSegment: { part: "segments", table: "segments", tab: "access" },
  createStreamingOutput: { part: "streaming_outputs", table: "streaming_outputs", tab: "streaming-outputs" },
  updateStreamingOutput: { part: "streaming_outputs", table: "streaming_outputs", tab: "streaming-outputs" },
  deleteStreamingOutput: { part: "streaming_outputs", table: "streaming_outputs", tab: "streaming-outputs" },
};

/**
 * The changes the server refused (docs/sync.md "Client"), oldest first: which change (kind and
 * webcast title), the server's (already localized) reason, and Fix / Discard. Fix reopens the
 * refused edit as a draft in its form, with the reason and field errors; saving it sends a new
 * change and removes this one. A refused change to a webcast's part (speakers, polls, a premiere's
 * videos…) or to its viewers opens the tab where it is done; one to a library video, the library
 * (/media). A refused deletion can only be dismissed.
 */
export function RejectedChanges() {
  const engine = useSyncEngine();
  const { t } = useLingui();
  const data = useLiveQuery(async () => {
    if (!engine) return null;
    const rejected = await engine.db.rejected.orderBy("seq").toArray();
    const ids = rejected.map((entry) => argsOf(entry).id).filter((id): id is string => typeof id === "string");
    const present = new Set((await engine.db.view_webcasts.bulkGet(ids)).flatMap((row) => (row ? [row.id] : [])));
    // The webcast of each refused part or viewer change: named in its arguments, or the webcast of the row it names.
    const ownerWebcasts = new Map<string, { id: string; title: string }>();
    for (const entry of rejected) {
      const table = PART_MUTATIONS[entry.mutation.name]?.table ?? (VIEWER_MUTATIONS.has(entry.mutation.name) ? "viewers" : undefined);
      if (!table) continue;
      const args = argsOf(entry);
      const webcastId = args.webcast_id ?? (args.id ? (await engine.db.rows("view", table).get(args.id))?.webcast_id : undefined);
      const webcast = webcastId ? await engine.db.view_webcasts.get(webcastId) : undefined;
      if (webcast) ownerWebcasts.set(entry.mutation_id, { id: webcast.id, title: webcast.event_title });
    }
    return { rejected, present, ownerWebcasts };
  }, [engine]);
  if (!engine || !data) return null;
  const { rejected, present, ownerWebcasts } = data;
  const partLabels: Record<Part, string> = {
    speakers: t`A change to a webcast's speakers`,
    polls: t`A change to a webcast's polls`,
    resources: t`A change to a webcast's resources`,
    premiere_videos: t`A change to a premiere's videos`,
    embed_apps: t`A change to a webcast's embed apps`,
    segments: t`A change to a webcast's segments`,
    streaming_outputs: t`A change to a webcast's streaming outputs`,
  };

  const describe = (entry: StoredRejected): string => {
    const title = argsOf(entry).event_title;
    switch (entry.mutation.name) {
      case "createWebcast":
        return title ? t`New webcast “${title}”` : t`New webcast`;
      case "updateWebcast":
        return title ? t`Changes to the webcast “${title}”` : t`Changes to a webcast`;
      case "deleteWebcast":
        return t`Deletion of a webcast`;
      case "createMedia": {
        const video = argsOf(entry).title;
        return video ? t`New video “${video}”` : t`New video`;
      }
      case "updateMedia": {
        const video = argsOf(entry).title;
        return video ? t`Changes to the video “${video}”` : t`Changes to a video`;
      }
      case "deleteMedia":
        return t`Deletion of a video`;
      case "createViewer": {
        const webcast = ownerWebcasts.get(entry.mutation_id)?.title;
        return webcast ? t`New viewer of the webcast “${webcast}”` : t`New viewer`;
      }
      case "updateViewer": {
        const webcast = ownerWebcasts.get(entry.mutation_id)?.title;
        return webcast ? t`Changes to a viewer of the webcast “${webcast}”` : t`Changes to a viewer`;
      }
      case "deleteViewers": {
        const webcast = ownerWebcasts.get(entry.mutation_id)?.title;
        const count = argsOf(entry).ids?.length ?? 0;
        return webcast
          ? plural(count, { one: `Deletion of a viewer of the webcast “${webcast}”`, other: `Deletion of # viewers of the webcast “${webcast}”` })
          : plural(count, { one: "Deletion of a viewer", other: "Deletion of # viewers" });
      }
      default: {
        const part = PART_MUTATIONS[entry.mutation.name];
        return part ? partLabels[part.part] : t`A change`;
      }
    }
  };
  const fixTarget = (entry: StoredRejected): FixTarget | null => {
    const id = argsOf(entry).id;
    const part = PART_MUTATIONS[entry.mutation.name];
    if (part) {
      // A part's change is redone in its tab (it has no draft of its own to reopen).
      const uid = ownerWebcasts.get(entry.mutation_id)?.id;
      return uid ? { to: "/webcasts/$uid/edit", params: { uid }, search: { tab: part.tab } } : null;
    }
    if (VIEWER_MUTATIONS.has(entry.mutation.name)) {
      // The viewers tab lists the webcast's refused viewer changes, each with its own Fix.
      const uid = ownerWebcasts.get(entry.mutation_id)?.id;
      return uid && entry.mutation.name !== "deleteViewers" ? { to: "/webcasts/$uid/edit", params: { uid }, search: { tab: "viewers" } } : null;
    }
    if (MEDIA_MUTATIONS.has(entry.mutation.name)) return entry.mutation.name === "deleteMedia" ? null : { to: "/media" };
    if (entry.mutation.name === "createWebcast") return { to: "/webcasts/new", search: { fix: entry.mutation_id } };
    if (entry.mutation.name !== "updateWebcast" || !id) return null;
    // The webcast is gone (deleted meanwhile): the edit can be recreated as a new webcast.
    return present.has(id) ? { to: "/webcasts/$uid/edit", params: { uid: id }, search: { fix: entry.mutation_id } } : { to: "/webcasts/new", search: { fix: entry.mutation_id } };
  };

  return (
    <section className="rejected-changes" data-testid="rejected-changes" aria-label={t`Rejected changes`}>
      <h2 className="rejected-changes__title">
        <Trans>Rejected changes</Trans>
      </h2>
      {rejected.length === 0 ? (
        <p>
          <Trans>No rejected changes.</Trans>
        </p>
      ) : (
        <ul className="rejected-changes__list">
          {rejected.map((entry) => {
            const target = fixTarget(entry);
            return (
              <li key={entry.mutation_id} className="rejected-changes__item" data-testid="rejected-change">
                <span className="rejected-changes__what">{describe(entry)}</span>
                <span className="rejected-changes__message" data-testid="rejected-message">
                  {entry.error.message}
                </span>
                <span className="rejected-changes__actions">
                  {target ? (
                    <Link {...target} className="button button--primary" data-testid="rejected-fix">
                      <Trans>Fix</Trans>
                    </Link>
                  ) : null}
                  <button type="button" className="button" data-testid="rejected-discard" onClick={() => void engine.discardRejected(entry.mutation_id)}>
                    {target ? <Trans>Discard</Trans> : <Trans>Dismiss</Trans>}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
