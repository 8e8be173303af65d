import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { PlaybackData } from "../../../domain/viewer-page/playback.ts";
import { webcastRoomStub } from "../../../durable/stubs.ts";
import { randomToken } from "../../auth/tokens.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { bytes, insertArchive, insertVideo } from "../archive/testing.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { mintRoomToken } from "../webcast-room/room-token.ts";
import { expectRoomTokenRefused, roomTokenCases } from "../webcast-room/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { playbackPath, setPlaylist } from "./testing.ts";

beforeAll(seedDemo);

/** Nobody signed in: the room token is the credential. */
const browser = (locale: "en" | "fr" = "en") => new TestClient(locale);

async function playback(path: string): Promise<PlaybackData> {
  const response = await browser().get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json<{ data: PlaybackData }>()).data;
}

async function setup(fields: Parameters<typeof insertWebcast>[1] = {}, organization: Parameters<typeof createOrganization>[0] = {}) {
  const org = await createOrganization(organization);
  const webcast = await insertWebcast(org.id, { event_title: "Town hall: Q3", ...fields });
  return { org, webcast };
}

describe("GET /api/watch/:id/playback: the room token is the credential", () => {
  it("answers 401 in the spec's shape without a token, with a forged, expired or another webcast's one", async () => {
    const { webcast } = await setup({ state: "archived" });
    const { webcast: other } = await setup();
    const { good, forged, expired, foreign } = await roomTokenCases(webcast.id, other.id);
    const cases = [
      `/api/watch/${webcast.id}/playback`,
      `/api/watch/${webcast.id}/playback?token=`,
      await playbackPath(webcast.id, forged),
      await playbackPath(webcast.id, expired),
      await playbackPath(webcast.id, foreign),
      await playbackPath("not-a-uuid", good),
    ];
    for (const path of cases) await expectRoomTokenRefused(await browser("fr").get(path), path);
  });

  it("accepts a registered viewer's token as a guest's, and answers 404 for a webcast gone since", async () => {
    const { webcast } = await setup({ state: "archived" });
    const token = await mintRoomToken(env, { webcast_uid: webcast.id, viewer_id: "viewer_1" });
    expect((await playback(await playbackPath(webcast.id, token))).kind).toBe("none");
    const gone = uuidv7();
    expect((await browser().get(await playbackPath(gone))).status).toBe(404);
  });
});

describe("a premiere: the playlist at the room's shared position", () => {
  it("answers the videos in play order with working signed URLs, the room's live_since and the loops", async () => {
    const { org, webcast } = await setup({ is_premiere: true, state: "premiering" });
    const first = await insertVideo(org.id, { content: bytes(3000), duration: 12.5, width: 1920, height: 1080 });
    const posterKey = `tests/posters/${randomToken()}`;
    await env.MEDIA.put(posterKey, bytes(50), { httpMetadata: { contentType: "image/jpeg" } });
    const second = await insertVideo(org.id, { duration: 30, poster_key: posterKey });
    const fromArchive = await insertVideo(org.id, { duration: 600, source: "archive", edition: { start: 10, end: 100, cuts: [{ start: 20, end: 30 }] } });
    const failed = await insertVideo(org.id, { status: "failed" });
    await setPlaylist(webcast, [second.id, failed.id, first.id, fromArchive.id]);
    const intro = await insertVideo(org.id, { duration: 8, pre_webcast_loop: true, loop_mode: "repeat" });
    const outro = await insertVideo(org.id, { duration: 9, post_webcast_loop: true, loop_mode: "once" });
    await env.DB.prepare("UPDATE webcasts SET intro_loop_media_id = ?, outro_loop_media_id = ? WHERE id = ?").bind(intro.id, outro.id, webcast.id).run();

    const data = await playback(await playbackPath(webcast.id));
    expect(data.kind).toBe("premiere");
    const room = await webcastRoomStub(env, webcast.id).snapshot(webcast.id);
    expect(room.state.live_since).not.toBeNull();
    expect(data.premiere?.live_since).toBe(room.state.live_since);
    // The failed video is left out; the one made from an archive edition plays its 80 s.
    expect(data.premiere?.items.map((item) => [item.media_id, item.duration_s])).toEqual([
      [second.id, 30],
      [first.id, 12.5],
      [fromArchive.id, 80],
    ]);
    expect(data.premiere?.items[1]).toMatchObject({ width: 1920, height: 1080, poster_url: null, edition: null });
    expect(data.premiere?.items[2]?.edition).toEqual({ start: 10, end: 100, cuts: [{ start: 20, end: 30 }] });
    expect(data.loops.intro).toMatchObject({ duration_s: 8, loop_mode: "repeat" });
    expect(data.loops.outro).toMatchObject({ duration_s: 9, loop_mode: "once" });
    expect(data).toMatchObject({ audio_only: false, poster_overlay: false, captions: [] });
    expect(Date.parse(data.urls_expire_at) - Date.now()).toBeGreaterThan(5.9 * 3600_000);

    // The URLs work without a session: a whole file, a range, a poster.
    const whole = await browser().get(data.premiere?.items[1]?.url ?? "");
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes(3000));
    const part = await browser().request(data.premiere?.items[1]?.url ?? "", { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes(3000).slice(100, 200));
    expect((await browser().get(data.premiere?.items[0]?.poster_url ?? "")).status).toBe(200);
    expect((await browser().get(data.loops.intro?.url ?? "")).status).toBe(200);
  });

  it("before the start: no live_since yet, the intro loop to play", async () => {
    const { org, webcast } = await setup({ is_premiere: true, state: "upcoming", event_start_date_time: new Date(Date.now() + 3600_000).toISOString() });
    const video = await insertVideo(org.id, { duration: 20 });
    await setPlaylist(webcast, [video.id]);
    const data = await playback(await playbackPath(webcast.id));
    expect(data.kind).toBe("premiere");
    expect(data.premiere?.live_since).toBeNull();
    expect(data.premiere?.items).toHaveLength(1);
    expect(data.loops).toEqual({ intro: null, outro: null });
  });

  it("never plays another organization's video as a loop", async () => {
    const { webcast } = await setup({ is_premiere: true, state: "upcoming", event_start_date_time: new Date(Date.now() + 3600_000).toISOString() });
    const stranger = await createOrganization();
    const theirs = await insertVideo(stranger.id, { duration: 5 });
    await env.DB.prepare("UPDATE webcasts SET intro_loop_media_id = ? WHERE id = ?").bind(theirs.id, webcast.id).run();
    expect((await playback(await playbackPath(webcast.id))).loops.intro).toBeNull();
  });
});

describe("the replay", () => {
  it("plays a ready archive with its newest edition; download only when the webcast and the organization allow it", async () => {
    const { webcast } = await setup({ state: "archived", vod_download: true }, { features: { allow_replay_download: true } });
    await insertArchive(webcast, { content: bytes(2500) });
    const at = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    for (const [start, end, created] of [
      [0, 50, at(60)],
      [5, 500, at(30)],
    ] as const) {
      await env.DB.prepare("INSERT INTO archive_editions (id, webcast_id, start, end, cuts, add_to_gallery, signature, created_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)")
        .bind(uuidv7(), webcast.id, start, end, JSON.stringify([{ start: 100, end: 160 }].filter((cut) => cut.end <= end)), `${start}-${end}`, created)
        .run();
    }
    const data = await playback(await playbackPath(webcast.id));
    expect(data.kind).toBe("replay");
    expect(data.replay).toMatchObject({ duration_s: 435, edition: { start: 5, end: 500, cuts: [{ start: 100, end: 160 }] } });
    expect(data.replay?.expires_at).toBeTruthy();
    const played = await browser().get(data.replay?.url ?? "");
    expect(played.status).toBe(200);
    expect(played.headers.get("Content-Disposition")).toBe("inline");
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(bytes(2500));
    const download = await browser().get(data.replay?.download_url ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toContain("attachment");
    expect(download.headers.get("Content-Disposition")).toContain("replay.mp4");
  });

  it("has no download link without vod_download or without the organization's allow_replay_download", async () => {
    const { webcast: notAsked } = await setup({ state: "archived", vod_download: false }, { features: { allow_replay_download: true } });
    const { webcast: notAllowed } = await setup({ state: "archived", vod_download: true }, { features: { allow_replay_download: false } });
    for (const webcast of [notAsked, notAllowed]) {
      await insertArchive(webcast);
      const data = await playback(await playbackPath(webcast.id));
      expect(data.kind).toBe("replay");
      expect(data.replay).toMatchObject({ duration_s: 600, edition: null, download_url: null });
    }
  });

  it("answers kind none with the reason: expired, still processing, no archive, replay turned off, canceled", async () => {
    const expired = await setup({ state: "archived", vod_download: true }, { features: { allow_replay_download: true } });
    await insertArchive(expired.webcast, { expires_at: new Date(Date.now() - 1000).toISOString() });
    const processing = await setup({ state: "archived" });
    await insertArchive(processing.webcast, { status: "processing" });
    const none = await setup({ state: "archived" });
    const off = await setup({ state: "archived", replay_enabled: false });
    await insertArchive(off.webcast);
    const canceled = await setup({ state: "canceled" });
    for (const [{ webcast }, reason] of [
      [expired, "replay_expired"],
      [processing, "replay_processing"],
      [none, "replay_unavailable"],
      [off, "replay_unavailable"],
      [canceled, "canceled"],
    ] as const) {
      const data = await playback(await playbackPath(webcast.id));
      expect(data, reason).toMatchObject({ kind: "none", reason });
      expect(data.replay).toBeUndefined();
    }
  });
});

describe("a live webcast", () => {
  it("has no HLS source yet, and says when the webcast is audio only", async () => {
    const { webcast } = await setup({ state: "live", event_type: "audio", attendee_options: { ask_questions: true, view_resources: true, view_details: true, switch_language: false, poster_overlay: true, question_wall: false } });
    const data = await playback(await playbackPath(webcast.id));
    expect(data).toMatchObject({ kind: "live", live: { hls_url: null }, audio_only: true, poster_overlay: true, poster_url: null });
    expect(data.premiere).toBeUndefined();
  });
});
