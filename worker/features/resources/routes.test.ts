import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { resourceFilePrefix, resourceFilesPrefix, type ResourceAnswer } from "../../../domain/resources/mutators.ts";
import { db } from "../../db/client.ts";
import { ApiError } from "../../http/api-error.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { form, insertWebcast } from "../webcasts/testing.ts";
import { sweepResourceFiles, withStoredFile } from "./files.ts";
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

  it("streams a file to R2 under the resource's key and serves it to members who see sessions, as an attachment", async () => {
    const { org, webcast, organizer } = await setup();
    const content = "Résumé\n".repeat(1000);
    const created = await dataOf(
      await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Notes", file: new File([content], "résumé notes.txt", { type: "text/plain;charset=utf-8" }) }) }),
      201,
    );
    expect(created).toMatchObject({ kind: "file", url: null, file_name: "résumé notes.txt", file_url: `/api/resources/${created.id}/download` });
    const stored = await storedKeys(webcast.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.startsWith(resourceFilePrefix(webcast.id, created.id))).toBe(true);

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

  it("refuses invalid fields before storing anything (422, English and French)", async () => {
    const { org, webcast, organizer } = await setup();
    const en = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: " ", url: "ftp://example.com", file: new File(["x"], "x.txt") }) }), 422);
    expect(en).toMatchObject({ message: "Some fields of the resource are invalid.", errors: { file: ["Only a file resource takes a file."] } });
    const rules = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: " ", url: "ftp://example.com" }) }), 422);
    expect(rules.errors).toEqual({ title: ["This field is required"], url: ["This field must be a valid URL."] });

    const french = await org.as("organizer", "fr");
    const fr = await errorOf(await french.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "email", title: "Aide", url: "pas-une-adresse" }) }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la ressource sont invalides.", errors: { url: ["Ce champ doit être une adresse e-mail valide."] } });
    expect((await errorOf(await french.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck" }) }), 422)).errors).toEqual({ file: ["Choisissez un fichier à téléverser."] });
    expect((await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck", file: new File([], "empty.txt") }) }), 422)).errors).toEqual({ file: ["The file is empty."] });
    expect((await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "link", title: "x", url: "https://e.com", colour: "red" }) }), 422)).errors).toEqual({ _: ["Unknown field: colour."] });
    expect((await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", json: { kind: "link" } }), 415)).message).toBe("Send the resource as form data (multipart/form-data or urlencoded).");
    expect(await storedKeys(webcast.id)).toEqual([]);
  });

  it("refuses a file beyond the organization's max_media for the webcast (422, English and French), discarding it; links still pass", async () => {
    const { org, webcast, organizer } = await setup();
    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_media: 1 }), org.id).run();
    const upload = (client: typeof organizer) =>
      client.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck", file: new File(["slides"], "deck.pdf", { type: "application/pdf" }) }) });
    await insertResource(webcast);
    await dataOf(await upload(organizer), 201); // the first medium: links do not count
    const stored = await storedKeys(webcast.id);
    expect(stored).toHaveLength(1);

    const en = await errorOf(await upload(organizer), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "Media limit reached: at most 1 media per webcast are allowed.", errors: { file: ["Media limit reached: at most 1 media per webcast are allowed."] } });
    const fr = await errorOf(await upload(await org.as("organizer", "fr")), 422);
    expect(fr).toMatchObject({ message: "Limite de médias atteinte : au plus 1 médias par webcast sont permis.", errors: { file: ["Limite de médias atteinte : au plus 1 médias par webcast sont permis."] } });
    expect(await storedKeys(webcast.id)).toEqual(stored);

    await dataOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: form({ kind: "link", title: "Agenda", url: "https://example.com/agenda" }) }), 201);
  });

  it("discards a stored file when fields come after it", async () => {
    const { webcast, organizer } = await setup();
    const body = multipart({ kind: "file", file: new File(["data"], "a.txt"), title: "Late title" });
    const error = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body }), 422);
    // The title had not arrived when the file did: the rules refuse it first, so nothing is stored.
    expect(error.errors).toEqual({ title: ["This field is required"] });
    const after = await errorOf(await organizer.request(`/api/webcasts/${webcast.id}/resources`, { method: "POST", body: multipart({ kind: "file", title: "Deck", file: new File(["data"], "a.txt"), description: "late" }) }), 422);
    expect(after.errors).toEqual({ description: ["Send the text fields before the file."] });
    expect(await storedKeys(webcast.id)).toEqual([]);
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
  it("changes the fields sent, replaces a file (the old object goes) and deletes (the file goes)", async () => {
    const { webcast, organizer } = await setup();
    const resource = await insertFileResource(webcast);
    const renamed = await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ _method: "PATCH", title: "Agenda v2", file_name: "agenda.txt" }) }));
    expect(renamed).toMatchObject({ title: "Agenda v2", file_name: "agenda.txt", kind: "file" });

    const replaced = await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: multipart({ _method: "PATCH", file: new File(["v3"], "agenda-v3.txt", { type: "text/plain" }) }) }));
    expect(replaced.file_name).toBe("agenda-v3.txt");
    const row = await findResource(db(env.DB), resource.id);
    expect(row?.file_key).not.toBe(resource.file_key);
    expect(await storedKeys(webcast.id)).toEqual([row?.file_key]);
    expect(await (await organizer.get(replaced.file_url ?? "")).text()).toBe("v3");

    const link = await dataOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ _method: "PATCH", kind: "link", url: "https://example.com/v4" }) }));
    expect(link).toMatchObject({ kind: "link", file_url: null, file_name: null });
    expect(await storedKeys(webcast.id)).toEqual([]);

    const file = await insertFileResource(webcast);
    expect((await organizer.delete(`/api/resources/${file.id}`)).status).toBe(204);
    expect(await storedKeys(webcast.id)).toEqual([]);
    expect((await changeLog(file.id)).map((entry) => entry.op)).toEqual(["del"]);
    expect((await organizer.get(`/api/resources/${file.id}/download`)).status).toBe(404);
  });

  it("needs _method=PATCH (400) and valid fields (422, English and French); a refused change keeps the old file", async () => {
    const { org, webcast, organizer } = await setup();
    const resource = await insertFileResource(webcast);
    expect((await errorOf(await organizer.request(`/api/resources/${resource.id}`, { method: "POST", body: form({ title: "x" }) }), 400)).message).toBe("Send the changes as form data with _method=PATCH.");
    const french = await org.as("organizer", "fr");
    const fr = await errorOf(await french.request(`/api/resources/${resource.id}`, { method: "POST", body: multipart({ _method: "PATCH", kind: "link", url: "https://e.com", file: new File(["x"], "x.txt") }) }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la ressource sont invalides.", errors: { file: ["Seule une ressource de type fichier accepte un fichier."] } });
    expect(await storedKeys(webcast.id)).toEqual([resource.file_key]);
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
  it("a refused change discards its file; after a server error it stays for the sweep", async () => {
    const key = `${resourceFilesPrefix("00000000-0000-7000-8000-000000000000")}x/${"a".repeat(43)}`;
    await env.MEDIA.put(key, "x");
    await expect(withStoredFile(env.MEDIA, key, () => Promise.reject(new ApiError("server_error")))).rejects.toThrow();
    expect(await env.MEDIA.head(key)).not.toBeNull();
    await expect(withStoredFile(env.MEDIA, key, () => Promise.reject(new ApiError("validation_failed")))).rejects.toThrow();
    expect(await env.MEDIA.head(key)).toBeNull();
  });

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
});
