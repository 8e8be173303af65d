import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { StoredRejected } from "../../local/db.ts";

/**
 * The tabs of /webcasts/{uid}/edit built so far, in SPEC §2 order (speakers, not a SPEC tab,
 * after access, as in the wizard's steps; segments live in the access tab; premiere videos,
 * viewers, invitations, analytics and votes come with their tables and routes; resources live in
 * the content tab).
 * `?tab=` selects one.
 */
export const WEBCAST_EDIT_TABS = ["details", "access", "speakers", "content", "streaming-outputs", "qa", "branding", "polls", "embed-app"] as const;
export type WebcastEditTab = (typeof WEBCAST_EDIT_TABS)[number];

export function isWebcastEditTab(value: unknown): value is WebcastEditTab {
  return typeof value === "string" && (WEBCAST_EDIT_TABS as readonly string[]).includes(value);
}

/**
 * Tabs shown only to whoever may edit the webcast: streaming outputs carry credentials, synced only
 * to `webcasts.update` holders (docs/decisions.md), so others would see an empty list.
 */
export const EDITOR_ONLY_TABS: ReadonlySet<WebcastEditTab> = new Set<WebcastEditTab>(["streaming-outputs"]);

/** The tabs one user sees, in order. */
export function visibleEditTabs(editable: boolean): readonly WebcastEditTab[] {
  return editable ? WEBCAST_EDIT_TABS : WEBCAST_EDIT_TABS.filter((tab) => !EDITOR_ONLY_TABS.has(tab));
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
