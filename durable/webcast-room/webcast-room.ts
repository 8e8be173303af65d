import { z } from "zod";
import { UI_LOCALES, messageLocale } from "../../domain/i18n/locales.ts";
import { type RoomState, type ServerMessage, encodeFrame, errorFrame, parseClientFrame } from "../../domain/protocol/index.ts";
import type { Env } from "../../worker/env.ts";
import { LOCALE_HEADER } from "../headers.ts";
import { type AcceptedSocket, SocketObject } from "../socket-object.ts";
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
 * One object per webcast (see durable/stubs.ts). A thin shell (the sockets: durable/socket-object.ts):
 * it parses every frame, hands it to the pure reducer in handlers.ts, persists the new state in the
 * object's SQLite database and sends what the reducer returned.
 */
export class WebcastRoom extends SocketObject<Session> {
  private state: RoomState;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, sessionSchema, "webcast-room");
    // Storage calls are synchronous; nothing is delivered to the object before the constructor ends.
    migrate(ctx.storage);
    this.state = loadRoomState(ctx.storage.sql);
  }

  protected accept(request: Request): AcceptedSocket<Session> {
    return {
      attachment: {
        connectionId: crypto.randomUUID(),
        protocolVersion: null,
        clientId: null,
        locale: messageLocale(request.headers.get(LOCALE_HEADER)),
      },
    };
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const session = this.attachmentOf(ws);
    if (!session) {
      ws.close(1011, "session_lost");
      return;
    }
    const parsed = parseClientFrame(raw, session.locale);
    if (!parsed.ok) {
      this.send(ws, parsed.error);
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
      this.send(ws, errorFrame("server_error", session.locale));
      return;
    }
    if (result.session) this.setAttachment(ws, result.session);
    if (result.reply) this.send(ws, result.reply);
    if (result.broadcasts.length > 0) this.broadcast(result.broadcasts);
    if (result.close) ws.close(result.close.code, result.close.reason);
  }

  /** Sends to every greeted socket; a socket that is closing is skipped, not fatal. */
  private broadcast(messages: ServerMessage[]): void {
    const frames = messages.map(encodeFrame);
    for (const ws of this.ctx.getWebSockets()) {
      if (this.attachmentOf(ws)?.protocolVersion == null) continue;
      for (const frame of frames) this.sendFrame(ws, frame);
    }
  }
}
