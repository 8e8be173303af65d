import { beforeAll, describe, expect, it } from "vitest";
import type { EmbedAppAnswer } from "../../../domain/embed-apps/mutators.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { allowEmbeds, insertEmbedApp } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type Page = { data: EmbedAppAnswer[]; meta: { page: number; per_page: number; total: number } };

beforeAll(seedDemo);

const CODE = '<iframe src="https://quiz.example.com/embed"></iframe>';

async function setup(allowed = true) {
  const org = await createOrganization();
  if (allowed) await allowEmbeds(org.id);
  const webcast = await insertWebcast(org.id);
  return { org, webcast, organizer: await org.as("organizer") };
}

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf(response: Response, status = 200): Promise<EmbedAppAnswer> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: EmbedAppAnswer }>()).data;
}

describe("embed apps", () => {
  it("creates (through the sync log), lists by page, q and limit, updates and deletes", async () => {
    const { webcast, organizer } = await setup();
    const created = await dataOf(await organizer.post(`/api/webcasts/${webcast.id}/embed-apps`, { title: " Live quiz ", description: "Vote during the talk", embed_code: CODE }), 201);
    expect(created).toMatchObject({ webcast_id: webcast.id, title: "Live quiz", description: "Vote during the talk", embed_code: CODE });
    expect(created).not.toHaveProperty("organization_id");
    expect((await changeLog(created.id)).map((entry) => entry.op)).toEqual(["put"]);
    const second = await insertEmbedApp(webcast, { title: "Survey", created_at: "2099-01-01T00:00:00.000Z" });
    await insertEmbedApp(await insertWebcast(webcast.organization_id), { title: "Other webcast's" });

    const all = await (await organizer.get(`/api/webcasts/${webcast.id}/embed-apps`)).json<Page>();
    expect(all.data.map((app) => app.id)).toEqual([created.id, second.id]);
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    const paged = await (await organizer.get(`/api/webcasts/${webcast.id}/embed-apps?page=2&limit=1`)).json<Page>();
    expect(paged).toMatchObject({ data: [{ id: second.id }], meta: { page: 2, per_page: 1, total: 2 } });
    const searched = await (await organizer.get(`/api/webcasts/${webcast.id}/embed-apps?q=vote`)).json<Page>();
    expect(searched.data.map((app) => app.id)).toEqual([created.id]);
    expect((await errorOf(await organizer.get(`/api/webcasts/${webcast.id}/embed-apps?limit=1000`), 422)).errors).toHaveProperty("limit");

    const updated = await dataOf(await organizer.patch(`/api/webcasts/${webcast.id}/embed-apps/${created.id}`, { title: "Quiz", description: null }));
    expect(updated).toMatchObject({ title: "Quiz", description: null, embed_code: CODE });
    expect((await organizer.delete(`/api/webcasts/${webcast.id}/embed-apps/${created.id}`)).status).toBe(204);
    expect((await changeLog(created.id)).map((entry) => entry.op)).toEqual(["del"]);
    expect((await organizer.delete(`/api/webcasts/${webcast.id}/embed-apps/${created.id}`)).status).toBe(404);
  });

  it("refuses a creation while allow_embed_integration_in_webcasts is off (403, English and French); edits still work", async () => {
    const { org, webcast, organizer } = await setup(false);
    const en = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/embed-apps`, { title: "Quiz", embed_code: CODE }), 403);
    expect(en.message).toBe("Embedded apps are not enabled for this organization's webcasts.");
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/embed-apps`, { title: "Quiz", embed_code: CODE }), 403);
    expect(fr.message).toBe("Les applications intégrées ne sont pas activées pour les webcasts de cette organisation.");
    const existing = await insertEmbedApp(webcast);
    expect((await dataOf(await organizer.patch(`/api/webcasts/${webcast.id}/embed-apps/${existing.id}`, { title: "Kept" }))).title).toBe("Kept");
  });

  it("gives field errors (422, English and French): required title and code, code of at most 20,000 characters, unknown fields", async () => {
    const { org, webcast, organizer } = await setup();
    const en = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/embed-apps`, { description: "x" }), 422);
    expect(en).toMatchObject({ message: "Some fields of the embed app are invalid.", errors: { title: ["This field is required"], embed_code: ["This field is required"] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/embed-apps`, { title: "Quiz", embed_code: "x".repeat(20_001) }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de l'application intégrée sont invalides.", errors: { embed_code: ["Le code d'intégration peut compter au plus 20 000 caractères."] } });
    expect((await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/embed-apps`, { title: "Quiz", embed_code: CODE, script: true }), 422)).message).toBe("Some fields of the embed app are invalid.");
  });

  it("answers 401 signed out, 404 to another tenant and for another webcast's app, 403 to a member without webcasts.update", async () => {
    const { org, webcast, organizer } = await setup();
    const app = await insertEmbedApp(webcast);
    expect((await new TestClient().get(`/api/webcasts/${webcast.id}/embed-apps`)).status).toBe(401);
    const outsider = await (await createOrganization()).as("owner");
    expect((await outsider.get(`/api/webcasts/${webcast.id}/embed-apps`)).status).toBe(404);
    expect((await outsider.patch(`/api/webcasts/${webcast.id}/embed-apps/${app.id}`, { title: "x" })).status).toBe(404);
    const speaker = await org.as("speaker");
    expect((await speaker.post(`/api/webcasts/${webcast.id}/embed-apps`, { title: "Quiz", embed_code: CODE })).status).toBe(403);
    expect((await speaker.delete(`/api/webcasts/${webcast.id}/embed-apps/${app.id}`)).status).toBe(403);
    const otherWebcast = await insertWebcast(org.id);
    expect((await organizer.patch(`/api/webcasts/${otherWebcast.id}/embed-apps/${app.id}`, { title: "x" })).status).toBe(404);
    expect((await organizer.delete(`/api/webcasts/${webcast.id}/embed-apps/not-an-id`)).status).toBe(404);
  });
});
