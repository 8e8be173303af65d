import { DurableObject } from "cloudflare:workers";
import { type UiLocale, messageLocale } from "../../domain/i18n/locales.ts";
import { PING_FRAME, PONG_FRAME, encodeFrame, errorFrame } from "../../domain/protocol/index.ts";
import { applyPush } from "../../domain/sync/server.ts";
import { SYNC_MUTATORS } from "../../worker/features/sync/mutators.ts";
import type { MutationActor, PendingMutation, PushResponse } from "../../domain/sync/types.ts";
import { D1ServerStore } from "../../worker/features/sync/d1-server-store.ts";
import type { Env } from "../../worker/env.ts";
import { pokeCursor, pokeFrame } from "../../domain/sync/poke.ts";
import { SerialQueue } from "./serial-queue.ts";

/** Headers the worker sets on the poke upgrade it forwards (after checking membership). */
export const SYNC_USER_HEADER = "X-Sync-User";
export const SYNC_ORGANIZATION_HEADER = "X-Sync-Organization";
export const SYNC_LOCALE_HEADER = "X-Locale";

/** Close codes the runtime reports but that must never be sent back (gotcha 7). */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);
const ORGANIZATION_KEY = "organization_id";

/**
 * One object per organization (durable/stubs.ts `organizationSyncStub`), a thin shell around the
 * pure sync engine (domain/sync/server.ts) on D1:
 * - `push` runs the organization's pushes one at a time (D1 has no interactive transactions, so
 *   "read, check, write" is only safe when nobody else writes the organization meanwhile);
 * - the poke channel: hibernating websockets that get `{"type":"poke","cursor":N}` after every
 *   push that wrote something. Clients send nothing but the keep-alive ping (answered by the
 *   runtime); anything else gets an error frame.
 * The object keeps no data of its own besides the organization it serves.
 */
export class OrganizationSync extends DurableObject<Env> {
  private readonly queue = new SerialQueue();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /**
   * Applies a batch of one organization's mutations, in order, as `actor` (authorized by the
   * caller as a member of `organizationId`; the mutators check permissions), then pokes.
   */
  async push(organizationId: number, actor: MutationActor, locale: UiLocale, mutations: PendingMutation[]): Promise<PushResponse> {
    this.claim(organizationId);
    const store = new D1ServerStore(this.env.DB, organizationId);
    const response = await this.queue.run(() => applyPush(store, SYNC_MUTATORS, actor, locale, mutations, new Date().toISOString()));
    const cursor = pokeCursor(response.results);
    if (cursor !== null) this.poke(cursor);
    return response;
  }

  /** The poke channel's websocket upgrade, forwarded by GET /api/sync/poke. */
  /**
   * Pokes the organization's devices after a change written outside a push (the organization's
   * own settings: worker/features/sync/organization-writes.ts), up to `cursor`.
   */
  async announce(organizationId: number, cursor: number): Promise<void> {
    this.claim(organizationId);
    this.poke(cursor);
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected Upgrade: websocket", { status: 426 });
    }
    this.claim(Number(request.headers.get(SYNC_ORGANIZATION_HEADER)));
    const pair = new WebSocketPair();
    // Tagged by user, so a revoked membership can find its sockets; the locale is for error frames.
    this.ctx.acceptWebSocket(pair[1], [`user:${request.headers.get(SYNC_USER_HEADER) ?? ""}`]);
    pair[1].serializeAttachment({ locale: messageLocale(request.headers.get(SYNC_LOCALE_HEADER)) });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket): Promise<void> {
    send(ws, encodeFrame(errorFrame("invalid_message", localeOf(ws))));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Hibernated sockets must reciprocate the close; closing an already closed socket is a no-op.
    if (!RESERVED_CLOSE_CODES.has(code)) ws.close(code, reason);
  }

  override async webSocketError(_ws: WebSocket, error: unknown): Promise<void> {
    console.error("organization-sync: socket error", error);
  }

  private poke(cursor: number): void {
    const frame = pokeFrame(cursor);
    for (const ws of this.ctx.getWebSockets()) send(ws, frame);
  }

  /** The object serves one organization for life: a caller naming another one is a routing bug. */
  private claim(organizationId: number): void {
    if (!Number.isSafeInteger(organizationId) || organizationId <= 0) throw new Error(`organization-sync: invalid organization ${organizationId}`);
    const claimed = this.ctx.storage.kv.get<number>(ORGANIZATION_KEY);
    if (claimed === undefined) this.ctx.storage.kv.put(ORGANIZATION_KEY, organizationId);
    else if (claimed !== organizationId) throw new Error(`organization-sync: object of organization ${claimed} called for ${organizationId}`);
  }
}

function localeOf(ws: WebSocket): UiLocale {
  const attachment: unknown = ws.deserializeAttachment();
  return typeof attachment === "object" && attachment !== null && "locale" in attachment ? messageLocale(String(attachment.locale)) : messageLocale(undefined);
}

function send(ws: WebSocket, frame: string): void {
  try {
    ws.send(frame);
  } catch (error) {
    console.warn("organization-sync: send failed", error);
  }
}
