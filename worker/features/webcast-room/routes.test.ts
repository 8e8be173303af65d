import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "../../../domain/protocol/index.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../speakers/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { mintRoomToken, verifyRoomToken } from "./room-token.ts";
import { closeJoined, guestToken, joinAs, upgrade } from "./testing.ts";

interface ErrorBody {
  message: string;
  code: string;
  requestId: string;
  errors?: Record<string, string[]>;
}

async function refusal(response: Response, status: number): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.webSocket).toBeNull();
  const body = JSON.parse(text) as ErrorBody;
  expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
  return body;
}

let org: Awaited<ReturnType<typeof createOrganization>>;
let webcastUid: string;

beforeAll(async () => {
  await seedDemo();
  org = await createOrganization();
  webcastUid = (await insertWebcast(org.id)).id;
});
afterEach(closeJoined);

describe("GET /api/webcasts/:id/room: who may open the room", () => {
  it("answers a plain HTTP request with the error shape and the request id (400, no 426 in SPEC §8), in English and French", async () => {
    const en = await refusal(await new TestClient("en").request(`/api/webcasts/${webcastUid}/room`), 400);
    expect(en).toMatchObject({ code: "bad_request", message: "This address only accepts websocket connections (Upgrade: websocket)." });
    const fr = await refusal(await exports.default.fetch(new Request(`http://localhost/api/webcasts/${webcastUid}/room`)), 400);
    expect(fr.message).toMatch(/^Cette adresse/);
  });

  it("refuses an upgrade without session nor token (401), in the caller's language", async () => {
    expect(await refusal(await upgrade(new TestClient("en"), webcastUid), 401)).toMatchObject({ code: "unauthenticated" });
    const fr = await refusal(await upgrade(new TestClient("fr"), webcastUid), 401);
    expect(fr.message).not.toBe((await refusal(await upgrade(new TestClient("en"), webcastUid), 401)).message);
  });

  it("hides the webcast from another organization's member (404), an unknown or malformed uid too", async () => {
    const other = await createOrganization();
    await refusal(await upgrade(await other.as("owner"), webcastUid), 404);
    await refusal(await upgrade(await org.as("organizer"), uuidv7()), 404);
    await refusal(await upgrade(await org.as("organizer"), "42"), 404);
  });

  it("refuses a member who neither produces nor speaks in the webcast (403)", async () => {
    expect(await refusal(await upgrade(await org.as("speaker"), webcastUid), 403)).toMatchObject({ code: "forbidden" });
  });

  it("refuses a cross-site upgrade (403) before anything else, a signed-in producer's too", async () => {
    const body = await refusal(await upgrade(await org.as("organizer"), webcastUid, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } }), 403);
    expect(body.code).toBe("forbidden");
  });

  it("refuses an expired, a forged, a foreign and a malformed room token (401), whoever else is signed in", async () => {
    const other = (await insertWebcast(org.id)).id;
    const expired = await guestToken(webcastUid, 60, Date.now() - 120_000);
    const foreign = await guestToken(other);
    const good = await guestToken(webcastUid);
    const [body = "", signature = ""] = good.split(".");
    const tampered = `${btoa(JSON.stringify({ webcast_uid: webcastUid, viewer_id: "guest:x", role: "viewer", exp: 9_999_999_999 })).replace(/=+$/, "")}.${signature}`;
    const flipped = `${body}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    // Signed with APP_KEY itself (what a CSRF token is made of): the room key is derived under its own label.
    const otherKey = await mintRoomToken({ APP_KEY: `${env.APP_KEY}-other` }, { webcast_uid: webcastUid, viewer_id: "guest:y" });
    for (const token of [expired, foreign, tampered, flipped, otherKey, "not-a-token", `${good}.extra`]) {
      expect((await refusal(await upgrade(new TestClient("en"), webcastUid, { token }), 401)).code, token).toBe("unauthenticated");
    }
  });

  it("lets the webcast's speaker in as speaker, its organizer and producer speaker as producers (welcome with the role)", async () => {
    const spoken = await insertWebcast(org.id);
    expect((await insertSpeaker(spoken, org.ids.speaker)).is_producer).toBe(false);
    const asSpeaker = await joinAs(await org.as("speaker"), spoken.id);
    expect(asSpeaker.welcome).toMatchObject({ type: "welcome", protocolVersion: PROTOCOL_VERSION, role: "speaker" });
    const asOrganizer = await joinAs(await org.as("organizer"), spoken.id);
    expect(asOrganizer.welcome.role).toBe("producer");

    const produced = await insertWebcast(org.id);
    await insertSpeaker(produced, org.ids.speaker, { is_producer: true });
    expect((await joinAs(await org.as("speaker"), produced.id)).welcome.role).toBe("producer");
  });

  it("lets a viewer in with a room token (no session), as viewer, whatever actor header the caller forges", async () => {
    const token = await guestToken(webcastUid);
    const forged = JSON.stringify({ role: "producer", user_id: 1, viewer_id: null, grants: ["control_room.manage"], locale: "en" });
    const { welcome } = await joinAs(new TestClient("en"), webcastUid, { token });
    expect(welcome).toMatchObject({ type: "welcome", role: "viewer" });
    const withForgedHeader = await joinAs(new TestClient("en"), webcastUid, { token, headers: { "X-Room-Actor": forged } });
    expect(withForgedHeader.welcome.role).toBe("viewer");
  });
});

describe("room tokens (room-token.ts)", () => {
  it("verify what they mint: for that webcast only, until they expire", async () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const token = await mintRoomToken(env, { webcast_uid: webcastUid, viewer_id: "guest:0196a0de-0001-7000-8000-0000000000ff" }, 60, now);
    expect(await verifyRoomToken(env, token, webcastUid, now + 59_000)).toEqual({
      webcast_uid: webcastUid,
      viewer_id: "guest:0196a0de-0001-7000-8000-0000000000ff",
      role: "viewer",
      exp: now / 1000 + 60,
    });
    expect(await verifyRoomToken(env, token, webcastUid, now + 60_000)).toBeNull();
    expect(await verifyRoomToken(env, token, uuidv7(), now)).toBeNull();
    expect(await verifyRoomToken(env, "x".repeat(5_000), webcastUid, now)).toBeNull();
  });
});
