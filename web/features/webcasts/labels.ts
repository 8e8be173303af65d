import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { WebcastAccessField, WebcastDraftField, WebcastKind, WebcastWizardStep } from "../../../domain/webcasts/draft.ts";
import type { WebcastApiStatus, WebcastRow } from "../../../domain/webcasts/record.ts";
import type { WebcastStatusGroup } from "../../../domain/webcasts/status.ts";
import type { WebcastEditTab } from "./edit-tabs.ts";

export const KIND_LABELS: Record<WebcastKind, MessageDescriptor> = {
  live: msg`Live webcast`,
  premiere: msg`Premiere (pre-recorded video played at a set time)`,
  test: msg`Test webcast (at most 20 minutes and 50 participants)`,
};

export const STATE_LABELS: Record<WebcastApiStatus, MessageDescriptor> = {
  resetting: msg`Resetting`,
  upcoming: msg`Upcoming`,
  starting: msg`Starting`,
  stopping: msg`Stopping`,
  live: msg`Live`,
  archived: msg`After`,
  canceled: msg`Canceled`,
  pre_loop: msg`Pre-show loop`,
  end_loop: msg`Post-show loop`,
  premiering: msg`Premiering`,
};

export const GROUP_LABELS: Record<WebcastStatusGroup, MessageDescriptor> = {
  upcoming: msg`Upcoming`,
  live: msg`Live`,
  after: msg`After`,
  canceled: msg`Canceled`,
};

export const STEP_LABELS: Record<WebcastWizardStep, MessageDescriptor> = {
  general: msg`General information`,
  schedule: msg`Date and time`,
  speakers: msg`Speakers`,
  access: msg`Access`,
  attendee_options: msg`Attendee options`,
};

export const EVENT_TYPE_LABELS: Record<WebcastRow["event_type"], MessageDescriptor> = {
  video: msg`Video`,
  audio: msg`Audio only`,
};

export const SOURCE_TYPE_LABELS: Record<NonNullable<WebcastRow["source_type"]>, MessageDescriptor> = {
  rtmp: msg`RTMP (streaming software or encoder)`,
  vmr: msg`Virtual meeting room`,
};

export const QUALITY_LABELS: Record<WebcastRow["quality"], MessageDescriptor> = {
  "720p": msg`HD (720p)`,
  "1080p": msg`Full HD (1080p)`,
};

export const PRIVACY_LABELS: Record<WebcastRow["privacy"], MessageDescriptor> = {
  public: msg`Public: anyone with the link`,
  private: msg`Private: only the webcast's viewers`,
};

/** Themes offered: "go" (SPEC §9 default) and the light and dark modes SPEC §3 gives event branding. */
export const THEME_LABELS: Record<string, MessageDescriptor> = {
  go: msg`Go (default)`,
  light: msg`Light`,
  dark: msg`Dark`,
};

/** The on/off settings of the details tab, the access, Q&A and content tabs, and the wizard. */
export const SWITCH_LABELS: Partial<Record<WebcastAccessField | WebcastDraftField, { label: MessageDescriptor; help?: MessageDescriptor }>> = {
  screen_sharing: { label: msg`Screen sharing`, help: msg`Speakers may share their screen.` },
  replay_enabled: { label: msg`Replay`, help: msg`The webcast can be watched again after it ends.` },
  registration_required: { label: msg`Registration required`, help: msg`Attendees fill in the registration form before watching.` },
  control_number_required: { label: msg`Control numbers required`, help: msg`Attendees sign in with their control number.` },
  sso_required: { label: msg`Single sign-on required`, help: msg`Attendees sign in with the organization's identity provider.` },
  ask_questions: { label: msg`Ask questions`, help: msg`Attendees may send questions.` },
  view_resources: { label: msg`View resources`, help: msg`Attendees see the webcast's resources.` },
  view_details: { label: msg`View details`, help: msg`Attendees see the webcast's description and details.` },
  switch_language: { label: msg`Switch language`, help: msg`Attendees may change the language of the webcast page.` },
  poster_overlay: { label: msg`Poster overlay`, help: msg`The poster is shown over the video.` },
  question_wall: { label: msg`Question wall`, help: msg`The questions pushed to the speakers are shown over the video.` },
  anonymous_questions: { label: msg`Anonymous questions`, help: msg`Attendees may send a question without their name.` },
  schedule_visible: { label: msg`Schedule visible`, help: msg`The start date and time are shown to attendees.` },
  add_to_calendar_visible: { label: msg`“Add to calendar” visible`, help: msg`Attendees may add the webcast to their calendar.` },
  sponsors_visible: { label: msg`Sponsors visible` },
  speakers_see_stats: { label: msg`Speakers see statistics`, help: msg`Speakers see the attendance statistics in the control room.` },
  vod_download: { label: msg`Replay download`, help: msg`Attendees may download the replay video (if your organization allows replay downloads).` },
};

/** SPEC §2 webcast tabs built so far (the others come with their tables and routes). */
export const WEBCAST_TAB_LABELS: Record<WebcastEditTab, MessageDescriptor> = {
  details: msg`Details`,
  access: msg`Access`,
  speakers: msg`Speakers`,
  content: msg`Content`,
  "premiere-videos": msg`Premiere videos`,
  "streaming-outputs": msg`Streaming outputs`,
  viewers: msg`Viewers`,
  invitations: msg`Invitations`,
  qa: msg`Q&A`,
  branding: msg`Branding`,
  polls: msg`Polls`,
  votes: msg`Votes`,
  "embed-app": msg`Embed app`,
};

export const LANGUAGE_LABELS: Record<"en" | "fr", MessageDescriptor> = {
  en: msg`English`,
  fr: msg`French`,
};
