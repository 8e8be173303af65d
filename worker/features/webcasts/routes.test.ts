import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PullResponse } from "../../../domain/sync/types.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { form, insertWebcast, insertWebcastWithLogo } from "./testing.ts";
import { type WebcastJson } from "../../../domain/webcasts/webcast-json.ts";
import { brandingPrefix } from "../../../domain/branding/images.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type One = { data: WebcastJson };

beforeAll(seedDemo);

const FIELDS = { event_title: "Town hall", event_start_date_time: "2026-10-01T14:00:00.000Z", duration: 45, timezone: "America/Toronto", language: "en" } as const;

async function storedRow(uid: string) {
  return env.DB.prepare("SELECT event_title, description, duration FROM webcasts WHERE id = ?").bind(uid).first<{ event_title: string; description: string | null; duration: number }>();
}

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

describe("POST /api/webcasts", () => {
  it("creates through createWebcast: a server-made uid, 201 with the webcast, a change-log entry", async () => {
    const org = await createOrganization();
    const response = await (await org.as("organizer")).post("/api/webcasts", { ...FIELDS, organization_id: org.id, description: "  Quarterly  " });
    expect(response.status, await response.clone().text()).toBe(201);
    const { data } = await response.json<One>();
    expect(data.uid).toMatch(UUID_V7);
    expect(data).toMatchObject({
      organization_id: org.id,
      organization: { id: org.id, name: expect.stringContaining("Fixture") },
      event_title: "Town hall",
      description: "Quarterly",
      event_start_date_time: "2026-10-01T14:00:00.000Z",
      event_end_date_time: "2026-10-01T14:45:00.000Z",
      timezone_short: "EDT",
      state: "upcoming",
      is_premiere: false,
      is_test: false,
    });
    expect(await changeLog(data.uid)).toEqual([{ seq: expect.any(Number), organization_id: org.id, op: "put" }]);
  });

  it("reaches Dexie clients: another member's GET /api/sync/pull carries the new webcast", async () => {
    const org = await createOrganization();
    const { data } = await (await (await org.as("organizer")).post("/api/webcasts", { ...FIELDS, organization_id: org.id })).json<One>();
    const pulled = await (await (await org.as("owner")).get("/api/sync/pull?cursor=0")).json<PullResponse>();
    expect(pulled.changes).toContainEqual({ table: "webcasts", id: data.uid, op: "put", row: expect.objectContaining({ id: data.uid, event_title: "Town hall", organization_id: org.id }) });
  });

  it("answers the mutator's field errors with 422, in English and in French", async () => {
    const org = await createOrganization();
    const body = { ...FIELDS, organization_id: org.id, event_title: "  ", duration: 0 };
    const en = await errorOf(await (await org.as("organizer")).post("/api/webcasts", body), 422);
    expect(en).toMatchObject({
      code: "validation_failed",
      message: "Some fields of the webcast are invalid.",
      errors: { event_title: ["The title is required."], duration: ["The duration must be at least 1 minute."] },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post("/api/webcasts", body), 422);
    expect(fr).toMatchObject({
      message: "Certains champs du webcast sont invalides.",
      errors: { event_title: ["Le titre est obligatoire."], duration: ["La durée doit être d'au moins 1 minute."] },
    });
  });

  it("refuses malformed bodies (422) and the organization's limits and state", async () => {
    const org = await createOrganization();
    const organizer = await org.as("organizer");
    const malformed = await errorOf(await organizer.post("/api/webcasts", { ...FIELDS, organization_id: org.id, duration: "long", state: "live" }), 422);
    expect(Object.keys(malformed.errors ?? {})).toEqual(expect.arrayContaining(["duration"]));
    expect((await errorOf(await organizer.post("/api/webcasts", { ...FIELDS }), 422)).errors).toHaveProperty("organization_id");

    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_webcasts: 1 }), org.id).run();
    expect((await organizer.post("/api/webcasts", { ...FIELDS, organization_id: org.id })).status).toBe(201);
    const limit = await errorOf(await organizer.post("/api/webcasts", { ...FIELDS, organization_id: org.id }), 422);
    expect(limit.message).toMatch(/at most 1 webcasts? per month/);

    const closed = await createOrganization({ deactivated_at: new Date().toISOString() });
    expect((await errorOf(await (await closed.as("organizer")).post("/api/webcasts", { ...FIELDS, organization_id: closed.id }), 403)).code).toBe("forbidden");
  });

  it("refuses a test webcast over the month's test quota (422, English and French); another month passes", async () => {
    const org = await createOrganization();
    for (let day = 1; day <= 5; day++) await insertWebcast(org.id, { is_test: true, duration: 20, event_start_date_time: `2026-10-0${day}T10:00:00.000Z` });
    const body = { ...FIELDS, organization_id: org.id, is_test: true, duration: 20 };
    const en = await errorOf(await (await org.as("organizer")).post("/api/webcasts", body), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "Test webcast quota reached: at most 5 test webcasts per month are allowed." });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post("/api/webcasts", body), 422);
    expect(fr.message).toBe("Quota de webcasts test atteint : au plus 5 webcasts test par mois sont permis.");
    expect((await (await org.as("organizer")).post("/api/webcasts", { ...body, event_start_date_time: "2026-11-01T14:00:00.000Z" })).status).toBe(201);
  });

  it("refuses a webcast overlapping max_simultaneous_webcasts others (422, English and French); an ended one or a later slot passes", async () => {
    const org = await createOrganization();
    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_simultaneous_webcasts: 1, max_duration: 120 }), org.id).run();
    await insertWebcast(org.id, { event_start_date_time: "2026-10-01T13:30:00.000Z", duration: 60 });
    await insertWebcast(org.id, { event_start_date_time: "2026-10-01T15:00:00.000Z", duration: 60, state: "archived" });
    const body = { ...FIELDS, organization_id: org.id };
    const en = await errorOf(await (await org.as("organizer")).post("/api/webcasts", body), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "Simultaneous webcast limit reached: at most 1 webcasts may run at the same time." });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post("/api/webcasts", body), 422);
    expect(fr.message).toBe("Limite de webcasts simultanés atteinte : au plus 1 webcasts peuvent avoir lieu en même temps.");
    expect((await (await org.as("organizer")).post("/api/webcasts", { ...body, event_start_date_time: "2026-10-01T14:30:00.000Z" })).status).toBe(201);
  });

  it("needs webcasts.create there: other tenant 404, member without it 403, signed out 401 (before any validation)", async () => {
    const org = await createOrganization();
    const body = { ...FIELDS, organization_id: org.id };
    expect((await (await clientFor("owner@other.test")).post("/api/webcasts", body)).status).toBe(404);
    expect((await (await clientFor("owner@other.test")).post("/api/webcasts", { ...body, event_title: "" })).status).toBe(404);
    const speaker = await errorOf(await (await org.as("speaker")).post("/api/webcasts", body), 403);
    expect(speaker.code).toBe("forbidden");
    expect((await new TestClient().post("/api/webcasts", { nonsense: true })).status).toBe(401);
  });
});

describe("speakers in the webcast forms (SPEC §3 speakers (id, is_producer))", () => {
  type Listed = { id: number; is_producer: boolean };
  const listed = (data: WebcastJson): Listed[] => data.speakers.map(({ id, is_producer }) => ({ id, is_producer }));
  const speakerRows = async (uid: string) =>
    (await env.DB.prepare("SELECT user_id, is_producer, name FROM webcast_speakers WHERE webcast_id = ? ORDER BY position").bind(uid).all<{ user_id: number; is_producer: number; name: string }>()).results;

  it("POST /api/webcasts creates the webcast with its speakers, in one change (names copied, producer set)", async () => {
    const org = await createOrganization();
    const speakers = [
      { id: org.ids.speaker, is_producer: true },
      { id: org.ids.admin },
    ];
    const response = await (await org.as("organizer")).post("/api/webcasts", { ...FIELDS, organization_id: org.id, speakers });
    expect(response.status, await response.clone().text()).toBe(201);
    const { data } = await response.json<One>();
    expect(listed(data)).toEqual([
      { id: org.ids.speaker, is_producer: true },
      { id: org.ids.admin, is_producer: false },
    ]);
    expect((await speakerRows(data.uid)).map((row) => row.name)).toEqual([`User ${org.emails.speaker}`, `User ${org.emails.admin}`]);
    // Another member's pull carries both the webcast and its speakers.
    const pulled = await (await (await org.as("owner")).get("/api/sync/pull?cursor=0")).json<PullResponse>();
    expect(pulled.changes.filter((change) => change.table === "webcast_speakers" && change.op === "put" && change.row.webcast_id === data.uid)).toHaveLength(2);
  });

  it("POST /api/webcasts refuses a person who may not speak (422, English and French) and creates nothing", async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const body = { ...FIELDS, event_title: "Refused speakers", organization_id: org.id, speakers: [{ id: org.ids.speaker }, { id: other.ids.speaker }] };
    const en = await errorOf(await (await org.as("organizer")).post("/api/webcasts", body), 422);
    expect(en).toMatchObject({
      code: "validation_failed",
      message: "Some speakers of the webcast are invalid.",
      errors: { "speakers.1.id": ["This person cannot speak in this webcast: they must be a speaker, organizer, admin or owner of its organization."] },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post("/api/webcasts", body), 422);
    expect(fr).toMatchObject({
      message: "Certains conférenciers du webcast sont invalides.",
      errors: { "speakers.1.id": ["Cette personne ne peut pas intervenir dans ce webcast : elle doit être conférencier, organisateur, administrateur ou propriétaire de son organisation."] },
    });
    // A refusal only the mutator sees (two producers) creates nothing either.
    const producers = await errorOf(await (await org.as("organizer")).post("/api/webcasts", { ...body, speakers: [{ id: org.ids.speaker, is_producer: true }, { id: org.ids.admin, is_producer: true }] }), 422);
    expect(producers.errors).toEqual({ "speakers.1.is_producer": ["A webcast has one producer at most."] });
    const malformed = await errorOf(await (await org.as("organizer")).post("/api/webcasts", { ...body, speakers: [{ id: "twelve" }] }), 422);
    expect(Object.keys(malformed.errors ?? {})).toEqual(["speakers.0.id"]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webcasts WHERE organization_id = ?").bind(org.id).first("n")).toBe(0);
  });

  it("POST /api/webcasts/{uid} (_method=PATCH) replaces the speakers from bracket keys, with the other fields, in one change", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const first = await organizer.request(`/api/webcasts/${row.id}`, {
      method: "POST",
      body: form({ _method: "PATCH", "speakers[0][id]": String(org.ids.speaker), "speakers[1][id]": String(org.ids.admin), "speakers[1][is_producer]": "1" }),
    });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(listed((await first.json<One>()).data)).toEqual([
      { id: org.ids.speaker, is_producer: false },
      { id: org.ids.admin, is_producer: true },
    ]);

    // Replaced as PATCH …/speakers does: the admin (kept) stays producer, the speaker is removed, the owner added first.
    const multipart = new FormData();
    multipart.set("_method", "PATCH");
    multipart.set("event_title", "With new speakers");
    multipart.set("speakers[0][id]", String(org.ids.owner));
    multipart.set("speakers[1][id]", String(org.ids.admin));
    const second = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: multipart });
    expect(second.status, await second.clone().text()).toBe(200);
    const data = (await second.json<One>()).data;
    expect(data.event_title).toBe("With new speakers");
    expect(listed(data)).toEqual([
      { id: org.ids.owner, is_producer: false },
      { id: org.ids.admin, is_producer: true },
    ]);

    // A blank `speakers` empties the list.
    const emptied = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", speakers: "" }) });
    expect(listed((await emptied.json<One>()).data)).toEqual([]);
  });

  it("POST /api/webcasts/{uid} without speaker keys keeps the speakers", async () => {
    const org = await createOrganization();
    const organizer = await org.as("organizer");
    const created = await (await organizer.post("/api/webcasts", { ...FIELDS, organization_id: org.id, speakers: [{ id: org.ids.speaker, is_producer: true }] })).json<One>();
    const response = await organizer.request(`/api/webcasts/${created.data.uid}`, { method: "POST", body: form({ _method: "PATCH", event_title: "Renamed" }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const { data } = await response.json<One>();
    expect(data.event_title).toBe("Renamed");
    expect(listed(data)).toEqual([{ id: org.ids.speaker, is_producer: true }]);
  });

  it("POST /api/webcasts/{uid} refuses an invalid speaker (422, English and French) and changes nothing, fields included", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const body = () => form({ _method: "PATCH", event_title: "Not applied", "speakers[0][id]": String(org.ids.speaker), "speakers[1][id]": "999999999" });
    const en = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body: body() }), 422);
    expect(en).toMatchObject({
      message: "Some speakers of the webcast are invalid.",
      errors: { "speakers.1.id": ["This person cannot speak in this webcast: they must be a speaker, organizer, admin or owner of its organization."] },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).request(`/api/webcasts/${row.id}`, { method: "POST", body: body() }), 422);
    expect(fr.errors).toEqual({ "speakers.1.id": ["Cette personne ne peut pas intervenir dans ce webcast : elle doit être conférencier, organisateur, administrateur ou propriétaire de son organisation."] });

    // The speaker limit (a mutator refusal) keeps the other fields unapplied too.
    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_speakers: 1 }), org.id).run();
    const limit = await errorOf(
      await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", event_title: "Not applied", "speakers[0][id]": String(org.ids.speaker), "speakers[1][id]": String(org.ids.admin) }) }),
      422,
    );
    expect(limit.errors).toEqual({ speakers: ["Speaker limit reached: a webcast may have at most 1 speaker."] });
    // Malformed keys: a hole in the indexes, a non-numeric id, an unknown speaker field.
    const shape = await errorOf(
      await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", "speakers[1][id]": "x", "speakers[2][id]": "5", "speakers[2][name]": "Eve" }) }),
      422,
    );
    expect(Object.keys(shape.errors ?? {}).sort()).toEqual(["speakers.0", "speakers.1.id", "speakers.2"]);
    expect((await storedRow(row.id))?.event_title).toBe("Quarterly update");
    expect(await speakerRows(row.id)).toEqual([]);
    expect(await changeLog(row.id)).toEqual([]);
  });
});

describe("GET /api/webcasts/:id", () => {
  it("answers the webcast to members who may see it", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id, { event_title: "Board meeting" });
    const response = await (await org.as("admin")).get(`/api/webcasts/${row.id}`);
    expect(response.status).toBe(200);
    expect((await response.json<One>()).data).toMatchObject({ uid: row.id, event_title: "Board meeting", timezone: "Europe/Paris", timezone_short: "GMT+2" });
  });

  it("answers its speakers as SPEC §3 does (user id, producer flag), in list order", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const now = new Date().toISOString();
    const speaker = (position: number, userId: number, name: string, producer: boolean) =>
      env.DB.prepare(
        "INSERT INTO webcast_speakers (id, organization_id, webcast_id, user_id, name, email, is_producer, shown_in_lobby, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), org.id, row.id, userId, name, `${name}@fixture.test`, producer ? 1 : 0, position, now, now)
        .run();
    await speaker(1, org.ids.admin, "second", false);
    await speaker(0, org.ids.speaker, "first", true);
    const { data } = await (await (await org.as("admin")).get(`/api/webcasts/${row.id}`)).json<One>();
    expect(data.speakers).toEqual([
      { id: org.ids.speaker, name: "first", is_producer: true, shown_in_lobby: true },
      { id: org.ids.admin, name: "second", is_producer: false, shown_in_lobby: true },
    ]);
  });

  it("answers the settings as SPEC §3 names them: image URLs, has_password, never a password or an R2 key", async () => {
    const org = await createOrganization();
    const { row, url } = await insertWebcastWithLogo(org.id);
    await env.DB.prepare("UPDATE webcasts SET has_password = 1, privacy = 'private' WHERE id = ?").bind(row.id).run();
    const { data } = await (await (await org.as("admin")).get(`/api/webcasts/${row.id}`)).json<One>();
    expect(data).toMatchObject({
      event_type: "video",
      source_type: null,
      quality: "720p",
      privacy: "private",
      has_password: true,
      attendee_options: { ask_questions: true, view_resources: true, view_details: true, switch_language: true, poster_overlay: false, question_wall: false },
      theme: "go",
      logo_url: url,
      cover_url: null,
      banner_url: null,
      billing_enabled: false,
    });
    expect(Object.keys(data).filter((key) => /password|_key$/.test(key))).toEqual(["has_password"]);
  });

  it("answers 404 for an unknown or malformed uid, in the request's language", async () => {
    const org = await createOrganization();
    expect((await errorOf(await (await org.as("organizer")).get("/api/webcasts/0194c4a0-0000-7000-8000-000000000000"), 404)).message).toBe("This page or resource does not exist.");
    expect((await errorOf(await (await org.as("organizer", "fr")).get("/api/webcasts/not-a-uid"), 404)).message).toBe("Cette page ou ressource n'existe pas.");
  });

  it("hides it from another tenant (404), refuses a speaker (403) and a visitor (401)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    expect((await (await clientFor("owner@other.test")).get(`/api/webcasts/${row.id}`)).status).toBe(404);
    expect((await (await org.as("speaker")).get(`/api/webcasts/${row.id}`)).status).toBe(403);
    expect((await new TestClient().get(`/api/webcasts/${row.id}`)).status).toBe(401);
  });
});

describe("DELETE /api/webcasts/:id", () => {
  it("deletes through deleteWebcast: 204, the row gone, a deletion in the change log", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    expect((await (await org.as("organizer")).delete(`/api/webcasts/${row.id}`)).status).toBe(204);
    expect(await storedRow(row.id)).toBeNull();
    expect((await changeLog(row.id)).map((entry) => entry.op)).toEqual(["del"]);
  });

  it("deletes the webcast's branding images from R2", async () => {
    const org = await createOrganization();
    const { row, key } = await insertWebcastWithLogo(org.id);
    expect((await (await org.as("organizer")).delete(`/api/webcasts/${row.id}`)).status).toBe(204);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await env.MEDIA.list({ prefix: brandingPrefix(row.id) })).objects).toEqual([]);
  });

  it("refuses a live webcast with 423 and the mutator's message, in English and in French", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id, { state: "live" });
    const en = await errorOf(await (await org.as("organizer")).delete(`/api/webcasts/${row.id}`), 423);
    expect(en).toMatchObject({ code: "locked", message: "A live webcast cannot be deleted." });
    const fr = await errorOf(await (await org.as("organizer", "fr")).delete(`/api/webcasts/${row.id}`), 423);
    expect(fr.message).toBe("Un webcast en direct ne peut pas être supprimé.");
    expect(await storedRow(row.id)).not.toBeNull();
  });

  it("hides it from another tenant (404), refuses a speaker (403) and a visitor (401)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    expect((await (await clientFor("owner@other.test")).delete(`/api/webcasts/${row.id}`)).status).toBe(404);
    expect((await (await org.as("speaker")).delete(`/api/webcasts/${row.id}`)).status).toBe(403);
    expect((await new TestClient().delete(`/api/webcasts/${row.id}`)).status).toBe(401);
    expect(await storedRow(row.id)).not.toBeNull();
  });
});

describe("POST /api/webcasts/:id with _method=PATCH", () => {
  it("changes only the fields sent, from multipart or urlencoded form data", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id, { description: "Kept" });
    const organizer = await org.as("organizer");
    const multipart = new FormData();
    multipart.set("_method", "PATCH");
    multipart.set("event_title", " Renamed ");
    const response = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: multipart });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<One>()).data).toMatchObject({ uid: row.id, event_title: "Renamed", description: "Kept", duration: 60 });

    const urlencoded = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "patch", duration: "90", is_test: "0", description: "" }) });
    expect(urlencoded.status, await urlencoded.clone().text()).toBe(200);
    expect(await storedRow(row.id)).toEqual({ event_title: "Renamed", description: null, duration: 90 });
    // The log keeps a row's latest entry only (docs/sync.md "Pull speed").
    expect((await changeLog(row.id)).map((entry) => entry.op)).toEqual(["put"]);
  });

  it("changes settings too: enums, booleans, blanks as null, attendee options as attendee_options[key] merged key by key", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id, { tag: "board", source_type: "rtmp" });
    const organizer = await org.as("organizer");
    const body = form({
      _method: "PATCH",
      event_type: "audio",
      source_type: "",
      privacy: "private",
      registration_required: "1",
      replay_enabled: "off",
      tag: " ",
      title_color: "#AABBCC",
      "attendee_options[poster_overlay]": "true",
      "attendee_options[ask_questions]": "0",
    });
    const response = await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json<One>()).data).toMatchObject({
      event_type: "audio",
      source_type: null,
      privacy: "private",
      registration_required: true,
      replay_enabled: false,
      tag: null,
      title_color: "#aabbcc",
      attendee_options: { poster_overlay: true, ask_questions: false, question_wall: false, view_resources: true },
    });
  });

  it("refuses a gated setting without its feature (403, English and French) and billing_enabled (its own calls, 422)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const en = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", quality: "1080p" }) }), 403);
    expect(en.message).toBe("Full HD (1080p) webcasts are not enabled for this organization.");
    const fr = await errorOf(await (await org.as("organizer", "fr")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", vod_download: "1" }) }), 403);
    expect(fr.message).toBe("Le téléchargement de la rediffusion n'est pas activé pour cette organisation.");
    const billing = await errorOf(await (await org.as("owner")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", billing_enabled: "1" }) }), 422);
    expect(billing.errors).toHaveProperty("_");
    const option = await errorOf(await (await org.as("owner")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", "attendee_options[karaoke]": "1" }) }), 422);
    expect(option.errors).toHaveProperty("_");
  });

  it("answers field errors with 422 in English and French, and the on-air lock with 423", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const en = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", duration: "0" }) }), 422);
    expect(en).toMatchObject({ message: "Some fields of the webcast are invalid.", errors: { duration: ["The duration must be at least 1 minute."] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", timezone: "Mars/Olympus" }) }), 422);
    expect(fr).toMatchObject({ message: "Certains champs du webcast sont invalides.", errors: { timezone: ["Ce fuseau horaire est inconnu."] } });
    const shape = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ _method: "PATCH", duration: "soon", colour: "red" }) }), 422);
    expect(Object.keys(shape.errors ?? {})).toEqual(expect.arrayContaining(["duration"]));

    const live = await insertWebcast(org.id, { state: "live" });
    const locked = await errorOf(await (await org.as("organizer")).request(`/api/webcasts/${live.id}`, { method: "POST", body: form({ _method: "PATCH", duration: "30" }) }), 423);
    expect(locked.message).toBe("This webcast is live: its start time, duration and type can no longer be changed.");
  });

  it("needs the override as form data: 400 without _method=PATCH, 415 with a JSON body", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    expect((await errorOf(await organizer.request(`/api/webcasts/${row.id}`, { method: "POST", body: form({ event_title: "x" }) }), 400)).message).toBe("Send the changes as form data with _method=PATCH.");
    expect((await organizer.post(`/api/webcasts/${row.id}`, { _method: "PATCH", event_title: "x" })).status).toBe(415);
    expect((await storedRow(row.id))?.event_title).toBe("Quarterly update");
  });

  it("hides it from another tenant (404), refuses a speaker (403) and a visitor (401)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const body = () => form({ _method: "PATCH", event_title: "Hijacked" });
    expect((await (await clientFor("owner@other.test")).request(`/api/webcasts/${row.id}`, { method: "POST", body: body() })).status).toBe(404);
    expect((await (await org.as("speaker")).request(`/api/webcasts/${row.id}`, { method: "POST", body: body() })).status).toBe(403);
    expect((await new TestClient().request(`/api/webcasts/${row.id}`, { method: "POST", body: body() })).status).toBe(401);
    expect((await storedRow(row.id))?.event_title).toBe("Quarterly update");
  });
});

describe("GET /api/webcasts/featured", () => {
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

  it("answers the next (soonest not ended, on air first) and the last (most recent archived) of the user's organizations", async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    await insertWebcast(other.id, { event_title: "Other tenant, sooner", event_start_date_time: hours(0.5) });
    await insertWebcast(org.id, { event_title: "Later", event_start_date_time: hours(48) });
    const soon = await insertWebcast(org.id, { event_title: "Soon", event_start_date_time: hours(2) });
    await insertWebcast(org.id, { event_title: "Never held", event_start_date_time: hours(-5) });
    await insertWebcast(org.id, { event_title: "Canceled", state: "canceled", event_start_date_time: hours(1) });
    await insertWebcast(org.id, { event_title: "Old archive", state: "archived", event_start_date_time: hours(-72) });
    const recent = await insertWebcast(org.id, { event_title: "Recent archive", state: "archived", event_start_date_time: hours(-24) });
    const organizer = await org.as("organizer");

    const before = (await (await organizer.get("/api/webcasts/featured")).json<{ data: { next: WebcastJson | null; last: WebcastJson | null } }>()).data;
    expect([before.next?.uid, before.last?.uid]).toEqual([soon.id, recent.id]);
    expect(before.next?.organization).toEqual({ id: org.id, name: expect.stringContaining("Fixture") });

    // A show running late (started 3 h ago for 1 h) is still the next one.
    const late = await insertWebcast(org.id, { event_title: "Running late", state: "live", event_start_date_time: hours(-3) });
    const after = await (await organizer.get("/api/webcasts/featured")).json<{ data: { next: WebcastJson | null } }>();
    expect(after.data.next?.uid).toBe(late.id);
  });

  it("answers nulls when there is nothing, and to members who may not see sessions; 401 signed out", async () => {
    const org = await createOrganization();
    const empty = await (await org.as("organizer")).get("/api/webcasts/featured");
    expect(await empty.json()).toEqual({ data: { next: null, last: null } });
    await insertWebcast(1, { event_start_date_time: hours(1) });
    expect(await (await clientFor("viewer@demo.test")).get("/api/webcasts/featured").then((r) => r.json())).toEqual({ data: { next: null, last: null } });
    expect((await new TestClient().get("/api/webcasts/featured")).status).toBe(401);
  });
});
