import type { RegistrationField } from "../registration/record.ts";

/**
 * The synced webcast (SPEC §3): its core (issue #4) and its settings (issue #5: source, access,
 * attendee options, Q&A, branding, display flags). Sub-collections (speakers, polls, resources, …)
 * are tables of their own. Secrets (the access password) are not part of the row: `has_password`
 * says whether one is set.
 */
export const WEBCAST_API_STATUSES = ["resetting", "upcoming", "starting", "stopping", "live", "archived", "canceled", "pre_loop", "end_loop", "premiering"] as const;
export type WebcastApiStatus = (typeof WEBCAST_API_STATUSES)[number];

export interface WebcastRow extends WebcastSettings {
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

/** SPEC §3 event type and source type. The source is configured now and used by the media issues. */
export const WEBCAST_EVENT_TYPES = ["video", "audio"] as const;
export const WEBCAST_SOURCE_TYPES = ["rtmp", "vmr"] as const;
export const WEBCAST_QUALITIES = ["720p", "1080p"] as const;
export const WEBCAST_PRIVACIES = ["public", "private"] as const;

/** SPEC §3 "Attendee options". */
export interface AttendeeOptions {
  ask_questions: boolean;
  view_resources: boolean;
  view_details: boolean;
  switch_language: boolean;
  poster_overlay: boolean;
  question_wall: boolean;
}

/** The webcast's settings (issue #5), all with defaults so a webcast made by the core fields alone is complete. */
export interface WebcastSettings {
  event_type: (typeof WEBCAST_EVENT_TYPES)[number];
  /** null until chosen (the organization may allow RTMP, a virtual meeting room, or both). */
  source_type: (typeof WEBCAST_SOURCE_TYPES)[number] | null;
  quality: (typeof WEBCAST_QUALITIES)[number];
  screen_sharing: boolean;
  replay_enabled: boolean;
  /** public: anyone with the link; private: only the webcast's viewers. */
  privacy: (typeof WEBCAST_PRIVACIES)[number];
  registration_required: boolean;
  control_number_required: boolean;
  sso_required: boolean;
  /** An access password is set (the password itself stays on the server). */
  has_password: boolean;
  tag: string | null;
  attendee_options: AttendeeOptions;
  anonymous_questions: boolean;
  speakers_see_stats: boolean;
  schedule_visible: boolean;
  add_to_calendar_visible: boolean;
  vod_download: boolean;
  sponsors_visible: boolean;
  billing_enabled: boolean;
  /** Branding: theme name (SPEC §9 default "go"), title colour (#rrggbb), images in R2. */
  theme: string;
  title_color: string | null;
  logo_key: string | null;
  cover_key: string | null;
  banner_key: string | null;
  intro_loop_media_id: string | null;
  outro_loop_media_id: string | null;
  /** The registration form newcomers fill in on the viewer page (domain/registration; empty: name and e-mail only). */
  registration_fields: RegistrationField[];
}

export const DEFAULT_ATTENDEE_OPTIONS: Readonly<AttendeeOptions> = {
  ask_questions: true,
  view_resources: true,
  view_details: true,
  switch_language: true,
  poster_overlay: false,
  question_wall: false,
};

export const DEFAULT_WEBCAST_SETTINGS: Readonly<WebcastSettings> = {
  event_type: "video",
  source_type: null,
  quality: "720p",
  screen_sharing: false,
  replay_enabled: true,
  privacy: "public",
  registration_required: false,
  control_number_required: false,
  sso_required: false,
  has_password: false,
  tag: null,
  attendee_options: DEFAULT_ATTENDEE_OPTIONS,
  anonymous_questions: false,
  speakers_see_stats: false,
  schedule_visible: true,
  add_to_calendar_visible: true,
  vod_download: false,
  sponsors_visible: false,
  billing_enabled: false,
  theme: "go",
  title_color: null,
  logo_key: null,
  cover_key: null,
  banner_key: null,
  intro_loop_media_id: null,
  outro_loop_media_id: null,
  registration_fields: [],
};
