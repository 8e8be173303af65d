import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LiveState } from "../../../domain/webcast-room/live-state.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { webcastRoomStub } from "../../../durable/stubs.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertSpeaker } from "../speakers/testing.ts";
import { insertPoll } from "../polls/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { closeJoined, joinAs } from "./testing.ts";

interface Answer {
  data: { state: LiveState; seq: number; result?: unknown } | false;
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

let org: Awaited<ReturnType<typeof createOrganization>>;

beforeAll(async () => {
  await seedDemo();
  org = await createOrganization();
});
afterEach(closeJoined);

const path = (uid: string, suffix: string) => `/api/webcasts/${uid}/${suffix}`;
async function answer(response: Response, status: number): Promise<Answer> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Answer;
}
const stateOf = (body: Answer) => {
  if (body.data === false) throw new Error("no state");
  return body.data;
};

describe("control-room calls", () => {
  it("prepare: a producer moves the room, every socket hears it, the answer holds the state and its seq", async () => {
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const { socket, welcome } = await joinAs(organizer, webcast.id);
    const body = stateOf(await answer(await organizer.post(path(webcast.id, "control-room/prepare")), 200));
    expect(body.state.phase).toBe("preparing");
    expect(body.seq).toBeGreaterThan(welcome.seq);
    // Presence and the audience figures (the organizer's own socket) may come first: the prepare event follows, with the answer's seq.
    let event = await socket.next(5_000);
    while (event.type !== "event" || event.seq < body.seq) event = await socket.next(5_000);
    expect(event).toMatchObject({ type: "event", seq: body.seq, patch: { phase: "preparing" } });
  });

  it("refuses a speaker who does not produce (403 not_allowed, the room's text), in English and French", async () => {
    const webcast = await insertWebcast(org.id);
    await insertSpeaker(webcast, org.ids.speaker);
    const en = await answer(await (await org.as("speaker")).post(path(webcast.id, "control-room/prepare")), 403);
    expect(en).toMatchObject({ code: "forbidden", message: "This action is unauthorized." });
    const fr = await answer(await (await org.as("speaker", "fr")).post(path(webcast.id, "control-room/focus/webcast"), { option: "now" }), 403);
    expect(fr.message).toBe("Cette action n'est pas autorisée.");
  });

  it("lets a producer speaker run the room", async () => {
    const webcast = await insertWebcast(org.id);
    await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
    expect(stateOf(await answer(await (await org.as("speaker")).post(path(webcast.id, "control-room/prepare")), 200)).state.phase).toBe("preparing");
  });

  it("answers the phase and the show's refusals with their status and text (409, 422)", async () => {
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const start = await answer(await organizer.post(path(webcast.id, "control-room/start")), 409);
    expect(start).toMatchObject({ code: "conflict", message: "This cannot be done at this stage of the webcast." });
    const adaptive = await answer(await organizer.post(path(webcast.id, "control-room/conference-layout"), { layout: "adaptive" }), 422);
    expect(adaptive.message).toBe("The adaptive layout needs at least 2 speakers connected.");
  });

  it("checks bodies strictly with the spec's texts (422 naming the field, English and French; 415 for a form)", async () => {
    const webcast = await insertWebcast(org.id);
    const en = await answer(await (await org.as("organizer")).post(path(webcast.id, "control-room/focus/webcast"), { option: "later" }), 422);
    expect(Object.keys(en.errors ?? {})).toEqual(["option"]);
    const fr = await answer(await (await org.as("organizer", "fr")).post(path(webcast.id, "control-room/focus/webcast"), { option: "later" }), 422);
    expect(fr.errors?.option?.[0]).not.toBe(en.errors?.option?.[0]);
    const extra = await answer(await (await org.as("organizer")).post(path(webcast.id, "timecodes/presentation"), { index: 1, slide: 2 }), 422);
    expect(Object.keys(extra.errors ?? {}).length).toBeGreaterThan(0); // unknown keys are refused (strict)
    const tooLong = await answer(await (await org.as("organizer")).post(path(webcast.id, `timecodes/polls/${"p".repeat(65)}`), { action: "publish" }), 422);
    expect(Object.keys(tooLong.errors ?? {})).toEqual(["id"]);
    const formBody = await (await org.as("organizer")).request(path(webcast.id, "control-room/dial-out"), { method: "POST", body: new URLSearchParams({ protocol: "sip" }) });
    expect(formBody.status).toBe(415);
  });

  it("hides the webcast from another tenant (404) before reading the body, refuses a signed-out caller (401)", async () => {
    const webcast = await insertWebcast(org.id);
    const other = await createOrganization();
    expect((await (await other.as("owner")).post(path(webcast.id, "control-room/focus/webcast"), { option: "never" })).status).toBe(404);
    expect((await (await org.as("speaker")).post(path(webcast.id, "control-room/focus/webcast"), { option: "never" })).status).toBe(403);
    expect((await new TestClient("en").post(path(webcast.id, "control-room/focus/webcast"), { option: "never" })).status).toBe(401);
  });

  it("dial-out answers data false when the call fails (SPEC §7)", async () => {
    const webcast = await insertWebcast(org.id);
    const body = await answer(await (await org.as("organizer")).post(path(webcast.id, "control-room/dial-out"), { protocol: "sip", destination: "sip:room@example.test" }), 200);
    expect(body).toEqual({ data: false });
  });

  it("conference connections: POST adds one (its result), GET lists the room's", async () => {
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const added = stateOf(await answer(await organizer.post(path(webcast.id, "conference-connections"), { speaker_uuid: "speaker-1", connection_type: "phone" }), 200));
    expect(added.result).toMatchObject({ speaker_uuid: "speaker-1", connection_type: "phone", protocol: "sip" });
    const listed = await answer(await organizer.get(path(webcast.id, "conference-connections")), 200);
    expect(listed.data).toEqual([added.result]);
  });

  it("timecodes, focus and scene set the live state", async () => {
    const webcast = await insertWebcast(org.id);
    // The room reads the webcast's polls when it starts (a poll pushed later reaches it through tellRooms).
    const first = await insertPoll(webcast);
    const seriesId = crypto.randomUUID();
    await insertPoll(webcast, { series_id: seriesId });
    const organizer = await org.as("organizer");
    expect(stateOf(await answer(await organizer.post(path(webcast.id, "timecodes/presentation"), { index: 3 }), 200)).state.current_slide_index).toBe(3);
    expect(stateOf(await answer(await organizer.post(path(webcast.id, "timecodes/scene"), { layout: "video-only" }), 200)).state.current_scene_layout).toBe("video-only");
    const poll = stateOf(await answer(await organizer.post(path(webcast.id, `timecodes/polls/${first.id}`), { action: "publish" }), 200));
    expect(poll.state.current_polling).toEqual({ type: "poll", id: first.id, status: 1 });
    const series = stateOf(await answer(await organizer.post(path(webcast.id, `timecodes/series/${seriesId}`), { action: "publish" }), 200));
    expect(series.state.current_polling).toEqual({ type: "series", id: seriesId, status: 1 });
    const dismissed = stateOf(await answer(await organizer.post(path(webcast.id, `timecodes/series/${seriesId}`), { action: "dismiss" }), 200));
    expect(dismissed.state.current_polling.type).toBe("none");
    // An unknown poll: the polls' refusal, in the caller's language.
    const unknown = await answer(await organizer.post(path(webcast.id, "timecodes/polls/poll-404"), { action: "publish" }), 404);
    expect(unknown.message).toBe("This poll does not exist in this webcast.");
    const focus = stateOf(await answer(await organizer.post(path(webcast.id, "control-room/focus/virtual-tables"), { option: "in_15s" }), 200));
    expect(focus.state.focus).toMatchObject({ target: "virtual-tables", option: "in_15s" });
  });
});

const callSettings = (client: TestClient, suffix: string, method: string, json: unknown) => client.request(`/api/webcasts/${suffix}`, { method, json });
const attendeeOptions = async (uid: string) =>
  JSON.parse((await env.DB.prepare("SELECT attendee_options AS options FROM webcasts WHERE id = ?").bind(uid).first<{ options: string }>())?.options ?? "null");

describe("toggles and reset through the room (PATCH poster-overlay, question-wall, anonymous-questions; POST reset)", () => {
  it("the toggles merge into the attendee options key by key and set anonymous questions; wrong bodies get the spec's texts", async () => {
    const webcast = await insertWebcast(org.id, { attendee_options: { ask_questions: false, view_resources: true, view_details: true, switch_language: true, poster_overlay: false, question_wall: false } });
    const organizer = await org.as("organizer");
    await answer(await callSettings(organizer, `${webcast.id}/poster-overlay`, "PATCH", { enabled: true }), 200);
    await answer(await callSettings(organizer, `${webcast.id}/question-wall`, "PATCH", { enabled: true }), 200);
    expect(await attendeeOptions(webcast.id)).toEqual({ ask_questions: false, view_resources: true, view_details: true, switch_language: true, poster_overlay: true, question_wall: true });
    const anonymous = stateOf(await answer(await callSettings(organizer, `${webcast.id}/anonymous-questions`, "PATCH", { enabled: true }), 200));
    expect(anonymous.state.anonymous_questions).toBe(true);
    await answer(await callSettings(organizer, `${webcast.id}/poster-overlay`, "PATCH", { enabled: false }), 200);
    expect(await attendeeOptions(webcast.id)).toMatchObject({ poster_overlay: false, question_wall: true });
    const en = await answer(await callSettings(organizer, `${webcast.id}/question-wall`, "PATCH", { enabled: "yes" }), 422);
    expect(en).toMatchObject({ message: "The given data was invalid.", errors: { enabled: ["This field must be true or false."] } });
    const fr = await answer(await callSettings(await org.as("organizer", "fr"), `${webcast.id}/anonymous-questions`, "PATCH", {}), 422);
    expect(fr).toMatchObject({ message: "Les données fournies sont invalides.", errors: { enabled: ["Ce champ est obligatoire"] } });
  });

  it("hide the webcast from another tenant (404), refuse a plain speaker (403) and a signed-out caller (401)", async () => {
    const webcast = await insertWebcast(org.id);
    const other = await createOrganization();
    for (const suffix of ["poster-overlay", "question-wall", "anonymous-questions"]) {
      expect((await callSettings(await other.as("organizer"), `${webcast.id}/${suffix}`, "PATCH", { enabled: true })).status).toBe(404);
      expect((await callSettings(await org.as("speaker"), `${webcast.id}/${suffix}`, "PATCH", { enabled: true })).status).toBe(403);
      expect((await callSettings(new TestClient(), `${webcast.id}/${suffix}`, "PATCH", { enabled: true })).status).toBe(401);
    }
    expect((await callSettings(await other.as("organizer"), `${webcast.id}/reset`, "POST", {})).status).toBe(404);
    expect((await callSettings(new TestClient(), `${webcast.id}/reset`, "POST", {})).status).toBe(401);
  });

  it("a toggle sets the live state, every socket hears it, and the room writes it to the webcast row", async () => {
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const { socket } = await joinAs(organizer, webcast.id);
    const body = stateOf(await answer(await callSettings(organizer, `${webcast.id}/question-wall`, "PATCH", { enabled: true }), 200));
    expect(body.state.question_wall).toBe(true);
    let event = await socket.next(5_000);
    while (event.type !== "event" || event.seq < body.seq) event = await socket.next(5_000);
    expect(event).toMatchObject({ type: "event", patch: { question_wall: true } });
    const row = await env.DB.prepare("SELECT json_extract(attendee_options, '$.question_wall') AS wall FROM webcasts WHERE id = ?").bind(webcast.id).first<{ wall: number }>();
    expect(row?.wall).toBe(1);
    expect((await callSettings(await org.as("speaker"), `${webcast.id}/poster-overlay`, "PATCH", { enabled: true })).status).toBe(403);
    expect((await callSettings(organizer, `${webcast.id}/poster-overlay`, "PATCH", { enabled: "yes" })).status).toBe(422);
  });

  it("reset: an upcoming room only reschedules; a prepared one resets (speakers disconnected) and then takes the new start", async () => {
    const organizer = await org.as("organizer");
    const upcoming = await insertWebcast(org.id);
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect(stateOf(await answer(await callSettings(organizer, `${upcoming.id}/reset`, "POST", { scheduled_start: later }), 200)).state.phase).toBe("upcoming");

    const webcast = await insertWebcast(org.id);
    await insertSpeaker(webcast, org.ids.speaker);
    await answer(await organizer.post(path(webcast.id, "control-room/prepare")), 200);
    const { socket } = await joinAs(await org.as("speaker"), webcast.id);
    const reset = stateOf(await answer(await callSettings(organizer, `${webcast.id}/reset`, "POST", { scheduled_start: later, timezone: "Europe/Paris" }), 200));
    expect(reset.state.phase).toBe("resetting");
    expect((await socket.closed).code).toBe(4001);
    const row = await env.DB.prepare("SELECT event_start_date_time AS start, timezone FROM webcasts WHERE id = ?").bind(webcast.id).first<{ start: string; timezone: string }>();
    expect(row).toEqual({ start: later, timezone: "Europe/Paris" });
  });

  it("reset refuses a past start and a contradictory keep_start before the room moves (422)", async () => {
    const organizer = await org.as("organizer");
    const webcast = await insertWebcast(org.id);
    const past = await answer(await callSettings(organizer, `${webcast.id}/reset`, "POST", { scheduled_start: "2020-01-01T00:00:00.000Z" }), 422);
    expect(Object.keys(past.errors ?? {})).toEqual(["scheduled_start"]);
    const both = await answer(await callSettings(organizer, `${webcast.id}/reset`, "POST", { keep_start: false }), 422);
    expect(Object.keys(both.errors ?? {})).toEqual(["keep_start"]);
  });

  it("reset with a new start by a producer speaker who may not edit the webcast: 403 before the room moves; keeping the start works", async () => {
    const webcast = await insertWebcast(org.id);
    await insertSpeaker(webcast, org.ids.speaker, { is_producer: true });
    const producerSpeaker = await org.as("speaker", "fr");
    await answer(await producerSpeaker.post(path(webcast.id, "control-room/prepare")), 200);
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const refused = await answer(await callSettings(producerSpeaker, `${webcast.id}/reset`, "POST", { scheduled_start: later }), 403);
    expect(refused.message).toBe("Vous n'êtes pas autorisé à modifier ce webcast.");
    expect((await webcastRoomStub(env, webcast.id).snapshot(webcast.id)).state.phase).not.toBe("resetting");
    const kept = stateOf(await answer(await callSettings(producerSpeaker, `${webcast.id}/reset`, "POST", { keep_start: true }), 200));
    expect(kept.state.phase).toBe("resetting");
  });
});

describe("a webcast the room put on air", () => {
  it("cannot be deleted (423, SPEC §4): the room writes its status to the webcast row", async () => {
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    await answer(await organizer.post(path(webcast.id, "control-room/prepare")), 200);
    // preparing → prepared is the room's alarm (TRANSITION_MS): the source can be chosen once prepared.
    let activated = await organizer.post(path(webcast.id, "control-room/rtmp/activate"));
    for (let tries = 0; activated.status === 409 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      activated = await organizer.post(path(webcast.id, "control-room/rtmp/activate"));
    }
    expect(stateOf(await answer(activated, 200)).state.phase).toBe("ready");
    expect(stateOf(await answer(await organizer.post(path(webcast.id, "control-room/start")), 200)).state.phase).toBe("starting");
    const refused = await answer(await organizer.delete(`/api/webcasts/${webcast.id}`), 423);
    expect(refused.message).toBe("A live webcast cannot be deleted.");
  }, 20_000);
});

describe("a webcast edited on a device reaches its running room at once", () => {
  it("a pushed setting (speakers see stats, anonymous questions) is in the room and told to its sockets", async () => {
    const webcast = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const { socket } = await joinAs(organizer, webcast.id);
    const now = new Date().toISOString();
    const pushed = await organizer.post("/api/sync/push", {
      mutations: [{ id: uuidv7(), name: "updateWebcast", args: { id: webcast.id, speakers_see_stats: true, anonymous_questions: true, now }, client_time: now }],
    });
    expect(pushed.status, await pushed.clone().text()).toBe(200);
    expect((await pushed.json<{ results: { status: string }[] }>()).results[0]?.status).toBe("applied");
    let event = await socket.next(5_000);
    while (!(event.type === "event" && event.name === "webcast.changed")) event = await socket.next(5_000);
    expect(event).toMatchObject({ patch: { speakers_see_stats: true, anonymous_questions: true } });
    const room = await webcastRoomStub(env, webcast.id).snapshot(webcast.id);
    expect(room.state).toMatchObject({ speakers_see_stats: true, anonymous_questions: true });
  });
});
