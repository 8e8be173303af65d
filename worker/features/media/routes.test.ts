import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateMediaArgs } from "../../../domain/media/mutators.ts";
import { sampleWebm } from "../../../domain/media/sample-video.ts";
import type { PushResponse } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { db } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertFileResource } from "../resources/testing.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { MediaAnswer } from "./routes.ts";
import { JPEG, insertMedia, uploadForMedia, uploadKey } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type PlaylistEntry = { id: string; media_id: string; position: number; media: MediaAnswer };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf<T = MediaAnswer>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: T }>()).data;
}

/** The first `length` bytes of a signed URL, fetched signed out with a Range header (as `<video>` does). */
async function rangeOf(url: string | null, length: number): Promise<{ response: Response; bytes: number[] }> {
  expect(url).not.toBeNull();
  const response = await new TestClient().request(url ?? "", { headers: { Range: `bytes=0-${length - 1}` } });
  return { response, bytes: [...new Uint8Array(await response.arrayBuffer())] };
}

async function setup() {
  const org = await createOrganization();
  return { org, organizer: await org.as("organizer") };
}

/** A library video made as a browser makes it: `createMedia` pushed through the sync route. */
async function pushCreateMedia(client: TestClient, organizationId: number): Promise<string> {
  const now = new Date().toISOString();
  const args: CreateMediaArgs = { id: uuidv7(), organization_id: organizationId, title: " Keynote ", now };
  const response = await client.post("/api/sync/push", { mutations: [{ id: uuidv7(), name: "createMedia", args, client_time: now }] });
  expect((await response.json<PushResponse>()).results[0]?.status).toBe("applied");
  return args.id;
}

function attach(client: TestClient, mediaId: string, body: Record<string, unknown>): Promise<Response> {
  return client.request(`/api/media/${mediaId}/file`, { method: "POST", json: body });
}

describe("POST /api/media/:id/file", () => {
  it("takes a completed WebM and its poster, reads it (processed, 2 s, 160×90) and answers signed URLs that open the bytes", { timeout: 15_000 }, async () => {
    const { org, organizer } = await setup();
    const id = await pushCreateMedia(organizer, org.id);
    const webm = sampleWebm();
    const video = await uploadForMedia(organizer, { id, organization_id: org.id }, "video", webm, "talk.webm");
    const poster = await uploadForMedia(organizer, { id, organization_id: org.id }, "image", JPEG, "poster.jpg");

    const taken = await dataOf(await attach(organizer, id, { upload_id: video.id, poster_upload_id: poster.id }));
    expect(taken).toMatchObject({ id, title: "Keynote", status: "processed", failure_reason: null, width: 160, height: 90, file_name: "talk.webm", size: webm.length, content_type: "video/webm" });
    expect(taken.duration).toBeGreaterThan(1.5);
    expect(taken.duration).toBeLessThan(2.5);
    expect(taken).not.toHaveProperty("file_key");
    expect(taken).not.toHaveProperty("poster_key");
    // Logged as a change (devices pull the processed row), and the uploads are taken.
    expect((await changeLog(id)).map((entry) => entry.op)).toEqual(["put"]);
    const taken_uploads = await db(env.DB).select({ attached: uploads.attached }).from(uploads).where(eq(uploads.target_id, id));
    expect(taken_uploads).toEqual([{ attached: true }, { attached: true }]);

    const file = await rangeOf(taken.file_url, 100);
    expect(file.response.status).toBe(206);
    expect(file.response.headers.get("Content-Type")).toBe("video/webm");
    expect(file.response.headers.get("Content-Range")).toBe(`bytes 0-99/${webm.length}`);
    expect(file.bytes).toEqual([...webm.slice(0, 100)]);
    const image = await rangeOf(taken.poster_url, 4);
    expect(image.response.status).toBe(206);
    expect(image.response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.bytes).toEqual([...JPEG.slice(0, 4)]);

    const read = await dataOf(await organizer.get(`/api/media/${id}`));
    expect(read).toMatchObject({ id, status: "processed", width: 160, height: 90, duration: taken.duration });
    expect((await rangeOf(read.file_url, 10)).bytes).toEqual([...webm.slice(0, 10)]);
  });

  it("fails a text file with a video signature (no_tracks), a cut recording (no_duration), and one the browser could not decode (not_decodable)", async () => {
    const { org, organizer } = await setup();
    const text = new TextEncoder().encode(`\0\0\0\x18ftypisom\0\0\x02\0${"Agenda: 10:00 opening. ".repeat(200)}`);
    const broken = await insertMedia(org.id);
    const upload = await uploadForMedia(organizer, broken, "video", text, "notes.txt");
    const failed = await dataOf(await attach(organizer, broken.id, { upload_id: upload.id }));
    expect(failed).toMatchObject({ status: "failed", failure_reason: "no_tracks", duration: null, width: null, height: null, content_type: "video/mp4" });
    expect(failed.file_url).not.toBeNull();

    const webm = sampleWebm();
    const cut = await insertMedia(org.id);
    const half = await uploadForMedia(organizer, cut, "video", webm.slice(0, Math.floor(webm.length / 2)), "cut.webm");
    expect(await dataOf(await attach(organizer, cut.id, { upload_id: half.id }))).toMatchObject({ status: "failed", failure_reason: "no_duration" });

    const opaque = await insertMedia(org.id);
    const whole = await uploadForMedia(organizer, opaque, "video", webm, "talk.webm");
    const refused = await dataOf(await attach(organizer, opaque.id, { upload_id: whole.id, not_decodable: true }));
    expect(refused).toMatchObject({ status: "failed", failure_reason: "not_decodable", poster_url: null });
    expect(refused.duration).toBeGreaterThan(1.5);
  });

  // mediabunny 1.61 (the latest) looped forever in its Matroska `resync` on such a file (a last
  // chunk of exactly 8 bytes neither scanned nor left): scripts/patch-mediabunny.mjs fixes it at install.
  it("fails a WebM whose header is followed by junk (the first 60 bytes of a recording, then text) instead of hanging", async () => {
    const { org, organizer } = await setup();
    const junk = new Uint8Array(60 + 4_096);
    junk.set(sampleWebm().slice(0, 60));
    junk.set(new TextEncoder().encode("x".repeat(4_096)), 60);
    const video = await insertMedia(org.id);
    const upload = await uploadForMedia(organizer, video, "video", junk, "broken.webm");
    expect(await dataOf(await attach(organizer, video.id, { upload_id: upload.id }))).toMatchObject({ status: "failed" });
  });

  it("refuses an upload of another user, for another video, not completed, or of the wrong kind: 422 on upload_id (en, fr)", async () => {
    const { org, organizer } = await setup();
    const french = await org.as("organizer", "fr");
    const video = await insertMedia(org.id);
    const other = await insertMedia(org.id);
    const wrongUpload = { en: ["This upload was not made for this item."], fr: ["Ce téléversement n'a pas été fait pour cet élément."] };

    const byAdmin = await uploadForMedia(await org.as("admin"), video, "video", sampleWebm(), "a.webm");
    const en = await errorOf(await attach(organizer, video.id, { upload_id: byAdmin.id }), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "The file cannot be uploaded.", errors: { upload_id: wrongUpload.en } });
    const fr = await errorOf(await attach(french, video.id, { upload_id: byAdmin.id }), 422);
    expect(fr).toMatchObject({ message: "Le fichier ne peut pas être téléversé.", errors: { upload_id: wrongUpload.fr } });

    const forOther = await uploadForMedia(organizer, other, "video", sampleWebm(), "b.webm");
    expect((await errorOf(await attach(organizer, video.id, { upload_id: forOther.id }), 422)).errors).toEqual({ upload_id: wrongUpload.en });
    // A poster named as the video, and the video named as the poster.
    const poster = await uploadForMedia(organizer, video, "image", JPEG, "poster.jpg");
    expect((await errorOf(await attach(organizer, video.id, { upload_id: poster.id }), 422)).errors).toEqual({ upload_id: wrongUpload.en });
    const webm = await uploadForMedia(organizer, video, "video", sampleWebm(), "c.webm");
    expect((await errorOf(await attach(organizer, video.id, { upload_id: webm.id, poster_upload_id: webm.id }), 422)).errors).toEqual({ upload_id: wrongUpload.en });

    const started = await dataOf<{ id: string }>(await organizer.post("/api/uploads", { kind: "video", organization_id: org.id, target_id: video.id, file_name: "d.webm", size: 10_000 }), 201);
    expect((await errorOf(await attach(organizer, video.id, { upload_id: started.id }), 422)).errors).toEqual({ upload_id: ["The file has not finished uploading."] });
    expect((await errorOf(await attach(french, video.id, { upload_id: started.id }), 422)).errors).toEqual({ upload_id: ["Le fichier n'a pas fini d'être téléversé."] });
    expect((await errorOf(await attach(organizer, video.id, { upload_id: uuidv7() }), 422)).errors).toEqual({ upload_id: wrongUpload.en });
    expect((await errorOf(await attach(organizer, video.id, { upload_id: "nope" }), 422)).errors).toHaveProperty("upload_id");

    // Nothing was taken.
    expect(await dataOf(await organizer.get(`/api/media/${video.id}`))).toMatchObject({ status: "created", file_url: null, poster_url: null });
  });

  it("replaces the file and poster: the old objects are deleted from R2", async () => {
    const { org, organizer } = await setup();
    const video = await insertMedia(org.id);
    const first = await uploadForMedia(organizer, video, "video", sampleWebm(), "first.webm");
    const firstPoster = await uploadForMedia(organizer, video, "image", JPEG, "first.jpg");
    await dataOf(await attach(organizer, video.id, { upload_id: first.id, poster_upload_id: firstPoster.id }));
    const oldKeys = [await uploadKey(first), await uploadKey(firstPoster)];
    for (const key of oldKeys) expect(await env.MEDIA.head(key)).not.toBeNull();

    const second = await uploadForMedia(organizer, video, "video", sampleWebm(), "second.webm");
    const replaced = await dataOf(await attach(organizer, video.id, { upload_id: second.id }));
    expect(replaced).toMatchObject({ status: "processed", file_name: "second.webm", poster_url: null });
    for (const key of oldKeys) expect(await env.MEDIA.head(key)).toBeNull();
    expect(await env.MEDIA.head(await uploadKey(second))).not.toBeNull();
    // Taking the same file again (a retry) keeps it.
    await dataOf(await attach(organizer, video.id, { upload_id: second.id }));
    expect(await env.MEDIA.head(await uploadKey(second))).not.toBeNull();
  });

  it("needs media.manage in the video's organization: 401 signed out, 403 for a speaker, 404 for another tenant or an unknown video", async () => {
    const { org, organizer } = await setup();
    const video = await insertMedia(org.id);
    const upload = await uploadForMedia(organizer, video, "video", sampleWebm(), "a.webm");
    const speaker = await org.as("speaker");
    const outsider = await (await createOrganization()).as("owner");
    const anonymous = new TestClient();
    for (const [client, status] of [
      [speaker, 403],
      [outsider, 404],
      [anonymous, 401],
    ] as const) {
      await errorOf(await client.get(`/api/media/${video.id}`), status);
      await errorOf(await attach(client, video.id, { upload_id: upload.id }), status);
    }
    await errorOf(await organizer.get(`/api/media/${uuidv7()}`), 404);
    await errorOf(await organizer.get("/api/media/not-an-id"), 404);
    expect(await dataOf(await organizer.get(`/api/media/${video.id}`))).toMatchObject({ status: "created" });
  });
});

describe("GET and POST /api/webcasts/:id/premiere-videos", () => {
  const playlist = (client: TestClient, webcastId: string, media_ids: string[]) => client.post(`/api/webcasts/${webcastId}/premiere-videos`, { media_ids });

  it("sets the playlist in order, keeps the entries' ids when re-posted in another order, and answers it", async () => {
    const { org, organizer } = await setup();
    const webcast = await insertWebcast(org.id, { is_premiere: true });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertMedia(org.id, { status: "processed", duration: 60 })));
    if (!a || !b || !c) throw new Error("no videos");
    expect(await dataOf<PlaylistEntry[]>(await organizer.get(`/api/webcasts/${webcast.id}/premiere-videos`))).toEqual([]);

    const first = await dataOf<PlaylistEntry[]>(await playlist(organizer, webcast.id, [b.id, a.id, c.id]));
    expect(first.map(({ media_id, position }) => [media_id, position])).toEqual([
      [b.id, 0],
      [a.id, 1],
      [c.id, 2],
    ]);
    expect(first[0]?.media).toMatchObject({ id: b.id, status: "processed", duration: 60, file_url: null });
    const idOf = new Map(first.map((entry) => [entry.media_id, entry.id]));

    const second = await dataOf<PlaylistEntry[]>(await playlist(organizer, webcast.id, [c.id, b.id]));
    expect(second.map(({ id, media_id, position }) => [id, media_id, position])).toEqual([
      [idOf.get(c.id), c.id, 0],
      [idOf.get(b.id), b.id, 1],
    ]);
    expect(await dataOf<PlaylistEntry[]>(await organizer.get(`/api/webcasts/${webcast.id}/premiere-videos`))).toEqual(second);
    expect(await dataOf<PlaylistEntry[]>(await playlist(organizer, webcast.id, []))).toEqual([]);
  });

  it("refuses a webcast that is no premiere (409), a video not processed or of another organization (422, en and fr)", async () => {
    const { org, organizer } = await setup();
    const plain = await insertWebcast(org.id);
    const video = await insertMedia(org.id, { status: "processed", duration: 60 });
    expect((await errorOf(await playlist(organizer, plain.id, [video.id]), 409)).message).toBe("This webcast is not a premiere: it plays no videos.");

    const premiere = await insertWebcast(org.id, { is_premiere: true });
    const uploaded = await insertMedia(org.id, { status: "uploaded" });
    const foreign = await insertMedia((await createOrganization()).id, { status: "processed", duration: 60 });
    const refusal = await errorOf(await playlist(organizer, premiere.id, [video.id, uploaded.id, foreign.id]), 422);
    expect(refusal.errors).toEqual({
      "videos.1.media_id": ["This video is not ready yet: wait until it is processed."],
      "videos.2.media_id": ["This video is not in the organization's library."],
    });
    const french = await errorOf(await playlist(await org.as("organizer", "fr"), premiere.id, [uploaded.id]), 422);
    expect(french.errors).toEqual({ "videos.0.media_id": ["Cette vidéo n'est pas encore prête : attendez la fin de son traitement."] });
    expect(await dataOf<PlaylistEntry[]>(await organizer.get(`/api/webcasts/${premiere.id}/premiere-videos`))).toEqual([]);
  });

  it("counts the webcast's resource files and premiere videos against max_media", async () => {
    const org = await createOrganization({ limits: { max_media: 3 } });
    const organizer = await org.as("organizer");
    const webcast = await insertWebcast(org.id, { is_premiere: true });
    await insertFileResource(webcast);
    const videos = await Promise.all([1, 2, 3].map(() => insertMedia(org.id, { status: "processed", duration: 60 })));
    const ids = videos.map((video) => video.id);

    const refusal = await errorOf(await playlist(organizer, webcast.id, ids), 422);
    expect(refusal.code).toBe("validation_failed");
    expect(refusal.errors?.videos?.[0]).toMatch(/3/);
    expect(await dataOf<PlaylistEntry[]>(await playlist(organizer, webcast.id, ids.slice(0, 2)))).toHaveLength(2);
    // Full: swapping a video or reordering adds nothing and passes; one more does not.
    expect((await dataOf<PlaylistEntry[]>(await playlist(organizer, webcast.id, [ids[2] ?? "", ids[0] ?? ""]))).map((entry) => entry.media_id)).toEqual([ids[2], ids[0]]);
    await errorOf(await playlist(organizer, webcast.id, ids), 422);
  });

  it("needs webcasts.update to set and webcasts.view to read: 401 signed out, 403 for a speaker, 404 for another tenant", async () => {
    const { org } = await setup();
    const webcast = await insertWebcast(org.id, { is_premiere: true });
    const video = await insertMedia(org.id, { status: "processed", duration: 60 });
    const speaker = await org.as("speaker");
    const outsider = await (await createOrganization()).as("owner");
    for (const [client, status] of [
      [speaker, 403],
      [outsider, 404],
      [new TestClient(), 401],
    ] as const) {
      await errorOf(await client.get(`/api/webcasts/${webcast.id}/premiere-videos`), status);
      await errorOf(await playlist(client, webcast.id, [video.id]), status);
    }
    await errorOf(await (await org.as("admin")).get(`/api/webcasts/${uuidv7()}/premiere-videos`), 404);
  });
});
