import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { StoredRejected } from "../../local/db.ts";

/**
 * The tabs of /webcasts/{uid}/edit built so far, in SPEC §2 order (premiere videos, streaming
 * outputs, viewers, invitations, analytics, polls, embed app, segments and votes come with their
 * tables and routes). `?tab=` selects one.
 */
export const WEBCAST_EDIT_TABS = ["details", "access", "content", "qa", "branding"] as const;
export type WebcastEditTab = (typeof WEBCAST_EDIT_TABS)[number];

export function isWebcastEditTab(value: unknown): value is WebcastEditTab {
  return typeof value === "string" && (WEBCAST_EDIT_TABS as readonly string[]).includes(value);
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
