import { type Collection, Dexie, type IndexableType } from "dexie";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { can } from "../../../domain/permissions/can.ts";
import { FEATURED_WEBCASTS } from "../../../domain/ui/constants.ts";
import { ENDED_STATES, FEATURED_PERMISSION, type Featured, NEXT_STATES, featuredWebcasts, homeWebcasts, isNextCandidate } from "../../../domain/webcasts/featured.ts";
import type { WebcastApiStatus, WebcastRow } from "../../../domain/webcasts/record.ts";
import { ON_AIR_STATES } from "../../../domain/webcasts/status.ts";
import type { LocalDatabase } from "../../local/db.ts";

/**
 * The home screen's reads of this device's webcasts (the view: server rows plus unsent changes),
 * by the indexes of Dexie version 6 (web/local/db.ts), so they cost the handful of rows shown and
 * not the whole table (issue #4: 10,000 webcasts). The selection and order stay those of
 * domain/webcasts/featured.ts: these queries only gather candidates that surely contain its answer
 * and hand them to the same pure functions.
 *
 * Which candidates, for `limit` rows:
 * - coming (`isNextCandidate`: a next state, and on air or not yet ended): per next state, the
 *   first `limit` by start. On-air ones may have started any time; the others end after now, so
 *   started after now − the longest duration in the table.
 * - past (everything else), when fewer than `limit` are coming: walking all webcasts latest first
 *   and skipping coming ones, the first `limit − coming`. It skips fewer than `limit` coming rows,
 *   so it stays short even with many webcasts scheduled (only its first page is read regardless).
 * - last (`isLastCandidate`: an ended state): per ended state, the latest.
 *
 * Walks read pages with one request each (a plain key range: IndexedDB `getAll`, no cursor).
 * Start times are UTC ISO strings ("Z", whole seconds, any fraction): their string order is time
 * order except within one second ("…:00Z" sorts after "…:00.5Z"), so a page is only trusted up to
 * the second of its last row, whose rows are then read whole.
 */

const START = "event_start_date_time";
const STATE_START = "[state+event_start_date_time]";
const MINUTE_MS = 60_000;
/** The largest epoch value a Date accepts. */
const MAX_DATE_MS = 8.64e15;
/** Rows read beyond those needed, so a page usually answers alone despite skipped rows. */
const PAGE_SLACK = 10;
/** Few webcasts last longer than a day (minutes). */
const USUAL_LONGEST_MINUTES = 24 * 60;

type Keep = (webcast: WebcastRow) => boolean;
type Webcasts = Collection<WebcastRow, string>;

/** An ordered walk over an index, by whole seconds of start time. */
interface Walk {
  /** The rows from the walk's start, or (after `second`) from the next second on: one plain key range. */
  page(after: string | null): Webcasts;
  /** Every row of the walk starting within `second`. */
  within(second: string): Webcasts;
}

/** "2026-06-15T13:00:00" of a start time: the part whose string order is time order. */
const secondOf = (webcast: WebcastRow) => webcast.event_start_date_time.slice(0, 19);
/** Above every start time within `second`. */
const endOfSecond = (second: string) => `${second}\uffff`;

/**
 * The first `count` rows of `walk` that `keep` accepts, and maybe a few more (never fewer while
 * there are). `firstPage`: its first page of `pageSize` rows, when already read.
 */
async function firstOf(walk: Walk, keep: Keep, count: number, pageSize = count + PAGE_SLACK, firstPage?: WebcastRow[]): Promise<WebcastRow[]> {
  if (count <= 0) return [];
  const found: WebcastRow[] = [];
  let after: string | null = null;
  for (;;) {
    const page = after === null && firstPage ? firstPage : await walk.page(after).limit(pageSize).toArray();
    const last = page.at(-1);
    if (page.length < pageSize || last === undefined) return [...found, ...page.filter(keep)];
    // The last row's second may go on past the page: the rows before it are all there is.
    const lastSecond = secondOf(last);
    found.push(...page.filter((webcast) => secondOf(webcast) !== lastSecond && keep(webcast)));
    if (found.length >= count) return found;
    found.push(...(await walk.within(lastSecond).toArray()).filter(keep));
    if (found.length >= count) return found;
    after = lastSecond;
  }
}

/** The webcasts of one state by start, soonest first from `from` (a second or `Dexie.minKey`), or latest first. */
function stateWalk(db: LocalDatabase, state: WebcastApiStatus, order: { from: IndexableType } | "latest first"): Walk {
  const byStart = (lower: IndexableType, upper: IndexableType, includeLower = true, includeUpper = true) =>
    db.view_webcasts.where(STATE_START).between([state, lower], [state, upper], includeLower, includeUpper);
  return {
    page: (after) =>
      order === "latest first"
        ? byStart(Dexie.minKey, after ?? Dexie.maxKey, true, after === null).reverse()
        : after === null
          ? byStart(order.from, Dexie.maxKey)
          : byStart(endOfSecond(after), Dexie.maxKey, false),
    within: (second) => byStart(second, endOfSecond(second)),
  };
}

/** Every webcast by start, latest first. */
function latestFirst(db: LocalDatabase): Walk {
  return {
    page: (after) => (after === null ? db.view_webcasts.orderBy(START) : db.view_webcasts.where(START).below(after)).reverse(),
    within: (second) => db.view_webcasts.where(START).between(second, endOfSecond(second), true, true),
  };
}

/** Whom the home screen shows a webcast to (domain/webcasts/featured.ts `FEATURED_PERMISSION`). */
function visibleTo(user: ProfileUser): Keep {
  return (webcast) => can(user, FEATURED_PERMISSION, webcast.organization_id);
}

/** The longest duration in the table, in minutes (0 when empty). */
async function longestDuration(db: LocalDatabase): Promise<number> {
  return Number((await db.view_webcasts.orderBy("duration").lastKey()) ?? 0);
}

/** A webcast of at most `minutes` that is not on air yet ends after `now` started after this (a second, or the minimum key). */
function earliestUnfinishedStart(now: number, minutes: number): IndexableType {
  const from = now - minutes * MINUTE_MS;
  return Number.isFinite(from) && Math.abs(from) <= MAX_DATE_MS ? new Date(from).toISOString().slice(0, 19) : Dexie.minKey;
}

/**
 * At least the first `perState` coming webcasts of every next state (see above). The walks do not
 * wait for the longest duration: they assume at most a day, and walk again in the rare table where
 * a longer webcast is.
 */
async function comingCandidates(db: LocalDatabase, visible: Keep, now: number, perState: number): Promise<WebcastRow[]> {
  const coming = (webcast: WebcastRow) => visible(webcast) && isNextCandidate(webcast, now);
  const walk = (minutes: number) =>
    Promise.all([...NEXT_STATES].map((state) => firstOf(stateWalk(db, state, { from: ON_AIR_STATES.has(state) ? Dexie.minKey : earliestUnfinishedStart(now, minutes) }), coming, perState)));
  const [longest, lists] = await Promise.all([longestDuration(db), walk(USUAL_LONGEST_MINUTES)]);
  return (longest <= USUAL_LONGEST_MINUTES ? lists : await walk(longest)).flat();
}

/** SPEC §2 "your webcasts": `homeWebcasts` over what `user` may see, from the indexes. */
export async function readHomeWebcasts(db: LocalDatabase, user: ProfileUser, now: number, limit: number = FEATURED_WEBCASTS.homeListLimit): Promise<WebcastRow[]> {
  const visible = visibleTo(user);
  const past = (webcast: WebcastRow) => visible(webcast) && !isNextCandidate(webcast, now);
  const latest = latestFirst(db);
  const pageSize = limit + PAGE_SLACK;
  // The past's first page is read alongside the coming webcasts (one round trip, not two): the
  // list needs it whenever fewer than `limit` are coming.
  const [coming, firstPastPage] = await Promise.all([comingCandidates(db, visible, now, limit), latest.page(null).limit(pageSize).toArray()]);
  const pastRows = await firstOf(latest, past, limit - coming.length, pageSize, firstPastPage);
  return homeWebcasts([...coming, ...pastRows], now, limit);
}

/** SPEC §4 next and last: `featuredWebcasts` over what `user` may see, from the indexes. */
export async function readFeatured(db: LocalDatabase, user: ProfileUser, now: number): Promise<Featured<WebcastRow>> {
  const visible = visibleTo(user);
  const [coming, ended] = await Promise.all([
    comingCandidates(db, visible, now, 1),
    Promise.all([...ENDED_STATES].map((state) => firstOf(stateWalk(db, state, "latest first"), visible, 1))),
  ]);
  return featuredWebcasts([...coming, ...ended.flat()], now);
}
