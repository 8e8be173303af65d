import { z } from "zod";
import type { MediaCut, MediaEdition } from "../media/record.ts";
import { PLAYBACK_UNAVAILABLE } from "./playback-messages.ts";

/**
 * Playback on the viewer page (issue #19, SPEC §3 webcast: premiere, replay, intro and outro
 * loops): the premiere's shared time line, the replay's edit list, and how a player catches up
 * with the time everybody else sees. Pure and clock-free (callers pass `now`), so the worker
 * and the browser compute alike. Nothing here authorizes: the playback call checks the room
 * token before answering the data these functions read.
 */

/** One video of a premiere's playlist, in play order: its playable seconds (its edit list applied). */
export interface PlaylistEntry {
  media_id: string;
  duration_s: number;
}

export type PremierePosition = { kind: "before" } | { kind: "playing"; index: number; offsetS: number } | { kind: "after" };

/** Whole milliseconds of a duration; a bad or negative one plays for 0 (skipped). */
const msOf = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0);

/**
 * Where a premiere is at `now` (epoch ms): everyone plays the playlist as if it were live from
 * `liveSince` (the room's media time 0), so a late joiner starts where the others are. Computed in
 * whole milliseconds so summing many durations never drifts. Before the start (or with no start
 * yet) "before"; past the last video "after" (an empty playlist is over as soon as it starts).
 */
export function premierePosition(playlist: readonly PlaylistEntry[], liveSince: number | null, now: number): PremierePosition {
  if (liveSince === null || now < liveSince) return { kind: "before" };
  const elapsedMs = Math.floor(now - liveSince);
  let startMs = 0;
  for (const [index, entry] of playlist.entries()) {
    const lengthMs = msOf(entry.duration_s);
    if (elapsedMs < startMs + lengthMs) return { kind: "playing", index, offsetS: (elapsedMs - startMs) / 1000 };
    startMs += lengthMs;
  }
  return { kind: "after" };
}

/** Seconds from the premiere's start (media time 0) to the start of video `index`. */
export function premiereItemStartS(playlist: readonly PlaylistEntry[], index: number): number {
  return playlist.slice(0, Math.max(0, index)).reduce((sum, entry) => sum + msOf(entry.duration_s), 0) / 1000;
}

/** The whole premiere's seconds. */
export function premiereDurationS(playlist: readonly PlaylistEntry[]): number {
  return premiereItemStartS(playlist, playlist.length);
}

// ------------------------------------------------------------------------------------------------
// The edit list (archive editions, library videos added from one): start, end, cuts skipped.

/** The parts an edit list keeps, in order: [start, end] minus the cuts (clamped, merged, empty parts dropped). */
export function keptParts(edition: MediaEdition): MediaCut[] {
  const { start, end } = edition;
  if (!(end > start)) return [];
  const cuts = edition.cuts
    .map((cut) => ({ start: Math.max(start, cut.start), end: Math.min(end, cut.end) }))
    .filter((cut) => cut.end > cut.start)
    .sort((a, b) => a.start - b.start);
  const parts: MediaCut[] = [];
  let from = start;
  for (const cut of cuts) {
    if (cut.start > from) parts.push({ start: from, end: cut.start });
    from = Math.max(from, cut.end);
  }
  if (end > from) parts.push({ start: from, end });
  return parts;
}

/** Seconds the edit list plays (the replay's time line). */
export function editedDuration(edition: MediaEdition): number {
  return keptParts(edition).reduce((sum, part) => sum + (part.end - part.start), 0);
}

/**
 * The recording's time (seconds from the file's start) shown at `editedS` of the replay, clamped
 * to [0, editedDuration]. A time on the edge of a cut is the first frame after it.
 */
export function sourceTime(edition: MediaEdition, editedS: number): number {
  const parts = keptParts(edition);
  const last = parts.at(-1);
  if (!last) return edition.start;
  let rest = Math.max(0, Number.isFinite(editedS) ? editedS : 0);
  for (const part of parts) {
    const length = part.end - part.start;
    if (rest < length) return part.start + rest;
    rest -= length;
  }
  return last.end;
}

/**
 * The replay's time of the recording's `sourceS`, clamped to [start, end]; a time inside a cut
 * is where the replay resumes after it.
 */
export function editedTime(edition: MediaEdition, sourceS: number): number {
  let edited = 0;
  for (const part of keptParts(edition)) {
    if (sourceS <= part.start) return edited;
    if (sourceS < part.end) return edited + (sourceS - part.start);
    edited += part.end - part.start;
  }
  return edited;
}

/**
 * Where the player should jump to from the recording's `sourceS` when it is not in a kept part:
 * before the start → the start; inside a cut → the cut's end. Null inside a kept part and from
 * the end on (the player stops there).
 */
export function nextCutEnd(edition: MediaEdition, sourceS: number): number | null {
  const parts = keptParts(edition);
  const last = parts.at(-1);
  if (!last || sourceS >= last.end) return null;
  for (const part of parts) {
    if (sourceS < part.start) return part.start;
    if (sourceS < part.end) return null;
  }
  return null;
}

// ------------------------------------------------------------------------------------------------
// Keeping viewers together.

/** Closer than this to the shared position: nothing to do (a seek would stutter for nothing). */
export const DRIFT_TOLERANCE_S = 0.3;
/** Up to this far off, the player speeds up or slows down; beyond, it seeks. */
export const DRIFT_SEEK_S = 3;
/** Playback-rate nudges: 5 % at the tolerance, growing to 10 % at DRIFT_SEEK_S. */
export const DRIFT_RATE_MIN = 0.05;
export const DRIFT_RATE_MAX = 0.1;

export type DriftCorrection = { action: "none"; rate: 1 } | { action: "rate"; rate: number } | { action: "seek"; seekTo: number; rate: 1 };

/**
 * What a player at `actualS` should do to be at `expectedS` (seconds): within DRIFT_TOLERANCE_S
 * nothing (rate back to 1); up to DRIFT_SEEK_S a rate 5–10 % faster when behind, slower when
 * ahead (no visible jump; at 10 % three seconds close in thirty); beyond, a seek. Run every few
 * seconds, it keeps each viewer within 0.3 s of the shared position, so any two within 1 s.
 */
export function driftCorrection(expectedS: number, actualS: number): DriftCorrection {
  if (!Number.isFinite(expectedS)) return { action: "none", rate: 1 };
  const drift = expectedS - actualS;
  // Rounded to the microsecond: 10 - 9.7 is 0.3000000000000007, still "within 0.3 s".
  const size = Math.round(Math.abs(drift) * 1e6) / 1e6;
  if (!Number.isFinite(drift) || size > DRIFT_SEEK_S) return { action: "seek", seekTo: expectedS, rate: 1 };
  if (size <= DRIFT_TOLERANCE_S) return { action: "none", rate: 1 };
  const nudge = DRIFT_RATE_MIN + ((size - DRIFT_TOLERANCE_S) / (DRIFT_SEEK_S - DRIFT_TOLERANCE_S)) * (DRIFT_RATE_MAX - DRIFT_RATE_MIN);
  return { action: "rate", rate: drift > 0 ? 1 + nudge : 1 - nudge };
}

// ------------------------------------------------------------------------------------------------
// The playback call's answer (GET /api/watch/{webcastId}/playback?token=<room token>).

export const PLAYBACK_KINDS = ["premiere", "replay", "live", "none"] as const;
export type PlaybackKind = (typeof PLAYBACK_KINDS)[number];

const editionSchema = z.object({ start: z.number(), end: z.number(), cuts: z.array(z.object({ start: z.number(), end: z.number() })) });

/** A premiere's video: signed URLs, its playable seconds and, for a video made from an archive edition, the edit list to apply. */
export const premiereItemSchema = z.object({
  media_id: z.string(),
  duration_s: z.number(),
  url: z.string(),
  poster_url: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  edition: editionSchema.nullable(),
});
export type PremiereItem = z.infer<typeof premiereItemSchema>;

/** An intro or outro loop (a library video played before the start, after the end). */
export const playbackLoopSchema = z.object({
  url: z.string(),
  duration_s: z.number(),
  /** "repeat": over and over; "once": played once, then the poster (SPEC §3 loop mode). */
  loop_mode: z.enum(["repeat", "once"]),
  poster_url: z.string().nullable(),
  /** The edit list to apply (a video added from an archive edition), else null. */
  edition: editionSchema.nullable(),
});
export type PlaybackLoop = z.infer<typeof playbackLoopSchema>;

export const playbackCaptionSchema = z.object({ lang: z.string(), label: z.string(), url: z.string() });
export type PlaybackCaption = z.infer<typeof playbackCaptionSchema>;

export const playbackDataSchema = z.object({
  kind: z.enum(PLAYBACK_KINDS),
  premiere: z.object({ live_since: z.number().nullable(), items: z.array(premiereItemSchema) }).optional(),
  loops: z.object({ intro: playbackLoopSchema.nullable(), outro: playbackLoopSchema.nullable() }),
  replay: z
    .object({ url: z.string(), duration_s: z.number(), edition: editionSchema.nullable(), download_url: z.string().nullable(), expires_at: z.string().nullable() })
    .optional(),
  live: z.object({ hls_url: z.string().nullable() }).optional(),
  /** kind "none": why there is nothing to play (playback-messages.ts says it in words). */
  reason: z.enum(PLAYBACK_UNAVAILABLE).optional(),
  /** SPEC §3 event type audio: an audio layout (the poster, no picture). */
  audio_only: z.boolean(),
  /** SPEC §3 attendee option poster overlay (the webcast's setting; the room's toggle is fresher). */
  poster_overlay: z.boolean(),
  /** The webcast's cover image (else its banner): the audio layout's picture and the overlay. */
  poster_url: z.string().nullable(),
  captions: z.array(playbackCaptionSchema),
  /** When the signed URLs above stop working (ISO, PLAYBACK_URL_TTL_S after the answer): the page asks again before. */
  urls_expire_at: z.string(),
});
export type PlaybackData = z.infer<typeof playbackDataSchema>;
