import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MediaFailureReason, MediaLoopMode, MediaStatus } from "../../../domain/media/record.ts";

/** What each state of a library video (SPEC §4) is called on its card. */
export const MEDIA_STATUS_LABELS: Record<MediaStatus, MessageDescriptor> = {
  created: msg`Waiting for its file`,
  uploaded: msg`Uploaded`,
  processing: msg`Processing`,
  processed: msg`Ready`,
  failed: msg`Failed`,
};

/** A badge tone per state (web/ui/styles.css `.badge[data-tone]`). */
export const MEDIA_STATUS_TONES: Record<MediaStatus, "success" | "warning" | "danger" | undefined> = {
  created: "warning",
  uploaded: undefined,
  processing: undefined,
  processed: "success",
  failed: "danger",
};

/** Why processing failed (domain/media/record.ts MEDIA_FAILURE_REASONS), in words. */
export const MEDIA_FAILURE_LABELS: Record<MediaFailureReason, MessageDescriptor> = {
  unreadable: msg`The file could not be read as a video.`,
  no_tracks: msg`The file holds neither picture nor sound.`,
  no_duration: msg`The length of the video could not be read.`,
  not_decodable: msg`Browsers cannot play this video: export it as MP4 (H.264) and upload it again.`,
};

export const MEDIA_LOOP_MODE_LABELS: Record<MediaLoopMode, MessageDescriptor> = {
  repeat: msg`Over and over`,
  once: msg`Once`,
};

export function isFailureReason(value: string | null): value is MediaFailureReason {
  return value === "unreadable" || value === "no_tracks" || value === "no_duration" || value === "not_decodable";
}

/** 3725.4 → "1:02:05", 65 → "0:01:05", 1.96 → "0:00:02" (h:mm:ss, to the nearest second). */
export function formatMediaDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(whole / 3600)}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** 3725.4 → "PT1H2M5S": the machine-readable duration of a `<time>`. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `PT${Math.floor(whole / 3600)}H${Math.floor((whole % 3600) / 60)}M${whole % 60}S`;
}
