import { z } from "zod";
import { errorMessage } from "../../domain/errors/index.ts";
import type { FieldErrors } from "../../domain/errors/codes.ts";
import { messageLocale } from "../../domain/i18n/locales.ts";
import { type AckMessage, type ClientMessage, PROTOCOL_VERSION, type RoomEvent, type StatsMessage, encodeFrame, errorFrame, parseClientFrame } from "../../domain/protocol/index.ts";
import { localized } from "../../domain/validation/localized.ts";
import { type RoomActor, actorKey, roomActorSchema } from "../../domain/webcast-room/actor.ts";
import { participantId } from "../../domain/chat/participant.ts";
import { CHAT_HISTORY_DEFAULT_LIMIT } from "../../domain/chat/record.ts";
import { chatHistory } from "../../domain/chat/history.ts";
import { messageRecipients, visibleMessage } from "../../domain/chat/visibility.ts";
import type { Ballot } from "../../domain/polls/ballots.ts";
import { pollAudienceOf, producerPollView, viewerPollView, viewerPolls } from "../../domain/polls/live.ts";
import type { PollRow } from "../../domain/polls/record.ts";
import { type Tally, applyBallot, recount } from "../../domain/polls/tally.ts";
import { nextAskAt } from "../../domain/questions/ask.ts";
import type { Question } from "../../domain/questions/record.ts";
import { questionAudienceOf, questionVisibilityChange, visibleQuestion } from "../../domain/questions/visibility.ts";
import { supportDeskFailed, supportDeskSent } from "../../domain/questions/moderation.ts";
import { TALLY_FLUSH_MS } from "../../domain/polls/live.ts";
import { COMMAND_ERROR_STATUS, type CommandErrorCode, commandErrorMessage } from "../../domain/webcast-room/command-errors.ts";
import { type InteractionCommand, type RoomCommand, isInteractionCommand, roomCommandSchema } from "../../domain/webcast-room/commands.ts";
import { type LiveState, type RoomWebcast, initialLiveState, mirrorOf } from "../../domain/webcast-room/live-state.ts";
import { ROOM_ERROR_MESSAGES, ROOM_ERROR_STATUS } from "../../domain/webcast-room/messages.ts";
import { type AdvanceLimits, type RoomChange, TEST_MAX_PARTICIPANTS, advance, audience, nextAlarmAt, premiereStartDue, presence, reduce, webcastChanged } from "../../domain/webcast-room/reduce.ts";
import { type RoomAudience, audienceOf, hidesFrom, visibleEvent, visibleState } from "../../domain/webcast-room/visibility.ts";
import type { Env } from "../../worker/env.ts";
import { LOCALE_HEADER, ROOM_ACTOR_HEADER } from "../headers.ts";
import { type AcceptedSocket, SocketObject } from "../socket-object.ts";
import { recentMessages } from "./chat.ts";
import { type Fanout, type InteractionSettings, type InteractionSetup, type Participant, handleInteraction, needsParticipant } from "./interactions.ts";
import { migrate } from "./migrations.ts";
import { OUTBOX_MAX_RETRIES, OUTBOX_RETRY_MS, type OutboxEntry, clearOutbox, orderedForWrite, outboxSize, pendingOutbox } from "./outbox.ts";
import { ballotsOfPoll, ballotsOfVoter, loadPolls, replacePolls, savePollStatus } from "./polls.ts";
import { askerState, findQuestion, recentQuestions, saveQuestion, saveSmsDisabled, upvotedBy } from "./questions.ts";
import {
  type Mirrored,
  type RoomRow,
  eventsSince,
  findAck,
  insertRoom,
  loadRoom,
  recordAudience,
  recordChanges,
  saveLimits,
  saveMirrored,
  saveState,
  storeAck,
} from "./room-store.ts";

/** What a socket carries for life (its attachment: it survives hibernation). */
const roomSocketSchema = z.object({
  connectionId: z.string(),
  /** Null until the client's hello is accepted: only greeted sockets get events. */
  protocolVersion: z.number().int().nullable(),
  clientId: z.string().nullable(),
  actor: roomActorSchema,
});
type RoomSocket = z.infer<typeof roomSocketSchema>;

/** What the worker reads of a webcast for its room (worker/features/webcast-room/room-host.ts). */
export interface RoomSetup {
  organizationId: number;
  webcast: RoomWebcast;
  limits: AdvanceLimits;
  /** The webcast's polls and what its interactions depend on (interactions.ts). */
  interactions: InteractionSetup;
}

/** The answer of the `command` RPC (the control-room HTTP calls). */
export type CommandAnswer =
  | { ok: true; seq: number; state: LiveState; result?: unknown }
  | { ok: false; status: number; code: CommandErrorCode; message: string; errors?: Record<string, string[]>; retry_after_ms?: number };

type Executed = { ok: true; seq: number; state: LiveState; result?: unknown } | { ok: false; code: CommandErrorCode; errors?: FieldErrors; retry_after_ms?: number };

/** Close code and reason of a speaker's socket when the room is reset (SPEC §4: a reset disconnects speakers). */
export const RESET_CLOSE = { code: 4001, reason: "reset" } as const;
/** Close code and reason of every socket when the room's webcast is deleted. */
export const GONE_CLOSE = { code: 4004, reason: "webcast_deleted" } as const;
/** A failed write of the webcast row is retried by the alarm this much later. */
const MIRROR_RETRY_MS = 30_000;

/** The webcast uid of a forwarded upgrade: the worker forwards `/api/webcasts/{uid}/room`. */
function uidOfUrl(url: string): string | null {
  const match = /\/webcasts\/([^/]{1,64})\/room\/?$/.exec(new URL(url).pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function actorOf(request: Request): RoomActor | null {
  const raw = request.headers.get(ROOM_ACTOR_HEADER);
  if (raw === null) return null;
  try {
    const parsed = roomActorSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const json = (status: number, message: string) => Response.json({ message }, { status });

const sameMirrored = (a: Mirrored, b: Mirrored) =>
  a.state === b.state && a.poster_overlay === b.poster_overlay && a.question_wall === b.question_wall && a.anonymous_questions === b.anonymous_questions;

/** How many connections get a change in one turn of the event loop (see `WebcastRoomObject.sendQueue`). */
const SEND_CHUNK = 25;

/** Events on their way out (`WebcastRoomObject.sendQueue`). */
interface Outgoing {
  events: RoomEvent[];
  /** Sent after the events, to their senders. */
  acks: [WebSocket, AckMessage][];
  /** The connections it goes to, fixed when it starts going out (null until then: it still takes events). */
  targets: [WebSocket, RoomActor][] | null;
  /** Whether some connection sees the events cut (visibility.ts). */
  cut?: boolean;
  frames: Map<RoomAudience, string>;
  /** How many of `targets` got it. */
  sent: number;
}

/** The greeted sockets (`WebcastRoomObject.roster`): each one's actor, the staff among them, the counts. */
interface Roster {
  actors: Map<WebSocket, RoomActor>;
  staff: Set<WebSocket>;
  viewers: number;
  /** User id → how many sockets that speaker holds. */
  speakers: Map<number, number>;
  /** Participant id (domain/chat/participant.ts) → their sockets: who is connected, where a private message goes. */
  participants: Map<string, Set<WebSocket>>;
}

const emptyRoster = (): Roster => ({ actors: new Map(), staff: new Set(), viewers: 0, speakers: new Map(), participants: new Map() });

function join(roster: Roster, ws: WebSocket, actor: RoomActor): void {
  if (roster.actors.has(ws)) return;
  roster.actors.set(ws, actor);
  const id = participantId(actor);
  const sockets = roster.participants.get(id) ?? new Set<WebSocket>();
  sockets.add(ws);
  roster.participants.set(id, sockets);
  if (actor.role === "viewer") roster.viewers += 1;
  else {
    roster.staff.add(ws);
    if (actor.user_id !== null) roster.speakers.set(actor.user_id, (roster.speakers.get(actor.user_id) ?? 0) + 1);
  }
}

const statsOf = (state: LiveState): StatsMessage => ({ type: "stats", live_viewers: state.live_viewers, peak_viewers: state.peak_viewers });

/** The webcast a room was asked to serve does not exist (or no longer). */
export class RoomWebcastMissing extends Error {}

/**
 * One object per webcast (durable/stubs.ts `webcastRoomStub`): the authority of its live show
 * (issue #15). Every command, from a socket or from a control-room HTTP call (the `command` RPC),
 * goes through the one pure reducer (domain/webcast-room/reduce.ts); what it changes is stored in
 * the object's SQLite database (room-store.ts) as a numbered event, then acknowledged to the
 * sender and sent to every greeted socket. Time-driven steps (transitions, premiere start,
 * inactivity and test-length stops) run in the alarm (`advance`). The webcast row in D1 follows
 * the room's API status and toggles (`writeStatus`, written after the room's own storage).
 *
 * What it needs of D1 is injected by the worker's subclass (worker/durable-objects.ts), so this
 * layer never imports the worker's features.
 */
export abstract class WebcastRoomObject extends SocketObject<RoomSocket> {
  /** The webcast, its organization and the alarm limits; null when there is no such webcast. */
  protected abstract loadWebcast(uid: string): Promise<RoomSetup | null>;
  /** False when the organization may not take one more webcast live now (max_simultaneous_webcasts). */
  protected abstract goLiveAvailable(uid: string): Promise<boolean>;
  /** Writes the webcast row's API status and toggles so the organization's devices see them. */
  protected abstract writeStatus(uid: string, state: LiveState): Promise<void>;
  /** Who an actor is beyond their ids (name, e-mail, vote weight, registration); null for a guest or a record gone. */
  protected abstract loadParticipant(uid: string, actor: RoomActor): Promise<Participant | null>;
  /** Writes a batch of the outbox to D1 (outbox.ts; idempotent, by key). */
  protected abstract writeInteractions(organizationId: number, uid: string, entries: OutboxEntry[]): Promise<void>;
  /** Sends a question to the webcast's support desk; throws when every try failed. */
  protected abstract deliverSupportDesk(uid: string, question: Question): Promise<{ ticket: string | null }>;

  /** The stored room (null until it first serves a webcast); every change replaces it after its write. */
  private room: RoomRow | null;
  private initializing: Promise<RoomRow> | null = null;
  /** Webcast-row writes, one at a time, each writing the room's latest state. */
  private mirrorChain: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, roomSocketSchema, "webcast-room");
    // Storage calls are synchronous; nothing is delivered to the object before the constructor ends.
    migrate(ctx.storage);
    this.room = loadRoom(ctx.storage.sql);
    // What D1 still lacks when the object was last evicted goes at the next alarm (or change).
    if (this.room && outboxSize(ctx.storage.sql) > 0) this.outboxDueAt = Date.now();
  }

  /**
   * The room's clock (epoch ms). A field, not a method, so tests move time for the alarms by
   * setting it on the instance (`runInDurableObject`); lost with the instance.
   */
  clock: () => number = () => Date.now();

  protected now(): number {
    return this.clock();
  }

  // ---------------------------------------------------------------------------------------------
  // RPC (the worker's control-room routes)

  /** Runs a command as `actor`, exactly as a socket's command (same reducer, storage, broadcast). */
  async command(uid: string, actor: RoomActor, command: RoomCommand, commandId: string | null): Promise<CommandAnswer> {
    const checkedActor = roomActorSchema.parse(actor);
    const checkedCommand = roomCommandSchema.parse(command);
    await this.ready(uid);
    const executed = await this.execute(checkedActor, checkedCommand, commandId);
    if (!executed.ok) {
      const retry = executed.retry_after_ms;
      const refusal: CommandAnswer = {
        ok: false,
        status: COMMAND_ERROR_STATUS[executed.code],
        code: executed.code,
        message: commandErrorMessage(executed.code, checkedActor.locale, retry === undefined ? {} : { retry_after_ms: retry }),
        ...(retry === undefined ? {} : { retry_after_ms: retry }),
      };
      return executed.errors ? { ...refusal, errors: executed.errors } : refusal;
    }
    await this.settle();
    return executed;
  }

  /** The room's state and sequence now. */
  async snapshot(uid: string): Promise<{ seq: number; state: LiveState }> {
    const room = await this.ready(uid);
    return { seq: room.seq, state: room.state };
  }

  /**
   * The webcast row changed outside the room (the worker calls this after a push wrote or deleted
   * it, room-host.ts `tellRooms`): the room re-reads it at once (`refresh`). A webcast with no
   * room yet needs none, except a premiere (`isPremiere`, from the pushed row): its room must
   * exist before its start time for its alarm to prepare and start it.
   */
  async webcastChanged(uid: string, isPremiere: boolean): Promise<void> {
    if (!this.room) {
      if (!isPremiere) return;
      try {
        await this.ready(uid);
      } catch (error) {
        if (error instanceof RoomWebcastMissing) return;
        throw error;
      }
      await this.settle();
      return;
    }
    await this.ready(uid);
    await this.refresh();
    await this.settle();
  }

  // ---------------------------------------------------------------------------------------------
  // Sockets

  /**
   * The upgrade, forwarded by the worker after it authenticated and authorized the caller: the
   * actor in ROOM_ACTOR_HEADER (400 without a valid one), the webcast in the URL. A test webcast
   * takes at most TEST_MAX_PARTICIPANTS sockets (409, in the actor's language).
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return super.fetch(request);
    const actor = actorOf(request);
    const uid = uidOfUrl(request.url);
    const locale = actor?.locale ?? messageLocale(request.headers.get(LOCALE_HEADER));
    if (!actor || !uid) return json(400, errorMessage("bad_request", locale));
    let room: RoomRow;
    try {
      room = await this.ready(uid);
    } catch (error) {
      if (error instanceof RoomWebcastMissing) return json(404, errorMessage("not_found", locale));
      throw error;
    }
    // No await between this count and the accept (super.fetch runs `accept` synchronously).
    if (room.state.is_test && this.ctx.getWebSockets().length >= TEST_MAX_PARTICIPANTS) {
      return json(ROOM_ERROR_STATUS.participant_limit, localized(ROOM_ERROR_MESSAGES.participant_limit, locale));
    }
    return super.fetch(request);
  }

  protected accept(request: Request): AcceptedSocket<RoomSocket> {
    const actor = actorOf(request);
    if (!actor) throw new Error("webcast-room: accept without an actor"); // fetch checked it
    return {
      attachment: { connectionId: crypto.randomUUID(), protocolVersion: null, clientId: null, actor },
      // A reset finds the speakers' sockets by role.
      tags: [`role:${actor.role}`],
    };
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const socket = this.attachmentOf(ws);
    if (!socket) {
      ws.close(1011, "session_lost");
      return;
    }
    const { locale } = socket.actor;
    const parsed = parseClientFrame(raw, locale);
    if (!parsed.ok) {
      this.send(ws, parsed.error);
      return;
    }
    try {
      await this.handle(ws, socket, parsed.message);
    } catch (error) {
      console.error("webcast-room: message failed", error);
      this.send(ws, errorFrame("server_error", locale, undefined, parsed.message.type === "command" ? parsed.message.id : undefined));
    }
  }

  private async handle(ws: WebSocket, socket: RoomSocket, message: ClientMessage): Promise<void> {
    const { locale } = socket.actor;
    if (message.type === "hello") {
      await this.hello(ws, socket, message);
      return;
    }
    if (socket.protocolVersion === null) {
      this.send(ws, errorFrame("hello_required", locale));
      return;
    }
    if (message.type === "ping") {
      this.send(ws, message.id === undefined ? { type: "pong" } : { type: "pong", id: message.id });
      return;
    }
    const executed = await this.execute(socket.actor, message.command, message.id);
    if (!executed.ok) {
      this.send(ws, errorFrame(executed.code, locale, executed.errors, message.id, executed.retry_after_ms));
      return;
    }
    // The event went to everyone (the sender included) before this ack: a client that drops its
    // optimistic overlay on the ack already holds the change.
    this.sendAfterEvents(ws, executed.result === undefined ? { type: "ack", id: message.id, seq: executed.seq } : { type: "ack", id: message.id, seq: executed.seq, result: executed.result });
    await this.settle();
  }

  private async hello(ws: WebSocket, socket: RoomSocket, hello: Extract<ClientMessage, { type: "hello" }>): Promise<void> {
    const { locale } = socket.actor;
    if (socket.protocolVersion !== null) {
      this.send(ws, errorFrame("hello_repeated", locale));
      return;
    }
    if (hello.protocolVersion < PROTOCOL_VERSION) {
      this.send(ws, { type: "reload", reason: "protocol_outdated", protocolVersion: PROTOCOL_VERSION });
      ws.close(1000, "protocol_outdated");
      return;
    }
    // A newer client met an older server (mid-deploy): it cannot be understood, so it must retry later.
    if (hello.protocolVersion > PROTOCOL_VERSION) {
      this.send(ws, errorFrame("protocol_unsupported", locale));
      ws.close(1000, "protocol_unsupported");
      return;
    }
    await this.ready();
    // From here to the welcome nothing awaits: the welcome's seq is exactly what the socket holds,
    // and the next event (the presence below included) is seq + 1.
    const room = this.loaded();
    // The roster is read (built, after a wake) before this socket counts as greeted, then joined.
    const roster = this.roster();
    const greeted: RoomSocket = { ...socket, protocolVersion: hello.protocolVersion, clientId: hello.clientId ?? null };
    this.setAttachment(ws, greeted);
    join(roster, ws, greeted.actor);
    const missed = hello.since === undefined ? null : eventsSince(this.ctx.storage.sql, hello.since, room.seq);
    const sees = audienceOf(socket.actor, room.state);
    this.send(ws, {
      type: "welcome",
      protocolVersion: PROTOCOL_VERSION,
      connectionId: socket.connectionId,
      role: socket.actor.role,
      seq: room.seq,
      snapshot: missed === null ? visibleState(room.state, sees) : null,
      missed: (missed ?? []).map((event) => visibleEvent(event, sees, room.state)),
    });
    // A resumed client's events do not carry the figures: whoever may see them gets them now.
    if (sees === "full") this.send(ws, statsOf(room.state));
    // The interactions are not numbered: every welcome is followed by all this connection may see of them.
    this.sendInteractions(ws, greeted.actor);
    this.updatePresence();
    await this.settle();
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    const left = this.leave(ws);
    await super.webSocketClose(ws, code, reason);
    if (left && this.room) {
      this.updatePresence();
      await this.settle();
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    const left = this.leave(ws);
    await super.webSocketError(ws, error);
    if (left && this.room) {
      this.updatePresence();
      await this.settle();
    }
  }

  /**
   * The greeted sockets and who they are, kept in memory as sockets join and leave, so neither a
   * join nor an event scans every socket's attachment. Lost when the object hibernates; rebuilt
   * with one scan on the first use after a wake.
   */
  private greeted: Roster | null = null;

  private roster(): Roster {
    if (!this.greeted) {
      const roster = emptyRoster();
      for (const ws of this.ctx.getWebSockets()) {
        // Sockets closing (a reset's speakers, whose close is not reported yet) are gone already.
        if (ws.readyState !== WebSocket.OPEN) continue;
        const socket = this.attachmentOf(ws);
        if (socket?.protocolVersion != null) join(roster, ws, socket.actor);
      }
      this.greeted = roster;
    }
    return this.greeted;
  }

  /** Takes a socket off the roster (before its attachment is dropped); whether it was greeted. */
  private leave(ws: WebSocket): boolean {
    const roster = this.roster();
    const actor = roster.actors.get(ws);
    if (!actor) return false;
    roster.actors.delete(ws);
    const id = participantId(actor);
    const sockets = roster.participants.get(id);
    sockets?.delete(ws);
    if (sockets?.size === 0) roster.participants.delete(id);
    if (actor.role === "viewer") roster.viewers -= 1;
    else {
      roster.staff.delete(ws);
      if (actor.user_id !== null) {
        const left = (roster.speakers.get(actor.user_id) ?? 1) - 1;
        if (left > 0) roster.speakers.set(actor.user_id, left);
        else roster.speakers.delete(actor.user_id);
      }
    }
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // Alarm

  /**
   * What time alone changes (`advance`): safe to run twice, since `advance` only acts when a step
   * is due and the state it stores is no longer due. Then re-armed for the next step, and the
   * webcast row brought up to date (a failed write is retried here).
   */
  override async alarm(): Promise<void> {
    // The alarm that rang is spent: the next `settle` sets one again even at the same time.
    this.armedAt = undefined;
    if (!this.room) return;
    await this.refresh();
    if (!this.room) return;
    // Only a premiere due to start needs the organization's other webcasts (a D1 read).
    const due = premiereStartDue(this.loaded().state, this.now(), this.loaded().limits);
    const goLiveAvailable = due ? await this.goLiveAvailable(this.loaded().webcastUid) : true;
    const room = this.loaded();
    const now = this.now();
    const { state, changes } = advance(room.state, now, room.limits, { goLiveAvailable });
    if (changes.length > 0) this.apply(state, changes, now);
    await this.flushOutbox();
    await this.settle();
  }

  // ---------------------------------------------------------------------------------------------
  // The one path of every change

  /**
   * A command as `actor`: a repeated id (per actor) gets its stored acknowledgement and changes
   * nothing; a refusal stores nothing; an applied command stores its state, event, timecode and
   * acknowledgement in one transaction, then its event goes to every greeted socket.
   */
  private async execute(actor: RoomActor, command: RoomCommand, commandId: string | null): Promise<Executed> {
    await this.ready();
    const key = actorKey(actor);
    const repeated = () => {
      const stored = commandId === null ? null : findAck(this.ctx.storage.sql, key, commandId);
      return stored ? { ok: true as const, seq: stored.seq, state: this.loaded().state, ...(stored.result === undefined ? {} : { result: stored.result }) } : null;
    };
    const before = repeated();
    if (before) return before;
    if (isInteractionCommand(command)) return this.interact(actor, command, commandId, repeated);
    // Only a start needs the organization's other webcasts (a D1 read); the reducer reads it for nothing else.
    const goLiveAvailable = command.type === "control.start" ? await this.goLiveAvailable(this.loaded().webcastUid) : true;
    // The same id may have been applied while D1 answered: look again, then nothing awaits until stored.
    const meanwhile = repeated();
    if (meanwhile) return meanwhile;
    const room = this.loaded();
    const now = this.now();
    const outcome = reduce(room.state, command, actor, { now, goLiveAvailable, newId: crypto.randomUUID(), polls: this.polls() });
    if (!outcome.ok) return outcome.errors ? { ok: false, code: outcome.code, errors: outcome.errors } : { ok: false, code: outcome.code };
    const statuses = outcome.pollStatuses ?? [];
    const applied = this.apply(outcome.state, outcome.change ? [outcome.change] : [], now, outcome.timecode, (seq) => {
      for (const change of statuses) savePollStatus(this.ctx.storage.sql, change.poll_id, change.status);
      if (commandId !== null) storeAck(this.ctx.storage.sql, key, commandId, outcome.result === undefined ? { seq } : { seq, result: outcome.result }, now);
    });
    if (outcome.disconnectSpeakers) this.disconnectSpeakers();
    if (command.type === "polling.set" && outcome.change) {
      this.pollRows = null;
      for (const change of statuses) this.tallyDirty.add(change.poll_id);
      this.sendPolls();
      this.sendTallies();
      if (statuses.length > 0) this.outboxChanged();
    }
    return { ok: true, seq: applied.seq, state: applied.state, ...(outcome.result === undefined ? {} : { result: outcome.result }) };
  }

  /**
   * Stores a change (state, events, timecode, and what `alsoStore` adds) in one transaction, then
   * sends the events to every greeted socket, each serialized once for all.
   *
   * SQLite writes in a Durable Object are synchronous and output-gated: the runtime holds every
   * outgoing message (socket frames, RPC answers) until the writes made before it are durable, so
   * nothing sent after this returns can announce a change that a crash would lose.
   */
  private apply(state: LiveState, changes: readonly RoomChange[], now: number, timecode?: Parameters<typeof recordChanges>[5], alsoStore?: (seq: number) => void): RoomRow {
    const room = this.loaded();
    const sql = this.ctx.storage.sql;
    const recorded = this.ctx.storage.transactionSync(() => {
      const result = recordChanges(sql, room.seq, state, changes, now, timecode);
      alsoStore?.(result.seq);
      return result;
    });
    const next: RoomRow = { ...room, seq: recorded.seq, state: recorded.state };
    this.room = next;
    this.broadcast(recorded.events);
    return next;
  }

  /**
   * What goes out, in order: each entry's events (one frame per connection, serialized once per
   * audience), then the acknowledgements that must follow them. Sent in chunks of SEND_CHUNK
   * connections, the first at once and each next one a turn of the event loop later
   * (`setTimeout(0)`), so the runtime writes a chunk to the network while the next is prepared and
   * the first viewers read the change while the last are still being sent. Changes made while an
   * entry is going out wait in the next entry and go out together: a burst of commands reaches each
   * connection in a few frames, not one per change.
   */
  private sendQueue: Outgoing[] = [];
  private pumping = false;
  /** SEND_CHUNK; a field so a test can make a small room send in several turns. */
  sendChunkSize = SEND_CHUNK;
  /** Tests only: while true nothing goes out (what is broadcast waits in the queue); `releaseSends` ends it. */
  private heldSends = false;

  /** Tests only: holds every send until `releaseSends` (a burst then provably waits in one entry). */
  holdSends(): void {
    this.heldSends = true;
  }

  releaseSends(): void {
    this.heldSends = false;
    this.pump();
  }

  /** Events waiting to go out (tests). */
  get queuedEvents(): number {
    return this.sendQueue.reduce((count, entry) => count + entry.events.length, 0);
  }

  private broadcast(events: readonly RoomEvent[]): void {
    if (events.length === 0) return;
    const last = this.sendQueue.at(-1);
    if (last && last.targets === null) last.events.push(...events);
    else this.sendQueue.push({ events: [...events], acks: [], targets: null, frames: new Map(), sent: 0 });
    this.pump();
  }

  /** An acknowledgement goes after the events waiting to go out (the client then holds the change). */
  private sendAfterEvents(ws: WebSocket, ack: AckMessage): void {
    const last = this.sendQueue.at(-1);
    if (last) last.acks.push([ws, ack]);
    else this.send(ws, ack);
  }

  private pump(): void {
    if (this.pumping || this.heldSends) return;
    this.pumping = true;
    const step = () => {
      const entry = this.sendQueue[0];
      if (!entry || !this.room) {
        this.sendQueue = [];
        this.pumping = false;
        return;
      }
      this.sendChunk(entry);
      if (entry.targets !== null && entry.sent >= entry.targets.length) {
        for (const [ws, ack] of entry.acks) this.send(ws, ack);
        this.sendQueue.shift();
      }
      if (this.sendQueue.length > 0) setTimeout(step, 0);
      else this.pumping = false;
    };
    step();
  }

  /**
   * The next SEND_CHUNK connections of `entry` get its events in one frame, serialized once per
   * audience that sees them differently (visibility.ts: the audience figures go to whoever may
   * see them). The connections are those greeted when the entry starts going out; one greeted
   * later was welcomed with these events already counted in (and drops them as duplicates).
   */
  private sendChunk(entry: Outgoing): void {
    const state = this.loaded().state;
    if (entry.targets === null) {
      entry.targets = [...this.roster().actors];
      entry.cut = entry.events.some((event) => hidesFrom(event.patch, "no_stats") || event.patch.speakers_see_stats === true);
    }
    const frame = (audience: RoomAudience): string => {
      let encoded = entry.frames.get(audience);
      if (encoded === undefined) {
        const seen = entry.events.map((event) => visibleEvent(event, audience, state));
        const [only] = seen;
        encoded = encodeFrame(seen.length === 1 && only ? { type: "event", ...only } : { type: "events", events: seen });
        entry.frames.set(audience, encoded);
      }
      return encoded;
    };
    const end = Math.min(entry.targets.length, entry.sent + this.sendChunkSize);
    for (let at = entry.sent; at < end; at++) {
      const target = entry.targets[at];
      if (target) this.sendFrame(target[0], frame(entry.cut ? audienceOf(target[1], state) : "full"));
    }
    entry.sent = end;
  }

  /** The audience figures to the greeted sockets that may see them (the staff, per visibility.ts). */
  private sendStats(): void {
    const roster = this.roster();
    const state = this.loaded().state;
    let frame: string | null = null;
    for (const ws of roster.staff) {
      const actor = roster.actors.get(ws);
      if (!actor || audienceOf(actor, state) !== "full") continue;
      frame ??= encodeFrame(statsOf(state));
      this.sendFrame(ws, frame);
    }
  }

  /**
   * After a socket joined or left: a presence event when the connected speakers changed (the show
   * depends on them), the audience figures stored and sent to whoever may see them when they
   * changed (no event: viewers joining cost the other viewers nothing), and the minute's audience.
   */
  private updatePresence(): void {
    if (!this.room) return;
    const roster = this.roster();
    const room = this.loaded();
    const now = this.now();
    const change = presence(room.state, [...roster.speakers.keys()], now);
    const figures = audience(room.state, roster.viewers);
    if (!change && !figures) return;
    const next: LiveState = { ...room.state, ...change?.patch, ...figures };
    const sql = this.ctx.storage.sql;
    const counted = () => recordAudience(sql, now, roster.viewers, roster.speakers.size);
    if (change) this.apply(next, [change], now, undefined, counted);
    else {
      this.ctx.storage.transactionSync(() => {
        saveState(sql, next);
        counted();
      });
      this.room = { ...room, state: next };
    }
    if (figures) this.sendStats();
  }

  /** A reset disconnects the speakers (SPEC §4): their sockets close with RESET_CLOSE. */
  private disconnectSpeakers(): void {
    const closing = this.ctx.getWebSockets("role:speaker");
    for (const ws of closing) {
      // Off the roster now: their close is reported later, and they get nothing more meanwhile.
      this.leave(ws);
      try {
        ws.close(RESET_CLOSE.code, RESET_CLOSE.reason);
      } catch {
        // already closing
      }
    }
    if (closing.length > 0) this.updatePresence();
  }

  /** After a change: the alarm set for the next timed step, and the webcast row brought up to date. */
  private async settle(): Promise<void> {
    await this.arm();
    await this.mirror();
  }

  /** The next timed step of the show, or the outbox's safety net, whichever comes first. */
  private nextWake(): number | null {
    if (!this.room) return null;
    const step = nextAlarmAt(this.room.state, this.room.limits);
    const outbox = this.outboxDueAt;
    return step === null ? outbox : outbox === null ? step : Math.min(step, outbox);
  }

  /** The alarm this instance last set (undefined: not known since it woke): a join does not set it again. */
  private armedAt: number | null | undefined = undefined;

  private async arm(at: number | null = this.nextWake(), force = false): Promise<void> {
    if (!force && at === this.armedAt) return;
    this.armedAt = undefined;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
    this.armedAt = at;
  }

  /**
   * Writes the webcast row when its API status or a toggle differs from what was last written,
   * one write at a time, each with the latest state. A failure leaves the room as it is (its own
   * storage is the authority) and is retried by the alarm.
   */
  private mirror(): Promise<void> {
    const run = this.mirrorChain.then(() => this.mirrorNow());
    this.mirrorChain = run.catch(() => undefined);
    return run;
  }

  private async mirrorNow(): Promise<void> {
    const room = this.room;
    if (!room) return;
    const wanted = mirrorOf(room.state);
    if (sameMirrored(wanted, room.mirrored)) return;
    try {
      await this.writeStatus(room.webcastUid, room.state);
    } catch (error) {
      console.error("webcast-room: writing the webcast row failed", room.webcastUid, error);
      const next = nextAlarmAt(this.loaded().state, this.loaded().limits);
      const retry = this.now() + MIRROR_RETRY_MS;
      await this.arm(next === null ? retry : Math.min(next, retry));
      return;
    }
    saveMirrored(this.ctx.storage.sql, wanted);
    this.room = { ...this.loaded(), mirrored: wanted };
  }

  // ---------------------------------------------------------------------------------------------
  // The audience's interactions (issue #16: interactions.ts, polls.ts, questions.ts, chat.ts)

  /**
   * An interaction command as `actor`: what needs D1 (the participant: name, weight) is read first,
   * then, with nothing awaited until it is stored, the feature's rules judge it against the room's
   * storage; what they accept is stored with its acknowledgement and its outbox rows in one
   * transaction, then told to whom may see it. The show's sequence does not move (`seq` is the
   * room's): interactions are not numbered events.
   */
  private async interact(actor: RoomActor, command: InteractionCommand, commandId: string | null, repeated: () => Executed | null): Promise<Executed> {
    const participant = needsParticipant(command) ? await this.participantOf(actor) : null;
    const meanwhile = repeated();
    if (meanwhile) return meanwhile;
    const room = this.loaded();
    const sql = this.ctx.storage.sql;
    const now = this.now();
    const handled = handleInteraction(command, {
      sql,
      now,
      actor,
      state: room.state,
      webcastUid: room.webcastUid,
      settings: this.settings(),
      participant,
      polls: this.polls(),
      connected: new Set(this.roster().participants.keys()),
      counted: (previous, stored) => this.count(previous, stored),
    });
    if (!handled.ok) {
      const refusal: Executed = { ok: false, code: handled.code };
      if (handled.errors) refusal.errors = handled.errors;
      if (handled.retry_after_ms !== undefined) refusal.retry_after_ms = handled.retry_after_ms;
      return refusal;
    }
    const key = actorKey(actor);
    const result = handled.result ?? undefined;
    this.ctx.storage.transactionSync(() => {
      handled.store();
      if (commandId !== null) storeAck(sql, key, commandId, result === undefined ? { seq: room.seq } : { seq: room.seq, result }, now);
    });
    for (const fanout of handled.fanout) this.fanOut(fanout);
    if (handled.fanout.length > 0) this.outboxChanged();
    if (handled.supportDesk !== undefined) this.ctx.waitUntil(this.sendToSupportDesk(handled.supportDesk));
    return { ok: true, seq: room.seq, state: room.state, ...(result === undefined ? {} : { result }) };
  }

  /** Participants read from D1, kept a minute (a vote weight edited mid-poll counts from then on). */
  private participants = new Map<string, { at: number; participant: Participant | null }>();

  private async participantOf(actor: RoomActor): Promise<Participant | null> {
    const id = participantId(actor);
    const now = this.now();
    const known = this.participants.get(id);
    if (known && now - known.at < 60_000) return known.participant;
    const participant = await this.loadParticipant(this.loaded().webcastUid, actor);
    if (this.participants.size > 10_000) this.participants.clear();
    this.participants.set(id, { at: now, participant });
    return participant;
  }

  /** The webcast's polls with their live status (read from storage once, then kept until they change). */
  private pollRows: PollRow[] | null = null;

  private polls(): PollRow[] {
    this.pollRows ??= loadPolls(this.ctx.storage.sql);
    return this.pollRows;
  }

  /** The interaction settings as last stored (read once after a wake, then kept until they change). */
  private settingsRow: InteractionSettings | null = null;

  private settings(): InteractionSettings {
    if (!this.settingsRow) {
      const row = this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM flags WHERE name = 'settings'").toArray()[0];
      this.settingsRow = row ? (JSON.parse(row.value) as InteractionSettings) : { registration_required: false, asking_allowed: true, support_desk_configured: false };
    }
    return this.settingsRow;
  }

  /** Stores what the room read of the webcast for its interactions (its polls, its settings). */
  private storeSetup(setup: InteractionSetup): void {
    const { polls, ...settings } = setup;
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      replacePolls(sql, polls);
      sql.exec("INSERT INTO flags (name, value) VALUES ('settings', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", JSON.stringify(settings));
    });
    this.pollRows = null;
    this.settingsRow = settings;
    this.tallies.clear();
  }

  /** Each poll's tally, counted from its stored ballots on first use after a wake, then kept ballot by ballot. */
  private tallies = new Map<string, Tally>();
  /** Polls whose tally changed since the last `tally` frame. */
  private tallyDirty = new Set<string>();
  private tallySentAt = 0;
  private tallyTimer: ReturnType<typeof setTimeout> | null = null;

  private tallyOf(poll: PollRow): Tally {
    let tally = this.tallies.get(poll.id);
    if (!tally) {
      tally = recount(poll, ballotsOfPoll(this.ctx.storage.sql, poll.id));
      this.tallies.set(poll.id, tally);
    }
    return tally;
  }

  /**
   * A ballot just stored (in the same transaction): counted in its poll's tally. A tally not held
   * yet (after a wake) is counted from the stored ballots, this one included: applying the ballot
   * to that recount would count it twice (the property test of interactions.test.ts found it).
   */
  private count(previous: Ballot | null, stored: Ballot & { seq: number }): void {
    const poll = this.polls().find((candidate) => candidate.id === stored.poll_id);
    if (!poll) return;
    const held = this.tallies.get(poll.id);
    this.tallies.set(poll.id, held ? applyBallot(held, previous, stored) : this.tallyOf(poll));
  }

  /** The polls on the viewers' screens, as every viewer sees them (ballots: each viewer's own, or null). */
  private screenPolls(ballots: ReadonlyMap<string, string[]> | null) {
    const current = this.loaded().state.current_polling;
    return viewerPolls(current, this.polls()).flatMap((poll) => {
      const tally = this.tallyOf(poll);
      const own = ballots?.get(poll.id);
      const view = viewerPollView(poll, tally, tally.seq, own ? { option_ids: own } : null);
      return view ? [view] : [];
    });
  }

  /** What is on the viewers' screens, to everyone (after a poll action). */
  private sendPolls(): void {
    const frame = encodeFrame({ type: "polls", at: this.now(), polls: this.screenPolls(null) });
    for (const ws of this.roster().actors.keys()) this.sendFrame(ws, frame);
  }

  /** The changed tallies to whoever manages polls, at most every TALLY_FLUSH_MS (`force`: now, after a poll action). */
  private sendTallies(force = true): void {
    if (this.tallyDirty.size === 0) return;
    const wait = this.tallySentAt + TALLY_FLUSH_MS - this.now();
    if (!force && wait > 0) {
      this.tallyTimer ??= setTimeout(() => {
        this.tallyTimer = null;
        if (this.room) this.sendTallies(false);
      }, wait);
      return;
    }
    const polls = this.polls().filter((poll) => this.tallyDirty.has(poll.id));
    this.tallyDirty.clear();
    this.tallySentAt = this.now();
    if (polls.length === 0) return;
    const frame = encodeFrame({ type: "tally", tallies: polls.map((poll) => producerPollView(poll, this.tallyOf(poll), this.tallyOf(poll).seq)) });
    for (const [ws, actor] of this.roster().actors) if (pollAudienceOf(actor) === "tally") this.sendFrame(ws, frame);
  }

  /** A change told to whom may see it, in the shape they may see it. */
  private fanOut(fanout: Fanout): void {
    const roster = this.roster();
    if (fanout.kind === "tally") {
      this.tallyDirty.add(fanout.poll_id);
      this.sendTallies(false);
      return;
    }
    if (fanout.kind === "question") {
      // One frame per kind of audience; the asker's own sockets get theirs (a hidden question stays theirs).
      const frames = new Map<string, string | null>();
      for (const [ws, actor] of roster.actors) {
        const audience = questionAudienceOf(actor);
        const own = audience.participant_id !== null && audience.participant_id === fanout.after.asker_id;
        const cacheKey = own ? null : audience.kind;
        let frame = cacheKey === null ? undefined : frames.get(cacheKey);
        if (frame === undefined) {
          const change = questionVisibilityChange(fanout.before, fanout.after, own ? audience : { kind: audience.kind, participant_id: null });
          frame = change ? encodeFrame({ type: "question", change }) : null;
          if (cacheKey !== null) frames.set(cacheKey, frame);
        }
        if (frame !== null) this.sendFrame(ws, frame);
      }
      return;
    }
    const { message } = fanout;
    const recipients = messageRecipients(message);
    if (recipients === "everyone") {
      const view = visibleMessage(message, { participant_id: "" });
      if (!view) return;
      const frame = encodeFrame({ type: "chat", message: view });
      for (const ws of roster.actors.keys()) this.sendFrame(ws, frame);
      return;
    }
    for (const id of recipients) {
      const view = visibleMessage(message, { participant_id: id });
      if (!view) continue;
      const frame = encodeFrame({ type: "chat", message: view });
      for (const ws of roster.participants.get(id) ?? []) this.sendFrame(ws, frame);
    }
  }

  /** After a welcome: all this connection may see of the interactions now (interaction-messages.ts). */
  private sendInteractions(ws: WebSocket, actor: RoomActor): void {
    const sql = this.ctx.storage.sql;
    const id = participantId(actor);
    const audience = questionAudienceOf(actor);
    const upvoted = actor.role === "viewer" ? upvotedBy(sql, id) : new Set<string>();
    // recentMessages is in id order already, as chatHistory reads it.
    const history = chatHistory(recentMessages(sql), { participant_id: id }, { limit: CHAT_HISTORY_DEFAULT_LIMIT });
    const tallies = pollAudienceOf(actor) === "tally" ? this.polls().map((poll) => producerPollView(poll, this.tallyOf(poll), this.tallyOf(poll).seq)) : null;
    this.send(ws, {
      type: "interactions",
      participant_id: id,
      polls: this.screenPolls(actor.viewer_id === null ? null : ballotsOfVoter(sql, actor.viewer_id)),
      tallies,
      questions: recentQuestions(sql).flatMap((question) => {
        const view = visibleQuestion(question, audience, upvoted.has(question.id));
        return view ? [view] : [];
      }),
      chat: history.messages,
      chat_more: history.next_before !== null,
      next_ask_at: nextAskAt(askerState(sql, id), this.now()),
    });
  }

  /** Sends a question to the support desk (outside the command: the webhook may take seconds), then records how it went. */
  private async sendToSupportDesk(questionId: string): Promise<void> {
    const room = this.loaded();
    const question = findQuestion(this.ctx.storage.sql, questionId);
    if (!question) return;
    let after: Question;
    try {
      const { ticket } = await this.deliverSupportDesk(room.webcastUid, question);
      after = supportDeskSent(findQuestion(this.ctx.storage.sql, questionId) ?? question, { now: this.now(), ticket });
    } catch (error) {
      console.error("webcast-room: the support desk did not take the question", questionId, error);
      after = supportDeskFailed(findQuestion(this.ctx.storage.sql, questionId) ?? question, this.now());
    }
    if (!this.room) return;
    const before = findQuestion(this.ctx.storage.sql, questionId);
    this.ctx.storage.transactionSync(() => saveQuestion(this.ctx.storage.sql, after));
    this.fanOut({ kind: "question", before, after });
    this.outboxChanged();
  }

  // Outbox → D1 (outbox.ts)

  /** When the alarm must write the outbox if the timer did not (an eviction): null when nothing waits. */
  private outboxDueAt: number | null = null;
  private outboxChain: Promise<boolean> = Promise.resolve(true);
  /** A flush is on its way: what is queued meanwhile goes with it (it reads the outbox until empty). */
  private flushQueued = false;
  /** Failed D1 writes in a row (the retries back off). */
  private outboxFailures = 0;

  /**
   * Something was queued for D1: written at once, one batch at a time (changes made while a batch
   * is written go in the next, so a burst makes few D1 writes), and by the alarm should the object
   * go away first (OUTBOX_RETRY_MS later; the alarm is cleared once the outbox is empty).
   */
  private outboxChanged(): void {
    this.outboxDueAt ??= this.now() + OUTBOX_RETRY_MS;
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.ctx.waitUntil(
      this.flushOutbox()
        .finally(() => {
          this.flushQueued = false;
        })
        .then(() => this.arm()),
    );
  }

  /** Writes the outbox to D1, batch after batch, one flush at a time; false when D1 failed (the alarm tries again). */
  private flushOutbox(): Promise<boolean> {
    const run = this.outboxChain.then(() => this.flushNow());
    this.outboxChain = run.catch(() => false);
    return run;
  }

  private async flushNow(): Promise<boolean> {
    const sql = this.ctx.storage.sql;
    for (;;) {
      const room = this.room;
      if (!room) return true;
      const pending = pendingOutbox(sql);
      if (pending.entries.length === 0) {
        this.outboxDueAt = null;
        return true;
      }
      try {
        await this.writeInteractions(room.organizationId, room.webcastUid, orderedForWrite(pending.entries));
      } catch (error) {
        console.error("webcast-room: writing the interactions to D1 failed", room.webcastUid, error);
        // Tried again later and later (5 s, 10 s, … 5 min), then no more by itself: what stays in
        // the outbox goes with the next change, alarm or §7 read, so a D1 that keeps refusing
        // (a webcast deleted meanwhile) does not wake the room forever.
        this.outboxFailures += 1;
        this.outboxDueAt = this.outboxFailures > OUTBOX_MAX_RETRIES ? null : this.now() + Math.min(OUTBOX_RETRY_MS * 2 ** (this.outboxFailures - 1), 300_000);
        return false;
      }
      this.outboxFailures = 0;
      if (!this.room) return true;
      clearOutbox(sql, pending.versions);
    }
  }

  /**
   * RPC: what D1 still lacks of the interactions, written now (a §7 call is about to read D1).
   * Nothing for a webcast that never had a room. Throws when D1 failed.
   */
  async flushInteractions(uid: string): Promise<void> {
    if (!this.room) return;
    await this.ready(uid);
    if (!(await this.flushOutbox())) throw new Error("webcast-room: the interactions could not be written");
    await this.arm();
  }

  /** RPC: POST questions/disable-sms. */
  async setSmsDisabled(uid: string, disabled: boolean): Promise<{ sms_disabled: boolean }> {
    await this.ready(uid);
    saveSmsDisabled(this.ctx.storage.sql, disabled);
    return { sms_disabled: disabled };
  }

  // ---------------------------------------------------------------------------------------------
  // Which webcast

  private loaded(): RoomRow {
    if (!this.room) throw new Error("webcast-room: used before it serves a webcast");
    return this.room;
  }

  /**
   * The room, initialized from the webcast row the first time it serves `uid` (throws
   * RoomWebcastMissing when there is none). The object serves one webcast for life: a caller
   * naming another one is a routing bug.
   */
  private async ready(uid?: string): Promise<RoomRow> {
    if (!this.room) {
      if (uid === undefined) throw new Error("webcast-room: not initialized");
      this.initializing ??= this.initialize(uid).finally(() => {
        this.initializing = null;
      });
      await this.initializing;
    }
    const room = this.loaded();
    if (uid !== undefined && room.webcastUid !== uid) throw new Error(`webcast-room: room of ${room.webcastUid} called for ${uid}`);
    return room;
  }

  private async initialize(uid: string): Promise<RoomRow> {
    const setup = await this.loadWebcast(uid);
    if (!setup) throw new RoomWebcastMissing(`webcast-room: no webcast ${uid}`);
    if (this.room) return this.room;
    const state = initialLiveState(setup.webcast, this.now());
    // The row as read is what D1 holds: only the room's own changes are written back.
    const room: RoomRow = { webcastUid: uid, organizationId: setup.organizationId, seq: 0, state, limits: setup.limits, mirrored: mirrorOf(state) };
    insertRoom(this.ctx.storage.sql, room);
    this.room = room;
    this.storeSetup(setup.interactions);
    await this.arm();
    return room;
  }

  /**
   * The webcast row read again, before each alarm step and when the worker says it changed
   * (`webcastChanged`): the limits (an organization's new inactivity timeout, a premiere's new
   * start) and what the room mirrors of the row (reduce.ts `webcastChanged`). A status or toggle
   * that differs from what the room last wrote was written by someone else: the room takes it
   * (a cancellation, a toggle edited in the webcast's settings). A deleted webcast closes the room.
   * Not on every wake-up: a hibernating room wakes often, and only these read the row.
   */
  private async refresh(): Promise<void> {
    const room = this.loaded();
    let setup: RoomSetup | null;
    try {
      setup = await this.loadWebcast(room.webcastUid);
    } catch (error) {
      // The stored values stay in force; the next alarm tries again.
      console.error("webcast-room: reading the webcast failed", room.webcastUid, error);
      return;
    }
    if (!setup) {
      await this.close();
      return;
    }
    const { webcast, limits } = setup;
    const mirrored = this.loaded().mirrored;
    const written: Mirrored = { state: webcast.state, poster_overlay: webcast.poster_overlay, question_wall: webcast.question_wall, anonymous_questions: webcast.anonymous_questions };
    const outside: Partial<RoomWebcast> = { is_premiere: webcast.is_premiere, is_test: webcast.is_test, speakers_see_stats: webcast.speakers_see_stats };
    for (const field of ["state", "poster_overlay", "question_wall", "anonymous_questions"] as const) {
      if (written[field] !== mirrored[field]) Object.assign(outside, { [field]: written[field] });
    }
    this.ctx.storage.transactionSync(() => {
      saveLimits(this.ctx.storage.sql, limits);
      saveMirrored(this.ctx.storage.sql, written);
    });
    this.room = { ...this.loaded(), limits, mirrored: written };
    this.storeSetup(setup.interactions);
    const now = this.now();
    const change = webcastChanged(this.loaded().state, outside, now);
    if (change) this.apply({ ...this.loaded().state, ...change.patch }, [change], now);
  }

  /**
   * The webcast is gone (deleted): every socket closes with GONE_CLOSE, and the room forgets
   * everything (its storage is deleted; a webcast is never restored under the same uid).
   */
  private async close(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(GONE_CLOSE.code, GONE_CLOSE.reason);
      } catch {
        // already closing
      }
    }
    this.room = null;
    this.greeted = null;
    this.sendQueue = [];
    this.armedAt = undefined;
    this.pollRows = null;
    this.settingsRow = null;
    this.tallies.clear();
    this.tallyDirty.clear();
    this.participants.clear();
    this.outboxDueAt = null;
    if (this.tallyTimer) clearTimeout(this.tallyTimer);
    this.tallyTimer = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}
