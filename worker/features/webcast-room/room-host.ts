import { and, count, eq, ne, sql } from "drizzle-orm";
import { limitsOf } from "../../../domain/organizations/limits.ts";
import { type LiveState, type RoomMirror, mirrorOf } from "../../../domain/webcast-room/live-state.ts";
import { type AdvanceLimits, TEST_MAX_MS } from "../../../domain/webcast-room/reduce.ts";
import type { Write } from "../../../domain/sync/server-store.ts";
import { ON_AIR_STATES } from "../../../domain/webcasts/status.ts";
import { organizationSyncStub, webcastRoomStub } from "../../../durable/stubs.ts";
import type { RoomSetup } from "../../../durable/webcast-room/webcast-room.ts";
import { db } from "../../db/client.ts";
import type { PollRow } from "../../../domain/polls/record.ts";
import type { RoomActor } from "../../../domain/webcast-room/actor.ts";
import type { Participant } from "../../../durable/webcast-room/interactions.ts";
import { organizations, polls, syncChanges, users, viewers, webcastWebhooks, webcasts } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { dropSuperseded } from "../sync/change-log.ts";
import { inJson } from "../sync/sql.ts";

/**
 * What a webcast's room (durable/webcast-room) needs of D1, injected by worker/durable-objects.ts:
 * the webcast it starts from and the limits its alarm enforces, whether the organization may take
 * one more webcast live, and the webcast row kept in step with the room.
 */

/**
 * Auto-stop after this long without activity on air, when the organization sets no
 * `inactivity_timeout` of its own: 30 minutes, like the self-serve plans (a producer who forgot
 * to stop should not pay for hours of an empty stage)…
 */
export const DEFAULT_INACTIVITY_MS = 30 * 60_000;
/**
 * …and 4 hours for a webcast with an intro or outro loop: its loops play by themselves for long
 * stretches (before the show while the audience gathers, after it while they leave) with nobody
 * touching the controls, and a 30-minute cut would end them while they are legitimately on air.
 */
export const LOOPED_INACTIVITY_MS = 4 * 60 * 60_000;

type WebcastFields = Pick<typeof webcasts.$inferSelect, "is_test" | "is_premiere" | "event_start_date_time" | "intro_loop_media_id" | "outro_loop_media_id">;

/** The limits a room's alarm enforces (reduce.ts `advance`). */
export function roomLimits(webcast: WebcastFields, organizationLimits: Readonly<Record<string, unknown>> | null): AdvanceLimits {
  const own = organizationLimits?.inactivity_timeout;
  const looped = webcast.intro_loop_media_id !== null || webcast.outro_loop_media_id !== null;
  const inactivityMs = typeof own === "number" && Number.isInteger(own) && own > 0 ? own * 1000 : looped ? LOOPED_INACTIVITY_MS : DEFAULT_INACTIVITY_MS;
  const start = Date.parse(webcast.event_start_date_time);
  return {
    inactivityMs,
    testMaxMs: webcast.is_test ? TEST_MAX_MS : null,
    premiereStartAt: webcast.is_premiere && Number.isFinite(start) ? start : null,
  };
}

export async function loadRoomWebcast(env: Pick<Env, "DB">, uid: string): Promise<RoomSetup | null> {
  const [row] = await db(env.DB)
    .select({ webcast: webcasts, limits: organizations.limits })
    .from(webcasts)
    .innerJoin(organizations, eq(organizations.id, webcasts.organization_id))
    .where(eq(webcasts.id, uid));
  if (!row) return null;
  const { webcast } = row;
  return {
    organizationId: webcast.organization_id,
    webcast: {
      state: webcast.state,
      is_premiere: webcast.is_premiere,
      is_test: webcast.is_test,
      poster_overlay: webcast.attendee_options.poster_overlay ?? false,
      question_wall: webcast.attendee_options.question_wall ?? false,
      anonymous_questions: webcast.anonymous_questions,
      speakers_see_stats: webcast.speakers_see_stats,
    },
    limits: roomLimits(webcast, row.limits),
    interactions: {
      polls: await webcastPolls(env, uid),
      registration_required: webcast.registration_required,
      asking_allowed: webcast.attendee_options.ask_questions ?? true,
      support_desk_configured: await supportDeskConfigured(env, uid),
    },
  };
}

/** The webcast's polls in its order, as the room needs them (domain/polls/record.ts). */
async function webcastPolls(env: Pick<Env, "DB">, uid: string): Promise<PollRow[]> {
  const rows = await db(env.DB).select().from(polls).where(eq(polls.webcast_id, uid)).orderBy(polls.position, polls.id);
  return rows.map((row) => ({ ...row }) as PollRow);
}

/** Whether an active webhook of the webcast takes questions sent to the support desk. */
async function supportDeskConfigured(env: Pick<Env, "DB">, uid: string): Promise<boolean> {
  const hooks = await db(env.DB).select({ events: webcastWebhooks.events }).from(webcastWebhooks).where(and(eq(webcastWebhooks.webcast_id, uid), eq(webcastWebhooks.active, true)));
  return hooks.some((hook) => (hook.events as readonly string[]).includes("question.support_desk"));
}

/**
 * Who a room actor is for the interactions: a registered viewer's row of this webcast (name,
 * e-mail, vote weight, registration), a staff member's user row; null for a guest or a row gone.
 */
export async function loadParticipant(env: Pick<Env, "DB">, uid: string, actor: RoomActor): Promise<Participant | null> {
  const database = db(env.DB);
  if (actor.user_id !== null) {
    const [user] = await database.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actor.user_id));
    return user ? { name: user.name, email: user.email, vote_weight: 0, registered: false } : null;
  }
  if (actor.viewer_id === null || actor.viewer_id.startsWith("guest:")) return null;
  const [viewer] = await database
    .select({ name: viewers.name, email: viewers.email, vote_weight: viewers.vote_weight, registered: viewers.registered })
    .from(viewers)
    .where(and(eq(viewers.id, actor.viewer_id), eq(viewers.webcast_id, uid)));
  return viewer ?? null;
}

/**
 * Whether the organization may take this webcast live now: fewer than max_simultaneous_webcasts of
 * its other webcasts on air (ON_AIR_STATES). As when scheduling (domain/webcasts/mutators.ts), test
 * webcasts neither count nor are counted.
 */
export async function goLiveAvailable(env: Pick<Env, "DB">, uid: string): Promise<boolean> {
  const database = db(env.DB);
  const [row] = await database
    .select({ organization_id: webcasts.organization_id, is_test: webcasts.is_test, self_serve: organizations.self_serve, limits: organizations.limits })
    .from(webcasts)
    .innerJoin(organizations, eq(organizations.id, webcasts.organization_id))
    .where(eq(webcasts.id, uid));
  if (!row) return false;
  if (row.is_test) return true;
  const limit = limitsOf(row).max_simultaneous_webcasts;
  if (limit === null) return true;
  const [onAir] = await database
    .select({ n: count() })
    .from(webcasts)
    .where(and(eq(webcasts.organization_id, row.organization_id), ne(webcasts.id, uid), eq(webcasts.is_test, false), inJson(webcasts.state, [...ON_AIR_STATES])));
  return (onAir?.n ?? 0) < limit;
}

/** `writeWebcastFields` with the room's live state. */
export function writeWebcastStatus(env: Pick<Env, "DB" | "ORGANIZATION_SYNC">, uid: string, state: LiveState): Promise<void> {
  return writeWebcastFields(env, uid, mirrorOf(state));
}

/**
 * Writes the room's API status and its three toggles to the webcast row, the way the organization's
 * devices see it: like `writeOrganization` (sync/organization-writes.ts), one D1 batch logs a `put`
 * of the row (its older entry dropped) and updates only these columns — when one of them differs
 * from the stored value — then the organization's devices are poked.
 *
 * The only writer of `state` once a webcast exists: a push never writes it (sync/tables.ts
 * `insertOnly`), so a push that read the row before this write cannot put the old status back.
 * The toggles are also edited by pushes (the webcast's settings); the room adopts those when told
 * (`tellRooms`), so the later write wins.
 */
export async function writeWebcastFields(env: Pick<Env, "DB" | "ORGANIZATION_SYNC">, uid: string, fields: RoomMirror): Promise<void> {
  const database = db(env.DB);
  const status = fields.state;
  const differs = sql`(${webcasts.state} IS NOT ${status}
    OR ${webcasts.anonymous_questions} IS NOT ${fields.anonymous_questions ? 1 : 0}
    OR json_extract(${webcasts.attendee_options}, '$.poster_overlay') IS NOT ${fields.poster_overlay ? 1 : 0}
    OR json_extract(${webcasts.attendee_options}, '$.question_wall') IS NOT ${fields.question_wall ? 1 : 0})`;
  // INSERT … SELECT: every sync_changes column, in order (seq from the autoincrement). First: its
  // condition reads the values before the update.
  const entry = database
    .insert(syncChanges)
    .select(sql`SELECT NULL, ${webcasts.organization_id}, 'webcasts', ${webcasts.id}, 'put', CURRENT_TIMESTAMP FROM ${webcasts} WHERE ${webcasts.id} = ${uid} AND ${differs}`)
    .returning({ seq: syncChanges.seq, organization_id: syncChanges.organization_id });
  const update = database
    .update(webcasts)
    .set({
      state: status,
      anonymous_questions: fields.anonymous_questions,
      attendee_options: sql`json_set(coalesce(${webcasts.attendee_options}, '{}'), '$.poster_overlay', json(${fields.poster_overlay ? "true" : "false"}), '$.question_wall', json(${fields.question_wall ? "true" : "false"}))`,
      updated_at: new Date().toISOString(),
    })
    .where(and(eq(webcasts.id, uid), differs));
  const [logged] = await database.batch([entry, update]);
  const written = logged[0];
  if (!written) return;
  // Harmless if it fails: the log then holds the row twice (change-log.ts).
  await dropSuperseded(database, [{ table: "webcasts", organization_id: written.organization_id, id: uid }]);
  try {
    await organizationSyncStub(env, written.organization_id).announce(written.organization_id, written.seq);
  } catch (error) {
    // The write is committed: devices still pull on focus and every 30 s.
    console.error("webcast-room: poke after a status change failed", uid, error);
  }
}

/**
 * After a push committed: the rooms of the webcasts it wrote or deleted re-read their row
 * (`webcastChanged`), so a cancellation, a new premiere start, a setting or a deletion made on a
 * device reaches a running room at once instead of at its next alarm. Failures are logged: the
 * room still re-reads its row at its next alarm.
 */
export async function tellRooms(env: Pick<Env, "WEBCAST_ROOM">, writes: readonly Write[]): Promise<void> {
  const told = new Map<string, boolean>();
  for (const write of writes) {
    // A poll written (its options, its series): the room re-reads its polls. A deleted poll is
    // dropped at the room's next read (the write no longer says its webcast).
    if ((write.table === "polls" || write.table === "polling_series") && write.op === "put") told.set(write.row.webcast_id, told.get(write.row.webcast_id) ?? false);
    if (write.table !== "webcasts") continue;
    told.set(write.id, (told.get(write.id) ?? false) || (write.op === "put" && write.row.is_premiere));
  }
  await Promise.all(
    [...told].map(async ([uid, isPremiere]) => {
      try {
        await webcastRoomStub(env, uid).webcastChanged(uid, isPremiere);
      } catch (error) {
        console.error("webcast-room: telling the room of a webcast change failed", uid, error);
      }
    }),
  );
}
