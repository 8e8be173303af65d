/**
 * The webcast's sub-collections (SPEC §3) that sync as tables of their own, each row scoped to its
 * organization and webcast (deleting the webcast deletes them on every side: SYNC_CASCADES).
 * Ids are UUIDv7 made by whoever creates the row (a browser offline included). Their mutators live
 * next to each feature (speaker-mutators.ts, poll-mutators.ts, …).
 */

interface WebcastPart {
  id: string;
  organization_id: number;
  webcast_id: string;
  created_at: string;
  updated_at: string;
}

/**
 * A speaker of a webcast (SPEC §3 "speakers (id, is_producer)"): a user of the organization.
 * `name` and `email` are copied when the speaker is added (the list reads offline); at most one
 * producer per webcast; `shown_in_lobby` shows or hides them in the lobby.
 */
export interface WebcastSpeakerRow extends WebcastPart {
  user_id: number;
  name: string;
  email: string;
  is_producer: boolean;
  shown_in_lobby: boolean;
  position: number;
  invited_at: string | null;
}

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

export const RESOURCE_KINDS = ["file", "link", "email"] as const;

/** A resource offered to attendees (SPEC §2 content tab: resources with visibility). */
export interface ResourceRow extends WebcastPart {
  title: string;
  description: string | null;
  language: "en" | "fr" | null;
  kind: (typeof RESOURCE_KINDS)[number];
  /** The link (kind link), the address (kind email); null for a file. */
  url: string | null;
  /** R2 key and original name of an uploaded file (kind file). */
  file_key: string | null;
  file_name: string | null;
  visible: boolean;
  position: number;
}

/** An embed app (SPEC §3: title, description, embed code). */
export interface EmbedAppRow extends WebcastPart {
  title: string;
  description: string | null;
  embed_code: string;
}

/** A segment of the webcast's audience (SPEC §2 access: viewers can be restricted by segment). */
export interface SegmentRow extends WebcastPart {
  name: string;
}

/**
 * A streaming output (SPEC §3: RTMP url, stream key, optional username and password, activated).
 * Holds credentials: synced only to users who may edit the webcast.
 */
export interface StreamingOutputRow extends WebcastPart {
  rtmp_url: string;
  stream_key: string;
  username: string | null;
  password: string | null;
  activated: boolean;
}
