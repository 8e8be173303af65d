import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { permissionsFor } from "../../../domain/permissions/can.ts";
import { ALL_MUTATORS } from "../../../domain/sync/registry.ts";
import { applyPush } from "../../../domain/sync/server.ts";
import type { MutationActor } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { archiveFilePrefix, mediaFilePrefix, slidesFilePrefix } from "../../../domain/uploads/keys.ts";
import { seedDemo } from "../../test/client.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { changeLog, newOrganization, userIdOf, webcastRow } from "./testing.ts";

/**
 * The library (`media`), slide decks and premiere playlists on D1 (issue #17), through their
 * mutators and the D1 store: booleans as 0/1 and the edit list as JSON text read back as the domain
 * rows, a deleted video cascading out of the playlists, one deck per webcast under the unique index.
 */
let userId = 0;
beforeAll(async () => {
  await seedDemo();
  userId = await userIdOf("organizer@demo.test");
});

const NOW = new Date().toISOString();
const name = (letter: string) => letter.repeat(43);

async function organization() {
  const organizationId = await newOrganization();
  const store = new D1ServerStore(env.DB, organizationId);
  const actor: MutationActor = { id: userId, is_super_admin: false, permissions: permissionsFor([{ organization_id: organizationId, role: "organizer" }]) };
  const push = async (mutationName: string, args: unknown) => {
    const response = await applyPush(store, ALL_MUTATORS, actor, "en", [{ id: uuidv7(), name: mutationName, args, client_time: NOW }], NOW);
    expect(response.results.map((result) => (result.status === "rejected" ? result.error : result.status)), mutationName).toEqual(["applied"]);
  };
  const webcast = webcastRow(organizationId, userId, { is_premiere: true, state: "archived" });
  await store.commit({ userId, writes: [{ table: "webcasts", id: webcast.id, organization_id: organizationId, op: "put", row: webcast }], result: { id: uuidv7(), status: "applied" } });
  return { organizationId, store, push, webcast };
}

describe("the library, decks and playlists on D1", () => {
  it("read a video back as written: booleans from 0/1, the edit list from JSON", async () => {
    const { organizationId, store, push, webcast } = await organization();
    const id = uuidv7();
    await push("createMedia", { id, organization_id: organizationId, title: "Loop", pre_webcast_loop: true, loop_mode: "once", now: NOW });
    await push("attachMediaFile", { id, file_key: `${mediaFilePrefix(organizationId, id)}${name("v")}`, file_name: "loop.mp4", size: 10, content_type: "video/mp4", poster_key: null, now: NOW });
    await push("setMediaProcessing", { id, status: "processed", duration: 12.5, width: 1280, height: 720, now: NOW });
    expect(await store.read.get("media", id)).toMatchObject({ status: "processed", pre_webcast_loop: true, post_webcast_loop: false, loop_mode: "once", duration: 12.5, edition: null });

    const gallery = uuidv7();
    const edition = { start: 1.5, end: 90, cuts: [{ start: 10, end: 20 }] };
    const file_key = `${archiveFilePrefix(webcast.id)}${name("a")}`;
    await push("createGalleryMedia", { id: gallery, organization_id: organizationId, title: "Edited", file_key, content_type: "video/mp4", size: 99, duration: 120, edition, now: NOW });
    expect(await store.read.get("media", gallery)).toMatchObject({ source: "archive", status: "processed", edition, pre_webcast_loop: false });
    const stored = await env.DB.prepare("SELECT edition, pre_webcast_loop FROM media WHERE id = ?").bind(gallery).first<{ edition: string; pre_webcast_loop: number }>();
    expect(stored).toEqual({ edition: JSON.stringify(edition), pre_webcast_loop: 0 });
  });

  it("take a deleted video out of every playlist (a del per entry, in the same commit)", async () => {
    const { organizationId, store, push, webcast } = await organization();
    const videos = [uuidv7(), uuidv7()];
    for (const id of videos) {
      await push("createMedia", { id, organization_id: organizationId, title: "Clip", now: NOW });
      await push("attachMediaFile", { id, file_key: `${mediaFilePrefix(organizationId, id)}${name("v")}`, file_name: "clip.mp4", size: 10, content_type: "video/mp4", poster_key: null, now: NOW });
      await push("setMediaProcessing", { id, status: "processed", now: NOW });
    }
    const entries = videos.map((media_id) => ({ id: uuidv7(), media_id }));
    await push("setPremiereVideos", { webcast_id: webcast.id, videos: entries, now: NOW });
    expect((await store.read.list("premiere_videos", organizationId)).map((row) => [row.media_id, row.position])).toEqual([
      [videos[0], 0],
      [videos[1], 1],
    ]);

    await push("deleteMedia", { id: videos[0] });
    expect((await store.read.list("premiere_videos", organizationId)).map((row) => row.media_id)).toEqual([videos[1]]);
    const [gone] = entries;
    if (!gone) throw new Error("unreachable");
    const [entryDel] = await changeLog(gone.id);
    const [mediaDel] = await changeLog(videos[0] ?? "");
    expect(entryDel).toMatchObject({ op: "del", organization_id: organizationId });
    expect(mediaDel).toMatchObject({ op: "del", organization_id: organizationId });
    expect(entryDel?.seq).toBeLessThan(mediaDel?.seq ?? 0);
  });

  it("keep one deck per webcast: a new deck replaces the old one in one commit", async () => {
    const { organizationId, store, push, webcast } = await organization();
    const deck = (id: string) => ({ id, webcast_id: webcast.id, file_key: `${slidesFilePrefix(webcast.id, id)}${name("s")}`, file_name: "deck.pdf", size: 5, page_count: 3, now: NOW });
    const [first, second] = [uuidv7(), uuidv7()];
    await push("setSlides", deck(first));
    await push("approveSlides", { id: first, now: NOW });
    expect(await store.read.get("slides", first)).toMatchObject({ approved: true, approved_at: NOW });
    await push("setSlides", deck(second));
    expect((await store.read.list("slides", organizationId)).map((row) => [row.id, row.approved])).toEqual([[second, false]]);
    expect(await changeLog(first)).toMatchObject([{ op: "del" }]);
  });
});
