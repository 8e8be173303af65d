import { beforeAll, describe, expect, it } from "vitest";
import type { PollRow } from "../../../domain/polls/record.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { PollingSeriesResource } from "./service.ts";
import { insertPoll, insertSeries, insertSpeaker } from "./testing.ts";
import { env } from "cloudflare:workers";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { writeInteractions } from "../webcast-room/interaction-writes.ts";
import { readCsv, readXlsx } from "../questions/testing.ts";
import type { PollResultsResource } from "./results.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

/** A fresh organization (owner, admin, organizer, speaker) with a webcast (language fr). */
async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  return { org, webcast, organizer: await org.as("organizer") };
}

/** Other tenant 404, a member without polls.manage 403, signed out 401. */
async function expectGuarded(call: (client: TestClient) => Promise<Response>, member: TestClient) {
  expect((await errorOf(await call(await clientFor("owner@other.test")), 404)).code).toBe("not_found");
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await call(new TestClient())).status).toBe(401);
}

describe("POST /api/webcasts/:id/polls", () => {
  it("creates an unpublished poll through a pushed mutation, making the options' missing ids", async () => {
    const { webcast, organizer } = await setup();
    const body = { title: " Best city? ", options: [{ id: "mtl", text: "Montréal" }, { text: "Paris" }], recommended_option_id: "mtl", display: "paginated" };
    const { data } = await ok<{ data: PollRow }>(await organizer.post(`/api/webcasts/${webcast.id}/polls`, body), 201);
    expect(data).toMatchObject({ webcast_id: webcast.id, series_id: null, title: "Best city?", language: "fr", recommended_option_id: "mtl", multiple_choice: false, display: "paginated", position: 0, status: "unpublished" });
    expect(data.options[0]).toEqual({ id: "mtl", text: "Montréal" });
    expect(data.options[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await changeLog(data.id)).map((entry) => entry.op)).toEqual(["put"]);
    const second = await ok<{ data: PollRow }>(await organizer.post(`/api/webcasts/${webcast.id}/polls`, { title: "Next", language: "en", options: [{ text: "A" }, { text: "B" }] }), 201);
    expect(second.data).toMatchObject({ position: 1, language: "en" });
  });

  it("answers the mutator's field errors (422) in English and French, and refuses unknown fields", async () => {
    const { org, webcast, organizer } = await setup();
    const en = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/polls`, { title: "", options: [{ text: "Yes" }, { text: "yes " }] }), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "Some fields of the poll are invalid.", errors: { title: ["This field is required"], "options.1.text": ["Another field use this name"] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/polls`, { title: "Q", options: [{ text: "Oui" }] }), 422);
    expect(fr).toMatchObject({ message: "Certains champs du sondage sont invalides.", errors: { options: ["Un sondage doit avoir au moins 2 options."] } });
    const status = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/polls`, { title: "Q", options: [{ text: "A" }, { text: "B" }], status: "open" }), 422);
    expect(Object.keys(status.errors ?? {})).toEqual(["_"]);
    expect((await ok<Page<PollRow>>(await organizer.get(`/api/webcasts/${webcast.id}/polls`))).meta.total).toBe(0);
  });

  it("needs polls.manage: the webcast's producer speaker may, a plain speaker (403), another tenant (404), signed out (401) may not", async () => {
    const { org, webcast } = await setup();
    const body = { title: "Q", options: [{ text: "A" }, { text: "B" }] };
    await expectGuarded((client) => client.post(`/api/webcasts/${webcast.id}/polls`, body), await org.as("speaker"));
    const user = { id: org.ids.speaker, email: org.emails.speaker };
    await insertSpeaker(webcast, user, false);
    const speaker = await org.as("speaker");
    expect((await speaker.post(`/api/webcasts/${webcast.id}/polls`, body)).status).toBe(403);
    // Producer of another webcast: nothing on this one.
    const produced = await insertWebcast(org.id);
    await insertSpeaker(produced, user);
    expect((await speaker.post(`/api/webcasts/${webcast.id}/polls`, body)).status).toBe(403);
    expect((await speaker.post(`/api/webcasts/${produced.id}/polls`, body)).status).toBe(201);
    expect((await speaker.get(`/api/webcasts/${produced.id}/polls`)).status).toBe(200);
    const producer = speaker;
    expect((await errorOf(await producer.get(`/api/webcasts/not-a-uid/polls`), 404)).code).toBe("not_found");
  });
});

describe("GET /api/webcasts/:id/polls", () => {
  it("pages the polls in list order, searches titles, leaves series' polls out unless include_from_series", async () => {
    const { webcast, organizer } = await setup();
    const series = await insertSeries(webcast);
    await insertPoll(webcast, { title: "Third", position: 2 });
    await insertPoll(webcast, { title: "First 100%", position: 0 });
    await insertPoll(webcast, { title: "Second", position: 1 });
    await insertPoll(webcast, { title: "In series", position: 3, series_id: series.id });
    await insertPoll(await insertWebcast(webcast.organization_id), { title: "Elsewhere" });
    const base = `/api/webcasts/${webcast.id}/polls`;
    const all = await ok<Page<PollRow>>(await organizer.get(base));
    expect(all.data.map((poll) => poll.title)).toEqual(["First 100%", "Second", "Third"]);
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 3 });
    const page2 = await ok<Page<PollRow>>(await organizer.get(`${base}?page=2&limit=2&include_from_series=true`));
    expect(page2.data.map((poll) => poll.title)).toEqual(["Third", "In series"]);
    expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 4 });
    expect((await ok<Page<PollRow>>(await organizer.get(`${base}?q=100%25`))).data.map((poll) => poll.title)).toEqual(["First 100%"]);
    expect((await ok<Page<PollRow>>(await organizer.get(`${base}?q=%25`))).meta.total).toBe(1);
    const bad = await errorOf(await organizer.get(`${base}?limit=0&include_from_series=maybe`), 422);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(["include_from_series", "limit"]);
  });
});

describe("GET, PATCH and DELETE /api/polls/:id", () => {
  it("reads, edits (options replaced as a whole) and deletes a poll", async () => {
    const { webcast, organizer } = await setup();
    const poll = await insertPoll(webcast, { recommended_option_id: "red" });
    expect((await ok<{ data: PollRow }>(await organizer.get(`/api/polls/${poll.id}`))).data).toEqual(poll);
    const patched = await ok<{ data: PollRow }>(await organizer.patch(`/api/polls/${poll.id}`, { title: "Sky colour?", options: [{ id: "blue", text: "Blue" }, { text: "Grey" }], multiple_choice: true }));
    expect(patched.data).toMatchObject({ title: "Sky colour?", multiple_choice: true, recommended_option_id: null, description: null, status: "unpublished" });
    expect(patched.data.options.map((option) => option.text)).toEqual(["Blue", "Grey"]);
    expect(await (await organizer.request(`/api/polls/${poll.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await organizer.get(`/api/polls/${poll.id}`)).status).toBe(404);
    expect((await changeLog(poll.id)).at(-1)?.op).toBe("del");
  });

  it("locks an open poll's options and refuses deleting it (423, en and fr); refuses a bad recommended option (422)", async () => {
    const { org, webcast, organizer } = await setup();
    const poll = await insertPoll(webcast, { status: "open" });
    const en = await errorOf(await organizer.patch(`/api/polls/${poll.id}`, { options: [{ text: "Green" }, { text: "Blue" }] }), 423);
    expect(en).toMatchObject({ code: "locked", message: "This poll is open: close it before changing its options or its choice mode." });
    const fr = await errorOf(await (await org.as("organizer", "fr")).request(`/api/polls/${poll.id}`, { method: "DELETE" }), 423);
    expect(fr.message).toBe("Ce sondage est ouvert : fermez-le avant de le supprimer.");
    expect((await ok<{ data: PollRow }>(await organizer.patch(`/api/polls/${poll.id}`, { title: "Still open" }))).data).toMatchObject({ title: "Still open", status: "open" });
    const bad = await errorOf(await organizer.patch(`/api/polls/${poll.id}`, { recommended_option_id: "nope" }), 422);
    expect(bad.errors).toEqual({ recommended_option_id: ["The recommended option must be one of the poll's options."] });
  });

  it("need polls.manage for the poll's webcast; an unknown poll is 404", async () => {
    const { org, webcast, organizer } = await setup();
    const poll = await insertPoll(webcast);
    const speaker = await org.as("speaker");
    await expectGuarded((client) => client.get(`/api/polls/${poll.id}`), speaker);
    await expectGuarded((client) => client.patch(`/api/polls/${poll.id}`, { title: "x" }), speaker);
    await expectGuarded((client) => client.request(`/api/polls/${poll.id}`, { method: "DELETE" }), speaker);
    // Another id: its last digit changed (a UUIDv7 may already end in 0).
    const unknown = `${poll.id.slice(0, -1)}${poll.id.endsWith("0") ? "1" : "0"}`;
    expect((await organizer.get(`/api/polls/${unknown}`)).status).toBe(404);
    expect((await organizer.get("/api/polls/42")).status).toBe(404);
    expect(await changeLog(poll.id)).toEqual([]);
  });
});

describe("polling series", () => {
  it("creates, lists (with their polls), reads, renames and deletes a series; its polls stay, out of any series", async () => {
    const { webcast, organizer } = await setup();
    const base = `/api/webcasts/${webcast.id}/polling-series`;
    const created = await ok<{ data: PollingSeriesResource }>(await organizer.post(base, { title: " Warm-up ", description: "Three questions" }), 201);
    expect(created.data).toMatchObject({ webcast_id: webcast.id, title: "Warm-up", description: "Three questions", position: 0, polls: [] });
    const inside = await ok<{ data: PollRow }>(await organizer.post(`/api/webcasts/${webcast.id}/polls`, { title: "Q1", options: [{ text: "A" }, { text: "B" }], series_id: created.data.id }), 201);
    await insertSeries(webcast, { title: "Finale", position: 1 });

    const list = await ok<Page<PollingSeriesResource>>(await organizer.get(base));
    expect(list.data.map((series) => [series.title, series.polls.map((poll) => poll.title)])).toEqual([["Warm-up", ["Q1"]], ["Finale", []]]);
    expect(list.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect((await ok<Page<PollingSeriesResource>>(await organizer.get(`${base}?q=fin`))).data.map((series) => series.title)).toEqual(["Finale"]);

    const one = `${base}/${created.data.id}`;
    expect((await ok<{ data: PollingSeriesResource }>(await organizer.get(one))).data.polls.map((poll) => poll.id)).toEqual([inside.data.id]);
    expect((await ok<{ data: PollingSeriesResource }>(await organizer.patch(one, { title: "Opening", description: null }))).data).toMatchObject({ title: "Opening", description: null });
    expect((await organizer.request(one, { method: "DELETE" })).status).toBe(204);
    expect((await organizer.get(one)).status).toBe(404);
    expect((await ok<{ data: PollRow }>(await organizer.get(`/api/polls/${inside.data.id}`))).data.series_id).toBeNull();
  });

  it("refuses a blank title (422, en and fr) and a series of another webcast under this path (404)", async () => {
    const { org, webcast, organizer } = await setup();
    const base = `/api/webcasts/${webcast.id}/polling-series`;
    const en = await errorOf(await organizer.post(base, { title: "  " }), 422);
    expect(en).toMatchObject({ message: "Some fields of the polling series are invalid.", errors: { title: ["This field is required"] } });
    const series = await insertSeries(webcast);
    const fr = await errorOf(await (await org.as("organizer", "fr")).patch(`${base}/${series.id}`, { title: "" }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la série de sondages sont invalides.", errors: { title: ["Ce champ est obligatoire"] } });
    const elsewhere = await insertSeries(await insertWebcast(org.id));
    expect((await organizer.get(`${base}/${elsewhere.id}`)).status).toBe(404);
    expect((await organizer.patch(`${base}/${elsewhere.id}`, { title: 42 })).status).toBe(404);
    expect((await organizer.request(`${base}/${elsewhere.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("need polls.manage: other tenant 404, speaker 403, signed out 401", async () => {
    const { org, webcast } = await setup();
    const series = await insertSeries(webcast);
    const speaker = await org.as("speaker");
    const base = `/api/webcasts/${webcast.id}/polling-series`;
    await expectGuarded((client) => client.get(base), speaker);
    await expectGuarded((client) => client.post(base, { title: "x" }), speaker);
    await expectGuarded((client) => client.get(`${base}/${series.id}`), speaker);
    await expectGuarded((client) => client.patch(`${base}/${series.id}`, { title: "x" }), speaker);
    await expectGuarded((client) => client.request(`${base}/${series.id}`, { method: "DELETE" }), speaker);
    expect(await changeLog(series.id)).toEqual([]);
  });
});

describe("GET /api/webcasts/:id/polls/export", () => {
  async function withPolls() {
    const context = await setup();
    const series = await insertSeries(context.webcast, { title: "Série A" });
    await insertPoll(context.webcast, { title: "Couleur ?", recommended_option_id: "blue", position: 0 });
    await insertPoll(context.webcast, { title: "=cmd", series_id: series.id, options: [{ id: "a", text: "Oui; vraiment" }, { id: "b", text: "Non" }] });
    return context;
  }

  it("exports CSV (comma or semicolon) with headers in the language asked, one row per option", async () => {
    const { webcast, organizer } = await withPolls();
    const response = await organizer.get(`/api/webcasts/${webcast.id}/polls/export?type=csv_semicolon&lang=fr`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="polls-${webcast.id}.csv"`);
    expect((await response.text()).split("\r\n")).toEqual([
      "Série;Sondage;Description;Langue;Choix multiple;Affichage;Statut;Option;Recommandée;Votants;Votes;Pourcentage",
      ";Couleur ?;;Anglais;Non;Fluide;Non publié;Red;Non;;;",
      ";Couleur ?;;Anglais;Non;Fluide;Non publié;Blue;Oui;;;",
      "Série A;'=cmd;;Anglais;Non;Fluide;Non publié;\"Oui; vraiment\";Non;;;",
      "Série A;'=cmd;;Anglais;Non;Fluide;Non publié;Non;Non;;;",
      "",
    ]);
    const comma = await (await organizer.get(`/api/webcasts/${webcast.id}/polls/export?type=csv`)).text();
    expect(comma.split("\r\n")[0]).toBe("Series,Poll,Description,Language,Multiple choice,Display,Status,Option,Recommended,Voters,Votes,Percentage");
  });

  it("exports XLSX by default (a zip holding the sheet); an unknown type is 422", async () => {
    const { webcast, organizer } = await withPolls();
    const response = await organizer.get(`/api/webcasts/${webcast.id}/polls/export?lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="polls-${webcast.id}.xlsx"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const text = new TextDecoder().decode(bytes); // entries are stored, so the XML reads as is
    expect(text).toContain('<sheet name="Polls" sheetId="1" r:id="rId1"/>');
    expect(text).toContain('<t>Couleur ?</t>');
    expect((await errorOf(await organizer.get(`/api/webcasts/${webcast.id}/polls/export?type=pdf`), 422)).errors).toHaveProperty("type");
  });

  it("needs polls.manage: other tenant 404, speaker 403, signed out 401", async () => {
    const { org, webcast } = await setup();
    await expectGuarded((client) => client.get(`/api/webcasts/${webcast.id}/polls/export?type=csv`), await org.as("speaker"));
  });
});

describe("poll results: GET …/polls/results, the results in the export, the ballot log", () => {
  /** Ballots as the room writes them (its outbox, worker/features/webcast-room/interaction-writes.ts): v1 voted red then blue. */
  async function withVotes() {
    const context = await setup();
    const poll = await insertPoll(context.webcast, { title: "Couleur ?", recommended_option_id: "blue", status: "closed" });
    const quiet = await insertPoll(context.webcast, { title: "Personne ?", position: 1 });
    const cast = (seq: number, voter_key: string, option: string, weight: number) => ({ poll_id: poll.id, voter_key, option_ids: [option], weight, cast_at: Date.UTC(2026, 10, 22, 10, 0, seq), seq });
    const log = [cast(1, "v1", "red", 2), cast(2, "guest:g", "red", 1), cast(3, "v1", "blue", 2)];
    await writeInteractions(env, context.webcast.organization_id, context.webcast.id, [
      ...log.map((ballot) => ({ kind: "ballot_log" as const, key: String(ballot.seq), value: ballot })),
      { kind: "ballot", key: "g", value: log[1] ?? cast(0, "", "", 0) },
      { kind: "ballot", key: "v1", value: log[2] ?? cast(0, "", "", 0) },
    ]);
    return { ...context, poll, quiet };
  }

  it("GET …/polls/results: each poll's voters, weighted votes and percentages, in list order", async () => {
    const { webcast, organizer, poll, quiet } = await withVotes();
    const { data } = await ok<{ data: PollResultsResource[] }>(await organizer.get(`/api/webcasts/${webcast.id}/polls/results`));
    expect(data.map((results) => results.poll_id)).toEqual([poll.id, quiet.id]);
    expect(data[0]).toMatchObject({ title: "Couleur ?", status: "closed", voters: 2, weight: 3, multiple_choice: false });
    expect(data[0]?.options).toEqual([
      { option_id: "red", text: "Red", voters: 1, weight: 1, percent: 33, recommended: false },
      { option_id: "blue", text: "Blue", voters: 1, weight: 2, percent: 67, recommended: true },
    ]);
    expect(data[1]).toMatchObject({ voters: 0, weight: 0 });
  });

  it("the polls export holds the results (read back by exceljs, XLSX and CSV)", async () => {
    const { webcast, organizer } = await withVotes();
    const xlsx = await readXlsx(await (await organizer.get(`/api/webcasts/${webcast.id}/polls/export?lang=en`)).arrayBuffer(), 12);
    expect(xlsx.rows.map((row) => [row[1], row[7], row[9], row[10], row[11]])).toEqual([
      ["Poll", "Option", "Voters", "Votes", "Percentage"],
      ["Couleur ?", "Red", 1, 1, 33],
      ["Couleur ?", "Blue", 1, 2, 67],
      ["Personne ?", "Red", null, null, null],
      ["Personne ?", "Blue", null, null, null],
    ]);
    const csv = await readCsv(await (await organizer.get(`/api/webcasts/${webcast.id}/polls/export?type=csv&lang=fr`)).arrayBuffer(), ",", 12);
    expect(csv[0]?.slice(9)).toEqual(["Votants", "Votes", "Pourcentage"]);
    expect(csv[2]?.slice(7)).toEqual(["Blue", "Oui", "1", "2", "67"]);
  });

  it("GET …/polls/results needs polls.manage (a producer speaker may), refuses others", async () => {
    const { org, webcast } = await withVotes();
    await expectGuarded((client) => client.get(`/api/webcasts/${webcast.id}/polls/results`), await org.as("speaker"));
  });

  async function ballotExport(client: TestClient, webcast: WebcastRow, query: string): Promise<Response> {
    return client.get(`/api/webcasts/${webcast.id}/polls/ballots/export${query}`);
  }

  it("GET …/polls/ballots/export: every accepted ballot in the room's order, replaced ones included", async () => {
    const { webcast, organizer } = await withVotes();
    const response = await ballotExport(organizer, webcast, "?type=csv_semicolon&lang=fr");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="poll-ballots-${webcast.id}.csv"`);
    expect(await readCsv(await response.arrayBuffer(), ";", 6)).toEqual([
      ["Séquence", "Sondage", "Votant", "Options", "Poids", "Voté le"],
      ["1", "Couleur ?", "v1", "Red", "2", "2026-11-22T10:00:01.000Z"],
      ["2", "Couleur ?", "guest:g", "Red", "1", "2026-11-22T10:00:02.000Z"],
      ["3", "Couleur ?", "v1", "Blue", "2", "2026-11-22T10:00:03.000Z"],
    ]);
    const xlsx = await readXlsx(await (await ballotExport(organizer, webcast, "?lang=en")).arrayBuffer(), 6);
    expect(xlsx.name).toBe("Ballots");
    expect(xlsx.rows[3]).toEqual([3, "Couleur ?", "v1", "Blue", 2, "2026-11-22T10:00:03.000Z"]);
  });

  it("GET …/polls/ballots/export is the organizer's (webcasts.update): a producer speaker 403 (en, fr), a bad type 422", async () => {
    const { org, webcast, organizer } = await withVotes();
    const user = { id: org.ids.speaker, email: org.emails.speaker };
    await insertSpeaker(webcast, user);
    const producer = await org.as("speaker");
    expect((await producer.get(`/api/webcasts/${webcast.id}/polls/results`)).status).toBe(200);
    const en = await errorOf(await ballotExport(producer, webcast, "?type=csv"), 403);
    const fr = await errorOf(await ballotExport(await org.as("speaker", "fr"), webcast, "?type=csv"), 403);
    expect(en.code).toBe("forbidden");
    expect(fr.message).not.toBe(en.message);
    expect((await errorOf(await ballotExport(organizer, webcast, "?type=pdf"), 422)).errors).toHaveProperty("type");
    expect((await errorOf(await ballotExport(await clientFor("owner@other.test"), webcast, ""), 404)).code).toBe("not_found");
    expect((await ballotExport(new TestClient(), webcast, "")).status).toBe(401);
  });
});
