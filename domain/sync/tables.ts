/**
 * The synced tables and their row types. A table becomes synced by adding its row type to
 * `SyncRowMap` and its name to `SYNC_TABLES`; the D1 adapter then needs one line in
 * worker/features/sync/tables.ts `SYNCED_TABLES`, and the browser its `base_<table>`/`view_<table>`
 * stores in a new Dexie version (web/local/db.ts).
 */
import type { OrganizationRow } from "../organizations/record.ts";
import type { ViewerRow } from "../viewers/record.ts";
import type { StreamingOutputRow } from "../streaming-outputs/record.ts";
import type { SegmentRow } from "../segments/record.ts";
import type { EmbedAppRow } from "../embed-apps/record.ts";
import type { ResourceRow } from "../resources/record.ts";
import type { MediaRow } from "../media/record.ts";
import type { SlidesRow } from "../slides/record.ts";
import type { PremiereVideoRow } from "../premiere-videos/record.ts";
import type { PollRow, PollingSeriesRow } from "../polls/record.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import type { WebcastRow } from "../webcasts/record.ts";

export interface SyncRowMap {
  organizations: OrganizationRow;
  webcasts: WebcastRow;
  viewers: ViewerRow;
  webcast_speakers: WebcastSpeakerRow;
  polls: PollRow;
  polling_series: PollingSeriesRow;
  resources: ResourceRow;
  embed_apps: EmbedAppRow;
  segments: SegmentRow;
  streaming_outputs: StreamingOutputRow;
  media: MediaRow;
  slides: SlidesRow;
  premiere_videos: PremiereVideoRow;
}

/** Every synced table, in a fixed order (pull scopes, adapters, tests). */
export const SYNC_TABLES = [
  "organizations",
  "webcasts",
  "viewers",
  "webcast_speakers",
  "polls",
  "polling_series",
  "resources",
  "embed_apps",
  "segments",
  "streaming_outputs",
  "media",
  "slides",
  "premiere_videos",
] as const satisfies readonly (keyof SyncRowMap)[];

/**
 * The webcast's sub-collections (domain/webcasts/parts.ts): deleted with it, scoped like it. The
 * library's videos (`media`) are the organization's, like webcasts: a premiere playlist names them.
 */
export const WEBCAST_PART_TABLES = ["webcast_speakers", "polls", "polling_series", "resources", "embed_apps", "segments", "streaming_outputs", "slides", "premiere_videos"] as const satisfies readonly (keyof SyncRowMap)[];
/**
 * Tables pulled on demand, per webcast, never by the main pull (docs/sync.md "Viewers on demand"):
 * a webcast's viewers come to a device when the webcast is opened there (GET /api/sync/pull?webcast=)
 * and stay, each opened webcast with its own cursor. A reset of the main pull leaves them alone.
 */
export const ON_DEMAND_TABLES = ["viewers"] as const satisfies readonly (keyof SyncRowMap)[];
export type OnDemandTable = (typeof ON_DEMAND_TABLES)[number];

/** Whether a table is pulled per webcast (`ON_DEMAND_TABLES`). */
export function isOnDemand(table: keyof SyncRowMap): table is OnDemandTable {
  return (ON_DEMAND_TABLES as readonly string[]).includes(table);
}

/** The tables of the main pull: every synced table but the on-demand ones. */
export const MAIN_PULL_TABLES: readonly (keyof SyncRowMap)[] = SYNC_TABLES.filter((table) => !isOnDemand(table));

// Fails to compile when a table of SyncRowMap is missing from SYNC_TABLES.
const everyTableListed: [Exclude<keyof SyncRowMap, (typeof SYNC_TABLES)[number]>] extends [never] ? true : never = true;
void everyTableListed;

/**
 * Tables the server writes through its own routes, never through mutators (organizations: their
 * settings are the back office's and admins' business, and mutators only read them as rules).
 * Stores refuse a mutation's write there.
 */
export const SERVER_WRITTEN_TABLES: ReadonlySet<keyof SyncRowMap> = new Set(["organizations"]);

/** A child table and its column naming the parent row's id. */
export type SyncCascade = { [C in keyof SyncRowMap]: { table: C; column: keyof SyncRowMap[C] & string } }[keyof SyncRowMap];

/**
 * Rows that belong to a row of another table and go with it: deleting the parent deletes them on
 * every side. Stores implement it inside the parent's commit (a `del` change-log entry per child,
 * in the same atomic commit), so a mutator deletes only the parent and never lists the children
 * (a webcast may have tens of thousands of viewers). A library video goes out of every premiere
 * playlist that names it.
 */
export const SYNC_CASCADES: { readonly [T in keyof SyncRowMap]?: readonly SyncCascade[] } = {
  webcasts: [{ table: "viewers", column: "webcast_id" }, ...WEBCAST_PART_TABLES.map((table) => ({ table, column: "webcast_id" as const }))],
  media: [{ table: "premiere_videos", column: "media_id" }],
};
