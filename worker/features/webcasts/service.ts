import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { can } from "../../../domain/permissions/can.ts";
import { ENDED_STATES, FEATURED_PERMISSION, type Featured, NEXT_STATES, featuredWebcasts } from "../../../domain/webcasts/featured.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { ON_AIR_STATES } from "../../../domain/webcasts/status.ts";
import type { Db } from "../../db/client.ts";
import { organizations, webcastSpeakers, webcasts } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { inJson } from "../sync/tables.ts";
import { type WebcastJson, webcastJson } from "../../../domain/webcasts/webcast-json.ts";

/**
 * The webcast REST routes' logic (docs/webcasts-api.md). Writes never touch D1 here: they are
 * mutations pushed like a browser's (issue #4), so they run the same mutator, are serialized per
 * organization, land in the change log and poke the organization's devices.
 */

export interface FoundWebcast {
  row: WebcastRow;
  organization_name: string;
  speakers: WebcastSpeakerRow[];
}

/** A webcast, its organization's name and its speakers, in any organization (callers authorize). */
export async function findWebcast(database: Db, uid: string): Promise<FoundWebcast | undefined> {
  const [[found], speakers] = await Promise.all([
    database
      .select({ row: webcasts, organization_name: organizations.name })
      .from(webcasts)
      .innerJoin(organizations, eq(organizations.id, webcasts.organization_id))
      .where(eq(webcasts.id, uid)),
    speakersOf(database, [uid]),
  ]);
  return found ? { ...found, speakers } : undefined;
}

/** The speakers of these webcasts (their rows; `webcastJson` picks and orders each one's). */
function speakersOf(database: Db, webcastIds: readonly string[]): Promise<WebcastSpeakerRow[]> {
  if (webcastIds.length === 0) return Promise.resolve([]);
  return database.select().from(webcastSpeakers).where(inJson(webcastSpeakers.webcast_id, webcastIds));
}

/** The webcast as answered, after a write that must have left it there. */
export async function webcastAnswer(database: Db, uid: string): Promise<WebcastJson> {
  const found = await findWebcast(database, uid);
  if (!found) throw new ApiError("not_found");
  return webcastJsonOf(found);
}

export function webcastJsonOf(found: FoundWebcast): WebcastJson {
  return webcastJson(found.row, found.organization_name, found.speakers);
}

/** Candidates per side read from D1: the domain rule then picks among them (ties on time included). */
const FEATURED_CANDIDATES = 5;

/**
 * SPEC §3 "Featured webcasts: next, last" among the webcasts the user sees on the home screen
 * (`FEATURED_PERMISSION` in their organizations; a super admin: all). The SQL narrows to the
 * candidates of each side, `featuredWebcasts` (the rule the browser also runs offline) decides.
 */
export async function featuredFor(database: Db, user: AuthUser, now: number): Promise<Featured<WebcastJson>> {
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
  const speakers = await speakersOf(database, [next, last].flatMap((row) => (row ? [row.id] : [])));
  const answer = (row: WebcastRow | null) => (row ? webcastJson(row, names.get(row.id) ?? null, speakers) : null);
  return { next: answer(next), last: answer(last) };
}
