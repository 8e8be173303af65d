import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { ErrorCode } from "../../../domain/errors/index.ts";
import type { MessageLocale } from "../../../domain/i18n/locales.ts";
import { can } from "../../../domain/permissions/can.ts";
import type { MutationResult } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { ENDED_STATES, FEATURED_PERMISSION, type Featured, NEXT_STATES, featuredWebcasts } from "../../../domain/webcasts/featured.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { type WebcastResource, webcastResource } from "../../../domain/webcasts/rest.ts";
import { ON_AIR_STATES } from "../../../domain/webcasts/rules.ts";
import type { Db } from "../../db/client.ts";
import { organizations, webcasts } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { pushMutations } from "../sync/push.ts";
import { inJson } from "../sync/tables.ts";

/**
 * The webcast REST routes' logic (docs/webcasts-api.md). Writes never touch D1 here: they are
 * mutations pushed like a browser's (issue #4), so they run the same mutator, are serialized per
 * organization, land in the change log and poke the organization's devices.
 */

export interface FoundWebcast {
  row: WebcastRow;
  organization_name: string;
}

/** A webcast and its organization's name, in any organization (callers authorize). */
export async function findWebcast(database: Db, uid: string): Promise<FoundWebcast | undefined> {
  const [found] = await database
    .select({ row: webcasts, organization_name: organizations.name })
    .from(webcasts)
    .innerJoin(organizations, eq(organizations.id, webcasts.organization_id))
    .where(eq(webcasts.id, uid));
  return found;
}

/** The webcast as answered, after a write that must have left it there. */
export async function webcastAnswer(database: Db, uid: string): Promise<WebcastResource> {
  const found = await findWebcast(database, uid);
  if (!found) throw new ApiError("not_found");
  return webcastResourceOf(found);
}

export function webcastResourceOf(found: FoundWebcast): WebcastResource {
  return webcastResource(found.row, found.organization_name);
}

/**
 * How a mutator's refusal reads as an HTTP error (SPEC §8). `limit_reached` has no code of its own
 * in the catalogue: like Laravel's validation, it is a 422 carrying the mutator's message.
 */
const REJECTION_CODES: Readonly<Record<string, ErrorCode>> = {
  validation_failed: "validation_failed",
  invalid_mutation: "validation_failed",
  limit_reached: "validation_failed",
  forbidden: "forbidden",
  not_found: "not_found",
  conflict: "conflict",
  locked: "locked",
};

export function rejectionToApiError(error: Extract<MutationResult, { status: "rejected" }>["error"]): ApiError {
  const code = REJECTION_CODES[error.code] ?? "bad_request";
  return new ApiError(code, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
}

/**
 * Pushes one mutation as `user` (a fresh UUIDv7 mutation id) and waits for its verdict; a refusal
 * throws its SPEC §8 error in `locale`. Caller: a route that has authorized the user already (the
 * mutator checks its permission again, as the authority).
 */
export async function applyWebcastMutation(env: Env, user: AuthUser, locale: MessageLocale, name: string, args: Record<string, unknown>): Promise<void> {
  const now = new Date().toISOString();
  const response = await pushMutations(env, user, locale, [{ id: uuidv7(), name, args, client_time: now }]);
  const [result] = response.results;
  if (response.error || !result) throw new ApiError("server_error");
  if (result.status === "rejected") throw rejectionToApiError(result.error);
}

/** Candidates per side read from D1: the domain rule then picks among them (ties on time included). */
const FEATURED_CANDIDATES = 5;

/**
 * SPEC §3 "Featured webcasts: next, last" among the webcasts the user sees on the home screen
 * (`FEATURED_PERMISSION` in their organizations; a super admin: all). The SQL narrows to the
 * candidates of each side, `featuredWebcasts` (the rule the browser also runs offline) decides.
 */
export async function featuredFor(database: Db, user: AuthUser, now: number): Promise<Featured<WebcastResource>> {
  const organizationIds = user.is_super_admin ? null : user.accounts.map((account) => account.id).filter((id) => can(user, FEATURED_PERMISSION, id));
  if (organizationIds !== null && organizationIds.length === 0) return { next: null, last: null };
  const scope = organizationIds === null ? undefined : inJson(webcasts.organization_id, organizationIds);
  const start = sql`julianday(${webcasts.event_start_date_time})`;
  const columns = { row: webcasts, organization_name: organizations.name };
  const base = () => database.select(columns).from(webcasts).innerJoin(organizations, eq(organizations.id, webcasts.organization_id));
  const notEnded = or(inArray(webcasts.state, [...ON_AIR_STATES]), sql`${start} + ${webcasts.duration} / 1440.0 > julianday(${new Date(now).toISOString()})`);
  const [coming, ended] = await Promise.all([
    base()
      .where(and(scope, inArray(webcasts.state, [...NEXT_STATES]), notEnded))
      .orderBy(start, webcasts.id)
      .limit(FEATURED_CANDIDATES),
    base()
      .where(and(scope, inArray(webcasts.state, [...ENDED_STATES])))
      .orderBy(desc(start), desc(webcasts.id))
      .limit(FEATURED_CANDIDATES),
  ]);
  const names = new Map([...coming, ...ended].map((found) => [found.row.id, found.organization_name]));
  const { next, last } = featuredWebcasts([...coming, ...ended].map((found) => found.row), now);
  const answer = (row: WebcastRow | null) => (row ? webcastResource(row, names.get(row.id) ?? null) : null);
  return { next: answer(next), last: answer(last) };
}
