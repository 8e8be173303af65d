import type { WebcastPart } from "../webcasts/parts.ts";

export const POLL_DISPLAYS = ["fluid", "paginated"] as const;

export const POLL_STATUSES = ["unpublished", "open", "closed", "results"] as const;

export interface PollOption {
  /** Stable within the poll (UUIDv7 or any unique string), so votes and edits can refer to it. */
  id: string;
  text: string;
}

/** A poll (SPEC §3): options with one recommended option at most, single or multiple choice. */
export interface PollRow extends WebcastPart {
  series_id: string | null;
  title: string;
  description: string | null;
  language: "en" | "fr";
  options: PollOption[];
  recommended_option_id: string | null;
  multiple_choice: boolean;
  display: (typeof POLL_DISPLAYS)[number];
  position: number;
  status: (typeof POLL_STATUSES)[number];
}

/** A polling series (SPEC §3): title and description; its polls point to it. */
export interface PollingSeriesRow extends WebcastPart {
  title: string;
  description: string | null;
  position: number;
}
