import { beforeAll, describe, expect, it } from "vitest";
import type { QuestionView } from "../../../domain/questions/visibility.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { insertWebhook } from "../integrations/testing.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../polls/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { readCsv, readXlsx } from "./testing.ts";

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

/** A fresh organization with a webcast (time zone Toronto), its organizer, and a plain speaker of it. */
async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id, { timezone: "America/Toronto" });
  await insertSpeaker(webcast, { id: org.ids.speaker, email: org.emails.speaker }, false);
  return { org, webcast, organizer: await org.as("organizer"), speaker: await org.as("speaker") };
}

/** Other tenant 404, `member` 403, signed out 401. */
async function expectGuarded(call: (client: TestClient) => Promise<Response>, member: TestClient) {
  expect((await errorOf(await call(await clientFor("owner@other.test")), 404)).code).toBe("not_found");
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await call(new TestClient())).status).toBe(401);
}

async function ask(client: TestClient, uid: string, text: string, anonymous = false): Promise<QuestionView> {
  return (await ok<{ data: QuestionView }>(await client.post(`/api/webcasts/${uid}/questions`, { text, anonymous }), 201)).data;
}

describe("POST and GET /api/webcasts/:id/questions", () => {
  it("asks through the room and lists from D1: a moderator sees every question with its details, a speaker the pushed ones", async () => {
    const { org, webcast, organizer, speaker } = await setup();
    const first = await ask(organizer, webcast.id, "  What is new?  ");
    expect(first).toMatchObject({ webcast_id: webcast.id, text: "What is new?", anonymous: false, answered: false, hidden: false, mine: true });
    const second = await ask(await org.as("admin"), webcast.id, "Élève question");
    const page = await ok<Page<QuestionView>>(await organizer.get(`/api/webcasts/${webcast.id}/questions`));
    expect(page.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect(page.data.map((question) => question.id)).toEqual([second.id, first.id]);
    expect(page.data[1]).toMatchObject({ asker_id: expect.stringMatching(/^user:/), support_desk: null });
    expect((await ok<Page<QuestionView>>(await organizer.get(`/api/webcasts/${webcast.id}/questions?q=eleve&limit=1`))).data.map((q) => q.id)).toEqual([second.id]);
    // The speaker sees nothing until a question is pushed to the speakers.
    expect((await ok<Page<QuestionView>>(await speaker.get(`/api/webcasts/${webcast.id}/questions`))).meta.total).toBe(0);
    await ok(await organizer.patch(`/api/questions/${first.id}/push-to-speakers`));
    const seen = await ok<Page<QuestionView>>(await speaker.get(`/api/webcasts/${webcast.id}/questions?status=pushed`));
    expect(seen.data.map((q) => q.id)).toEqual([first.id]);
    expect(seen.data[0]).not.toHaveProperty("asker_email");
    // A speaker may ask; they see their own question (mine), the other speakers only once pushed.
    expect((await ok<{ data: QuestionView | null }>(await speaker.post(`/api/webcasts/${webcast.id}/questions`, { text: "From the stage?" }), 201)).data).toMatchObject({ text: "From the stage?", mine: true });
    expect((await ok<Page<QuestionView>>(await organizer.get(`/api/webcasts/${webcast.id}/questions`))).meta.total).toBe(3);
  });

  it("refuses an empty question or a bad query (422) in English and French", async () => {
    const { org, webcast, organizer } = await setup();
    const en = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/questions`, { text: "   " }), 422);
    expect(en).toMatchObject({ message: "Some fields of the question are invalid.", errors: { text: [expect.any(String)] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/questions`, { text: "" }), 422);
    expect(fr.message).toBe("Certains champs de la question sont invalides.");
    expect(Object.keys((await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/questions`, { text: "Hi", sender: "x" }), 422)).errors ?? {})).toEqual(["_"]);
    await ask(organizer, webcast.id, "First");
    const waiting = await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/questions`, { text: "Again" });
    expect(Number(waiting.headers.get("Retry-After"))).toBeGreaterThan(0);
    const wait = await errorOf(waiting, 429);
    expect(wait.message).toMatch(/^Veuillez patienter \d+ secondes? avant de poser une autre question\.$/);
    const query = await errorOf(await (await org.as("organizer", "fr")).get(`/api/webcasts/${webcast.id}/questions?status=maybe&limit=0`), 422);
    expect(Object.keys(query.errors ?? {}).sort()).toEqual(["limit", "status"]);
  });

  it("is for the webcast's staff: a member who neither produces nor speaks 403, another tenant 404, signed out 401", async () => {
    const { org, webcast } = await setup();
    const outsider = await insertWebcast(org.id);
    const speaker = await org.as("speaker"); // speaks in `webcast`, not in `outsider`
    await expectGuarded((client) => client.get(`/api/webcasts/${outsider.id}/questions`), speaker);
    await expectGuarded((client) => client.post(`/api/webcasts/${outsider.id}/questions`, { text: "Hi" }), speaker);
    expect((await errorOf(await (await org.as("organizer")).get(`/api/webcasts/not-a-uid/questions`), 404)).code).toBe("not_found");
    expect((await speaker.get(`/api/webcasts/${webcast.id}/questions`)).status).toBe(200);
  });
});

describe("PATCH /api/questions/:id and its actions", () => {
  it("moderates through the room: answer, hide, mark answered/unanswered, hide from speakers", async () => {
    const { webcast, organizer } = await setup();
    const question = await ask(organizer, webcast.id, "When?");
    await organizer.get(`/api/webcasts/${webcast.id}/questions`); // the room writes D1 (where the call finds the webcast)
    const answered = await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}`, { answer: "At noon." }));
    expect(answered.data).toMatchObject({ id: question.id, answer: "At noon.", answered: true });
    expect((await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}/mark-as-unanswered`))).data).toMatchObject({ answered: false, answer: "At noon." });
    expect((await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}/mark-as-answered`))).data).toMatchObject({ answered: true });
    expect((await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}/push-to-speakers`))).data).toMatchObject({ pushed_to_speakers: true });
    expect((await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}/hide-from-speakers`))).data).toMatchObject({ pushed_to_speakers: false });
    expect((await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}/mark-as-hidden`))).data).toMatchObject({ hidden: true });
    const list = await ok<Page<QuestionView>>(await organizer.get(`/api/webcasts/${webcast.id}/questions?status=hidden`));
    expect(list.data).toEqual([expect.objectContaining({ id: question.id, hidden: true, answered: true, answer: "At noon." })]);
  });

  it("answers the room's refusals in the caller's language: a hidden question pushed (409), no support desk (409), a bad patch (422)", async () => {
    const { org, webcast, organizer } = await setup();
    const question = await ask(organizer, webcast.id, "Why?");
    await organizer.get(`/api/webcasts/${webcast.id}/questions`);
    await ok(await organizer.patch(`/api/questions/${question.id}/mark-as-hidden`));
    const en = await errorOf(await organizer.patch(`/api/questions/${question.id}/push-to-speakers`), 409);
    expect(en).toMatchObject({ code: "conflict", message: "This question is hidden: show it again before pushing it to the speakers." });
    const fr = await errorOf(await (await org.as("organizer", "fr")).patch(`/api/questions/${question.id}/send-to-zendesk`), 409);
    expect(fr.message).toBe("Aucun service d'assistance n'est configuré pour cette organisation.");
    expect(Object.keys((await errorOf(await organizer.patch(`/api/questions/${question.id}`, { hidden: "yes" }), 422)).errors ?? {})).toEqual(["hidden"]);
    expect((await organizer.patch(`/api/questions/${question.id}/delete-everything`)).status).toBe(404);
  });

  it("sends to the support desk when one is configured (pending until the desk answers)", async () => {
    const { webcast, organizer } = await setup();
    // A closed local port: the room's delivery fails at once, without a DNS lookup.
    await insertWebhook(webcast.id, { url: "http://127.0.0.1:9/desk", events: ["question.support_desk"] });
    const question = await ask(organizer, webcast.id, "Support?");
    await organizer.get(`/api/webcasts/${webcast.id}/questions`);
    const sent = await ok<{ data: QuestionView }>(await organizer.patch(`/api/questions/${question.id}/send-to-zendesk`));
    expect(sent.data.support_desk).toMatchObject({ status: "pending", ticket: null });
  });

  it("needs questions.manage for the question's webcast: a plain speaker 403 (en, fr), another tenant 404, unknown 404, signed out 401", async () => {
    const { org, webcast, organizer, speaker } = await setup();
    const question = await ask(organizer, webcast.id, "Who?");
    await organizer.get(`/api/webcasts/${webcast.id}/questions`);
    await expectGuarded((client) => client.patch(`/api/questions/${question.id}`, { hidden: true }), speaker);
    await expectGuarded((client) => client.patch(`/api/questions/${question.id}/mark-as-hidden`), speaker);
    expect((await errorOf(await speaker.patch(`/api/questions/${question.id}/mark-as-hidden`), 403)).message).toBe("Only the webcast's organizers and producer may manage its questions.");
    const fr = await errorOf(await (await org.as("speaker", "fr")).patch(`/api/questions/${question.id}`, { hidden: true }), 403);
    expect(fr.message).toBe("Seuls les organisateurs et le producteur du webcast peuvent gérer ses questions.");
    const unknown = `${question.id.slice(0, -1)}${question.id.endsWith("0") ? "1" : "0"}`;
    expect((await errorOf(await organizer.patch(`/api/questions/${unknown}/mark-as-hidden`), 404)).code).toBe("not_found");
    expect((await organizer.patch("/api/questions/42", { hidden: true })).status).toBe(404);
  });
});

describe("GET /api/webcasts/:id/questions/download", () => {
  it("exports every question (newest first, dates in the webcast's time zone) as XLSX or CSV, read back by exceljs", async () => {
    const { org, webcast, organizer } = await setup();
    await ask(organizer, webcast.id, "=1+1 first");
    await ask(await org.as("admin"), webcast.id, "Deuxième ; question");
    const csv = await organizer.get(`/api/webcasts/${webcast.id}/questions/download?type=csv_semicolon&lang=fr`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="questions-${webcast.id}.csv"`);
    const rows = await readCsv(await csv.arrayBuffer(), ";", 12);
    expect(rows[0]).toEqual(["Date", "Nom", "Courriel", "Question", "Anonyme", "Source", "Répondue", "Réponse", "Masquée", "Envoyée aux intervenants", "Votes", "Service d'assistance"]);
    expect(rows.slice(1).map((row) => row[3])).toEqual(["Deuxième ; question", "'=1+1 first"]);
    expect(rows[1]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const xlsx = await organizer.get(`/api/webcasts/${webcast.id}/questions/download?lang=en`);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = await readXlsx(await xlsx.arrayBuffer(), 12);
    expect(book.name).toBe("Questions");
    expect(book.rows.map((row) => row[3])).toEqual(["Question", "Deuxième ; question", "=1+1 first"]);
    expect(book.rows[1]?.slice(4, 7)).toEqual(["No", "Web", "No"]);
  });

  it("refuses an unknown type (422, en and fr) and needs questions.manage (a plain speaker 403)", async () => {
    const { org, webcast, speaker } = await setup();
    const en = await errorOf(await (await org.as("organizer")).get(`/api/webcasts/${webcast.id}/questions/download?type=pdf`), 422);
    expect(en.errors).toHaveProperty("type");
    const fr = await errorOf(await (await org.as("organizer", "fr")).get(`/api/webcasts/${webcast.id}/questions/download?type=pdf`), 422);
    expect(fr.errors?.type?.[0]).toMatch(/^Cette valeur/);
    expect(fr.message).not.toBe(en.message);
    await expectGuarded((client) => client.get(`/api/webcasts/${webcast.id}/questions/download?type=csv`), speaker);
  });
});

describe("POST /api/webcasts/:id/questions/disable-sms", () => {
  it("turns SMS questions off and on again; a bad body is 422 (en, fr); a plain speaker 403", async () => {
    const { org, webcast, organizer, speaker } = await setup();
    expect((await ok<{ data: { sms_disabled: boolean } }>(await organizer.post(`/api/webcasts/${webcast.id}/questions/disable-sms`, {}))).data).toEqual({ sms_disabled: true });
    expect((await ok<{ data: { sms_disabled: boolean } }>(await organizer.post(`/api/webcasts/${webcast.id}/questions/disable-sms`, { disabled: false }))).data).toEqual({ sms_disabled: false });
    const en = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/questions/disable-sms`, { disabled: "no" }), 422);
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/questions/disable-sms`, { disabled: "no" }), 422);
    expect(en.errors).toHaveProperty("disabled");
    expect(fr.message).not.toBe(en.message);
    await expectGuarded((client) => client.post(`/api/webcasts/${webcast.id}/questions/disable-sms`, { disabled: true }), speaker);
  });
});
