/**
 * The synced core of a webcast (SPEC §3). Issue #4 syncs these fields; issue #5 adds the rest of
 * the webcast (access, branding, polls, …) as more fields and tables.
 */
export const WEBCAST_API_STATUSES = ["resetting", "upcoming", "starting", "stopping", "live", "archived", "canceled", "pre_loop", "end_loop", "premiering"] as const;
export type WebcastApiStatus = (typeof WEBCAST_API_STATUSES)[number];

export interface WebcastRow {
  /** UUIDv7, made by whoever created it (a browser offline included); also the public `uid`. */
  id: string;
  organization_id: number;
  event_title: string;
  description: string | null;
  /** ISO date-time in UTC. */
  event_start_date_time: string;
  duration: number;
  timezone: string;
  language: "en" | "fr";
  state: WebcastApiStatus;
  is_premiere: boolean;
  is_test: boolean;
  created_by: number;
  created_at: string;
  updated_at: string;
}
