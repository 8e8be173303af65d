import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { archiveFilePrefix } from "../../../domain/uploads/keys.ts";
import { db } from "../../db/client.ts";
import { archiveEditions, archives, media } from "../../db/schema/index.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { ArchiveInfo } from "./service.ts";
import { allowArchiveEdit, bytes, insertArchive, insertVideo } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf<T = ArchiveInfo>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: T }>()).data;
}

async function storedKeys(webcastId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: archiveFilePrefix(webcastId) })).objects.map((object) => object.key).sort();
}

async function setup(fields: { event_title?: string } = {}) {
  const org = await createOrganization();
  await allowArchiveEdit(org.id);
  const webcast = await insertWebcast(org.id, { event_title: fields.event_title ?? "Town hall: Q3" });
  return { org, webcast, organizer: await org.as("organizer"), base: `/api/webcasts/${webcast.id}` };
}

const edition = (start: number, end: number, cuts: [number, number][] = [], add_to_gallery = false) => ({ edition: { start, end, cuts: cuts.map(([a, b]) => ({ start: a, end: b })), add_to_gallery } });

describe("POST /api/webcasts/:id/archive and GET …/archive/info", () => {
  it("copies a processed library video as the archive (ready, hosted 12 months) and plays it through a signed URL", async () => {
    const { org, webcast, organizer, base } = await setup();
    expect(await dataOf(await organizer.get(`${base}/archive/info`))).toBeNull();
    const content = bytes(3000);
    const video = await insertVideo(org.id, { content, duration: 754.5 });
    const created = await dataOf(await organizer.post(`${base}/archive`, { media_id: video.id }), 201);
    expect(created).toMatchObject({ status: "ready", duration: 754.5, size: 3000, content_type: "video/mp4", media_id: video.id, editions: [] });
    const expires = new Date(created.created_at);
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    expect(created.expires_at).toBe(expires.toISOString());

    const keys = await storedKeys(webcast.id);
    expect(keys).toHaveLength(1);
    const [row] = await db(env.DB).select().from(archives).where(eq(archives.webcast_id, webcast.id));
    expect(row?.file_key).toBe(keys[0]);
    // A copy: the library keeps its own file.
    expect(await env.MEDIA.head(video.file_key)).not.toBeNull();

    const info = await dataOf(await organizer.get(`${base}/archive/info`));
    expect(info).toMatchObject({ status: "ready", duration: 754.5 });
    const played = await new TestClient().request(info.file_url ?? "", { headers: { Range: "bytes=100-199" } });
    expect(played.status).toBe(206);
    expect(played.headers.get("Content-Disposition")).toBe("inline");
    expect([...new Uint8Array(await played.arrayBuffer())]).toEqual([...content.slice(100, 200)]);
  });

  it("replaces the previous archive: its editions go, and its object unless a library video still plays it", async () => {
    const { org, webcast, organizer, base } = await setup();
    const first = await dataOf(await organizer.post(`${base}/archive`, { media_id: (await insertVideo(org.id)).id }), 201);
    await dataOf(await organizer.post(`${base}/archive/edit`, edition(0, 100)), 201);
    const [firstKey] = await storedKeys(webcast.id);

    const second = await dataOf(await organizer.post(`${base}/archive`, { media_id: (await insertVideo(org.id, { duration: 90 })).id }), 201);
    expect(second).toMatchObject({ status: "ready", duration: 90, editions: [] });
    expect(second.media_id).not.toBe(first.media_id);
    const keys = await storedKeys(webcast.id);
    expect(keys).toHaveLength(1);
    expect(keys).not.toContain(firstKey);

    // An edition added to the gallery keeps the recording it plays.
    await dataOf(await organizer.post(`${base}/archive/edit`, edition(0, 60, [], true)), 201);
    const [galleryKey] = await storedKeys(webcast.id);
    await dataOf(await organizer.post(`${base}/archive`, { media_id: (await insertVideo(org.id)).id }), 201);
    expect(await storedKeys(webcast.id)).toContain(galleryKey);
    expect(await storedKeys(webcast.id)).toHaveLength(2);
  });

  it("takes only a processed video of the webcast's organization (422, en and fr)", async () => {
    const { org, organizer, base } = await setup();
    const other = await createOrganization();
    const refused = [await insertVideo(other.id), await insertVideo(org.id, { status: "processing" })];
    for (const video of refused) {
      const error = await errorOf(await organizer.post(`${base}/archive`, { media_id: video.id }), 422);
      expect(error).toMatchObject({ message: "This video cannot become the archive.", errors: { media_id: ["Choose a processed video of this organization's library."] } });
    }
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`${base}/archive`, { media_id: "0196a0de-0001-7000-8000-000000000000" }), 422);
    expect(fr).toMatchObject({ message: "Cette vidéo ne peut pas devenir l'archive.", errors: { media_id: ["Choisissez une vidéo traitée de la vidéothèque de cette organisation."] } });
    expect((await errorOf(await organizer.post(`${base}/archive`, { media_id: "nope" }), 422)).errors).toHaveProperty("media_id");
    expect(await dataOf(await organizer.get(`${base}/archive/info`))).toBeNull();
  });

  it("answers a processing archive without a URL, and an expired one as expired (computed on read)", async () => {
    const { org, webcast, organizer, base } = await setup();
    await insertArchive(webcast, { status: "processing" });
    expect(await dataOf(await organizer.get(`${base}/archive/info`))).toMatchObject({ status: "processing", file_url: null });
    expect((await errorOf(await organizer.post(`${base}/archive/edit`, edition(0, 10)), 409)).message).toBe("The archive is still being processed: try again in a moment.");
    expect((await errorOf(await organizer.get(`${base}/replay/signed-url`), 409)).message).toBe("The replay has expired or is not available.");

    await db(env.DB).update(archives).set({ status: "ready", expires_at: new Date(Date.now() - 1000).toISOString() }).where(eq(archives.webcast_id, webcast.id));
    expect(await dataOf(await organizer.get(`${base}/archive/info`))).toMatchObject({ status: "expired", file_url: null });
    expect((await errorOf(await organizer.post(`${base}/archive/edit`, edition(0, 10)), 409)).message).toBe("This archive has expired: it is no longer hosted.");
    expect((await errorOf(await (await org.as("admin", "fr")).get(`${base}/replay/signed-url`), 409)).message).toBe("La rediffusion a expiré ou n'est pas disponible.");
  });
});

describe("POST /api/webcasts/:id/archive/edit", () => {
  it("records an edition normalized (cuts sorted, milliseconds) with what it plays, and refuses the same parameters (409, en and fr)", async () => {
    const { org, webcast, organizer, base } = await setup();
    await insertArchive(webcast);
    const info = await dataOf(await organizer.post(`${base}/archive/edit`, edition(10.0001, 500, [[100, 110], [50, 60]])), 201);
    expect(info.editions).toEqual([
      { id: expect.any(String), start: 10, end: 500, cuts: [{ start: 50, end: 60 }, { start: 100, end: 110 }], add_to_gallery: false, media_id: null, created_at: expect.any(String), duration: 470 },
    ]);
    const same = await errorOf(await organizer.post(`${base}/archive/edit`, edition(10, 500.0002, [[50, 60], [100, 110]], true)), 409);
    expect(same).toMatchObject({ code: "conflict", message: "There is another archive version with these same parameters." });
    const fr = await errorOf(await (await org.as("admin", "fr")).post(`${base}/archive/edit`, edition(10, 500, [[100, 110], [50, 60]])), 409);
    expect(fr.message).toBe("Il existe une autre version de l'archive avec ces mêmes paramètres.");
    // Other parameters are another version.
    expect((await dataOf(await organizer.post(`${base}/archive/edit`, edition(10, 500, [[50, 60]])), 201)).editions).toHaveLength(2);
    expect(await db(env.DB).select().from(archiveEditions).where(eq(archiveEditions.webcast_id, webcast.id))).toHaveLength(2);
  });

  it("adds the edition to the organization's library when asked: a video over the recording with the edit list", async () => {
    const { org, webcast, organizer, base } = await setup({ event_title: "Launch" });
    const { file_key } = await insertArchive(webcast);
    const info = await dataOf(await organizer.post(`${base}/archive/edit`, edition(30, 90, [[40, 45]], true)), 201);
    const [added] = info.editions;
    expect(added).toMatchObject({ add_to_gallery: true, media_id: expect.any(String), duration: 55 });
    const [video] = await db(env.DB)
      .select()
      .from(media)
      .where(eq(media.id, added?.media_id ?? ""));
    expect(video).toMatchObject({ organization_id: org.id, source: "archive", status: "processed", file_key, title: "Launch (00:00:30–00:01:30)", edition: { start: 30, end: 90, cuts: [{ start: 40, end: 45 }] } });
  });

  it("refuses an invalid edition with field errors (422, en and fr) and a malformed body", async () => {
    const { org, webcast, organizer, base } = await setup();
    await insertArchive(webcast);
    const en = await errorOf(await organizer.post(`${base}/archive/edit`, edition(-1, 700, [[20, 10], [5, 30], [40, 60], [50, 70]])), 422);
    expect(en).toMatchObject({
      code: "validation_failed",
      message: "Some fields of the archive version are invalid.",
      errors: {
        "edition.start": ["The start must be 0 or later."],
        "edition.end": ["The end may not be after the end of the recording (00:10:00)."],
        "edition.cuts.0": ["A cut must start before it ends."],
        "edition.cuts.3": ["This cut overlaps another one."],
      },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`${base}/archive/edit`, edition(100, 50)), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la version de l'archive sont invalides.", errors: { "edition.start": ["Le début doit précéder la fin."] } });
    const shape = await errorOf(await organizer.post(`${base}/archive/edit`, { edition: { start: "00:00:10", end: 20 } }), 422);
    expect(Object.keys(shape.errors ?? {})).toEqual(["edition.start"]);
    expect(await db(env.DB).select().from(archiveEditions).where(eq(archiveEditions.webcast_id, webcast.id))).toEqual([]);
  });

  it("needs an archive (404) and the organization's online archive editing (403)", async () => {
    const { organizer, base } = await setup();
    expect((await errorOf(await organizer.post(`${base}/archive/edit`, edition(0, 10)), 404)).message).toBe("This webcast has no archive.");
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    await insertArchive(webcast);
    const refused = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/archive/edit`, edition(0, 10)), 403);
    expect(refused.message).toBe("Online archive editing is not enabled for this organization.");
  });
});

describe("GET /api/webcasts/:id/replay/signed-url", () => {
  it("answers a short-lived URL downloading the recording as '<title> replay.mp4', ranges answered", async () => {
    const { webcast, organizer, base } = await setup({ event_title: "Town hall: Q3 / 2026" });
    const content = bytes(5000);
    await insertArchive(webcast, { content });
    const response = await organizer.get(`${base}/replay/signed-url`);
    expect(response.status).toBe(200);
    const { url, expires_at } = await response.json<{ url: string; expires_at: string }>();
    expect(url).toMatch(/^\/api\/files\/[\w-]+\.[\w-]+$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    const part = await new TestClient().request(url, { headers: { Range: "bytes=4990-" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe("bytes 4990-4999/5000");
    expect(part.headers.get("Content-Type")).toBe("video/mp4");
    expect(part.headers.get("Content-Disposition")).toBe(`attachment; filename="Town hall Q3 2026 replay.mp4"; filename*=UTF-8''Town%20hall%20Q3%202026%20replay.mp4`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...content.slice(4990)]);
  });

  it("refuses without a ready archive (409, en and fr: replay expired or unavailable)", async () => {
    const { org, base } = await setup();
    expect((await errorOf(await (await org.as("organizer")).get(`${base}/replay/signed-url`), 409)).message).toBe("The replay has expired or is not available.");
    expect((await errorOf(await (await org.as("owner", "fr")).get(`${base}/replay/signed-url`), 409)).message).toBe("La rediffusion a expiré ou n'est pas disponible.");
  });
});

describe("DELETE /api/webcasts/:id/archive", () => {
  it("deletes the archive, its editions and its object, unless a library video plays it; then 404", async () => {
    const { webcast, organizer, base } = await setup();
    const { file_key } = await insertArchive(webcast);
    await dataOf(await organizer.post(`${base}/archive/edit`, edition(0, 10)), 201);
    expect((await organizer.delete(`${base}/archive`)).status).toBe(204);
    expect(await dataOf(await organizer.get(`${base}/archive/info`))).toBeNull();
    expect(await db(env.DB).select().from(archiveEditions).where(eq(archiveEditions.webcast_id, webcast.id))).toEqual([]);
    expect(await env.MEDIA.head(file_key)).toBeNull();
    expect((await errorOf(await organizer.delete(`${base}/archive`), 404)).message).toBe("This webcast has no archive.");

    const kept = await insertArchive(webcast);
    await dataOf(await organizer.post(`${base}/archive/edit`, edition(0, 10, [], true)), 201);
    expect((await organizer.delete(`${base}/archive`)).status).toBe(204);
    expect(await env.MEDIA.head(kept.file_key)).not.toBeNull();
  });
});

describe("who may call the archive routes", () => {
  it("answers 404 to another organization's member, 403 to a speaker, 401 signed out; changes nothing", async () => {
    const { org, webcast, base } = await setup();
    await insertArchive(webcast);
    const video = await insertVideo(org.id);
    const calls: [string, string, unknown?][] = [
      ["GET", `${base}/archive/info`],
      ["GET", `${base}/replay/signed-url`],
      ["POST", `${base}/archive`, { media_id: video.id }],
      ["POST", `${base}/archive/edit`, edition(0, 10)],
      ["DELETE", `${base}/archive`],
    ];
    const outsider = await (await createOrganization()).as("owner");
    const speaker = await org.as("speaker");
    for (const [method, path, json] of calls) {
      expect((await outsider.request(path, { method, json })).status, `${method} ${path} as outsider`).toBe(404);
      expect((await speaker.request(path, { method, json })).status, `${method} ${path} as speaker`).toBe(403);
      expect((await new TestClient().request(path, { method, json })).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await outsider.get(`/api/webcasts/0196a0de-0001-7000-8000-000000000000/archive/info`)).status).toBe(404);
    expect(await db(env.DB).select().from(archiveEditions).where(eq(archiveEditions.webcast_id, webcast.id))).toEqual([]);
    expect((await dataOf(await (await org.as("organizer")).get(`${base}/archive/info`)))?.status).toBe("ready");
  });
});
