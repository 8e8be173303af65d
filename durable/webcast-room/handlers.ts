import type { UiLocale } from "../../domain/i18n/locales.ts";
import { type ClientMessage, type RoomState, type ServerMessage, PROTOCOL_VERSION, errorFrame } from "../../domain/protocol/index.ts";

/**
 * What the room knows about one socket. Kept in the socket's attachment, so it survives
 * hibernation; `protocolVersion` is null until the client's hello is accepted.
 */
export interface Session {
  connectionId: string;
  protocolVersion: number | null;
  clientId: string | null;
  locale: UiLocale;
}

/** Effects the shell carries out, in this order: session, persistence, reply, broadcasts, close. */
export interface HandlerResult {
  /** The same object when nothing changed; the shell writes to storage only when it differs. */
  state: RoomState;
  /** Sent to every greeted connection, the sender included. */
  broadcasts: ServerMessage[];
  /** Sent to the sender only. */
  reply: ServerMessage | null;
  /** New session for the sender (stored in its attachment). */
  session?: Session;
  /** Close the sender's socket after the reply. */
  close?: { code: number; reason: string };
}

export interface HandlerContext {
  /** Epoch milliseconds, passed in so the reducer stays pure. */
  now: number;
}

const unchanged = (state: RoomState, reply: ServerMessage | null): HandlerResult => ({ state, broadcasts: [], reply });

/**
 * The webcast room's reducer: one parsed client message from `actor` → new state and messages.
 * No I/O. Authorization of the connection happens in the route before the upgrade (none yet);
 * per-message permissions will be checked here, with `can()` from domain, once roles exist.
 */
export function handleMessage(state: RoomState, message: ClientMessage, actor: Session, context: HandlerContext): HandlerResult {
  if (message.type === "hello") return handleHello(state, message, actor);
  if (actor.protocolVersion === null) return unchanged(state, errorFrame("hello_required", actor.locale));

  switch (message.type) {
    case "ping":
      return unchanged(state, message.id === undefined ? { type: "pong" } : { type: "pong", id: message.id });
    case "room.announce": {
      const announcement = { text: message.text, connectionId: actor.connectionId, sentAt: context.now };
      const next: RoomState = { revision: state.revision + 1, announcement };
      return { state: next, broadcasts: [{ type: "room.announced", revision: next.revision, announcement }], reply: null };
    }
  }
}

function handleHello(state: RoomState, hello: Extract<ClientMessage, { type: "hello" }>, actor: Session): HandlerResult {
  if (actor.protocolVersion !== null) return unchanged(state, errorFrame("hello_repeated", actor.locale));
  if (hello.protocolVersion < PROTOCOL_VERSION) {
    return {
      ...unchanged(state, { type: "reload", reason: "protocol_outdated", protocolVersion: PROTOCOL_VERSION }),
      close: { code: 1000, reason: "protocol_outdated" },
    };
  }
  // A newer client met an older server (mid-deploy): it cannot be understood, so it must retry later.
  if (hello.protocolVersion > PROTOCOL_VERSION) {
    return { ...unchanged(state, errorFrame("protocol_unsupported", actor.locale)), close: { code: 1000, reason: "protocol_unsupported" } };
  }
  const session: Session = { ...actor, protocolVersion: hello.protocolVersion, clientId: hello.clientId ?? null };
  return {
    ...unchanged(state, { type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: actor.connectionId, state }),
    session,
  };
}
