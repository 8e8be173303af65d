import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { archiveStatusAt, replayFileName } from "../../../domain/archive/rules.ts";
import { brandingImageUrl } from "../../../domain/branding/images.ts";
import type { MediaEdition } from "../../../domain/media/record.ts";
import { hasFeature } from "../../../domain/organizations/features.ts";
import type { PlaybackUnavailable } from "../../../domain/viewer-page/playback-messages.ts";
import { type PlaybackData, type PlaybackLoop, type PremiereItem, editedDuration } from "../../../domain/viewer-page/playback.ts";
import type { WebcastApiStatus } from "../../../domain/webcasts/record.ts";
import { webcastRoomStub } from "../../../durable/stubs.ts";
import { db } from "../../db/client.ts";
import { archiveEditions, archives, media, organizations, premiereVideos, webcasts } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { PLAYBACK_URL_TTL_S } from "../archive/service.ts";
import { signFileUrl } from "../files/signed-urls.ts";

/**
 * What the viewer page plays (docs/media.md "Playback on the viewer page"): the premiere's
 * playlist at the room's shared position, the intro and outro loops, the replay with its newest
 * edition, the live stream when one exists. The caller (routes.ts) has checked the room token:
 * whoever holds one for this webcast may watch it. Files are signed URLs living
 * PLAYBACK_URL_TTL_S (a show's length); the page asks again for fresh ones after that.
 */

type MediaRecord = typeof media.$inferSelect;

/** States where a premiere's playlist is (or is about to be, or has just been) on air: the player follows the room. */
const PREMIERE_STATES: ReadonlySet<WebcastApiStatus> = new Set(["upcoming", "resetting", "starting", "pre_loop", "premiering", "live", "end_loop", "stopping"]);
/** States of a live webcast before, during and right after the show (loops, then the stream). */
const LIVE_STATES: ReadonlySet<WebcastApiStatus> = new Set(["upcoming", "resetting", "starting", "pre_loop", "live", "end_loop", "stopping"]);

/** A library video that can play: processed, with a file, of the webcast's organization. */
function playable(video: MediaRecord | undefined, organizationId: number): video is MediaRecord & { file_key: string } {
  return video !== undefined && video.status === "processed" && video.file_key !== null && video.organization_id === organizationId;
}

/** Seconds a video plays: its edit list's when it has one (a video added from an archive edition). */
function playedSeconds(video: MediaRecord): number {
  return video.edition ? editedDuration(video.edition) : (video.duration ?? 0);
}

export async function playbackOf(env: Env, webcastId: string, now: number): Promise<PlaybackData> {
  const database = db(env.DB);
  const [[found], playlist, [archive], [edition]] = await Promise.all([
    database
      .select({ row: webcasts, features: organizations.features, self_serve: organizations.self_serve })
      .from(webcasts)
      .innerJoin(organizations, eq(organizations.id, webcasts.organization_id))
      .where(eq(webcasts.id, webcastId)),
    database
      .select({ video: media })
      .from(premiereVideos)
      .innerJoin(media, eq(media.id, premiereVideos.media_id))
      .where(eq(premiereVideos.webcast_id, webcastId))
      .orderBy(asc(premiereVideos.position), asc(premiereVideos.id)),
    database.select().from(archives).where(eq(archives.webcast_id, webcastId)),
    // The newest edition is the one viewers see (docs/decisions.md "The replay plays the newest edition").
    database.select().from(archiveEditions).where(eq(archiveEditions.webcast_id, webcastId)).orderBy(desc(archiveEditions.created_at), desc(archiveEditions.id)).limit(1),
  ]);
  if (!found) throw new ApiError("not_found");
  const { row } = found;
  const sign = (key: string, options: { content_type?: string | null; download_name?: string } = {}) =>
    signFileUrl(
      env,
      { key, expires_in_s: PLAYBACK_URL_TTL_S, ...(options.content_type ? { content_type: options.content_type } : {}), ...(options.download_name ? { download_name: options.download_name } : {}) },
      now,
    );
  const signVideo = (video: MediaRecord & { file_key: string }) => sign(video.file_key, { content_type: video.content_type });

  const loopIds = [row.intro_loop_media_id, row.outro_loop_media_id].filter((id): id is string => id !== null);
  const isPremiere = row.is_premiere && PREMIERE_STATES.has(row.state);
  const [loopRows, liveSince] = await Promise.all([
    loopIds.length > 0 ? database.select().from(media).where(and(inArray(media.id, loopIds), eq(media.organization_id, row.organization_id))) : Promise.resolve([]),
    // One call to the room, for a premiere only: its media time 0 (the room creates itself if needed, as its alarm would).
    isPremiere ? webcastRoomStub(env, webcastId).snapshot(webcastId).then((snapshot) => snapshot.state.live_since) : Promise.resolve(null),
  ]);
  const loopOf = async (id: string | null): Promise<PlaybackLoop | null> => {
    const video = loopRows.find((candidate) => candidate.id === id);
    if (!playable(video, row.organization_id)) return null;
    return { url: await signVideo(video), duration_s: playedSeconds(video), loop_mode: video.loop_mode, poster_url: video.poster_key ? await sign(video.poster_key) : null, edition: video.edition };
  };

  const posterUrl = brandingImageUrl(row.id, row.cover_key) ?? brandingImageUrl(row.id, row.banner_key);
  const base = {
    loops: { intro: await loopOf(row.intro_loop_media_id), outro: await loopOf(row.outro_loop_media_id) },
    audio_only: row.event_type === "audio",
    poster_overlay: row.attendee_options.poster_overlay ?? false,
    poster_url: posterUrl,
    // No captions exist in the product yet (no upload nor table for them): the player renders a
    // <track> for each one answered here once they do.
    captions: [],
    urls_expire_at: new Date(now + PLAYBACK_URL_TTL_S * 1000).toISOString(),
  } satisfies Omit<PlaybackData, "kind">;

  if (isPremiere) {
    const items: PremiereItem[] = [];
    for (const { video } of playlist) {
      if (!playable(video, row.organization_id)) continue;
      items.push({
        media_id: video.id,
        duration_s: playedSeconds(video),
        url: await signVideo(video),
        poster_url: video.poster_key ? await sign(video.poster_key) : null,
        width: video.width,
        height: video.height,
        edition: video.edition,
      });
    }
    return { kind: "premiere", premiere: { live_since: liveSince, items }, ...base };
  }
  if (!row.is_premiere && LIVE_STATES.has(row.state)) {
    // Live video does not exist yet: no HLS source is configured anywhere, so there is no URL to give.
    return { kind: "live", live: { hls_url: null }, ...base };
  }
  if (row.state === "canceled") return { kind: "none", reason: "canceled", ...base };

  // Archived: the replay (SPEC §3 replay, §4 archive processing → ready → expired).
  const status = archive ? archiveStatusAt(archive, now) : null;
  const unavailable: PlaybackUnavailable | null = !row.replay_enabled || !archive || !archive.file_key ? "replay_unavailable" : status === "expired" ? "replay_expired" : status === "processing" ? "replay_processing" : null;
  if (unavailable || !archive?.file_key) return { kind: "none", reason: unavailable ?? "replay_unavailable", ...base };
  const cut: MediaEdition | null = edition ? { start: edition.start, end: edition.end, cuts: edition.cuts } : null;
  const downloadable = row.vod_download && hasFeature({ self_serve: found.self_serve, features: found.features }, "allow_replay_download");
  return {
    kind: "replay",
    replay: {
      url: await sign(archive.file_key, { content_type: archive.content_type }),
      duration_s: cut ? editedDuration(cut) : (archive.duration ?? 0),
      edition: cut,
      download_url: downloadable ? await sign(archive.file_key, { content_type: archive.content_type, download_name: replayFileName(row.event_title, archive.content_type) }) : null,
      expires_at: archive.expires_at,
    },
    ...base,
  };
}
