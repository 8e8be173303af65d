import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { sweepBrandingImages } from "./images.ts";
import { sniffImageType } from "../../../domain/media/image-type.ts";
import { PNG, insertWebcast, insertWebcastWithLogo } from "../webcasts/testing.ts";
import { type WebcastJson } from "../../../domain/webcasts/webcast-json.ts";
import { brandingPrefix } from "../../../domain/branding/images.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type One = { data: WebcastJson };

beforeAll(seedDemo);

function branding(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const png = (name = "logo.png") => new File([PNG], name, { type: "image/png" });

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
  it("stores the images in R2 and sets theme, title colour and image URLs in one change", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const data = await dataOf(await organizer.request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ theme: "dark", title_color: "#1D4ED8", logo: png(), banner: png("banner.png") }) }));
    expect(data).toMatchObject({ theme: "dark", title_color: "#1d4ed8", cover_url: null });
    expect(data.logo_url).toMatch(new RegExp(`^/api/webcasts/${row.id}/branding/logo-[A-Za-z0-9_-]{43}$`));
    expect(data.banner_url).toMatch(/\/branding\/banner-/);
    expect(await storedKeys(row.id)).toHaveLength(2);
    expect((await changeLog(row.id)).map((entry) => entry.op)).toEqual(["put"]);

    // Served to anyone (the participant landing), as stored, with a type that cannot be sniffed into HTML.
    const image = await new TestClient().get(data.logo_url ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it("replaces an image (the old object goes, its URL stops answering) and removes one with remove_<image>=1", async () => {
    const org = await createOrganization();
    const { row, key, url } = await insertWebcastWithLogo(org.id);
    const organizer = await org.as("organizer");
    const replaced = await dataOf(await organizer.request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ logo: png(), cover: png("cover.webp") }) }));
    expect(replaced.logo_url).not.toBe(url);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await new TestClient().get(url)).status).toBe(404);

    const removed = await dataOf(await organizer.request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ remove_cover: "1", remove_logo: "1" }) }));
    expect(removed).toMatchObject({ logo_url: null, cover_url: null });
    expect(await storedKeys(row.id)).toEqual([]);
  });

  it("refuses what is not an image, a file over 5 MB, a bad theme and an image both sent and removed (422, English and French); nothing is stored", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const disguised = new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" });
    const en = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ logo: disguised, theme: "../x", cover: png(), remove_cover: "1" }) }), 422);
    expect(en.errors).toEqual({
      logo: ["The image must be a JPEG, PNG, GIF, WebP or AVIF file."],
      cover: ["Send a new image or remove it, not both."],
      theme: ["This field may only contain letters, digits, dashes and underscores."],
    });
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], "banner.png", { type: "image/png" });
    const fr = await errorOf(await (await org.as("organizer", "fr")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ banner: big }) }), 422);
    expect(fr).toMatchObject({ message: "Les données fournies sont invalides.", errors: { banner: ["Le fichier ne peut pas dépasser 5 Mo."] } });
    expect(await storedKeys(row.id)).toEqual([]);
  });

  it("discards the stored images when the change is refused (a bad title colour), and refuses unknown fields", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer", "fr");
    const refused = await errorOf(await organizer.request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ logo: png(), title_color: "blue" }) }), 422);
    expect(refused).toMatchObject({ message: "Certains champs du webcast sont invalides.", errors: { title_color: ["La couleur du titre doit ressembler à #1d4ed8."] } });
    expect(await storedKeys(row.id)).toEqual([]);
    const unknown = await errorOf(await organizer.request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: branding({ logo_key: "webcasts/x" }) }), 422);
    expect(Object.keys(unknown.errors ?? {})).toEqual(["_"]);
    expect(await changeLog(row.id)).toEqual([]);
  });

  it("needs webcasts.update before reading the files: other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const body = () => branding({ logo: png() });
    expect((await (await clientFor("owner@other.test")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: body() })).status).toBe(404);
    expect((await errorOf(await (await org.as("speaker")).request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: body() }), 403)).code).toBe("forbidden");
    expect((await new TestClient().request(`/api/webcasts/${row.id}/branding`, { method: "POST", body: body() })).status).toBe(401);
    expect(await storedKeys(row.id)).toEqual([]);
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

  it("sweeps objects the webcast no longer points at, sparing uploads still in flight", async () => {
    const org = await createOrganization();
    const { row, key } = await insertWebcastWithLogo(org.id);
    const prefix = brandingPrefix(row.id);
    const [replaced, inFlight] = [`${prefix}cover-${"r".repeat(20)}`, `${prefix}banner-${"f".repeat(20)}`];
    await env.MEDIA.put(replaced, PNG);
    await env.MEDIA.put(inFlight, PNG);
    await sweepBrandingImages(env.MEDIA, row, new Set([replaced]));
    expect(await storedKeys(row.id)).toEqual([inFlight, key].sort());
    await sweepBrandingImages(env.MEDIA, row, new Set(), Date.now() + 11 * 60_000);
    expect(await storedKeys(row.id)).toEqual([key]);
  });
});
