import { count, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { PULL_PAGE_LIMIT, PUSH_BATCH_LIMIT, WEBCAST_PULL_FIRST_PAGE_LIMIT, WEBCAST_PULL_PAGE_LIMIT, pull } from "../../../domain/sync/server.ts";
import { READ_RULES, readScope, webcastPullScope } from "../../../domain/permissions/read-rule.ts";
import type { PushResponse } from "../../../domain/sync/types.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { SERVER_ONLY_MUTATORS } from "../../../domain/sync/registry.ts";
import { LOCALE_HEADER, SYNC_ORGANIZATION_HEADER, SYNC_USER_HEADER } from "../../../durable/headers.ts";
import { organizationSyncStub } from "../../../durable/stubs.ts";
import { authorize, requireUser, signedIn } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import { organizations, viewers, webcastSpeakers, webcasts } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { errorBody } from "../../http/error-handlers.ts";
import { isWebsocketUpgrade } from "../../http/origin.ts";
import { parseOrThrow } from "../../http/validate.ts";
import { jsonBody } from "../../http/validators.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { webcastPageStream } from "./page-stream.ts";
import { PAGE_STREAM_TYPE, encodeStreamError } from "../../../domain/sync/page-stream.ts";
import { pushMutations } from "./push.ts";
import { type LocalizedText, localized } from "../../../domain/validation/localized.ts";
import { inTenant } from "../../../domain/permissions/tenancy.ts";

const PUSH_MESSAGES = {
  duplicate: { en: "Each mutation id may appear once.", fr: "Chaque identifiant de mutation ne peut figurer qu'une fois." },
  serverOnly: { en: "This change is made by the server only.", fr: "Cette modification est faite par le serveur seulement." },
} as const;

/**
 * A push: at most PUSH_BATCH_LIMIT mutations, ids unique. Mutators only the server runs (the
 * access password, branding images, reset: their routes do extra work around them) are refused
 * here, before anything is recorded.
 */
const pushSchema = (locale: UiLocale) =>
  z.strictObject({
    mutations: z
      .array(
        z.strictObject({
          id: z.string().regex(UUID_V7),
          name: z
            .string()
            .min(1)
            .max(100)
            .refine((name) => !SERVER_ONLY_MUTATORS.has(name), { message: localized(PUSH_MESSAGES.serverOnly, locale) }),
          args: z.unknown(),
          client_time: z.iso.datetime({ offset: true }),
          contract_version: z.number().int().positive().max(1_000_000).optional(),
        }),
      )
      .max(PUSH_BATCH_LIMIT)
      .refine((mutations) => new Set(mutations.map((mutation) => mutation.id)).size === mutations.length, { message: localized(PUSH_MESSAGES.duplicate, locale) }),
  });
const pullSchema = z.object({
  cursor: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  /** `1`: the next page of a pull the device is paging through (domain/sync/server.ts PullOptions). */
  continuing: z.enum(["0", "1"]).optional(),
  /** A webcast's uid: pull its viewers only (docs/sync.md "Viewers on demand"). */
  webcast: z.string().regex(UUID_V7).optional(),
});
const streamSchema = pullSchema.required({ webcast: true });
const pokeSchema = z.object({ organization: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The webcast whose viewers a webcast pull reads, by the read rule of viewers: 404 for an unknown
 * webcast or another tenant's, 403 for a member without viewers.manage.
 */
async function viewersWebcast(c: Context<AppEnv>, webcastId: string): Promise<{ id: string; organization_id: number }> {
  const [webcast] = await db(c.env.DB).select({ id: webcasts.id, organization_id: webcasts.organization_id }).from(webcasts).where(eq(webcasts.id, webcastId));
  if (!webcast) throw new ApiError("not_found");
  authorize(c, READ_RULES.viewers.permission, webcast.organization_id);
  return webcast;
}

/** How many viewers the webcast has (one indexed count): the first page's `total`, for progress. */
async function viewersTotal(d1: D1Database, webcastId: string): Promise<number> {
  const [row] = await db(d1).select({ n: count() }).from(viewers).where(eq(viewers.webcast_id, webcastId));
  return row?.n ?? 0;
}

function query<T extends z.ZodType>(schema: T) {
  return validator("query", (value, c): z.output<T> => parseOrThrow(schema, value, c.var.locale));
}

// There is no 426 in the error catalogue (SPEC §8): a plain HTTP request gets a 400 that says why.
const UPGRADE_REQUIRED: LocalizedText = {
  en: "This address only accepts websocket connections (Upgrade: websocket).",
  fr: "Cette adresse n'accepte que les connexions websocket (Upgrade: websocket).",
};

/**
 * Local-first sync (docs/sync.md). Every route needs a session (401). Tenancy is membership:
 * a user syncs the organizations they belong to; a super admin, all of them.
 */
export const syncRoutes = new Hono<AppEnv>()
  // Signed out is a 401 before any validation (a 422 would tell a stranger what the routes take).
  .use(signedIn)
  /**
   * POST /api/sync/push `{ mutations }` → `{ results }`, one per mutation in the order sent. Each
   * mutation runs in its organization's OrganizationSync object (see push.ts for routing and the
   * `not_found` rejection of other tenants' data).
   */
  .post(
    "/push",
    jsonBody(pushSchema),
    async (c) => {
      const user = requireUser(c);
      const { mutations } = c.req.valid("json");
      const response: PushResponse = await pushMutations(c.env, user, c.var.locale, mutations);
      return c.json(response);
    },
  )
  /**
   * GET /api/sync/pull?cursor=N[&continuing=1] → the changes after N in the user's organizations
   * (cursor 0: a snapshot) that the read rule lets the user read (`readScope`,
   * domain/permissions/read-rule.ts: the same rule as the REST reads); a reset when the user's
   * scope changed since (domain/sync/server.ts `pull`).
   */
  .get("/pull", query(pullSchema), async (c) => {
    const user = requireUser(c);
    const { cursor, continuing, webcast: webcastId } = c.req.valid("query");
    if (webcastId !== undefined) {
      /**
       * GET /api/sync/pull?webcast=<uid>&cursor=N[&continuing=1] → the webcast's viewers changed
       * after N (and the organization's viewer deletions), a first page of WEBCAST_PULL_FIRST_PAGE_LIMIT
       * then pages of WEBCAST_PULL_PAGE_LIMIT; cursor
       * 0, a compacted cursor → a reset of that webcast's viewers only. The read rule of viewers:
       * 404 for an unknown webcast or another tenant's, 403 for a member without viewers.manage.
       * The first page of a pull also says how many viewers the webcast has (`total`, progress).
       */
      const webcast = await viewersWebcast(c, webcastId);
      const [page, total] = await Promise.all([
        pull(new D1ServerStore(c.env.DB), webcastPullScope("viewers", webcast), cursor, continuing === "1" ? WEBCAST_PULL_PAGE_LIMIT : WEBCAST_PULL_FIRST_PAGE_LIMIT, { continuing: continuing === "1" }),
        continuing === "1" ? undefined : viewersTotal(c.env.DB, webcast.id),
      ]);
      return c.json(total === undefined ? page : { ...page, total });
    }
    // A super admin syncs every organization: fine while they are few (a later issue may scope it).
    const organizationIds = user.is_super_admin
      ? (await db(c.env.DB).select({ id: organizations.id }).from(organizations)).map((row) => row.id)
      : user.accounts.map((account) => account.id);
    // The sessions the user speaks in: a speaker reads those (and a producer their polls).
    const spoken = (
      await db(c.env.DB)
        .select({ webcastId: webcastSpeakers.webcast_id, organizationId: webcastSpeakers.organization_id, isProducer: webcastSpeakers.is_producer })
        .from(webcastSpeakers)
        .where(eq(webcastSpeakers.user_id, user.id))
    ).map((row) => ({ ...row, isProducer: Boolean(row.isProducer) }));
    const scope = readScope(user, organizationIds, spoken);
    return c.json(await pull(new D1ServerStore(c.env.DB), scope, cursor, PULL_PAGE_LIMIT, { userId: user.id, continuing: continuing === "1" }));
  })
  /**
   * GET /api/sync/pull/stream?webcast=<uid>&cursor=N[&continuing=1] → the same pull as
   * `/pull?webcast=` (same checks, pages, cursors and `total`; a pull that starts over reads the
   * log only up to the webcast's newest entry), all its pages in one response: newline-delimited
   * JSON, one compact line per page (domain/sync/page-stream.ts).
   */
  .get("/pull/stream", query(streamSchema), async (c) => {
    const { cursor, continuing, webcast: webcastId } = c.req.valid("query");
    const webcast = await viewersWebcast(c, webcastId);
    const body = await webcastPageStream(c.env.DB, "viewers", webcast, {
      cursor,
      continuing: continuing === "1",
      total: continuing === "1" ? undefined : viewersTotal(c.env.DB, webcast.id),
      // A failure after the first line: the §8 body of a 500, as the error handler would answer it.
      failure: () => encodeStreamError(errorBody(c, new ApiError("server_error"))),
    });
    return c.body(body, 200, { "Content-Type": PAGE_STREAM_TYPE, "Cache-Control": "no-store" });
  })
  /**
   * GET /api/sync/poke?organization=ID (websocket): `{"type":"poke","cursor":N}` after each change
   * there. An upgrade from another origin never gets here (403 in the csrf middleware, worker/http/origin.ts).
   */
  .get("/poke", query(pokeSchema), async (c) => {
    const user = requireUser(c);
    const { organization } = c.req.valid("query");
    if (!inTenant(user, organization)) throw new ApiError("not_found");
    if (user.is_super_admin) {
      const [exists] = await db(c.env.DB).select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organization));
      if (!exists) throw new ApiError("not_found");
    }
    if (!isWebsocketUpgrade(c.req.raw)) {
      throw new ApiError("bad_request", { message: UPGRADE_REQUIRED[c.var.locale] });
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(SYNC_USER_HEADER, String(user.id));
    headers.set(SYNC_ORGANIZATION_HEADER, String(organization));
    headers.set(LOCALE_HEADER, c.var.locale);
    return organizationSyncStub(c.env, organization).fetch(c.req.url, { headers });
  });
