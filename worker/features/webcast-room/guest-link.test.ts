import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../polls/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { GUEST_LINK_TTL_SECONDS } from "./guest-link.ts";
import { verifyRoomToken } from "./room-token.ts";

beforeAll(seedDemo);

type ErrorBody = { message: string; code: string };

async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  return { org, webcast, organizer: await org.as("organizer") };
}

describe("POST /api/webcasts/:id/room/guest-link", () => {
  it("mints a 2-hour room token for a new guest of this webcast (each call a new guest)", async () => {
    const { webcast, organizer } = await setup();
    const before = Date.now();
    const response = await organizer.post(`/api/webcasts/${webcast.id}/room/guest-link`, {});
    expect(response.status, await response.clone().text()).toBe(201);
    const { token, expires_at } = await response.json<{ token: string; expires_at: string }>();
    const payload = await verifyRoomToken(env, token, webcast.id);
    expect(payload).toMatchObject({ webcast_uid: webcast.id, role: "viewer", viewer_id: expect.stringMatching(/^guest:[0-9a-f-]{36}$/) });
    expect(Date.parse(expires_at)).toBe((payload?.exp ?? 0) * 1000);
    expect(Date.parse(expires_at) - before).toBeGreaterThan((GUEST_LINK_TTL_SECONDS - 5) * 1000);
    expect(GUEST_LINK_TTL_SECONDS).toBe(7_200);
    expect(await verifyRoomToken(env, token, (await insertWebcast(webcast.organization_id)).id)).toBeNull();
    const again = await (await organizer.post(`/api/webcasts/${webcast.id}/room/guest-link`)).json<{ token: string }>();
    expect((await verifyRoomToken(env, again.token, webcast.id))?.viewer_id).not.toBe(payload?.viewer_id);
  });

  it("needs control_room.manage: a plain speaker of the webcast 403 (en and fr), another tenant 404, signed out 401, unknown 404", async () => {
    const { org, webcast, organizer } = await setup();
    await insertSpeaker(webcast, { id: org.ids.speaker, email: org.emails.speaker }, false);
    const path = `/api/webcasts/${webcast.id}/room/guest-link`;
    const en = await (await org.as("speaker")).post(path);
    const fr = await (await org.as("speaker", "fr")).post(path);
    expect([en.status, fr.status]).toEqual([403, 403]);
    const [enBody, frBody] = [await en.json<ErrorBody>(), await fr.json<ErrorBody>()];
    expect(enBody.code).toBe("forbidden");
    expect(frBody.message).not.toBe(enBody.message);
    expect((await (await clientFor("owner@other.test")).post(path)).status).toBe(404);
    expect((await new TestClient().post(path)).status).toBe(401);
    expect((await organizer.post("/api/webcasts/not-a-uid/room/guest-link")).status).toBe(404);
    // The producer speaker runs the control room: they may.
    await insertSpeaker(webcast, { id: org.ids.admin, email: org.emails.admin });
    expect((await (await org.as("admin")).post(path)).status).toBe(201);
  });
});
