import { DurableObject } from "cloudflare:workers";
import type { z } from "zod";
import { PING_FRAME, PONG_FRAME, type ServerMessage, encodeFrame } from "../domain/protocol/index.ts";
import type { Env } from "../worker/env.ts";
import { RESERVED_CLOSE_CODES } from "./headers.ts";

/** What a new socket carries for life (in its attachment, so it survives hibernation) and its tags. */
export interface AcceptedSocket<A> {
  attachment: A;
  /** `getWebSockets(tag)` finds the socket by these (e.g. `user:42`). */
  tags?: string[];
}

/**
 * The socket shell both Durable Objects share (Cloudflare's hibernation API): the upgrade check,
 * the keep-alive ping answered by the runtime, the per-socket attachment (validated when read back
 * after a wake-up, cached meanwhile), sends that never throw on a closing socket, and the close
 * reciprocated except for the codes that must never be sent. Subclasses decide what a new socket
 * carries (`accept`) and what its messages do (`webSocketMessage`).
 */
export abstract class SocketObject<A> extends DurableObject<Env> {
  /** Parsed attachments of live sockets; rebuilt lazily after the object wakes from hibernation. */
  private readonly attachments = new WeakMap<WebSocket, A>();

  constructor(
    ctx: DurableObjectState,
    env: Env,
    /** The attachment's shape: a socket whose attachment does not match it is treated as lost. */
    private readonly attachmentSchema: z.ZodType<A>,
    /** Names this object in logs. */
    protected readonly label: string,
  ) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** What the upgrade request's socket carries; throw to refuse it (the caller checked who asks). */
  protected abstract accept(request: Request): AcceptedSocket<A>;

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected Upgrade: websocket", { status: 426 });
    }
    const { attachment, tags } = this.accept(request);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], tags);
    this.setAttachment(pair[1], attachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.attachments.delete(ws);
    // Hibernated sockets must reciprocate the close; closing an already closed socket is a no-op.
    if (!RESERVED_CLOSE_CODES.has(code)) ws.close(code, reason);
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    this.attachments.delete(ws);
    console.error(`${this.label}: socket error`, error);
  }

  protected setAttachment(ws: WebSocket, attachment: A): void {
    ws.serializeAttachment(attachment);
    this.attachments.set(ws, attachment);
  }

  /** The socket's attachment, or null when it cannot be read back (the socket is then closed by the caller). */
  protected attachmentOf(ws: WebSocket): A | null {
    const cached = this.attachments.get(ws);
    if (cached) return cached;
    const parsed = this.attachmentSchema.safeParse(ws.deserializeAttachment());
    if (!parsed.success) return null;
    this.attachments.set(ws, parsed.data);
    return parsed.data;
  }

  protected send(ws: WebSocket, message: ServerMessage): void {
    this.sendFrame(ws, encodeFrame(message));
  }

  /** Sends an encoded frame; a socket that is closing is skipped, not fatal. */
  protected sendFrame(ws: WebSocket, frame: string): void {
    try {
      ws.send(frame);
    } catch (error) {
      console.warn(`${this.label}: send failed`, error);
    }
  }
}
