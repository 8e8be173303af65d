import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { type StreamingOutputResource, streamingOutputResource } from "./service.ts";
import { allowRtmpOutput, insertOutput } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf<T = StreamingOutputResource>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json<{ data: T }>()).data;
}

/** An organization with allow_rtmp_output and an upcoming webcast there. */
async function setup(fields: Parameters<typeof insertWebcast>[1] = {}) {
  const org = await createOrganization();
  await allowRtmpOutput(org.id);
  return { org, webcast: await insertWebcast(org.id, fields) };
}

async function outputsIn(webcastId: string): Promise<unknown[]> {
  const { results } = await env.DB.prepare("SELECT id, rtmp_url, stream_key, activated, updated_at FROM streaming_outputs WHERE webcast_id = ? ORDER BY id").bind(webcastId).all();
  return results;
}

/** Other tenant 404, a member without the permission 403, signed out 401; the outputs unchanged. */
async function expectGuarded(webcastId: string, call: (client: TestClient) => Promise<Response>, member: TestClient) {
  const before = await outputsIn(webcastId);
  expect((await call(await clientFor("owner@other.test"))).status).toBe(404);
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await call(new TestClient())).status).toBe(401);
  expect(await outputsIn(webcastId)).toEqual(before);
}

const youtube = { rtmp_url: "rtmp://a.rtmp.youtube.com/live2", stream_key: "abcd-efgh-ijkl" };

describe("GET and POST /api/webcasts/:id/streaming-outputs", () => {
  it("adds outputs through pushed mutations (201) and lists them with their credentials to editors", async () => {
    const { org, webcast } = await setup();
    const organizer = await org.as("organizer");
    const first = await dataOf(await organizer.post(`/api/webcasts/${webcast.id}/streaming-outputs`, { ...youtube, rtmp_url: ` ${youtube.rtmp_url} ` }), 201);
    expect(first).toMatchObject({ webcast_id: webcast.id, ...youtube, username: null, password: null, activated: false });
    const second = await dataOf(
      await organizer.post(`/api/webcasts/${webcast.id}/streaming-outputs`, { rtmp_url: "rtmps://live-api-s.facebook.com:443/rtmp/", stream_key: "fb-key", username: "me", password: "pw", activated: true }),
      201,
    );
    expect((await changeLog(second.id)).map((entry) => entry.op)).toEqual(["put"]);
    const list = await dataOf<StreamingOutputResource[]>(await (await org.as("admin")).get(`/api/webcasts/${webcast.id}/streaming-outputs`));
    expect(list.map((output) => [output.id, output.stream_key, output.username, output.password, output.activated])).toEqual([
      [first.id, "abcd-efgh-ijkl", null, null, false],
      [second.id, "fb-key", "me", "pw", true],
    ]);
  });

  it("hides the credentials from whoever may not edit the webcast", () => {
    const row = { id: "o", organization_id: 1, webcast_id: "w", rtmp_url: youtube.rtmp_url, stream_key: "k", username: "u", password: "p", activated: true, created_at: "t", updated_at: "t" };
    expect(streamingOutputResource(row, false)).toEqual({ id: "o", webcast_id: "w", rtmp_url: youtube.rtmp_url, stream_key: null, username: null, password: null, activated: true, created_at: "t", updated_at: "t" });
  });

  it("refuses invalid fields (422, English and French)", async () => {
    const { org, webcast } = await setup();
    const en = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/streaming-outputs`, { rtmp_url: "https://youtube.com/live2", stream_key: "a b" }), 422);
    expect(en).toMatchObject({
      code: "validation_failed",
      message: "Some fields of the streaming output are invalid.",
      errors: { rtmp_url: ["The stream URL must start with rtmp:// or rtmps:// and have a path after the service address."], stream_key: ["The stream key may not contain spaces."] },
    });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/streaming-outputs`, { rtmp_url: "rtmp://cdn.test", stream_key: "k" }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la sortie de diffusion sont invalides.", errors: { rtmp_url: ["L'URL du flux doit commencer par rtmp:// ou rtmps:// et comporter un chemin après l'adresse du service."] } });
    const shape = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/streaming-outputs`, { rtmp_url: 5 }), 422);
    expect(shape.message).toBe("Les données fournies sont invalides.");
    expect(Object.keys(shape.errors ?? {}).sort()).toEqual(["rtmp_url", "stream_key"]);
    expect(await outputsIn(webcast.id)).toEqual([]);
  });

  it("needs allow_rtmp_output (403) and a webcast that has not started streaming (423), in English and French", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const off = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/streaming-outputs`, youtube), 403);
    expect(off).toMatchObject({ code: "forbidden", message: "Les sorties RTMP ne sont pas activées pour cette organisation." });
    await allowRtmpOutput(org.id);
    const live = await insertWebcast(org.id, { state: "live" });
    const locked = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${live.id}/streaming-outputs`, youtube), 423);
    expect(locked).toMatchObject({ code: "locked", message: "Streaming outputs can only be changed before the webcast goes on air, while it is upcoming." });
  });

  it("need webcasts.view to list and webcasts.update to add: other tenant 404, speaker 403, signed out 401", async () => {
    const { org, webcast } = await setup();
    await insertOutput(webcast);
    await expectGuarded(webcast.id, (client) => client.get(`/api/webcasts/${webcast.id}/streaming-outputs`), await org.as("speaker"));
    await expectGuarded(webcast.id, (client) => client.post(`/api/webcasts/${webcast.id}/streaming-outputs`, youtube), await org.as("speaker"));
  });
});

describe("PATCH and DELETE /api/streaming-outputs/:id", () => {
  it("toggle and change an output, then delete it, through pushed mutations", async () => {
    const { org, webcast } = await setup();
    const output = await insertOutput(webcast);
    const organizer = await org.as("organizer");
    expect(await dataOf(await organizer.patch(`/api/streaming-outputs/${output.id}`, { activated: true }))).toMatchObject({ id: output.id, activated: true, stream_key: "fixture-key" });
    const changed = await dataOf(await organizer.patch(`/api/streaming-outputs/${output.id}`, { stream_key: "new-key", username: "me", password: "pw" }));
    expect(changed).toMatchObject({ activated: true, stream_key: "new-key", username: "me", password: "pw" });
    expect((await changeLog(output.id)).map((entry) => entry.op).at(-1)).toBe("put");
    const response = await organizer.delete(`/api/streaming-outputs/${output.id}`);
    expect(response.status, await response.clone().text()).toBe(204);
    expect(await outputsIn(webcast.id)).toEqual([]);
    expect((await changeLog(output.id)).map((entry) => entry.op).at(-1)).toBe("del");
    expect((await errorOf(await organizer.delete(`/api/streaming-outputs/${output.id}`), 404)).code).toBe("not_found");
  });

  it("refuse invalid fields (422, English and French) and a webcast on air (423)", async () => {
    const { org, webcast } = await setup();
    const output = await insertOutput(webcast);
    const en = await errorOf(await (await org.as("organizer")).patch(`/api/streaming-outputs/${output.id}`, { password: "pw" }), 422);
    expect(en.errors).toEqual({ username: ["This field is required when Password is present."] });
    const fr = await errorOf(await (await org.as("organizer", "fr")).patch(`/api/streaming-outputs/${output.id}`, { stream_key: "" }), 422);
    expect(fr).toMatchObject({ message: "Certains champs de la sortie de diffusion sont invalides.", errors: { stream_key: ["Ce champ est obligatoire"] } });
    await env.DB.prepare("UPDATE webcasts SET state = 'live' WHERE id = ?").bind(webcast.id).run();
    const locked = await errorOf(await (await org.as("organizer", "fr")).delete(`/api/streaming-outputs/${output.id}`), 423);
    expect(locked.message).toBe("Les sorties de diffusion ne peuvent être modifiées qu'avant la mise en ondes du webcast, tant qu'il est à venir.");
    expect((await errorOf(await (await org.as("organizer")).patch(`/api/streaming-outputs/${output.id}`, { activated: true }), 423)).code).toBe("locked");
  });

  it("answer 404 for an unknown or malformed id (in French too)", async () => {
    const { org } = await setup();
    const organizer = await org.as("organizer", "fr");
    expect((await errorOf(await organizer.patch("/api/streaming-outputs/0194c4a0-0000-7000-8000-000000000000", { activated: true }), 404)).message).toBe("Cette page ou ressource n'existe pas.");
    expect((await organizer.delete("/api/streaming-outputs/nope")).status).toBe(404);
  });

  it("need webcasts.update: other tenant 404, speaker 403, signed out 401", async () => {
    const { org, webcast } = await setup();
    const output = await insertOutput(webcast);
    await expectGuarded(webcast.id, (client) => client.patch(`/api/streaming-outputs/${output.id}`, { activated: true }), await org.as("speaker"));
    await expectGuarded(webcast.id, (client) => client.delete(`/api/streaming-outputs/${output.id}`), await org.as("speaker"));
  });
});
