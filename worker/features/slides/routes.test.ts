import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SlidesAnswer } from "../../../domain/slides/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../speakers/testing.ts";
import { changeLog } from "../sync/testing.ts";
import { uploadFile } from "../uploads/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf<T = SlidesAnswer>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: T }>()).data;
}

/** A PDF-looking file (the upload path judges it by its first bytes). */
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);

/** A deck's PDF uploaded by `client` for a new deck of `webcast` (kind slides, target a fresh deck id). */
function uploadDeck(client: TestClient, webcast: Pick<WebcastRow, "id">, bytes: Uint8Array, name = "deck.pdf"): Promise<UploadAnswer> {
  return uploadFile(client, { kind: "slides", webcast_id: webcast.id, target_id: uuidv7(), bytes, name });
}

async function keyOf(upload: UploadAnswer): Promise<string> {
  const [row] = await db(env.DB).select({ key: uploads.key }).from(uploads).where(eq(uploads.id, upload.id));
  return row?.key ?? "";
}

/** A webcast of a fresh organization whose speaker is its producer. */
async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
  return { org, webcast, producer: await org.as("speaker") };
}

describe("POST, GET and DELETE /api/webcasts/:id/slides, POST …/slides/approve", () => {
  it("a producer speaker uploads a PDF and sets it as the deck (not approved), answered with a signed URL that opens the PDF", async () => {
    const { webcast, producer } = await setup();
    const bytes = pdf("first deck");
    const upload = await uploadDeck(producer, webcast, bytes, "Keynote.pdf");
    const deck = await dataOf(await producer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 3 }), 201);
    expect(deck).toMatchObject({ id: upload.target_id, webcast_id: webcast.id, organization_id: webcast.organization_id, file_name: "Keynote.pdf", size: bytes.length, page_count: 3, approved: false, approved_at: null });
    expect(deck).not.toHaveProperty("file_key");
    expect((await changeLog(deck.id)).map((entry) => entry.op)).toEqual(["put"]);

    const file = await new TestClient().get(deck.file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(await dataOf(await producer.get(`/api/webcasts/${webcast.id}/slides`))).toMatchObject({ id: deck.id, page_count: 3, approved: false });
  });

  it("a second deck replaces the first (its object deleted); approve sets approved_at once; DELETE removes the deck and its object", async () => {
    const { org, webcast, producer } = await setup();
    const organizer = await org.as("organizer");
    expect(await dataOf(await organizer.get(`/api/webcasts/${webcast.id}/slides`))).toBeNull();
    const first = await uploadDeck(producer, webcast, pdf("first"));
    await dataOf(await producer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: first.id, page_count: 3 }), 201);
    const firstKey = await keyOf(first);
    expect(await env.MEDIA.head(firstKey)).not.toBeNull();

    const second = await uploadDeck(organizer, webcast, pdf("second"), "v2.pdf");
    const replaced = await dataOf(await organizer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: second.id, page_count: 12 }), 201);
    expect(replaced).toMatchObject({ id: second.target_id, file_name: "v2.pdf", page_count: 12, approved: false });
    expect(await env.MEDIA.head(firstKey)).toBeNull();
    expect((await changeLog(first.target_id)).map((entry) => entry.op)).toEqual(["del"]);

    const approved = await dataOf(await producer.post(`/api/webcasts/${webcast.id}/slides/approve`));
    expect(approved).toMatchObject({ id: second.target_id, approved: true, approved_at: expect.any(String) });
    const again = await dataOf(await organizer.post(`/api/webcasts/${webcast.id}/slides/approve`));
    expect(again.approved_at).toBe(approved.approved_at);

    const secondKey = await keyOf(second);
    expect((await producer.delete(`/api/webcasts/${webcast.id}/slides`)).status).toBe(204);
    expect(await dataOf(await producer.get(`/api/webcasts/${webcast.id}/slides`))).toBeNull();
    expect(await env.MEDIA.head(secondKey)).toBeNull();
    expect((await new TestClient().get(replaced.file_url)).status).toBe(404);
    // Nothing left to approve or delete.
    await errorOf(await producer.post(`/api/webcasts/${webcast.id}/slides/approve`), 404);
    await errorOf(await producer.delete(`/api/webcasts/${webcast.id}/slides`), 404);
  });

  it("refuses a page count of 0, an unknown upload, another webcast's or another user's (422, en and fr)", async () => {
    const { org, webcast, producer } = await setup();
    const upload = await uploadDeck(producer, webcast, pdf("deck"));
    const zero = await errorOf(await producer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 0 }), 422);
    expect(zero.errors).toHaveProperty("page_count");

    const wrong = { upload_id: ["This upload was not made for this item."] };
    expect((await errorOf(await producer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: uuidv7(), page_count: 3 }), 422)).errors).toEqual(wrong);
    const other = await insertWebcast(org.id);
    await insertSpeaker(other, org.ids.speaker, { is_producer: true });
    expect((await errorOf(await producer.post(`/api/webcasts/${other.id}/slides`, { upload_id: upload.id, page_count: 3 }), 422)).errors).toEqual(wrong);
    const french = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 3 }), 422);
    expect(french).toMatchObject({ message: "Le fichier ne peut pas être téléversé.", errors: { upload_id: ["Ce téléversement n'a pas été fait pour cet élément."] } });
    expect(await dataOf(await producer.get(`/api/webcasts/${webcast.id}/slides`))).toBeNull();
  });

  it("needs slides.manage to write (a speaker who is no producer: 403) and to be a speaker or webcasts.view to read; 401 signed out, 404 for another tenant", async () => {
    const { org, webcast, producer } = await setup();
    const upload = await uploadDeck(producer, webcast, pdf("deck"));
    await dataOf(await producer.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 3 }), 201);

    const plain = await insertWebcast(org.id);
    await insertSpeaker(plain, org.ids.speaker);
    const upload2 = await uploadDeck(await org.as("organizer"), plain, pdf("deck"));
    const notProducer = await org.as("speaker");
    await errorOf(await notProducer.post(`/api/webcasts/${plain.id}/slides`, { upload_id: upload2.id, page_count: 3 }), 403);
    // Every speaker of the webcast reads its deck (they present it); a member who speaks elsewhere does not.
    expect(await dataOf(await notProducer.get(`/api/webcasts/${plain.id}/slides`))).toBeNull();
    await errorOf(await notProducer.get(`/api/webcasts/${(await insertWebcast(org.id)).id}/slides`), 403);

    const outsider = await (await createOrganization()).as("owner");
    for (const [client, status] of [
      [outsider, 404],
      [new TestClient(), 401],
    ] as const) {
      await errorOf(await client.get(`/api/webcasts/${webcast.id}/slides`), status);
      await errorOf(await client.post(`/api/webcasts/${webcast.id}/slides`, { upload_id: upload.id, page_count: 3 }), status);
      await errorOf(await client.post(`/api/webcasts/${webcast.id}/slides/approve`), status);
      await errorOf(await client.delete(`/api/webcasts/${webcast.id}/slides`), status);
    }
    expect(await dataOf(await producer.get(`/api/webcasts/${webcast.id}/slides`))).toMatchObject({ approved: false });
  });
});
