import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PullResponse } from "../../../domain/sync/types.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization, createUser, mailsTo } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { SpeakerResource } from "./service.ts";
import { insertSpeaker } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type List = { data: SpeakerResource[] };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

/** A fresh organization (owner, admin, organizer, speaker) with one webcast. */
async function fixture() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  return { org, webcast, path: `/api/webcasts/${webcast.id}/speakers` };
}

describe("PATCH /api/webcasts/{uid}/speakers", () => {
  it("sets the list through setWebcastSpeakers: names and e-mails copied from the account, order kept, devices pull it", async () => {
    const { org, webcast, path } = await fixture();
    const organizer = await org.as("organizer");
    const { data } = await ok<List>(await organizer.patch(path, { webcast_speakers: [{ user_id: org.ids.speaker, is_producer: true }, { id: org.ids.organizer, shown_in_lobby: false }] }));
    expect(data).toEqual([
      { id: expect.stringMatching(UUID_V7), user_id: org.ids.speaker, name: `User ${org.emails.speaker}`, email: org.emails.speaker, is_producer: true, shown_in_lobby: true, position: 0, invited_at: null },
      { id: expect.stringMatching(UUID_V7), user_id: org.ids.organizer, name: `User ${org.emails.organizer}`, email: org.emails.organizer, is_producer: false, shown_in_lobby: false, position: 1, invited_at: null },
    ]);
    expect(await changeLog(data[0]!.id)).toEqual([{ seq: expect.any(Number), organization_id: org.id, op: "put" }]);
    const pulled = await ok<PullResponse>(await (await org.as("speaker")).get("/api/sync/pull?cursor=0"));
    expect(pulled.changes).toContainEqual({ table: "webcast_speakers", id: data[0]!.id, op: "put", row: expect.objectContaining({ webcast_id: webcast.id, is_producer: true }) });
  });

  it("updates, reorders and removes: speakers named by user id or by their speaker id", async () => {
    const { org, path } = await fixture();
    const owner = await org.as("owner");
    const first = await ok<List>(await owner.patch(path, { webcast_speakers: [{ user_id: org.ids.speaker, is_producer: true }, { user_id: org.ids.admin }, { user_id: org.ids.organizer }] }));
    const [speaker, admin, organizer] = first.data;
    const { data } = await ok<List>(await owner.patch(path, { webcast_speakers: [{ id: organizer!.id, is_producer: true }, { user_id: org.ids.speaker, shown_in_lobby: false }] }));
    expect(data.map((row) => [row.id, row.position, row.is_producer, row.shown_in_lobby])).toEqual([
      [organizer!.id, 0, true, true],
      [speaker!.id, 1, false, false],
    ]);
    expect((await changeLog(admin!.id)).map((entry) => entry.op)).toEqual(["del"]); // the log keeps each row's latest change
    expect((await ok<List>(await owner.patch(path, { webcast_speakers: [] }))).data).toEqual([]);
  });

  it("refuses people who may not speak and two producers, in English and in French", async () => {
    const { org, path } = await fixture();
    const viewer = await createUser({ organizationId: org.id, role: "viewer" });
    const stranger = await createUser();
    const body = { webcast_speakers: [{ user_id: viewer.id }, { user_id: stranger.id }, { id: "0190a0a0-0000-7000-8000-000000000000" }] };
    const en = await errorOf(await (await org.as("organizer")).patch(path, body), 422);
    const notCandidate = "This person cannot speak in this webcast: they must be a speaker, organizer, admin or owner of its organization.";
    expect(en).toMatchObject({
      code: "validation_failed",
      message: "Some speakers of the webcast are invalid.",
      errors: { "webcast_speakers.0.user_id": [notCandidate], "webcast_speakers.1.user_id": [notCandidate], "webcast_speakers.2.id": ["This speaker is not on this webcast."] },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).patch(path, body), 422);
    expect(fr.message).toBe("Certains conférenciers du webcast sont invalides.");
    expect(fr.errors?.["webcast_speakers.2.id"]).toEqual(["Ce conférencier ne fait pas partie de ce webcast."]);

    const producers = { webcast_speakers: [{ user_id: org.ids.speaker, is_producer: true }, { user_id: org.ids.admin, is_producer: true }] };
    expect((await errorOf(await (await org.as("organizer")).patch(path, producers), 422)).errors).toEqual({ "webcast_speakers.1.is_producer": ["A webcast has one producer at most."] });
    expect((await errorOf(await (await org.as("organizer", "fr")).patch(path, producers), 422)).errors).toEqual({ "webcast_speakers.1.is_producer": ["Un webcast a au plus un producteur."] });
  });

  it("refuses malformed bodies (422) and applies max_speakers per webcast", async () => {
    const { org, path } = await fixture();
    const organizer = await org.as("organizer");
    const malformed = await errorOf(await organizer.patch(path, { webcast_speakers: [{ is_producer: true }, { user_id: "x" }], extra: 1 }), 422);
    expect(Object.keys(malformed.errors ?? {})).toEqual(expect.arrayContaining(["webcast_speakers.0.user_id", "webcast_speakers.1.user_id"]));

    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_speakers: 1 }), org.id).run();
    const limit = await errorOf(await organizer.patch(path, { webcast_speakers: [{ user_id: org.ids.speaker }, { user_id: org.ids.admin }] }), 422);
    expect(limit).toMatchObject({ message: "Speaker limit reached: a webcast may have at most 1 speaker.", errors: { webcast_speakers: ["Speaker limit reached: a webcast may have at most 1 speaker."] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).patch(path, { webcast_speakers: [{ user_id: org.ids.speaker }, { user_id: org.ids.admin }] }), 422);
    expect(fr.message).toBe("Limite de conférenciers atteinte : un webcast peut compter au plus 1 conférencier.");
    await ok<List>(await organizer.patch(path, { webcast_speakers: [{ user_id: org.ids.speaker }] }));
  });

  it("needs webcasts.update: the webcast's producer 403, another tenant 404, signed out 401 (before any validation)", async () => {
    const { org, webcast, path } = await fixture();
    await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
    const body = { webcast_speakers: [] };
    expect((await errorOf(await (await org.as("speaker")).patch(path, body), 403)).message).toBe("You are not allowed to do this.");
    expect((await (await clientFor("owner@other.test")).patch(path, { nonsense: true })).status).toBe(404);
    expect((await new TestClient().patch(path, { nonsense: true })).status).toBe(401);
    expect((await (await org.as("organizer")).patch("/api/webcasts/not-a-uid/speakers", body)).status).toBe(404);
  });
});

describe("POST /api/webcasts/{uid}/speakers/{id}/invite", () => {
  it("e-mails the speaker in their language and records invited_at", async () => {
    const { org, webcast } = await fixture();
    const speaker = await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
    const { data } = await ok<{ data: SpeakerResource }>(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/speakers/${speaker.id}/invite`));
    expect(data).toMatchObject({ id: speaker.id, user_id: org.ids.speaker, invited_at: expect.any(String) });
    const [mail] = await mailsTo(org.emails.speaker);
    expect(mail).toMatchObject({ template: "speaker_invitation" });
    expect(mail?.text).toContain(webcast.event_title);
    expect(mail?.text).toContain(`/webcasts/${webcast.id}/control-room`);
    expect(mail?.text).toContain("producteur");
    expect(await changeLog(speaker.id)).toEqual([{ seq: expect.any(Number), organization_id: org.id, op: "put" }]);
  });

  it("names the speaker by user id too; a pending account gets a password link in English", async () => {
    const { org, webcast } = await fixture();
    const pending = await createUser({ organizationId: org.id, role: "speaker", status: "pending" });
    await env.DB.prepare("UPDATE users SET communication_language = 'en' WHERE id = ?").bind(pending.id).run();
    await insertSpeaker(webcast, pending.id);
    await ok(await (await org.as("admin")).post(`/api/webcasts/${webcast.id}/speakers/${pending.id}/invite`));
    const [mail] = await mailsTo(pending.email);
    expect(mail?.subject).toBe(`You are a speaker of "${webcast.event_title}"`);
    expect(mail?.text).toMatch(/\/password\/reset\/\S+/);
  });

  it("answers 404 for a speaker not on this webcast (en, fr); 403, 404 and 401 for those who may not", async () => {
    const { org, webcast } = await fixture();
    const other = await insertWebcast(org.id);
    const elsewhere = await insertSpeaker(other, org.ids.speaker);
    const path = `/api/webcasts/${webcast.id}/speakers/${elsewhere.id}/invite`;
    expect((await errorOf(await (await org.as("organizer")).post(path), 404)).message).toBe("This speaker is not on this webcast.");
    expect((await errorOf(await (await org.as("organizer", "fr")).post(path), 404)).message).toBe("Ce conférencier ne fait pas partie de ce webcast.");
    const mine = await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
    const invite = `/api/webcasts/${webcast.id}/speakers/${mine.id}/invite`;
    expect((await (await org.as("speaker")).post(invite)).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).post(invite)).status).toBe(404);
    expect((await new TestClient().post(invite)).status).toBe(401);
    expect(await mailsTo(org.emails.speaker)).toEqual([]);
  });
});
