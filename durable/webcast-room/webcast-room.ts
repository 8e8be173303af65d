import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { UI_LOCALES, messageLocale } from "../../domain/i18n/locales.ts";
import {
  PING_FRAME,
  PONG_FRAME,
  type RoomState,
  type ServerMessage,
  encodeFrame,
  errorFrame,
  parseClientFrame,
} from "../../domain/protocol/index.ts";
import type { Env } from "../../worker/env.ts";
import { LOCALE_HEADER, RESERVED_CLOSE_CODES } from "../headers.ts";
import { type HandlerResult, type Session, handleMessage } from "./handlers.ts";
import { migrate } from "./migrations.ts";
import { loadRoomState, saveRoomState } from "./room-state-store.ts";

const sessionSchema = z.object({
  connectionId: z.string(),
  protocolVersion: z.number().int().nullable(),
  clientId: z.string().nullable(),
  locale: z.enum(UI_LOCALES),
});

/**
 * One object per webcast (see durable/stubs.ts). A thin shell: it accepts hibernating websockets,
 * parses every frame, hands it to the pure reducer in handlers.ts, persists the new state in the
 * object's SQLite database and sends what the reducer returned.
 */
export class WebcastRoom extends DurableObject<Env> {
  private state: RoomState;
  /** Parsed attachments of live sockets; rebuilt lazily after the object wakes from hibernation. */
  private readonly sessions = new WeakMap<WebSocket, Session>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Storage calls are synchronous; nothing is delivered to the object before the constructor ends.
    migrate(ctx.storage);
    this.state = loadRoomState(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected Upgrade: websocket", { status: 426 });
    }
    const pair = new WebSocketPair();
    const session: Session = {
      connectionId: crypto.randomUUID(),
      protocolVersion: null,
      clientId: null,
      locale: messageLocale(request.headers.get(LOCALE_HEADER)),
    };
    this.ctx.acceptWebSocket(pair[1]);
    this.setSession(pair[1], session);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const session = this.sessionOf(ws);
    if (!session) {
      ws.close(1011, "session_lost");
      return;
    }
    const parsed = parseClientFrame(raw, session.locale);
    if (!parsed.ok) {
      send(ws, parsed.error);
      return;
    }
    let result: HandlerResult;
    try {
      result = handleMessage(this.state, parsed.message, session, { now: Date.now() });
      if (result.state !== this.state) {
        saveRoomState(this.ctx.storage.sql, result.state);
        this.state = result.state;
      }
    } catch (error) {
      console.error("webcast-room: message failed", error);
      send(ws, errorFrame("server_error", session.locale));
      return;
    }
    if (result.session) this.setSession(ws, result.session);
    if (result.reply) send(ws, result.reply);
    if (result.broadcasts.length > 0) this.broadcast(result.broadcasts);
    if (result.close) ws.close(result.close.code, result.close.reason);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.sessions.delete(ws);
    // Hibernated sockets must reciprocate the close; closing an already closed socket is a no-op.
    if (!RESERVED_CLOSE_CODES.has(code)) ws.close(code, reason);
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    this.sessions.delete(ws);
    console.error("webcast-room: socket error", error);
  }

  /** Sends to every greeted socket; a socket that is closing is skipped, not fatal. */
  private broadcast(messages: ServerMessage[]): void {
    const frames = messages.map(encodeFrame);
    for (const ws of this.ctx.getWebSockets()) {
      if (this.sessionOf(ws)?.protocolVersion == null) continue;
      for (const frame of frames) sendFrame(ws, frame);
    }
  }

  private setSession(ws: WebSocket, session: Session): void {
    ws.serializeAttachment(session);
    this.sessions.set(ws, session);
  }

  private sessionOf(ws: WebSocket): Session | null {
    const cached = this.sessions.get(ws);
    if (cached) return cached;
    const parsed = sessionSchema.safeParse(ws.deserializeAttachment());
    if (!parsed.success) return null;
    this.sessions.set(ws, parsed.data);
    return parsed.data;
  }
}

function send(ws: WebSocket, message: ServerMessage): void {
  sendFrame(ws, encodeFrame(message));
}

function sendFrame(ws: WebSocket, frame: string): void {
  try {
    ws.send(frame);
  } catch (error) {
    console.warn("webcast-room: send failed", error);
  }
}
