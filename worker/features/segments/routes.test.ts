import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { SegmentResource } from "./service.ts";
import { insertSegment, segmentNames } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

/** Other tenant 404, a member without webcasts.update 403, signed out 401; the segments unchanged. */
async function expectGuarded(webcastId: string, call: (client: TestClient) => Promise<Response>, member: TestClient) {
  const before = await segmentNames(webcastId);
  expect((await call(await clientFor("owner@other.test"))).status).toBe(404);
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await call(new TestClient())).status).toBe(401);
  expect(await segmentNames(webcastId)).toEqual(before);
}

describe("POST /api/webcasts/:id/segments", () => {
  it("adds a segment through a pushed mutation and answers it (201)", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const response = await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/segments`, { segment: "  Board members " });
    expect(response.status, await response.clone().text()).toBe(201);
    const { data } = await response.json<{ data: SegmentResource }>();
    expect(data).toMatchObject({ webcast_id: webcast.id, name: "Board members" });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await segmentNames(webcast.id)).toEqual(["Board members"]);
    expect((await changeLog(data.id)).map((entry) => entry.op)).toEqual(["put"]);
  });

  it("refuses a duplicate name (any case) and a blank one under `segment`, in English and French", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    await insertSegment(webcast, "VIP");
    const en = await errorOf(await (await org.as("organizer")).post(`/api/webcasts/${webcast.id}/segments`, { segment: "vip" }), 422);
    expect(en).toMatchObject({ code: "validation_failed", message: "The segment is invalid.", errors: { segment: ["A segment with this name already exists in this webcast."] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/segments`, { segment: " " }), 422);
    expect(fr).toMatchObject({ message: "Le segment est invalide.", errors: { segment: ["Ce champ est obligatoire"] } });
    const shape = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/segments`, { name: "VIP" }), 422);
    expect(shape.message).toBe("Les données fournies sont invalides.");
    expect(Object.keys(shape.errors ?? {}).sort()).toEqual(["_", "segment"].sort());
    expect(await segmentNames(webcast.id)).toEqual(["VIP"]);
  });

  it("needs webcasts.update: other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    await expectGuarded(webcast.id, (client) => client.post(`/api/webcasts/${webcast.id}/segments`, { segment: "Press" }), await org.as("speaker"));
  });
});

describe("DELETE /api/webcasts/:id/segments", () => {
  it("removes the segment named (trimmed, any case) through a pushed mutation (204)", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const press = await insertSegment(webcast, "Press");
    await insertSegment(webcast, "VIP");
    const response = await (await org.as("admin")).delete(`/api/webcasts/${webcast.id}/segments`, { segment: " press " });
    expect(response.status, await response.clone().text()).toBe(204);
    expect(await segmentNames(webcast.id)).toEqual(["VIP"]);
    expect((await changeLog(press.id)).map((entry) => entry.op)).toEqual(["del"]);
  });

  it("answers 404 with its own message for a name the webcast does not have (English and French)", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    const other = await insertWebcast(org.id);
    await insertSegment(other, "Press");
    const en = await errorOf(await (await org.as("organizer")).delete(`/api/webcasts/${webcast.id}/segments`, { segment: "Press" }), 404);
    expect(en).toMatchObject({ code: "not_found", message: "This webcast has no segment with this name." });
    const fr = await errorOf(await (await org.as("organizer", "fr")).delete(`/api/webcasts/${webcast.id}/segments`, { segment: "Press" }), 404);
    expect(fr.message).toBe("Ce webcast n'a aucun segment portant ce nom.");
    const blank = await errorOf(await (await org.as("organizer", "fr")).delete(`/api/webcasts/${webcast.id}/segments`, { segment: " " }), 422);
    expect(blank.errors).toEqual({ segment: ["Ce champ est obligatoire"] });
    expect(await segmentNames(other.id)).toEqual(["Press"]);
  });

  it("needs webcasts.update: other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    await insertSegment(webcast, "Press");
    await expectGuarded(webcast.id, (client) => client.delete(`/api/webcasts/${webcast.id}/segments`, { segment: "Press" }), await org.as("speaker"));
  });
});
