import { brandingImageUrl } from "../branding/images.ts";
import { endOf } from "./featured.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import type { RegistrationField, RegistrationOption } from "../registration/record.ts";
import type { AttendeeOptions, WebcastApiStatus, WebcastRow, WebcastSettings } from "./record.ts";

// The webcast as answered and shown (REST routes, home screen), with its branding images' keys and
// URLs. No zod here: the home screen builds these from IndexedDB on the app's first screen.

/**
 * The webcast as the REST routes answer it (docs/webcasts-api.md), named as SPEC §3 names it: the
 * synced row's `id` is the public `uid`, plus the computed end, the time zone's short name and the
 * organization's name. The browser builds the same shape from IndexedDB (home, offline).
 */
/** SPEC §3 webcast `speakers (id, is_producer)`: `id` is the speaker's user id. */
export interface WebcastJsonSpeaker {
  id: number;
  name: string;
  is_producer: boolean;
  shown_in_lobby: boolean;
}

/** The registration form, read-only all the way down (the home screen keeps answers in a frozen store). */
export type RegistrationFormJson = readonly (Readonly<Omit<RegistrationField, "options">> & { readonly options: readonly (Readonly<Omit<RegistrationOption, "tags">> & { readonly tags: readonly string[] })[] })[];

export interface WebcastJson {
  uid: string;
  organization_id: number;
  organization: { id: number; name: string | null };
  /** In list order. */
  speakers: readonly WebcastJsonSpeaker[];
  event_title: string;
  description: string | null;
  event_start_date_time: string;
  event_end_date_time: string;
  duration: number;
  timezone: string;
  timezone_short: string;
  language: "en" | "fr";
  state: WebcastApiStatus;
  is_premiere: boolean;
  is_test: boolean;
  created_at: string;
  updated_at: string;
  // Settings (issue #5), as the row has them; images as URLs, never the access password.
  event_type: WebcastSettings["event_type"];
  source_type: WebcastSettings["source_type"];
  quality: WebcastSettings["quality"];
  screen_sharing: boolean;
  replay_enabled: boolean;
  privacy: WebcastSettings["privacy"];
  registration_required: boolean;
  control_number_required: boolean;
  sso_required: boolean;
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
  theme: string;
  title_color: string | null;
  logo_url: string | null;
  cover_url: string | null;
  banner_url: string | null;
  intro_loop_media_id: string | null;
  outro_loop_media_id: string | null;
  /** The registration form newcomers fill in (domain/registration). */
  registration_fields: RegistrationFormJson;
}

/** `Europe/Paris` → "GMT+2" / `America/Toronto` → "EDT" at that instant; the zone itself when unknown. */
export function timezoneShort(timeZone: string, at: number): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at);
    return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

export function webcastJson(row: WebcastRow, organizationName: string | null, speakers: readonly WebcastSpeakerRow[] = []): WebcastJson {
  return {
    uid: row.id,
    organization_id: row.organization_id,
    organization: { id: row.organization_id, name: organizationName },
    speakers: [...speakers]
      .filter((speaker) => speaker.webcast_id === row.id)
      .sort((a, b) => a.position - b.position)
      .map((speaker) => ({ id: speaker.user_id, name: speaker.name, is_producer: speaker.is_producer, shown_in_lobby: speaker.shown_in_lobby })),
    event_title: row.event_title,
    description: row.description,
    event_start_date_time: row.event_start_date_time,
    event_end_date_time: new Date(endOf(row)).toISOString(),
    duration: row.duration,
    timezone: row.timezone,
    timezone_short: timezoneShort(row.timezone, Date.parse(row.event_start_date_time)),
    language: row.language,
    state: row.state,
    is_premiere: row.is_premiere,
    is_test: row.is_test,
    created_at: row.created_at,
    updated_at: row.updated_at,
    event_type: row.event_type,
    source_type: row.source_type,
    quality: row.quality,
    screen_sharing: row.screen_sharing,
    replay_enabled: row.replay_enabled,
    privacy: row.privacy,
    registration_required: row.registration_required,
    control_number_required: row.control_number_required,
    sso_required: row.sso_required,
    has_password: row.has_password,
    tag: row.tag,
    attendee_options: { ...row.attendee_options },
    anonymous_questions: row.anonymous_questions,
    speakers_see_stats: row.speakers_see_stats,
    schedule_visible: row.schedule_visible,
    add_to_calendar_visible: row.add_to_calendar_visible,
    vod_download: row.vod_download,
    sponsors_visible: row.sponsors_visible,
    billing_enabled: row.billing_enabled,
    theme: row.theme,
    title_color: row.title_color,
    logo_url: brandingImageUrl(row.id, row.logo_key),
    cover_url: brandingImageUrl(row.id, row.cover_key),
    banner_url: brandingImageUrl(row.id, row.banner_key),
    intro_loop_media_id: row.intro_loop_media_id,
    outro_loop_media_id: row.outro_loop_media_id,
    registration_fields: row.registration_fields,
  };
}
