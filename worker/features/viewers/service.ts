import { type SQL, and, asc, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { EXPORT_TYPES, type Rows } from "../../../domain/exports/spreadsheet.ts";
import { UI_LOCALES, type UiLocale } from "../../../domain/i18n/locales.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { MAX_VIEWER_IDS } from "../../../domain/viewers/mutators.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { VIEWER_MESSAGES } from "../../../domain/viewers/rules.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { hashPassword } from "../../auth/password.ts";
import { type Db, db } from "../../db/client.ts";
import { viewerSecrets, viewers } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { containsPattern } from "../organizations/service.ts";

/**
 * The viewers routes' logic (docs/viewers-api.md "Viewers"). Callers have authorized
 * `viewers.manage` on the webcast; writes are pushed mutations (the route's business), passwords
 * are written here, apart (viewer_secrets, never synced).
 */

export type InvitationStatus = "none" | "queued" | "sent" | "failed";

/** A viewer as the routes answer it: the synced row without its organization, plus two server-side facts. */
export interface ViewerResource extends Omit<ViewerRow, "organization_id"> {
  has_password: boolean;
  /** The state of the viewer's latest invitation or reminder delivery. */
  invitation_status: InvitationStatus;
}

// --- Queries and bodies -------------------------------------------------------------------------

export const INVITATION_FILTERS = ["all", "sent", "not_sent"] as const;
export const REGISTRATION_FILTERS = ["all", "registered", "not_registered"] as const;
export const MAX_PER_PAGE = 200;

const filters = {
  q: z.string().trim().max(255).optional(),
  invitation: z.enum(INVITATION_FILTERS).default("all"),
  registration: z.enum(REGISTRATION_FILTERS).default("all"),
};

/** GET …/viewers: page (1), per_page (50, at most 200), q, invitation, registration (both `all`). */
export const viewerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(50),
  ...filters,
});
export type ViewerListQuery = z.output<typeof viewerListQuery>;
export type ViewerFilters = Pick<ViewerListQuery, "q" | "invitation" | "registration">;

/** GET …/participants/export: `type` (xlsx by default), the list's filters, `lang` the labels' language (default: the request's). */
export const participantExportQuery = z.object({ type: z.enum(EXPORT_TYPES).default("xlsx"), lang: z.enum(UI_LOCALES).optional(), ...filters });

const text = z.string().max(2_000);
const fields = {
  name: text,
  email: text,
  tags: z.array(text).max(200).optional(),
  control_number: text.nullable().optional(),
  vote_weight: z.number().optional(),
  registered: z.boolean().optional(),
  is_moderator: z.boolean().optional(),
};

/** POST …/viewers. The password (optional) is judged here by the rules' bounds, then hashed apart. */
export const createViewerBody = () => z.strictObject({ ...fields, password: text.nullable().optional() });
/** PATCH …/viewers/{viewerId}: any field; `password: null` removes it. */
export const updateViewerBody = () =>
  z.strictObject({ ...fields, name: text.optional(), email: text.optional(), password: text.nullable().optional() });
/** DELETE …/viewers. */
export const deleteViewersBody = (locale: UiLocale) =>
  z.strictObject({ viewer_ids: z.array(z.string().regex(UUID_V7)).min(1).max(MAX_VIEWER_IDS, { message: localized(VIEWER_MESSAGES.too_many_ids, locale) }) });
/** POST …/viewers/{viewerId}/send-invitation. */
export const sendInvitationBody = () => z.strictObject({ kind: z.enum(["invitation", "reminder"]).optional() });

// --- Reading ------------------------------------------------------------------------------------

/** The conditions of the list's filters (the export's too), on the webcast_id index. */
export function viewerConditions(webcastId: string, query: ViewerFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(viewers.webcast_id, webcastId)];
  if (query.invitation !== "all") conditions.push(eq(viewers.invitation_sent, query.invitation === "sent"));
  if (query.registration !== "all") conditions.push(eq(viewers.registered, query.registration === "registered"));
  if (query.q) {
    // LIKE is case-insensitive for ASCII letters in SQLite; tags are searched in their JSON text.
    const pattern = containsPattern(query.q);
    conditions.push(
      sql`(${viewers.name} LIKE ${pattern} ESCAPE '\\' OR ${viewers.email} LIKE ${pattern} ESCAPE '\\' OR ${viewers.control_number} LIKE ${pattern} ESCAPE '\\' OR ${viewers.tags} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return and(...conditions) as SQL;
}

const resourceColumns = {
  id: viewers.id,
  webcast_id: viewers.webcast_id,
  name: viewers.name,
  email: viewers.email,
  tags: viewers.tags,
  control_number: viewers.control_number,
  vote_weight: viewers.vote_weight,
  registered: viewers.registered,
  invitation_sent: viewers.invitation_sent,
  reminder_sent: viewers.reminder_sent,
  is_moderator: viewers.is_moderator,
  created_at: viewers.created_at,
  updated_at: viewers.updated_at,
  // Qualified by hand: drizzle writes a single table's columns unqualified ("id"), which inside
  // these subqueries would name the subquery's own table.
  has_password: sql<number>`EXISTS (SELECT 1 FROM viewer_secrets s WHERE s.viewer_id = "viewers"."id")`,
  invitation_status: sql<InvitationStatus | null>`(SELECT d.status FROM invitation_deliveries d WHERE d.viewer_id = "viewers"."id" ORDER BY d.created_at DESC, d.id DESC LIMIT 1)`,
};

type ResourceRow = Omit<ViewerResource, "has_password" | "invitation_status"> & { has_password: number; invitation_status: InvitationStatus | null };

function resource(row: ResourceRow): ViewerResource {
  return { ...row, has_password: Boolean(row.has_password), invitation_status: row.invitation_status ?? "none" };
}

/** A page of the webcast's viewers (order: name, then e-mail) and how many match. */
export async function listViewers(database: Db, webcastId: string, query: ViewerListQuery) {
  const where = viewerConditions(webcastId, query);
  const [rows, totals] = await Promise.all([
    database
      .select(resourceColumns)
      .from(viewers)
      .where(where)
      .orderBy(asc(viewers.name), asc(viewers.email))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    database.select({ total: count() }).from(viewers).where(where),
  ]);
  return { data: rows.map(resource), meta: { page: query.page, per_page: query.per_page, total: totals[0]?.total ?? 0 } };
}

/** One viewer of the webcast as answered; 404 "no longer exists" otherwise. */
export async function findViewer(database: Db, webcastId: string, viewerId: string, locale: UiLocale): Promise<ViewerResource> {
  const [row] = UUID_V7.test(viewerId) ? await database.select(resourceColumns).from(viewers).where(and(eq(viewers.webcast_id, webcastId), eq(viewers.id, viewerId))) : [];
  if (!row) throw new ApiError("not_found", { message: localized(VIEWER_MESSAGES.not_found, locale) });
  return resource(row);
}

/** Rows read per query by the export: a page of rows and its text are all it holds at once. */
export const EXPORT_PAGE_SIZE = 1_000;

/**
 * The webcast's viewers matching the filters, page after page, in e-mail order (keyset on the
 * unique (webcast_id, email) index: each page is an index range, whatever the list's size).
 */
export async function* viewerPages(database: Db, webcastId: string, query: ViewerFilters, size = EXPORT_PAGE_SIZE): AsyncGenerator<ViewerRow[]> {
  const where = viewerConditions(webcastId, query);
  let after: string | null = null;
  for (;;) {
    const page: ViewerRow[] = await database
      .select()
      .from(viewers)
      .where(after === null ? where : and(where, gt(viewers.email, after)))
      .orderBy(asc(viewers.email))
      .limit(size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    after = page[page.length - 1]?.email ?? null;
  }
}

/** The export's table, page by page: the header first, then each page of viewers as rows. */
export async function* exportPages(header: Rows[number], pages: AsyncIterable<ViewerRow[]>, row: (viewer: ViewerRow) => Rows[number]): AsyncGenerator<Rows> {
  yield [header];
  for await (const page of pages) yield page.map(row);
}

// --- Writing ------------------------------------------------------------------------------------

/** Sets (a string) or removes (null) a viewer's password, hashed with the product's password hash. */
export async function setViewerPassword(env: Env, viewerId: string, password: string | null): Promise<void> {
  const database = db(env.DB);
  if (password === null) {
    await database.delete(viewerSecrets).where(eq(viewerSecrets.viewer_id, viewerId));
    return;
  }
  const row = { viewer_id: viewerId, password_hash: await hashPassword(password, env.PASSWORD_PEPPER ?? ""), updated_at: new Date().toISOString() };
  await database.insert(viewerSecrets).values(row).onConflictDoUpdate({ target: viewerSecrets.viewer_id, set: { password_hash: row.password_hash, updated_at: row.updated_at } });
}
