import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { webcastRoomStub } from "../../../durable/stubs.ts";
import type { ErrorCode } from "../../../domain/errors/codes.ts";
import type { RoomActor } from "../../../domain/webcast-room/actor.ts";
import {
  type RoomCommand,
  type RoomToggle,
  conferenceLayoutCommand,
  connectCommand,
  dialOutCommand,
  focusCommand,
  pollingCommand,
  roomCommandSchema,
  sceneCommand,
  slideCommand,
} from "../../../domain/webcast-room/commands.ts";
import type { FOCUS_OPTIONS, FOCUS_TARGETS, LiveState } from "../../../domain/webcast-room/live-state.ts";
import type { CommandErrorCode } from "../../../domain/webcast-room/command-errors.ts";
import type { Env, AppEnv } from "../../env.ts";
import { requireUser } from "../../auth/middleware.ts";
import { resetBody } from "../../../domain/webcasts/rest.ts";
import { resetWebcast, updateWebcast } from "../../../domain/webcasts/mutators.ts";
import { datetimeAfter } from "../../../domain/validation/datetime.ts";
import { type LocalizedText, localized } from "../../../domain/validation/localized.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { ApiError } from "../../http/api-error.ts";
import { parseOrThrow } from "../../http/validate.ts";
import { jsonBody } from "../../http/validators.ts";
import { staffActorOf } from "./routes.ts";
import { eq } from "drizzle-orm";
import { can } from "../../../domain/permissions/can.ts";
import { WEBCAST_MESSAGES } from "../../../domain/webcasts/messages.ts";
import { db } from "../../db/client.ts";
import { webcasts } from "../../db/schema/index.ts";

/**
 * The control-room calls of SPEC §7 (docs/webcasts-api.md "Control room"), each a thin
 * translation to one RoomCommand (domain/webcast-room/commands.ts) run by the webcast's Durable
 * Object through the one reducer that also serves the websocket's `command` frames, so a call and
 * a frame are judged alike and every socket in the room hears the change. Order as every webcast
 * route: session (401), webcast and staff role (404 for another tenant, 403 for a member who
 * neither produces nor speaks), body (422, strict, spec texts), then the room (403 not_allowed for
 * a speaker, 409/422 for the phase or the show). Answers `{ data: { state, seq, result? } }`.
 */

/** What the room's RPC `command` answers (the same as durable/webcast-room/webcast-room.ts's). */
export type CommandAnswer =
  | { ok: true; seq: number; state: LiveState; result?: unknown }
  | { ok: false; status: number; code: CommandErrorCode; message: string; errors?: Record<string, string[]>; retry_after_ms?: number };

/** The room's RPC surface these calls use; `roomRpc` type-checks it against the Durable Object's. */
export interface RoomRpc {
  command(uid: string, actor: RoomActor, command: RoomCommand, commandId: string | null): Promise<CommandAnswer>;
  snapshot(uid: string): Promise<{ seq: number; state: LiveState }>;
  flushInteractions(uid: string): Promise<void>;
  setSmsDisabled(uid: string, disabled: boolean): Promise<{ sms_disabled: boolean }>;
}

export function roomRpc(env: Pick<Env, "WEBCAST_ROOM">, uid: string): RoomRpc {
  const stub = webcastRoomStub(env, uid);
  return {
    command: (...args) => stub.command(...args),
    snapshot: (...args) => stub.snapshot(...args),
    flushInteractions: (...args) => stub.flushInteractions(...args),
    setSmsDisabled: (...args) => stub.setSmsDisabled(...args),
  };
}

const REFUSAL_CODE: Record<number, ErrorCode> = { 400: "bad_request", 403: "forbidden", 404: "not_found", 409: "conflict", 422: "validation_failed", 423: "locked", 429: "too_many_attempts" };

/** Runs `command` in the path webcast's room as the staff actor; a refusal throws in the SPEC §8 shape. */
export async function runRoomCommand(c: Context<AppEnv>, command: RoomCommand): Promise<Extract<CommandAnswer, { ok: true }>> {
  const { uid, actor } = await staffOf(c);
  const answer = await roomRpc(c.env, uid).command(uid, actor, command, null);
  if (answer.ok) return answer;
  throw new ApiError(REFUSAL_CODE[answer.status] ?? "conflict", { message: answer.message, ...(answer.errors ? { errors: answer.errors } : {}) });
}

/** `{ data: { state, seq, result? } }`, the answer of every control-room call. */
function answerOf(answer: Extract<CommandAnswer, { ok: true }>) {
  return { state: answer.state, seq: answer.seq, ...(answer.result === undefined ? {} : { result: answer.result }) };
}

// The staff check runs before the body is read (an outsider learns nothing from a 422); the
// handler reuses what it found.
const found = new WeakMap<Request, Promise<{ uid: string; actor: RoomActor }>>();
function staffOf(c: Context<AppEnv>): Promise<{ uid: string; actor: RoomActor }> {
  let known = found.get(c.req.raw);
  if (!known) {
    known = staffActorOf(c);
    found.set(c.req.raw, known);
  }
  return known;
}
const staff = createMiddleware<AppEnv>(async (c, next) => {
  await staffOf(c);
  await next();
});

/** Runs one command and answers 200 `{ data }`. */
async function run(c: Context<AppEnv>, command: RoomCommand) {
  return c.json({ data: answerOf(await runRoomCommand(c, command)) }, 200);
}

/** A command built from path values (a poll id) is checked like a frame's (422 naming the field). */
function commandOf(c: Context<AppEnv>, value: Record<string, unknown>): RoomCommand {
  return parseOrThrow(roomCommandSchema, value, c.var.locale);
}

// The bodies are the commands' own fields (domain/webcast-room/commands.ts), so a call and a frame never differ.
const focusBody = focusCommand.pick({ option: true });
const conferenceLayoutBody = conferenceLayoutCommand.omit({ type: true });
const connectBody = connectCommand.omit({ type: true });
const dialOutBody = dialOutCommand.omit({ type: true });
const slideBody = slideCommand.omit({ type: true });
const sceneBody = sceneCommand.omit({ type: true });
const pollingBody = pollingCommand.pick({ action: true });

const focus = (target: (typeof FOCUS_TARGETS)[number]) => (c: Context<AppEnv>, option: (typeof FOCUS_OPTIONS)[number]) => run(c, { type: "control.focus", target, option });

export const controlRoomRoutes = new Hono<AppEnv>()
  /** POST …/control-room/prepare → `{ data }`: upcoming → preparing (prepared when the pipeline is up). */
  .post("/:id/control-room/prepare", staff, (c) => run(c, { type: "control.prepare" }))
  /** POST …/control-room/start → `{ data }`: ready (or a prepared premiere) → starting → live; 409 with the SPEC §8 text when the organization has no place left. */
  .post("/:id/control-room/start", staff, (c) => run(c, { type: "control.start" }))
  /** POST …/control-room/stop → `{ data }`: live → stopping → archived. Irreversible. */
  .post("/:id/control-room/stop", staff, (c) => run(c, { type: "control.stop" }))
  /** POST …/control-room/rtmp/activate → `{ data }`: the RTMP input is the source; prepared → ready. */
  .post("/:id/control-room/rtmp/activate", staff, (c) => run(c, { type: "control.rtmp.activate" }))
  /** POST …/control-room/vmr/activate → `{ data }`: the virtual meeting room is the source; prepared → ready. */
  .post("/:id/control-room/vmr/activate", staff, (c) => run(c, { type: "control.vmr.activate" }))
  /** POST …/control-room/dial-out `{ protocol, destination }` → `{ data }`, `{ data: false }` when the call failed (SPEC §7). */
  .post("/:id/control-room/dial-out", staff, jsonBody(() => dialOutBody), async (c) => {
    const answer = await runRoomCommand(c, { type: "control.dial-out", ...c.req.valid("json") });
    return c.json({ data: answer.result === false ? false : answerOf(answer) }, 200);
  })
  /** POST …/control-room/focus/webcast `{ option: now|in_15s }` → `{ data }`. */
  .post("/:id/control-room/focus/webcast", staff, jsonBody(() => focusBody), (c) => focus("webcast")(c, c.req.valid("json").option))
  /** POST …/control-room/focus/virtual-tables `{ option: now|in_15s }` → `{ data }`. */
  .post("/:id/control-room/focus/virtual-tables", staff, jsonBody(() => focusBody), (c) => focus("virtual-tables")(c, c.req.valid("json").option))
  /** POST …/control-room/conference-layout `{ layout }` → `{ data }`; adaptive needs 2 speakers connected (422). */
  .post("/:id/control-room/conference-layout", staff, jsonBody(() => conferenceLayoutBody), (c) =>
    run(c, { type: "control.conference-layout", layout: c.req.valid("json").layout }),
  )
  /** POST …/conference-connections `{ speaker_uuid, connection_type, protocol? }` → `{ data }` (`result`: the connection). */
  .post("/:id/conference-connections", staff, jsonBody(() => connectBody), (c) => run(c, { type: "conference.connect", ...c.req.valid("json") }))
  /** GET …/conference-connections → `{ data: [connection…] }`: the room's connections now. */
  .get("/:id/conference-connections", staff, async (c) => {
    const { uid } = await staffOf(c);
    const { state } = await roomRpc(c.env, uid).snapshot(uid);
    return c.json({ data: state.conference_connections }, 200);
  })
  /** POST …/timecodes/presentation `{ index }` → `{ data }`: the slide shown (a replay timecode). */
  .post("/:id/timecodes/presentation", staff, jsonBody(() => slideBody), (c) => run(c, { type: "slide.set", index: c.req.valid("json").index }))
  /** POST …/timecodes/scene `{ layout }` → `{ data }`: the scene layout (a replay timecode). */
  .post("/:id/timecodes/scene", staff, jsonBody(() => sceneBody), (c) => run(c, { type: "scene.set", layout: c.req.valid("json").layout }))
  /** POST …/timecodes/polls/:pollId `{ action }` → `{ data }`: publish, republish, close, show_results or dismiss a poll. */
  .post("/:id/timecodes/polls/:pollId", staff, jsonBody(() => pollingBody), (c) =>
    run(c, commandOf(c, { type: "polling.set", kind: "poll", id: c.req.param("pollId"), action: c.req.valid("json").action })),
  )
  /** POST …/timecodes/series/:seriesId `{ action }` → `{ data }`: the same for a polling series. */
  .post("/:id/timecodes/series/:seriesId", staff, jsonBody(() => pollingBody), (c) =>
    run(c, commandOf(c, { type: "polling.set", kind: "series", id: c.req.param("seriesId"), action: c.req.valid("json").action })),
  );

const toggleBody = z.strictObject({ enabled: z.boolean() });
/** resetBody (domain/webcasts/rest.ts) and `keep_start` (SPEC §4: reschedule or keep the start). */
const roomResetBody = z.strictObject({ ...resetBody.shape, keep_start: z.boolean().optional() });

const KEEP_START_CONFLICT: LocalizedText = {
  en: "Either keep the start time or give a new one.",
  fr: "Gardez l'heure de début ou indiquez-en une nouvelle.",
};

const toggle = jsonBody(() => toggleBody);
const setToggle = (c: Context<AppEnv>, name: RoomToggle, enabled: boolean) => run(c, { type: "toggle.set", name, enabled });

/**
 * The three SPEC §7 toggles and reset, through the room (the room is the authority of these
 * values and writes them back to the webcast row, worker/features/webcast-room/room-host.ts
 * `writeWebcastStatus`), so lists, home and sync see them.
 */
export const roomSettingsRoutes = new Hono<AppEnv>()
  /** PATCH …/poster-overlay `{ enabled }` → `{ data: { state, seq } }`. */
  .patch("/:id/poster-overlay", staff, toggle, (c) => setToggle(c, "poster_overlay", c.req.valid("json").enabled))
  /** PATCH …/question-wall `{ enabled }` → `{ data: { state, seq } }`. */
  .patch("/:id/question-wall", staff, toggle, (c) => setToggle(c, "question_wall", c.req.valid("json").enabled))
  /** PATCH …/anonymous-questions `{ enabled }` → `{ data: { state, seq } }`. */
  .patch("/:id/anonymous-questions", staff, toggle, (c) => setToggle(c, "anonymous_questions", c.req.valid("json").enabled))
  /**
   * POST …/reset `{ scheduled_start?, timezone?, keep_start? }` → `{ data: { state, seq } }`
   * (SPEC §4: disconnects speakers, stops the broadcast, back to upcoming; reschedule or keep the
   * start). `keep_start` is true when no `scheduled_start` is given. A new start is checked (after
   * now) before the room moves; the room resets first (409 when there is nothing to reset), and
   * only then the webcast's start and time zone change through the webcast update path. A room
   * still upcoming has nothing to reset: the call only reschedules (`resetWebcast`, as before).
   */
  .post("/:id/reset", staff, jsonBody(() => roomResetBody), async (c) => {
    const body = c.req.valid("json");
    const { uid } = await staffOf(c);
    const user = requireUser(c);
    const start = body.scheduled_start == null ? undefined : new Date(body.scheduled_start).toISOString();
    const keepStart = body.keep_start ?? start === undefined;
    if (keepStart !== (start === undefined)) throw new ApiError("validation_failed", { errors: { keep_start: [localized(KEEP_START_CONFLICT, c.var.locale)] } });
    const late = datetimeAfter(start, c.var.locale, { now: new Date() });
    if (late) throw new ApiError("validation_failed", { errors: { scheduled_start: [late] } });
    const now = new Date().toISOString();
    const changes = { ...(start === undefined ? {} : { event_start_date_time: start }), ...(body.timezone === undefined ? {} : { timezone: body.timezone }) };
    // A new start is an edit of the webcast (`updateWebcast` needs webcasts.update): judged before
    // the room moves, so a producer speaker who may reset but not edit gets a 403 and an intact show.
    if (Object.keys(changes).length > 0) {
      const [row] = await db(c.env.DB).select({ organization_id: webcasts.organization_id }).from(webcasts).where(eq(webcasts.id, uid));
      if (!row || !can(user, "webcasts.update", row.organization_id)) throw new ApiError("forbidden", { message: localized(WEBCAST_MESSAGES.update_forbidden, c.var.locale) });
    }
    const room = roomRpc(c.env, uid);
    if ((await room.snapshot(uid)).state.phase === "upcoming") {
      const args = { id: uid, now, ...(start === undefined ? {} : { scheduled_start: start }), ...(body.timezone === undefined ? {} : { timezone: body.timezone }) };
      await applyMutation(c.env, user, c.var.locale, resetWebcast, args);
      return c.json({ data: await room.snapshot(uid) }, 200);
    }
    const answer = await runRoomCommand(c, { type: "room.reset", keep_start: keepStart });
    if (Object.keys(changes).length > 0) await applyMutation(c.env, user, c.var.locale, updateWebcast, { id: uid, now, ...changes });
    return c.json({ data: answerOf(answer) }, 200);
  });
