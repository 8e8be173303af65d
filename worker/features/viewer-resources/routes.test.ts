import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerResource } from "../../../domain/viewer-page/resources.ts";
import { DEFAULT_ATTENDEE_OPTIONS } from "../../../domain/webcasts/record.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertFileResource, insertResource } from "../resources/testing.ts";
import { mintRoomToken } from "../webcast-room/room-token.ts";
import { expectRoomTokenRefused, guestToken, roomTokenCases } from "../webcast-room/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

beforeAll(seedDemo);

/** Nobody signed in: the room token is the credential. */
const browser = (locale: "en" | "fr" = "en") => new TestClient(locale);

async function setup(fields: Parameters<typeof insertWebcast>[1] = {}) {
  const org = await createOrganization({});
  return insertWebcast(org.id, { event_title: "Town hall: Q3", state: "live", ...fields });
}

const pathOf = async (webcastId: string, query = "") => `/api/watch/${webcastId}/resources?token=${encodeURIComponent(await guestToken(webcastId))}${query}`;

async function resourcesAt(path: string, headers: Record<string, string> = {}): Promise<ViewerResource[]> {
  const response = await browser().request(path, { headers });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json<{ data: ViewerResource[] }>()).data;
}

describe("GET /api/watch/:id/resources: the room token is the credential", () => {
  it("answers 401 in the spec's shape without a token, with a forged, expired or another webcast's one", async () => {
    const webcast = await setup();
    const other = await setup();
    const { good, forged, expired, foreign } = await roomTokenCases(webcast.id, other.id);
    const base = `/api/watch/${webcast.id}/resources`;
    const cases = [base, `${base}?token=`, `${base}?token=${encodeURIComponent(forged)}`, `${base}?token=${encodeURIComponent(expired)}`, `${base}?token=${encodeURIComponent(foreign)}`, `/api/watch/not-a-uuid/resources?token=${encodeURIComponent(good)}`];
    for (const path of cases) await expectRoomTokenRefused(await browser("fr").get(path), path);
    // A bearer token with a forged one is refused alike.
    expect((await browser().request(base, { headers: { Authorization: `Bearer ${forged}` } })).status).toBe(401);
  });

  it("takes the token as a bearer too, a registered viewer's as a guest's, and answers 404 for a webcast gone since", async () => {
    const webcast = await setup();
    await insertResource(webcast, { title: "Agenda" });
    const token = await mintRoomToken(env, { webcast_uid: webcast.id, viewer_id: "viewer_1" });
    const data = await resourcesAt(`/api/watch/${webcast.id}/resources`, { Authorization: `Bearer ${token}` });
    expect(data.map((resource) => resource.title)).toEqual(["Agenda"]);
    const gone = uuidv7();
    expect((await browser().get(await pathOf(gone))).status).toBe(404);
  });
});

describe("what the viewer sees", () => {
  it("the visible resources in their order: links as given, e-mails as mailto:, files as signed URLs that open the bytes", async () => {
    const webcast = await setup();
    const file = await insertFileResource(webcast, "Slides: page 1", "deck notes.txt");
    await env.DB.prepare("UPDATE resources SET position = 2, description = 'The deck' WHERE id = ?").bind(file.id).run();
    const link = await insertResource(webcast, { title: "Agenda", url: "https://example.com/agenda", position: 0 });
    await insertResource(webcast, { title: "Draft", position: 1, visible: false });
    const mail = await insertResource(webcast, { title: "Write to us", kind: "email", url: "team+q3@example.com", position: 3 });

    const data = await resourcesAt(await pathOf(webcast.id));
    expect(data.map((resource) => resource.id)).toEqual([link.id, file.id, mail.id]);
    expect(data[0]).toEqual({ id: link.id, title: "Agenda", description: null, kind: "link", url: "https://example.com/agenda" });
    expect(data[2]).toMatchObject({ kind: "email", url: "mailto:team%2Bq3@example.com" });
    const shared = data[1];
    expect(shared).toMatchObject({ kind: "file", title: "Deck", description: "The deck", file_name: "deck notes.txt" });
    expect(shared?.url).toMatch(/^\/api\/files\//);
    expect(JSON.stringify(data)).not.toContain(file.file_key ?? "never");

    const opened = await browser().get(shared?.url ?? "");
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe("Slides: page 1");
    expect(opened.headers.get("Content-Disposition")).toContain("attachment");
    expect(opened.headers.get("Content-Disposition")).toContain("deck");
  });

  it("nothing when the attendee option view_resources is off", async () => {
    const webcast = await setup({ attendee_options: { ...DEFAULT_ATTENDEE_OPTIONS, view_resources: false } });
    await insertResource(webcast);
    expect(await resourcesAt(await pathOf(webcast.id))).toEqual([]);
  });

  it("the resources without a language and those in the page's language, else the webcast's", async () => {
    const webcast = await setup({ language: "fr" });
    await insertResource(webcast, { title: "Both", position: 0 });
    await insertResource(webcast, { title: "English", language: "en", position: 1 });
    await insertResource(webcast, { title: "Français", language: "fr", position: 2 });
    const titles = async (query: string) => (await resourcesAt(await pathOf(webcast.id, query))).map((resource) => resource.title);
    expect(await titles("&language=en")).toEqual(["Both", "English"]);
    expect(await titles("&language=fr")).toEqual(["Both", "Français"]);
    expect(await titles("&language=de")).toEqual(["Both", "Français"]);
    expect(await titles("")).toEqual(["Both", "Français"]);
    expect((await resourcesAt(await pathOf(webcast.id, "&language=en")))[1]).toMatchObject({ language: "en" });
  });
});
