import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { UPLOAD_PART_BYTES } from "../../../domain/uploads/rules.ts";
import { db } from "../../db/client.ts";
import { uploadParts, uploads } from "../../db/schema/index.ts";
import { type TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../speakers/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { sweepUploads } from "./service.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf<T = UploadAnswer>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: T }>()).data;
}

/** `size` bytes starting with `head` (the rest a pattern, so parts differ). */
function fileBytes(head: string | Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31) & 0xff;
  bytes.set(typeof head === "string" ? new TextEncoder().encode(head) : head);
  return bytes;
}

/** SHA-256 in hex (comparing 16 MB arrays with toEqual exhausts workerd's heap). */
async function digest(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0]);

function putPart(client: TestClient, upload: UploadAnswer, bytes: Uint8Array, part: number): Promise<Response> {
  const start = (part - 1) * upload.part_bytes;
  return client.request(`/api/uploads/${upload.id}/parts/${part}`, { method: "PUT", body: bytes.slice(start, Math.min(bytes.length, start + upload.part_bytes)) });
}

async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  return { org, webcast, organizer: await org.as("organizer") };
}

describe("the upload path: POST /api/uploads, PUT …/parts/{n}, GET, complete, DELETE", () => {
  it("uploads a video in parts, in any order, lists the parts it holds (resume), and completes one R2 object of the sniffed type", async () => {
    const { org, organizer } = await setup();
    const bytes = fileBytes(MP4_HEAD, UPLOAD_PART_BYTES + 1_000);
    const target = uuidv7();
    const upload = await dataOf(
      await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: target, file_name: "talk.mp4", size: bytes.length, content_type: "video/mp4" } }),
      201,
    );
    expect(upload).toMatchObject({ kind: "video", target_id: target, organization_id: org.id, webcast_id: null, part_bytes: UPLOAD_PART_BYTES, part_count: 2, status: "uploading", parts: [] });
    expect(upload).not.toHaveProperty("key");

    expect(await dataOf(await putPart(organizer, upload, bytes, 2))).toEqual({ part_number: 2, size: 1_000 });
    // What a resumed upload reads: the server holds part 2 only.
    expect((await dataOf(await organizer.get(`/api/uploads/${upload.id}`))).parts).toEqual([{ part_number: 2, size: 1_000 }]);
    // Sent twice (a retry after a cut): replaced, not doubled.
    await dataOf(await putPart(organizer, upload, bytes, 2));
    await dataOf(await putPart(organizer, upload, bytes, 1));

    const done = await dataOf(await organizer.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }));
    expect(done).toMatchObject({ status: "completed", content_type: "video/mp4", parts: [] });
    const [row] = await db(env.DB).select().from(uploads).where(eq(uploads.id, upload.id));
    const object = await env.MEDIA.get(row?.key ?? "");
    expect(row?.key.startsWith(`organizations/${org.id}/media/${target}/`)).toBe(true);
    expect(object?.size).toBe(bytes.length);
    expect(await digest(await (object as R2ObjectBody).arrayBuffer())).toBe(await digest(bytes));
    expect(await db(env.DB).select().from(uploadParts).where(eq(uploadParts.upload_id, upload.id))).toEqual([]);
    // Completing again (a retry) answers the same.
    expect(await dataOf(await organizer.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }))).toMatchObject({ status: "completed" });
  });

  it("stores the object with the type its bytes tell: a video declared as anything else starts again at part 1, and the parts sent before are asked again", async () => {
    const { org, organizer } = await setup();
    const bytes = fileBytes(MP4_HEAD, UPLOAD_PART_BYTES + 500);
    const upload = await dataOf(
      await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "talk.bin", size: bytes.length, content_type: "application/octet-stream" } }),
      201,
    );
    await dataOf(await putPart(organizer, upload, bytes, 2));
    await dataOf(await putPart(organizer, upload, bytes, 1));
    // Part 2 went to the R2 upload made with the declared type: it is asked for again.
    expect((await errorOf(await organizer.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }), 409)).errors?.parts).toEqual(["2"]);
    await dataOf(await putPart(organizer, upload, bytes, 2));
    expect(await dataOf(await organizer.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }))).toMatchObject({ status: "completed", content_type: "video/mp4" });
    const [row] = await db(env.DB).select().from(uploads).where(eq(uploads.id, upload.id));
    const object = await env.MEDIA.head(row?.key ?? "");
    expect(object?.httpMetadata?.contentType).toBe("video/mp4");
    expect(object?.size).toBe(bytes.length);
  });

  it("refuses a 6 GB file and an empty one before the first byte, in the user's language", async () => {
    const { org } = await setup();
    const french = await org.as("organizer", "fr");
    const english = await org.as("organizer");
    const six = 6 * 1024 ** 3;
    const body = (size: number) => ({ kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "big.mp4", size });
    const fr = await errorOf(await french.request("/api/uploads", { method: "POST", json: body(six) }), 422);
    expect(fr.errors?.size).toEqual(["Le fichier ne peut pas dépasser 5 Go."]);
    expect(fr.message).toBe("Le fichier ne peut pas être téléversé.");
    const en = await errorOf(await english.request("/api/uploads", { method: "POST", json: body(six) }), 422);
    expect(en.errors?.size).toEqual(["The file may not be larger than 5 GB."]);
    expect((await errorOf(await english.request("/api/uploads", { method: "POST", json: body(0) }), 422)).errors?.size).toEqual(["The file is empty."]);
    expect(await db(env.DB).select().from(uploads).where(eq(uploads.organization_id, org.id))).toEqual([]);
  });

  it("judges the type by the bytes of part 1: a PDF sent as a video is refused and the upload aborted", async () => {
    const { org, organizer } = await setup();
    const bytes = fileBytes("%PDF-1.7\n", 2_000);
    const upload = await dataOf(await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "talk.mp4", size: bytes.length, content_type: "video/mp4" } }), 201);
    const refusal = await errorOf(await putPart(organizer, upload, bytes, 1), 422);
    expect(refusal.errors?.file).toEqual(["This file is not a video: upload an MP4, MOV, WebM or MKV file (or an audio file)."]);
    expect((await dataOf(await organizer.get(`/api/uploads/${upload.id}`))).status).toBe("aborted");
    expect((await errorOf(await putPart(organizer, upload, fileBytes(MP4_HEAD, 2_000), 1), 409)).message).toBe("This upload is finished or canceled: start a new one.");
  });

  it("refuses PowerPoint decks by name and by content, asking for a PDF (en, fr); a producer speaker may upload a PDF deck", async () => {
    const { org, webcast } = await setup();
    const french = await org.as("organizer", "fr");
    const byName = await errorOf(await french.request("/api/uploads", { method: "POST", json: { kind: "slides", webcast_id: webcast.id, target_id: uuidv7(), file_name: "deck.pptx", size: 5_000 } }), 422);
    expect(byName.errors?.file_name).toEqual(["Les fichiers PowerPoint et Keynote ne peuvent pas être affichés tels quels : exportez la présentation en PDF et téléversez le PDF."]);
    const pptx = fileBytes("PK\x03\x04\x14\x00\x06\x00[Content_Types].xml ppt/presentation.xml", 3_000);
    const upload = await dataOf(await french.request("/api/uploads", { method: "POST", json: { kind: "slides", webcast_id: webcast.id, target_id: uuidv7(), file_name: "deck.pdf", size: pptx.length } }), 201);
    expect((await errorOf(await putPart(french, upload, pptx, 1), 422)).errors?.file?.[0]).toMatch(/exportez la présentation en PDF/);

    await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
    const producer = await org.as("speaker");
    const pdf = fileBytes("%PDF-1.4\n", 3_000);
    const deck = await dataOf(await producer.request("/api/uploads", { method: "POST", json: { kind: "slides", webcast_id: webcast.id, target_id: uuidv7(), file_name: "deck.pdf", size: pdf.length } }), 201);
    await dataOf(await putPart(producer, deck, pdf, 1));
    expect(await dataOf(await producer.request(`/api/uploads/${deck.id}/complete`, { method: "POST" }))).toMatchObject({ status: "completed", content_type: "application/pdf" });
  });

  it("refuses a part of the wrong size or number, and completing with parts missing (listed)", async () => {
    const { org, organizer } = await setup();
    const bytes = fileBytes(MP4_HEAD, UPLOAD_PART_BYTES + 10);
    const upload = await dataOf(await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "a.mp4", size: bytes.length } }), 201);
    expect((await errorOf(await organizer.request(`/api/uploads/${upload.id}/parts/2`, { method: "PUT", body: new Uint8Array(9) }), 422)).errors?.part).toEqual(["This part does not have the expected size."]);
    expect((await errorOf(await organizer.request(`/api/uploads/${upload.id}/parts/3`, { method: "PUT", body: new Uint8Array(10) }), 422)).errors?.part_number).toBeDefined();
    await dataOf(await putPart(organizer, upload, bytes, 2));
    const missing = await errorOf(await organizer.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }), 409);
    expect(missing.errors?.parts).toEqual(["1"]);
  });

  it("cancels: DELETE aborts the upload and frees its parts; the daily sweep aborts forgotten uploads", async () => {
    const { org, organizer } = await setup();
    const bytes = fileBytes(MP4_HEAD, 5_000);
    const upload = await dataOf(await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "a.mp4", size: bytes.length } }), 201);
    await dataOf(await putPart(organizer, upload, bytes, 1));
    expect((await organizer.request(`/api/uploads/${upload.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await dataOf(await organizer.get(`/api/uploads/${upload.id}`))).status).toBe("aborted");
    expect(await db(env.DB).select().from(uploadParts).where(eq(uploadParts.upload_id, upload.id))).toEqual([]);
    expect((await errorOf(await organizer.request(`/api/uploads/${upload.id}/complete`, { method: "POST" }), 409)).code).toBe("conflict");

    const old = await dataOf(await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "b.mp4", size: bytes.length } }), 201);
    await db(env.DB).update(uploads).set({ updated_at: new Date(Date.now() - 7 * 24 * 3_600_000).toISOString() }).where(eq(uploads.id, old.id));
    const swept = await sweepUploads(env.MEDIA, db(env.DB), Date.now());
    expect(swept.aborted).toBeGreaterThanOrEqual(1);
    expect((await dataOf(await organizer.get(`/api/uploads/${old.id}`))).status).toBe("aborted");
  });

  it("keeps uploads to their owner and tenants apart: 401, 404 for another user or organization, 403 without the permission", async () => {
    const { org, webcast, organizer } = await setup();
    const other = await createOrganization();
    const outsider = await other.as("organizer");
    const body = { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "a.mp4", size: 100 };
    expect((await errorOf(await outsider.request("/api/uploads", { method: "POST", json: body }), 404)).code).toBe("not_found");
    expect((await errorOf(await (await org.as("speaker")).request("/api/uploads", { method: "POST", json: body }), 403)).code).toBe("forbidden");
    expect((await errorOf(await outsider.request("/api/uploads", { method: "POST", json: { kind: "resource", webcast_id: webcast.id, target_id: uuidv7(), file_name: "a.txt", size: 10 } }), 404)).code).toBe("not_found");
    const upload = await dataOf(await organizer.request("/api/uploads", { method: "POST", json: body }), 201);
    const admin = await org.as("admin");
    expect((await errorOf(await admin.get(`/api/uploads/${upload.id}`), 404)).code).toBe("not_found");
    expect((await errorOf(await admin.request(`/api/uploads/${upload.id}/parts/1`, { method: "PUT", body: fileBytes(MP4_HEAD, 100) }), 404)).code).toBe("not_found");
    organizer.clearToken();
    const anonymous = await errorOf(await (await other.as("owner")).request("/api/uploads", { method: "POST", json: body }), 404);
    expect(anonymous.code).toBe("not_found");
  });

  it("refuses videos when the organization has video content disabled", async () => {
    const org = await createOrganization({ features: { allow_video_content: false } });
    const organizer = await org.as("organizer", "fr");
    const refusal = await errorOf(await organizer.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: org.id, target_id: uuidv7(), file_name: "a.mp4", size: 100 } }), 403);
    expect(refusal.message).toBe("Le contenu vidéo n'est pas activé pour cette organisation.");
  });
});
