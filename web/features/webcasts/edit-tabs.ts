import type { SyncTable } from "../../../domain/sync/types.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { StoredRejected } from "../../local/db.ts";

/**
 * The tabs of /webcasts/{uid}/edit built so far, in SPEC §2 order (speakers, not a SPEC tab,
 * after access, as in the wizard's steps; segments live in the access tab; premiere videos for
 * premiere webcasts only; viewers and invitations for whoever manages viewers (they read the
 * `viewers` table); analytics comes with its routes;
 * resources live in the content tab; votes: the polls' results, online).
 * `?tab=` selects one.
 */
export const WEBCAST_EDIT_TABS = ["details", "access", "speakers", "content", "premiere-videos", "streaming-outputs", "viewers", "invitations", "qa", "branding", "polls", "votes", "embed-app"] as const;
export type WebcastEditTab = (typeof WEBCAST_EDIT_TABS)[number];

export function isWebcastEditTab(value: unknown): value is WebcastEditTab {
  return typeof value === "string" && (WEBCAST_EDIT_TABS as readonly string[]).includes(value);
}

/**
 * The synced table a tab lists (the others show the webcast row itself). A tab is shown to whoever
 * reads its table by the read rule (domain/permissions/read-rule.ts): a speaker sees the details
 * and who speaks, a producer the polls too, only editors the streaming outputs (credentials).
 */
export const TAB_TABLES: { readonly [T in WebcastEditTab]?: SyncTable } = {
  speakers: "webcast_speakers",
  content: "resources",
  "premiere-videos": "premiere_videos",
  "streaming-outputs": "streaming_outputs",
  // viewers.manage: the webcast's viewers (pulled on demand) and their invitation e-mails.
  viewers: "viewers",
  invitations: "viewers",
  polls: "polls",
  // The results of the polls: for whoever reads them (polls.manage), from the server.
  votes: "polls",
  "embed-app": "embed_apps",
};

/** Tabs only some webcasts have: the playlist of a premiere (SPEC §2 "premiere videos"). */
const TAB_WEBCASTS: { readonly [T in WebcastEditTab]?: (webcast: Pick<WebcastRow, "is_premiere">) => boolean } = {
  "premiere-videos": (webcast) => webcast.is_premiere,
};

/** The tabs one user sees of `webcast`, in order, given which tables of this webcast they read. */
export function visibleEditTabs(reads: (table: SyncTable) => boolean, webcast: Pick<WebcastRow, "is_premiere">): readonly WebcastEditTab[] {
  return WEBCAST_EDIT_TABS.filter((tab) => {
    if (TAB_WEBCASTS[tab]?.(webcast) === false) return false;
    const table = TAB_TABLES[tab];
    return table === undefined || reads(table);
  });
}

/** What every tab panel of the edit screen gets. */
export interface WebcastTabProps {
  row: WebcastRow;
  /** webcasts.update on this webcast: without it, fields are read-only and there is no Save. */
  editable: boolean;
  /** The refused change this tab reopens (`?fix=`), if it is this tab's. */
  fix: { id: string; entry: StoredRejected } | null;
  onDirtyChange(dirty: boolean): void;
  /** Called once a fix was saved or discarded: the page drops `?fix=`. */
  onFixDone(): Promise<void>;
}
