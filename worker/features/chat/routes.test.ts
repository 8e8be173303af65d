import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { ChatSendResult } from "../../../domain/webcast-room/interaction-results.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../polls/testing.ts";
import { guestToken } from "../webcast-room/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

/** A fresh organization with a webcast, its organizer, and a plain speaker of it. */
async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  await insertSpeaker(webcast, { id: org.ids.speaker, email: org.emails.speaker }, false);
  return { org, webcast, organizer: await org.as("organizer"), speaker: await org.as("speaker") };
}

async function expectGuarded(call: (client: TestClient) => Promise<Response>, member: TestClient) {
  expect((await errorOf(await call(await clientFor("owner@other.test")), 404)).code).toBe("not_found");
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await call(new TestClient())).status).toBe(401);
}

async function send(client: TestClient, uid: string, body: Record<string, unknown>): Promise<ChatSendResult> {
  return (await ok<{ data: ChatSendResult }>(await client.post(`/api/webcasts/${uid}/chat-messages`, body), 201)).data;
}

describe("POST and GET /api/webcasts/:id/chat-messages", () => {
  it("sends through the room as the caller (whatever sender_* says) and reads the history from D1 as an array, oldest first", async () => {
    const { org, webcast, organizer, speaker } = await setup();
    const hello = await send(organizer, webcast.id, { body: "Hello", sender_id: "someone-else", sender_name: "Mallory" });
    expect(hello).toMatchObject({ message: { body: "Hello", sender_id: `user:${org.ids.organizer}`, is_private: false, deleted: false }, warning: null });
    const whisper = await send(speaker, webcast.id, { body: "psst", target_id: `user:${org.ids.organizer}`, target_name: "Organizer" });
    // The organizer has no socket open: a private message is kept for its sender only (SPEC §5).
    expect(whisper.message).toMatchObject({ is_private: true, delivered: false });
    expect(whisper.warning).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const third = await send(speaker, webcast.id, { body: "Third" });
    const mine = await ok<ChatMessageView[]>(await organizer.get(`/api/webcasts/${webcast.id}/chat-messages`));
    expect(mine.map((message) => message.body)).toEqual(["Hello", "Third"]);
    const theirs = await ok<ChatMessageView[]>(await speaker.get(`/api/webcasts/${webcast.id}/chat-messages`));
    expect(theirs.map((message) => message.body)).toEqual(["Hello", "psst", "Third"]);
    const older = await ok<ChatMessageView[]>(await speaker.get(`/api/webcasts/${webcast.id}/chat-messages?before=${third.message.id}&limit=1`));
    expect(older.map((message) => message.body)).toEqual(["psst"]);
  });

  it("lets the audience page read older messages with its room token, as that viewer may read them", async () => {
    const { webcast, organizer } = await setup();
    const token = await guestToken(webcast.id);
    const first = await send(organizer, webcast.id, { body: "Welcome" });
    await send(organizer, webcast.id, { body: "Second" });
    const anonymous = new TestClient("fr");
    const page = await ok<ChatMessageView[]>(await anonymous.get(`/api/webcasts/${webcast.id}/chat-messages?limit=1&token=${encodeURIComponent(token)}`));
    expect(page.map((message) => message.body)).toEqual(["Second"]);
    const older = await ok<ChatMessageView[]>(await anonymous.get(`/api/webcasts/${webcast.id}/chat-messages?before=${page[0]?.id}&token=${encodeURIComponent(token)}`));
    expect(older.map((message) => message.id)).toEqual([first.message.id]);
    // Another webcast's token, or a forged one: 401, one answer for all.
    const other = await insertWebcast((await createOrganization()).id);
    expect((await anonymous.get(`/api/webcasts/${other.id}/chat-messages?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await anonymous.get(`/api/webcasts/${webcast.id}/chat-messages?token=forged`)).status).toBe(401);
  });

  it("answers the room's refusals and bad queries (422) in English and French", async () => {
    const { org, webcast, organizer } = await setup();
    const en = await errorOf(await organizer.post(`/api/webcasts/${webcast.id}/chat-messages`, { body: "   " }), 422);
    expect(en).toMatchObject({ message: "Some fields of the message are invalid.", errors: { body: [expect.any(String)] } });
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(`/api/webcasts/${webcast.id}/chat-messages`, { body: "moi", target_id: `user:${org.ids.organizer}` }), 422);
    expect(fr.message).toBe("Vous ne pouvez pas vous envoyer un message privé.");
    const query = await errorOf(await organizer.get(`/api/webcasts/${webcast.id}/chat-messages?limit=0&before=nope`), 422);
    expect(Object.keys(query.errors ?? {}).sort()).toEqual(["before", "limit"]);
  });

  it("is for the webcast's staff: a member who neither produces nor speaks 403, another tenant 404, signed out 401", async () => {
    const { org } = await setup();
    const other = await insertWebcast(org.id);
    const speaker = await org.as("speaker");
    await expectGuarded((client) => client.get(`/api/webcasts/${other.id}/chat-messages`), speaker);
    await expectGuarded((client) => client.post(`/api/webcasts/${other.id}/chat-messages`, { body: "Hi" }), speaker);
  });
});

describe("DELETE /api/chat-messages/:id", () => {
  it("lets a moderator delete a message: its tombstone stays in the history", async () => {
    const { webcast, organizer, speaker } = await setup();
    const { message } = await send(speaker, webcast.id, { body: "Oops" });
    await organizer.get(`/api/webcasts/${webcast.id}/chat-messages`); // the room writes D1 (where the call finds the webcast)
    const deleted = await ok<{ data: { message: ChatMessageView } }>(await organizer.delete(`/api/chat-messages/${message.id}`));
    expect(deleted.data.message).toMatchObject({ id: message.id, body: "", deleted: true });
    expect(await ok<ChatMessageView[]>(await speaker.get(`/api/webcasts/${webcast.id}/chat-messages`))).toEqual([expect.objectContaining({ id: message.id, deleted: true, body: "" })]);
  });

  it("needs questions.manage for the message's webcast (a plain speaker 403, in en and fr), an unknown message 404", async () => {
    const { org, webcast, organizer, speaker } = await setup();
    const { message } = await send(organizer, webcast.id, { body: "Keep me" });
    await organizer.get(`/api/webcasts/${webcast.id}/chat-messages`);
    await expectGuarded((client) => client.delete(`/api/chat-messages/${message.id}`), speaker);
    const fr = await errorOf(await (await org.as("speaker", "fr")).delete(`/api/chat-messages/${message.id}`), 403);
    expect(fr.message).toBe("Seuls les organisateurs et le producteur du webcast peuvent supprimer des messages de la discussion.");
    expect((await errorOf(await speaker.delete(`/api/chat-messages/${message.id}`), 403)).message).toBe("Only the webcast's organizers and producer may delete chat messages.");
    const unknown = `${message.id.slice(0, -1)}${message.id.endsWith("0") ? "1" : "0"}`;
    expect((await errorOf(await organizer.delete(`/api/chat-messages/${unknown}`), 404)).code).toBe("not_found");
  });
});
