import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FeatureFlag } from "../../../domain/organizations/features.ts";
import type { LimitKey } from "../../../domain/organizations/limits.ts";

/** SPEC §3 limits: label and unit (max_duration in minutes, inactivity_timeout in seconds). */
export const LIMIT_LABELS: Record<LimitKey, { label: MessageDescriptor; unit?: "minutes" | "seconds"; help?: MessageDescriptor }> = {
  max_organizers: { label: msg`Maximum organizers` },
  max_speakers: { label: msg`Maximum speakers per webcast` },
  max_viewers: { label: msg`Maximum viewers per webcast` },
  max_webcasts: { label: msg`Maximum webcasts per month` },
  max_simultaneous_webcasts: { label: msg`Maximum simultaneous webcasts` },
  max_duration: { label: msg`Maximum webcast duration`, unit: "minutes" },
  max_media: { label: msg`Maximum media per webcast` },
  max_people_per_table: { label: msg`Maximum people per virtual table` },
  inactivity_timeout: {
    label: msg`Inactivity timeout`,
    unit: "seconds",
    help: msg`A live webcast without activity for this long is stopped automatically.`,
  },
};

export const UNIT_LABELS = { minutes: msg`minutes`, seconds: msg`seconds` } as const;

export interface FeatureGroup {
  title: MessageDescriptor;
  flags: readonly FeatureFlag[];
}

/** The 24 flags, grouped so the tab reads like the product (every flag appears once). */
export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    title: msg`Services`,
    flags: ["allow_webcasts", "allow_premiere_webcasts", "allow_meetings", "allow_streaming_channels", "allow_events", "allow_video_content"],
  },
  {
    title: msg`Webcast options`,
    flags: [
      "allow_sms",
      "allow_replay_download",
      "allow_vmr_sources",
      "allow_rtmp_mode",
      "allow_rtmp_output",
      "allow_1080_webcasts",
      "allow_webcast_archive_cloning",
      "allow_video_archive_edit",
      "allow_archive_transcript",
      "allow_embed_integration_in_webcasts",
      "allow_webcasts_analytics_export",
      "send_registration_email",
    ],
  },
  {
    title: msg`Event activities`,
    flags: [
      "allow_webcast_event_activities",
      "allow_premiere_webcast_event_activities",
      "allow_meeting_event_activities",
      "allow_icastpro_event_activities",
      "allow_external_event_activities",
      "allow_embed_event_activities",
    ],
  },
];

export const FEATURE_LABELS: Record<FeatureFlag, { label: MessageDescriptor; help: MessageDescriptor }> = {
  allow_sms: { label: msg`SMS questions`, help: msg`Viewers can ask questions by text message.` },
  allow_replay_download: { label: msg`Replay download`, help: msg`Organizers can download the replay video of a webcast.` },
  allow_vmr_sources: {
    label: msg`Virtual meeting room sources`,
    help: msg`Webcasts can take their video from a virtual meeting room (Teams, video systems).`,
  },
  allow_streaming_channels: { label: msg`Streaming channels`, help: msg`Create and run streaming channels.` },
  allow_meetings: { label: msg`Meetings`, help: msg`Create and run video meetings.` },
  allow_webcasts: { label: msg`Webcasts`, help: msg`Create and run live and on-demand webcasts.` },
  allow_premiere_webcasts: {
    label: msg`Premiere webcasts`,
    help: msg`Broadcast a pre-recorded video as a live premiere at a scheduled time.`,
  },
  allow_webcast_archive_cloning: { label: msg`Archive cloning`, help: msg`Copy a webcast's archive into a new webcast.` },
  allow_rtmp_mode: { label: msg`RTMP input`, help: msg`Webcasts can receive their video from an encoder over RTMP.` },
  allow_rtmp_output: { label: msg`RTMP output`, help: msg`Webcasts can be restreamed to other platforms over RTMP.` },
  allow_events: { label: msg`Events`, help: msg`Create events with several activities.` },
  allow_meeting_event_activities: { label: msg`Meeting activities`, help: msg`Events can include meeting activities.` },
  allow_webcast_event_activities: { label: msg`Webcast activities`, help: msg`Events can include webcast activities.` },
  allow_premiere_webcast_event_activities: {
    label: msg`Premiere webcast activities`,
    help: msg`Events can include premiere webcast activities.`,
  },
  allow_external_event_activities: { label: msg`External activities`, help: msg`Events can link to activities hosted elsewhere.` },
  allow_icastpro_event_activities: { label: msg`iCastPro activities`, help: msg`Events can include iCastPro activities.` },
  allow_embed_event_activities: { label: msg`Embedded activities`, help: msg`Events can include activities made of embed code.` },
  allow_archive_transcript: { label: msg`Archive transcripts`, help: msg`Transcribe webcast archives.` },
  allow_video_content: { label: msg`Video content`, help: msg`Upload and manage videos in the media library.` },
  allow_video_archive_edit: { label: msg`Online archive editing`, help: msg`Cut and trim webcast archives online.` },
  allow_1080_webcasts: { label: msg`Full HD 1080p`, help: msg`Webcasts can stream in Full HD (1080p).` },
  allow_embed_integration_in_webcasts: { label: msg`Embedded apps in webcasts`, help: msg`Add third-party embed apps to webcasts.` },
  allow_webcasts_analytics_export: { label: msg`Analytics export`, help: msg`Export webcast analytics as XLSX or CSV.` },
  send_registration_email: {
    label: msg`Registration e-mail`,
    help: msg`Send viewers a confirmation e-mail when they register.`,
  },
};

/** SPEC §3: allow_embed_event_activities carries a security warning. */
export const EMBED_ACTIVITIES_WARNING = msg`Embed code is third-party HTML and script that runs inside your event pages, in your participants' browsers. Enable this only for organizations you trust.`;
