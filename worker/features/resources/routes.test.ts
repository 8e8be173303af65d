import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resourceFilePrefix, resourceFilesPrefix, type ResourceAnswer } from "../../../domain/resources/mutators.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { db } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { uploadFile } from "../uploads/testing.ts";
import { form, insertWebcast } from "../webcasts/testing.ts";
import { sweepResourceFiles } from "./files.ts";
import { findResource } from "./service.ts";
import { insertFileResource, insertResource } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

function multipart(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function storedKeys(webcastId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: resourceFilesPrefix(webcastId) })).objects.map((object) => object.key).sort();
}

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf<T = ResourceAnswer>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: T }>()).data;
}

/** The upload's row as stored (its R2 key, whether a resource took it). */
async function uploadRow(upload: UploadAnswer) {
  const [row] = await db(env.DB).select().from(uploads).where(eq(uploads.id, upload.id));
  return row;
}

/** A file uploaded by `client` for the resource `target_id` of `webcast` (kind resource). */
function uploadFor(client: TestClient, webcast: { id: string }, target_id: string, bytes = "Agenda: 10:00 opening", name = "notes.txt"): Promise<UploadAnswer> {
  return uploadFile(client, { kind: "resource", webcast_id: webcast.id, target_id, bytes, name, content_type: "text/plain" });
}

async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  return { org, webcast, organizer: await org.as("organizer") };
}

describe("POST /api/webcasts/:id/resources", () => {
  it("creates a link (multipart) and an e-mail (urlencoded) resource through the sync log; the list answers them in order", async () => {
    const { webcast, organizer } = await setup();
    const link = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: " Agenda ", url: "https://example.com/agenda", language: "fr", visible: "0" }) }), 201);
    expect(link).toMatchObject({ webcast_id: webcast.id, title: "Agenda", kind: "link", url: "https://example.com/agenda", language: "fr", visible: false, position: 0, file_url: null, file_name: null });
    expect(link).not.toHaveProperty("file_key");
    expect((await changeLog(link.id)).map((entry) => entry.op)).toEqual(["put"]);

    const mail = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: form({ kind: "email", title: "Support", url: "help@example.com" }) }), 201);
    expect(mail).toMatchObject({ kind: "email", url: "help@example.com", visible: true, position: 1 });

    const list = await dataOf<ResourceAnswer[]>(await organizer.get(`/api/webcasts/${webcast.id}/resources`));
    expect(list.map((resource) => resource.id)).toEqual([link.id, mail.id]);
  });

  it("creates a link from JSON too (booleans as JSON booleans); an id the browser picked is kept, one taken is refused (409)", async () => {
    const { webcast, organizer } = await setup();
    const id = uuidv7();
    const link = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", json: { id, kind: "link", title: "Agenda", url: "https://example.com/a", visible: false, description: null } }), 201);
    expect(link).toMatchObject({ id, kind: "link", visible: false, description: null });
    const taken = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", json: { id, kind: "link", title: "Again", url: "https://example.com/b" } }), 409);
    expect(taken.message).toBe("A resource with this identifier already exists.");
  });

  it("creates a file resource from a completed upload made for its id, and serves it to members who see sessions, as an attachment", async () => {
    const { org, webcast, organizer } = await setup();
    const content = "Résumé\n".repeat(1000);
    const id = uuidv7();
    const upload = await uploadFile(organizer, { kind: "resource", webcast_id: webcast.id, target_id: id, bytes: content, name: "résumé notes.txt", content_type: "text/plain;charset=utf-8" });
    const created = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Notes", id, upload_id: upload.id }) }), 201);
    expect(created).toMatchObject({ id, kind: "file", url: null, file_name: "résumé notes.txt", file_url: `/api/resources/${id}/download` });
    const stored = await uploadRow(upload);
    expect(stored).toMatchObject({ status: "completed", attached: true });
    expect((await findResource(db(env.DB), id))?.file_key).toBe(stored?.key);
    expect(stored?.key.startsWith(resourceFilePrefix(webcast.id, id))).toBe(true);
    expect(await storedKeys(webcast.id)).toEqual([stored?.key]);

    // The browser's finishing step may run twice: the same upload again answers the resource, no second change.
    const again = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: form({ kind: "file", title: "Notes", upload_id: upload.id }) }), 201);
    expect(again.id).toBe(id);
    expect((await changeLog(id)).map((entry) => entry.op)).toEqual(["put"]);

    const speaker = await org.as("speaker");
    const download = await speaker.get(created.file_url ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/plain");
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="r_sum_ notes.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20notes.txt`);
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(await download.text()).toBe(content);

    const part = await speaker.request(created.file_url ?? "", { headers: { Range: "bytes=0-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-5/${new TextEncoder().encode(content).length}`);
    expect(await part.text()).toBe("Résum");
  });

  it("takes the resource's id from the upload when the form sends none (urlencoded)", async () => {
    const { webcast, organizer } = await setup();
    const target = uuidv7();
    const upload = await uploadFor(organizer, webcast, target);
    const created = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: form({ kind: "file", title: "Deck", upload_id: upload.id }) }), 201);
    expect(created).toMatchObject({ id: target, file_name: "notes.txt" });
  });

  it("refuses an upload of another user, webcast, kind or target, an unfinished one and an unknown one (422 on upload_id, English and French); the upload stays as it was", async () => {
    const { org, webcast, organizer } = await setup();
    const french = await org.as("organizer", "fr");
    const create = (client: TestClient, uploadId: string, id?: string) =>
      client.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck", upload_id: uploadId, ...(id ? { id } : {}) }) });
    const wrong = { en: { message: "The file cannot be uploaded.", errors: { upload_id: ["This upload was not made for this item."] } }, fr: { message: "Le fichier ne peut pas être téléversé.", errors: { upload_id: ["Ce téléversement n'a pas été fait pour cet élément."] } } };

    const admins = await uploadFor(await org.as("admin"), webcast, uuidv7());
    expect(await errorOf(await create(organizer, admins.id), 422)).toMatchObject(wrong.en);
    expect(await errorOf(await create(french, admins.id), 422)).toMatchObject(wrong.fr);

    const otherWebcast = await insertWebcast(org.id);
    const elsewhere = await uploadFor(organizer, otherWebcast, uuidv7());
    expect(await errorOf(await create(organizer, elsewhere.id), 422)).toMatchObject(wrong.en);

    const deck = await uploadFile(organizer, { kind: "slides", webcast_id: webcast.id, target_id: uuidv7(), bytes: "%PDF-1.4\n%slides", name: "deck.pdf" });
    expect(await errorOf(await create(french, deck.id), 422)).toMatchObject(wrong.fr);

    const mine = await uploadFor(organizer, webcast, uuidv7());
    expect(await errorOf(await create(organizer, mine.id, uuidv7()), 422)).toMatchObject(wrong.en);
    expect(await errorOf(await create(organizer, uuidv7()), 422)).toMatchObject(wrong.en);

    const started = await dataOf<UploadAnswer>(await organizer.request("/api/uploads", { method: "POST", json: { kind: "resource", webcast_id: webcast.id, target_id: uuidv7(), file_name: "a.txt", size: 10 } }), 201);
    expect((await errorOf(await create(organizer, started.id), 422)).errors).toEqual({ upload_id: ["The file has not finished uploading."] });
    expect((await errorOf(await create(french, started.id), 422)).errors).toEqual({ upload_id: ["Le fichier n'a pas fini d'être téléversé."] });

    expect(await dataOf<ResourceAnswer[]>(await organizer.get(`/api/webcasts/${webcast.id}/resources`))).toEqual([]);
    expect(await uploadRow(mine)).toMatchObject({ status: "completed", attached: false });
    // Still there: sent again with the right form, it is taken.
    await dataOf(await create(organizer, mine.id), 201);
  });

  it("refuses a form carrying a file (422 on file, English and French) before reading it", async () => {
    const { org, webcast, organizer } = await setup();
    const withFile = () => multipart({ kind: "file", title: "Deck", file: new File(["slides"], "deck.pdf", { type: "application/pdf" }) });
    const en = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: withFile() }), 422);
    expect(en).toMatchObject({ message: "Upload the file first (POST /api/uploads), then send its upload_id.", errors: { file: ["Upload the file first (POST /api/uploads), then send its upload_id."] } });
    const french = await org.as("organizer", "fr");
    const fr = await errorOf(await french.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: withFile() }), 422);
    expect(fr.errors).toEqual({ file: ["Téléversez d'abord le fichier (POST /api/uploads), puis envoyez son upload_id."] });
    const resource = await insertFileResource(webcast);
    const patch = await errorOf(await french.request(`/api/resources/${resource.id}`, { method: "POST", body: multipart({ _method: "PATCH", file: new File(["v2"], "v2.txt") }) }), 422);
    expect(patch.errors).toEqual({ file: ["Téléversez d'abord le fichier (POST /api/uploads), puis envoyez son upload_id."] });
    // A file input left empty is nothing chosen.
    const empty = await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: "x", url: "https://example.com", file: new File([], "") }) }), 201);
    expect(empty.kind).toBe("link");
    expect(await storedKeys(webcast.id)).toEqual([resource.file_key]);
  });

  it("refuses invalid fields (422, English and French) and a body that is no form nor JSON (415)", async () => {
    const { org, webcast, organizer } = await setup();
    const rules = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: " ", url: "ftp://example.com" }) }), 422);
    expect(rules).toMatchObject({ message: "Some fields of the resource are invalid.", errors: { title: ["This field is required"], url: ["This field must be a valid URL."] } });
    const linkWithUpload = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: form({ kind: "link", title: "x", url: "https://e.com", upload_id: uuidv7() }) }), 422);
    expect(linkWithUpload.errors).toEqual({ upload_id: ["Only a file resource takes a file."] });

    const french = await org.as("organizer", "fr");
    const fr = await errorOf(await french.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "email", title: "Aide", url: "pas-une-adresse" }) }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la ressource sont invalides.", errors: { url: ["Ce champ doit être une adresse e-mail valide."] } });
    expect((await errorOf(await french.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck" }) }), 422)).errors).toEqual({ file: ["Choisissez un fichier à téléverser."] });
    expect((await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: "x", url: "https://e.com", colour: "red" }) }), 422)).errors).toEqual({ _: ["Unknown field: colour."] });
    expect((await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: "kind=link", headers: { "Content-Type": "text/plain" } }), 415)).message).toBe(
      "Send the resource as form data (multipart/form-data or urlencoded) or as JSON.",
    );
    expect((await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: "{", headers: { "Content-Type": "application/json" } }), 400)).code).toBe("bad_request");
    expect(await storedKeys(webcast.id)).toEqual([]);
  });

  it("refuses a file beyond the organization's max_media for the webcast (422, English and French), keeping the upload for the uploads sweep; links still pass", async () => {
    const { org, webcast, organizer } = await setup();
    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_media: 1 }), org.id).run();
    const create = (client: TestClient, upload: UploadAnswer) => client.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck", upload_id: upload.id }) });
    await insertResource(webcast);
    await dataOf(await create(organizer, await uploadFor(organizer, webcast, uuidv7())), 201); // the first medium: links do not count

    const second = await uploadFor(organizer, webcast, uuidv7());
    const en = await errorOf(await create(organizer, second), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "Media limit reached: at most 1 media per webcast are allowed.", errors: { file: ["Media limit reached: at most 1 media per webcast are allowed."] } });
    const fr = await errorOf(await create(await org.as("organizer", "fr"), second), 422);
    expect(fr).toMatchObject({ message: "Limite de médias atteinte : au plus 1 médias par webcast sont permis.", errors: { file: ["Limite de médias atteinte : au plus 1 médias par webcast sont permis."] } });
    // Refused, the upload stays completed and unattached: its file is the uploads sweep's (two days).
    expect(await uploadRow(second)).toMatchObject({ status: "completed", attached: false });
    expect(await storedKeys(webcast.id)).toContain((await uploadRow(second))?.key);

    await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: form({ kind: "link", title: "Agenda", url: "https://example.com/agenda" }) }), 201);
  });

  it("answers 401 signed out, 404 to another tenant, 403 to a member without webcasts.update", async () => {
    const { org, webcast } = await setup();
    const body = () => form({ kind: "link", title: "x", url: "https://example.com" });
    expect((await new TestClient().request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: body() })).status).toBe(401);
    const outsider = await (await createOrganization()).as("organizer");
    expect((await outsider.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: body() })).status).toBe(404);
    expect((await outsider.get(`/api/webcasts/${webcast.id}/resources`)).status).toBe(404);
    const speaker = await org.as("speaker");
    expect((await speaker.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: body() })).status).toBe(403);
    expect((await speaker.get(`/api/webcasts/${webcast.id}/resources`)).status).toBe(403);
  });
});

describe("PATCH /api/webcasts/:id/resources/visibility", () => {
  it("shows and hides several resources at once and answers the list", async () => {
    const { webcast, organizer } = await setup();
    const [a, b] = [await insertResource(webcast, { position: 0 }), await insertResource(webcast, { position: 1, visible: false })];
    const list = await dataOf<ResourceAnswer[]>(await organizer.patch(`/api/webcasts/${webcast.id}/resources/visibility`, { resources: [{ id: a.id, visible: false }, { id: b.id, visible: true }] }));
    expect(list.map((resource) => [resource.id, resource.visible])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    const invalid = await errorOf(await organizer.patch(`/api/webcasts/${webcast.id}/resources/visibility`, { resources: [] }), 422);
    expect(invalid.errors).toHaveProperty("resources");
  });
});

describe("POST /api/resources/:id (_method=PATCH) and DELETE /api/resources/:id", () => {
  it("changes the fields sent, replaces a file by an upload (the old object goes) and deletes (the file goes)", async () => {
    const { webcast, organizer } = await setup();
    const resource = await insertFileResource(webcast);
    const renamed = await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ _method: "PATCH", title: "Agenda v2", file_name: "agenda.txt" }) }));
    expect(renamed).toMatchObject({ title: "Agenda v2", file_name: "agenda.txt", kind: "file" });

    const upload = await uploadFor(organizer, webcast, resource.id, "v3", "agenda-v3.txt");
    const replaced = await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: multipart({ _method: "PATCH", upload_id: upload.id }) }));
    expect(replaced.file_name).toBe("agenda-v3.txt");
    const row = await findResource(db(env.DB), resource.id);
    expect(row?.file_key).toBe((await uploadRow(upload))?.key);
    expect(await uploadRow(upload)).toMatchObject({ attached: true });
    expect(await storedKeys(webcast.id)).toEqual([row?.file_key]);
    expect(await (await organizer.get(replaced.file_url ?? "")).text()).toBe("v3");

    // JSON, and a name given with the file wins over the upload's.
    const v4 = await uploadFor(organizer, webcast, resource.id, "v4", "agenda-v4.txt");
    expect(await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", json: { _method: "PATCH", upload_id: v4.id, file_name: "Agenda.txt" } }))).toMatchObject({ file_name: "Agenda.txt" });
    expect(await storedKeys(webcast.id)).toEqual([(await uploadRow(v4))?.key]);

    const link = await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ _method: "PATCH", kind: "link", url: "https://example.com/v4" }) }));
    expect(link).toMatchObject({ kind: "link", file_url: null, file_name: null });
    expect(await storedKeys(webcast.id)).toEqual([]);

    const file = await insertFileResource(webcast);
    expect((await organizer.delete(`/api/resources/${file.id}`)).status).toBe(204);
    expect(await storedKeys(webcast.id)).toEqual([]);
    expect((await changeLog(file.id)).map((entry) => entry.op)).toEqual(["del"]);
    expect((await organizer.get(`/api/resources/${file.id}/download`)).status).toBe(404);
  });

  it("needs _method=PATCH (400), valid fields and an upload made for this resource (422, English and French); a refused change keeps the old file", async () => {
    const { org, webcast, organizer } = await setup();
    const resource = await insertFileResource(webcast);
    expect((await errorOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ title: "x" }) }), 400)).message).toBe("Send the changes as form data with _method=PATCH.");
    const french = await org.as("organizer", "fr");
    const fr = await errorOf(await french.request(`/api/resources/${resource.id}`, { method: "POST", body: multipart({ _method: "PATCH", kind: "link", url: "https://e.com", upload_id: uuidv7() }) }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la ressource sont invalides.", errors: { upload_id: ["Seule une ressource de type fichier accepte un fichier."] } });

    const forAnother = await uploadFor(organizer, webcast, uuidv7());
    const en = await errorOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ _method: "PATCH", upload_id: forAnother.id }) }), 422);
    expect(en.errors).toEqual({ upload_id: ["This upload was not made for this item."] });
    const frWrong = await errorOf(await french.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ _method: "PATCH", upload_id: forAnother.id }) }), 422);
    expect(frWrong.errors).toEqual({ upload_id: ["Ce téléversement n'a pas été fait pour cet élément."] });
    expect((await findResource(db(env.DB), resource.id))?.file_key).toBe(resource.file_key);
    expect(await storedKeys(webcast.id)).toEqual([resource.file_key, (await uploadRow(forAnother))?.key].sort());
  });

  it("answers 404 to another tenant, an unknown id and a malformed one; 403 to a member without webcasts.update; 401 signed out", async () => {
    const { org, webcast } = await setup();
    const resource = await insertFileResource(webcast);
    const outsider = await (await createOrganization()).as("owner");
    expect((await outsider.delete(`/api/resources/${resource.id}`)).status).toBe(404);
    expect((await outsider.get(`/api/resources/${resource.id}/download`)).status).toBe(404);
    const organizer = await org.as("organizer");
    expect((await organizer.delete("/api/resources/not-an-id")).status).toBe(404);
    expect((await organizer.delete(`/api/resources/${webcast.id}`)).status).toBe(404);
    expect((await (await org.as("speaker")).delete(`/api/resources/${resource.id}`)).status).toBe(403);
    expect((await new TestClient().get(`/api/resources/${resource.id}/download`)).status).toBe(401);
    expect(await findResource(db(env.DB), resource.id)).toBeDefined();
  });
});

describe("stored files", () => {
  it("the sweep deletes files no resource names once older than an upload in flight, and the replaced ones at once", async () => {
    const { webcast } = await setup();
    const kept = await insertFileResource(webcast);
    const orphan = `${resourceFilePrefix(webcast.id, "00000000-0000-7000-8000-000000000001")}${"o".repeat(43)}`;
    const replaced = `${resourceFilePrefix(webcast.id, "00000000-0000-7000-8000-000000000002")}${"r".repeat(43)}`;
    await env.MEDIA.put(orphan, "o");
    await env.MEDIA.put(replaced, "r");
    await sweepResourceFiles(env.MEDIA, db(env.DB), webcast.id, new Set([replaced]));
    expect(await storedKeys(webcast.id)).toEqual([kept.file_key, orphan].sort());
    await sweepResourceFiles(env.MEDIA, db(env.DB), webcast.id, new Set(), Date.now() + 11 * 60_000);
    expect(await storedKeys(webcast.id)).toEqual([kept.file_key]);
  });

  it("the sweep spares the file of a completed upload no resource took yet, whatever its age (the uploads sweep's)", async () => {
    const { webcast, organizer } = await setup();
    const upload = await uploadFor(organizer, webcast, uuidv7());
    const key = (await uploadRow(upload))?.key;
    await sweepResourceFiles(env.MEDIA, db(env.DB), webcast.id, new Set(), Date.now() + 24 * 3_600_000);
    expect(await storedKeys(webcast.id)).toEqual([key]);
    await db(env.DB).update(uploads).set({ status: "aborted" }).where(eq(uploads.id, upload.id));
    await sweepResourceFiles(env.MEDIA, db(env.DB), webcast.id, new Set(), Date.now() + 24 * 3_600_000);
    expect(await storedKeys(webcast.id)).toEqual([]);
  });
});
