import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { uploadFile } from "../uploads/testing.ts";
import { sweepBrandingImages } from "./images.ts";
import { sniffImageType } from "../../../domain/media/image-type.ts";
import { PNG, insertWebcast, insertWebcastWithLogo } from "../webcasts/testing.ts";
import { type WebcastJson } from "../../../domain/webcasts/webcast-json.ts";
import { brandingPrefix } from "../../../domain/branding/images.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { db } from "../../db/client.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type One = { data: WebcastJson };

beforeAll(seedDemo);

const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");

/** A completed branding upload of `bytes` for the webcast, made by `client`. */
async function brandingUpload(client: TestClient, webcastId: string, name = "logo.png", bytes: Uint8Array = PNG): Promise<string> {
  return (await uploadFile(client, { kind: "branding", webcast_id: webcastId, target_id: webcastId, bytes, name })).id;
}

const post = (client: TestClient, uid: string, json: Record<string, unknown>) => client.request(`/api/webcasts/${uid}/branding`, { method: "POST", json });

function multipart(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

async function storedKeys(uid: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: brandingPrefix(uid) })).objects.map((object) => object.key).sort();
}

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf(response: Response): Promise<WebcastJson> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<One>()).data;
}

describe("POST /api/webcasts/:id/branding", () => {
  it("takes uploaded images and sets theme, title colour and image URLs in one change", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const logo = await brandingUpload(organizer, row.id);
    const banner = await brandingUpload(organizer, row.id, "banner.png");
    const data = await dataOf(await post(organizer, row.id, { theme: "dark", title_color: "#1D4ED8", logo_upload_id: logo, banner_upload_id: banner }));
    expect(data).toMatchObject({ theme: "dark", title_color: "#1d4ed8", cover_url: null });
    expect(data.logo_url).toMatch(new RegExp(`^/api/webcasts/${row.id}/branding/image-[A-Za-z0-9_-]{43}$`));
    expect(data.banner_url).toMatch(/\/branding\/image-/);
    expect(await storedKeys(row.id)).toHaveLength(2);
    expect((await changeLog(row.id)).map((entry) => entry.op)).toEqual(["put"]);

    // Served to anyone (the participant landing), with the type its bytes say, never sniffed into HTML.
    const image = await new TestClient().get(data.logo_url ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    // Sent again (the browser's finishing step ran twice): nothing changes.
    const log = await changeLog(row.id);
    const again = await dataOf(await post(organizer, row.id, { logo_upload_id: logo }));
    expect(again.logo_url).toBe(data.logo_url);
    expect(await changeLog(row.id)).toEqual(log);
  });

  it("replaces an image (the old object goes, its URL stops answering) and removes one with remove_<image>", async () => {
    const org = await createOrganization();
    const { row, key, url } = await insertWebcastWithLogo(org.id);
    const organizer = await org.as("organizer");
    const logo = await brandingUpload(organizer, row.id);
    const cover = await brandingUpload(organizer, row.id, "cover.png");
    const replaced = await dataOf(await post(organizer, row.id, { logo_upload_id: logo, cover_upload_id: cover }));
    expect(replaced.logo_url).not.toBe(url);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await new TestClient().get(url)).status).toBe(404);

    // Form data too (SPEC §7), booleans as a form sends them.
    const removed = await dataOf(await organizer.request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: multipart({ remove_cover: "1", remove_logo: "true" }) }));
    expect(removed).toMatchObject({ logo_url: null, cover_url: null });
    expect(await storedKeys(row.id)).toEqual([]);
    // A taken upload, replaced since, cannot point the webcast back at a deleted object.
    expect((await dataOf(await post(organizer, row.id, { logo_upload_id: logo }))).logo_url).toBeNull();
  });

  it("refuses an image file in the body: upload it first (422, English and French)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const png = new File([PNG], "logo.png", { type: "image/png" });
    const en = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: multipart({ theme: "dark", logo: png }) }), 422);
    expect(en).toMatchObject({ message: "Upload the image first (POST /api/uploads), then send its upload id.", errors: { logo: ["Upload the image first (POST /api/uploads), then send its upload id."] } });
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], "banner.png", { type: "image/png" });
    const fr = await errorOf(await (await org.as("organizer", "fr")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: multipart({ banner: big }) }), 422);
    expect(fr.errors).toEqual({ _: ["Téléversez d'abord l'image (POST /api/uploads), puis envoyez l'identifiant de son téléversement."] });
    const asText = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", json: { cover: "data:image/png;base64,AAAA" } }), 422);
    expect(Object.keys(asText.errors ?? {})).toEqual(["cover"]);
    expect(await storedKeys(row.id)).toEqual([]);
    expect(await changeLog(row.id)).toEqual([]);
  });

  it("refuses another user's upload, another webcast's, another kind's and an unfinished one (422 on <image>_upload_id, en and fr)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const other = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const admin = await org.as("admin");
    const theirs = await brandingUpload(admin, row.id);
    const elsewhere = await brandingUpload(organizer, other.id);
    const resource = (await uploadFile(organizer, { kind: "resource", webcast_id: row.id, bytes: PNG, name: "logo.png" })).id;
    const started = await organizer.post("/api/uploads", { kind: "branding", webcast_id: row.id, target_id: row.id, file_name: "logo.png", size: PNG.length });
    const unfinished = (await started.json<{ data: { id: string } }>()).data.id;
    const en = await errorOf(await post(organizer, row.id, { logo_upload_id: theirs, cover_upload_id: elsewhere, banner_upload_id: resource }), 422);
    expect(en.errors).toEqual({
      logo_upload_id: ["This upload was not made for this item."],
      cover_upload_id: ["This upload was not made for this item."],
      banner_upload_id: ["This upload was not made for this item."],
    });
    const fr = await errorOf(await post(await org.as("organizer", "fr"), row.id, { logo_upload_id: unfinished, cover_upload_id: uuidv7() }), 422);
    expect(fr.errors).toEqual({ logo_upload_id: ["Le fichier n'a pas fini d'être téléversé."], cover_upload_id: ["Ce téléversement n'a pas été fait pour cet élément."] });
    expect((await errorOf(await post(organizer, row.id, { logo_upload_id: "webcasts/x" }), 422)).errors).toEqual({ logo_upload_id: ["This is not an upload id."] });
    expect(await changeLog(row.id)).toEqual([]);
  });

  it("refuses a PDF as a branding image when its first part arrives, and a file over 5 MB before any byte", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer", "fr");
    await expect(brandingUpload(organizer, row.id, "logo.png", PDF)).rejects.toThrow("Ce fichier n'est pas une image JPEG, PNG, GIF, WebP ou AVIF.");
    const big = await errorOf(await organizer.post("/api/uploads", { kind: "branding", webcast_id: row.id, target_id: row.id, file_name: "banner.png", size: 5 * 1024 * 1024 + 1 }), 422);
    expect(big.errors).toEqual({ size: ["Le fichier ne peut pas dépasser 5 Mo."] });
    expect(await storedKeys(row.id)).toEqual([]);
  });

  it("refuses an upload sent with remove_<image>, a bad theme, and unknown fields; a refused change leaves the upload free to send again", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const logo = await brandingUpload(organizer, row.id);
    const en = await errorOf(await post(organizer, row.id, { logo_upload_id: logo, remove_logo: true }), 422);
    expect(en.errors).toEqual({ logo_upload_id: ["Send a new image or remove it, not both."] });
    expect((await errorOf(await post(organizer, row.id, { theme: "../x", logo_key: "webcasts/x" }), 422)).errors).toEqual({
      theme: ["This field may only contain letters, digits, dashes and underscores."],
      _: ["Unknown field: logo_key."],
    });
    const refused = await errorOf(await post(await org.as("organizer", "fr"), row.id, { logo_upload_id: logo, title_color: "blue" }), 422);
    expect(refused).toMatchObject({ message: "Certains champs du webcast sont invalides.", errors: { title_color: ["La couleur du titre doit ressembler à #1d4ed8."] } });
    expect(await changeLog(row.id)).toEqual([]);
    expect((await dataOf(await post(organizer, row.id, { logo_upload_id: logo }))).logo_url).toMatch(/\/branding\/image-/);
  });

  it("needs webcasts.update before reading the body: other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const json = { logo_upload_id: uuidv7() };
    expect((await post(await clientFor("owner@other.test"), row.id, json)).status).toBe(404);
    expect((await errorOf(await post(await org.as("speaker"), row.id, json), 403)).code).toBe("forbidden");
    expect((await post(new TestClient(), row.id, json)).status).toBe(401);
    // Nor may they upload a branding image for it.
    const start = { kind: "branding", webcast_id: row.id, target_id: row.id, file_name: "logo.png", size: PNG.length };
    expect((await (await org.as("speaker")).post("/api/uploads", start)).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).post("/api/uploads", start)).status).toBe(404);
  });
});

describe("GET /api/webcasts/:id/branding/:name", () => {
  it("serves only a current image of an existing webcast", async () => {
    const org = await createOrganization();
    const { row, key, url } = await insertWebcastWithLogo(org.id);
    expect((await new TestClient().get(url)).status).toBe(200);
    expect((await new TestClient().get(url.replace("/logo-", "/cover-"))).status).toBe(404);
    expect((await new TestClient().get(url.replace(row.id, "0194c4a0-0000-7000-8000-000000000000"))).status).toBe(404);
    await env.DB.prepare("UPDATE webcasts SET logo_key = NULL WHERE id = ?").bind(row.id).run();
    expect((await errorOf(await new TestClient("fr").get(url), 404)).message).toBe("Cette page ou ressource n'existe pas.");
    expect(await env.MEDIA.head(key)).not.toBeNull();
  });

  it("serves an uploaded image only once a change names it", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    await brandingUpload(organizer, row.id);
    const [key = ""] = await storedKeys(row.id);
    expect((await new TestClient().get(`/api/webcasts/${row.id}/branding/${key.slice(brandingPrefix(row.id).length)}`)).status).toBe(404);
  });
});

describe("branding storage", () => {
  it("recognizes images by their bytes, not their declared type", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a..."))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("\0\0\0\x1cftypavif"))).toBe("image/avif");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });

  it("sweeps objects the webcast no longer points at, sparing changes in flight and uploads not taken yet", async () => {
    const org = await createOrganization();
    const { row, key } = await insertWebcastWithLogo(org.id);
    const prefix = brandingPrefix(row.id);
    const [replaced, inFlight] = [`${prefix}cover-${"r".repeat(20)}`, `${prefix}banner-${"f".repeat(20)}`];
    await env.MEDIA.put(replaced, PNG);
    await env.MEDIA.put(inFlight, PNG);
    await brandingUpload(await org.as("organizer"), row.id);
    const waiting = (await storedKeys(row.id)).find((stored) => stored.startsWith(`${prefix}image-`));
    await sweepBrandingImages(env.MEDIA, db(env.DB), row, new Set([replaced]));
    expect(await storedKeys(row.id)).toEqual([inFlight, key, waiting].sort());
    await sweepBrandingImages(env.MEDIA, db(env.DB), row, new Set(), Date.now() + 11 * 60_000);
    expect(await storedKeys(row.id)).toEqual([key, waiting].sort());
  });
});
