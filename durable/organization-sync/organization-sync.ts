import { z } from "zod";
import { UI_LOCALES, type UiLocale, messageLocale } from "../../domain/i18n/locales.ts";
import { errorFrame } from "../../domain/protocol/index.ts";
import { applyPush } from "../../domain/sync/server.ts";
import type { MutatorRegistry } from "../../domain/sync/run.ts";
import type { ServerStore } from "../../domain/sync/server-store.ts";
import type { MutationActor, PendingMutation, PushResponse } from "../../domain/sync/types.ts";
import { LOCALE_HEADER, SYNC_ORGANIZATION_HEADER, SYNC_USER_HEADER } from "../headers.ts";
import { type AcceptedSocket, SocketObject } from "../socket-object.ts";
import type { Env } from "../../worker/env.ts";
import { pokeCursor, pokeFrame } from "../../domain/sync/poke.ts";
import { SerialQueue } from "./serial-queue.ts";

const ORGANIZATION_KEY = "organization_id";

/** A poke socket carries the language of its error frames. */
const pokeSocketSchema = z.object({ locale: z.enum(UI_LOCALES) });
type PokeSocket = z.infer<typeof pokeSocketSchema>;

/**
 * One object per organization (durable/stubs.ts `organizationSyncStub`), a thin shell around the
 * pure sync engine (domain/sync/server.ts) on D1:
 * - `push` runs the organization's pushes one at a time (D1 has no interactive transactions, so
 *   "read, check, write" is only safe when nobody else writes the organization meanwhile);
 * - the poke channel: hibernating websockets that get `{"type":"poke","cursor":N}` after every
 *   push that wrote something. Clients send nothing but the keep-alive ping (answered by the
 *   runtime); anything else gets an error frame.
 * The object keeps no data of its own besides the organization it serves. What it pushes into is
 * injected by the worker's subclass (worker/durable-objects.ts): the store of the organization's
 * rows and the mutator registry, so this layer never imports the worker's features.
 */
export abstract class OrganizationSyncObject extends SocketObject<PokeSocket> {
  /** The organization's rows as the sync engine reads and writes them (D1 in the worker). */
  protected abstract store(organizationId: number): ServerStore;
  /** Every mutator a push may name. */
  protected abstract readonly registry: MutatorRegistry;

  private readonly queue = new SerialQueue();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, pokeSocketSchema, "organization-sync");
  }

  /**
   * Applies a batch of one organization's mutations, in order, as `actor` (authorized by the
   * caller as a member of `organizationId`; the mutators check permissions), then pokes.
   */
  async push(organizationId: number, actor: MutationActor, locale: UiLocale, mutations: PendingMutation[]): Promise<PushResponse> {
    this.claim(organizationId);
    const store = this.store(organizationId);
    const response = await this.queue.run(() => applyPush(store, this.registry, actor, locale, mutations, new Date().toISOString()));
    const cursor = pokeCursor(response.results);
    if (cursor !== null) this.poke(cursor);
    return response;
  }

  /**
   * Pokes the organization's devices after a change written outside a push (the organization's
   * own settings: worker/features/sync/organization-writes.ts), up to `cursor`.
   */
  async announce(organizationId: number, cursor: number): Promise<void> {
    this.claim(organizationId);
    this.poke(cursor);
  }

  /** The poke channel's websocket upgrade, forwarded by GET /api/sync/poke after checking membership. */
  protected accept(request: Request): AcceptedSocket<PokeSocket> {
    this.claim(Number(request.headers.get(SYNC_ORGANIZATION_HEADER)));
    // Tagged by user, so a revoked membership can find its sockets; the locale is for error frames.
    return { attachment: { locale: messageLocale(request.headers.get(LOCALE_HEADER)) }, tags: [`user:${request.headers.get(SYNC_USER_HEADER) ?? ""}`] };
  }

  override async webSocketMessage(ws: WebSocket): Promise<void> {
    this.send(ws, errorFrame("invalid_message", this.localeOf(ws)));
  }

  private localeOf(ws: WebSocket): UiLocale {
    return this.attachmentOf(ws)?.locale ?? messageLocale(undefined);
  }

  private poke(cursor: number): void {
    const frame = pokeFrame(cursor);
    for (const ws of this.ctx.getWebSockets()) this.sendFrame(ws, frame);
  }

  /** The object serves one organization for life: a caller naming another one is a routing bug. */
  private claim(organizationId: number): void {
    if (!Number.isSafeInteger(organizationId) || organizationId <= 0) throw new Error(`organization-sync: invalid organization ${organizationId}`);
    const claimed = this.ctx.storage.kv.get<number>(ORGANIZATION_KEY);
    if (claimed === undefined) this.ctx.storage.kv.put(ORGANIZATION_KEY, organizationId);
    else if (claimed !== organizationId) throw new Error(`organization-sync: object of organization ${claimed} called for ${organizationId}`);
  }
}
