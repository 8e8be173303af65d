import { eq, sql } from "drizzle-orm";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { MAX_VIEWER_IDS, markViewersInvited } from "../../../domain/viewers/mutators.ts";
import type { InvitationKind, InvitationTemplateText } from "../../../domain/viewers/invitations.ts";
import { db } from "../../db/client.ts";
import { invitationDeliveries, viewers } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { type FoundWebcast, findWebcast } from "../webcasts/service.ts";
import { viewersManager } from "../viewers/manager.ts";
import { type MailWebcast, deliver, invitationMail, templateFor, viewerLocale } from "./service.ts";

/**
 * Sending the invitation e-mails (docs/viewers-api.md "Invitations"). A delivery is `queued`,
 * then `sent`, or `failed` and retried with backoff (1, 5, 15, 60 minutes after the 1st…4th
 * failure); after 5 failed attempts it stays `failed`. The webcast's `ViewerJobs` Durable Object
 * calls `sendQueuedInvitations` from its alarm; POST …/viewers/{id}/send-invitation sends one
 * delivery now (`sendOneDelivery`).
 *
 * A delivery being sent is leased: its `next_attempt_at` is set 10 minutes ahead when it is
 * claimed (one UPDATE … RETURNING), so two runs never send it twice, and one cut short (an evicted
 * object, a Worker past its limits) is sent again once the lease ends (at least once).
 */

export const MAX_ATTEMPTS = 5;
/** Minutes before the next attempt after the 1st, 2nd, 3rd and 4th failure. */
export const RETRY_DELAYS_MIN = [1, 5, 15, 60] as const;
const LEASE_MS = 10 * 60_000;
/** E-mails in flight at once (Workers allow 6 simultaneous outgoing connections). */
const CONCURRENCY = 6;
/** Links in e-mails of deliveries queued without an origin: APP_URL, else the local dev server. */
export const LOCAL_ORIGIN = "http://localhost:5173";

export interface SendReport {
  sent: number;
  failed: number;
  /** Deliveries due now and not sent by this call (the budget ran out): call again at once. */
  remaining: number;
  /** When the next delivery waiting for a retry (or a lease to end) becomes due; null when none waits. */
  retryAt: string | null;
}

/** Deliveries due at ?1 (ISO): queued and not leased, or failed with attempts left and their time come. */
const DUE = `((status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ?1)) OR (status = 'failed' AND attempts < ${MAX_ATTEMPTS} AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?1))`;
const WAITING = `((status = 'queued' AND next_attempt_at > ?1) OR (status = 'failed' AND attempts < ${MAX_ATTEMPTS} AND next_attempt_at > ?1))`;

/** When a delivery that has failed `attempts` times (this one included) is tried again; null: never. */
export function nextAttemptAt(attempts: number, now: number): string | null {
  const delay = RETRY_DELAYS_MIN[attempts - 1];
  return attempts >= MAX_ATTEMPTS || delay === undefined ? null : new Date(now + delay * 60_000).toISOString();
}

interface Claimed {
  id: string;
  viewer_id: string;
  kind: InvitationKind;
  /** The origin of the request that queued it (null: queued before the column, or by a job). */
  origin: string | null;
  attempts: number;
}

/**
 * Sends up to `budget` due deliveries of the webcast (oldest first), each in the viewers'
 * language through the mailer (templates "viewer_invitation" / "viewer_reminder"), marks them
 * `sent` or `failed` (attempts + 1, `next_attempt_at` by the backoff), and records the sent
 * viewers' `invitation_sent` / `reminder_sent` (`markViewersInvited`, ≤ 1,000 ids a mutation).
 * `now` (ms) is for tests. A webcast gone (deleted: its deliveries with it) reports nothing to do.
 */
export async function sendQueuedInvitations(env: Env, webcastId: string, budget: number, now: number = Date.now()): Promise<SendReport> {
  const database = db(env.DB);
  const found = await findWebcast(database, webcastId);
  if (!found) return { sent: 0, failed: 0, remaining: 0, retryAt: null };
  const nowIso = new Date(now).toISOString();
  const limit = Math.max(0, Math.floor(budget));
  const claimed =
    limit === 0
      ? []
      : (
          await env.DB.prepare(
            `UPDATE invitation_deliveries SET next_attempt_at = ?2
             WHERE id IN (SELECT id FROM invitation_deliveries WHERE webcast_id = ?3 AND ${DUE} ORDER BY created_at, id LIMIT ?4)
             RETURNING id, viewer_id, kind, attempts, origin`,
          )
            .bind(nowIso, new Date(now + LEASE_MS).toISOString(), webcastId, limit)
            .all<Claimed>()
        ).results;

  let sent = 0;
  let failed = 0;
  if (claimed.length > 0) {
    const people = new Map<string, { id: string; name: string; email: string }>();
    for (let at = 0; at < claimed.length; at += 500) {
      const ids = claimed.slice(at, at + 500).map((delivery) => delivery.viewer_id);
      for (const viewer of await database.select({ id: viewers.id, name: viewers.name, email: viewers.email }).from(viewers).where(inArrayJson(ids))) people.set(viewer.id, viewer);
    }
    const templates = new Map<InvitationKind, InvitationTemplateText>();
    const template = async (kind: InvitationKind) => {
      let text = templates.get(kind);
      if (!text) templates.set(kind, (text = await templateFor(database, webcastId, viewerLocale(found.row), kind)));
      return text;
    };
    const webcast = mailWebcast(found);
    const outcomes: { delivery: Claimed; error: string | null }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++] as Claimed;
        const viewer = people.get(delivery.viewer_id);
        if (!viewer) continue; // deleted meanwhile: its deliveries went with it
        try {
          await deliver(env, await invitationMail(env, await template(delivery.kind), webcast, { viewer, kind: delivery.kind }, delivery.origin ?? env.APP_URL ?? LOCAL_ORIGIN));
          outcomes.push({ delivery, error: null });
        } catch (error) {
          outcomes.push({ delivery, error: String(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));

    const done = outcomes.filter((outcome) => outcome.error === null).map((outcome) => outcome.delivery);
    const broken = outcomes.filter((outcome) => outcome.error !== null);
    sent = done.length;
    failed = broken.length;
    const statements: D1PreparedStatement[] = [];
    for (let at = 0; at < done.length; at += 1_000) {
      statements.push(
        env.DB.prepare(
          `UPDATE invitation_deliveries SET status = 'sent', sent_at = ?1, attempts = attempts + 1, error = NULL, next_attempt_at = NULL
           WHERE id IN (SELECT value FROM json_each(?2))`,
        ).bind(nowIso, JSON.stringify(done.slice(at, at + 1_000).map((delivery) => delivery.id))),
      );
    }
    for (const { delivery, error } of broken) statements.push(failureStatement(env, delivery.id, delivery.attempts + 1, error ?? "", now));
    if (statements.length > 0) await env.DB.batch(statements);
    await markInvited(env, found, done.map((delivery) => ({ viewer_id: delivery.viewer_id, kind: delivery.kind })), nowIso);
  }

  const [due, waiting] = await env.DB.batch<{ total: number; at: string | null }>([
    env.DB.prepare(`SELECT COUNT(*) AS total, NULL AS at FROM invitation_deliveries WHERE webcast_id = ?2 AND ${DUE}`).bind(nowIso, webcastId),
    env.DB.prepare(`SELECT COUNT(*) AS total, MIN(next_attempt_at) AS at FROM invitation_deliveries WHERE webcast_id = ?2 AND ${WAITING}`).bind(nowIso, webcastId),
  ]);
  return { sent, failed, remaining: due?.results[0]?.total ?? 0, retryAt: waiting?.results[0]?.at ?? null };
}

/** Deliveries one alarm of `ViewerJobs` sends at most. */
export const INVITATION_BATCH = 200;

/**
 * What `ViewerJobs.invitationStep` needs (durable/viewer-jobs): one batch sent, and when the next
 * is due in epoch ms — now when due deliveries remain, the next retry's time, or null when none waits.
 */
export async function invitationStep(env: Env, webcastId: string, budget: number = INVITATION_BATCH): Promise<{ retryAt: number | null }> {
  const now = Date.now();
  const report = await sendQueuedInvitations(env, webcastId, budget, now);
  if (report.remaining > 0) return { retryAt: now };
  return { retryAt: report.retryAt === null ? null : Date.parse(report.retryAt) };
}

function inArrayJson(ids: readonly string[]) {
  return sql`${viewers.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** The failure of one attempt: `failed`, attempts counted, the next attempt by the backoff (none after the last). */
function failureStatement(env: Env, deliveryId: string, attempts: number, error: string, now: number): D1PreparedStatement {
  return env.DB.prepare("UPDATE invitation_deliveries SET status = 'failed', attempts = ?1, error = ?2, next_attempt_at = ?3 WHERE id = ?4").bind(
    attempts,
    error.slice(0, 1_000),
    nextAttemptAt(attempts, now),
    deliveryId,
  );
}

export function mailWebcast(found: FoundWebcast): MailWebcast {
  const { id, event_title, event_start_date_time, timezone, language } = found.row;
  return { id, event_title, event_start_date_time, timezone, language, organization_name: found.organization_name };
}

/**
 * Records `invitation_sent` / `reminder_sent` of the viewers e-mailed, through `markViewersInvited`
 * (≤ 1,000 ids a mutation), as `actor` — the route's user, or for the background job a member who
 * may manage the webcast's viewers (`jobActor`). A refusal is logged: the e-mails went out anyway.
 */
export async function markInvited(env: Env, found: FoundWebcast, sent: readonly { viewer_id: string; kind: InvitationKind }[], nowIso: string, actor?: AuthUser): Promise<void> {
  if (sent.length === 0) return;
  const user = actor ?? (await viewersManager(env, found.row, "viewer-jobs"));
  if (!user) {
    console.error(`invitations of webcast ${found.row.id}: no member may manage its viewers; flags not recorded`);
    return;
  }
  for (const kind of ["invitation", "reminder"] as const) {
    const ids = [...new Set(sent.filter((entry) => entry.kind === kind).map((entry) => entry.viewer_id))];
    for (let at = 0; at < ids.length; at += MAX_VIEWER_IDS) {
      try {
        await applyMutation(env, user, viewerLocale(found.row), markViewersInvited, { webcast_id: found.row.id, ids: ids.slice(at, at + MAX_VIEWER_IDS), kind, now: nowIso });
      } catch (error) {
        console.error(`invitations of webcast ${found.row.id}: markViewersInvited refused`, error);
      }
    }
  }
}

/**
 * POST …/viewers/{viewerId}/send-invitation: one delivery, sent now as `user`. The delivery is
 * inserted leased (the background sender leaves it alone meanwhile), then marked `sent` (and the
 * viewer's flag recorded) or `failed` with its first retry planned. Answers whether it went out.
 */
export async function sendOneDelivery(
  env: Env,
  found: FoundWebcast,
  viewer: { id: string; name: string; email: string },
  kind: InvitationKind,
  origin: string,
  user: AuthUser,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const database = db(env.DB);
  const now = Date.now();
  const id = uuidv7();
  await database.insert(invitationDeliveries).values({
    id,
    organization_id: found.row.organization_id,
    webcast_id: found.row.id,
    viewer_id: viewer.id,
    kind,
    status: "queued",
    attempts: 0,
    next_attempt_at: new Date(now + LEASE_MS).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  try {
    const template = await templateFor(database, found.row.id, viewerLocale(found.row), kind);
    await deliver(env, await invitationMail(env, template, mailWebcast(found), { viewer, kind }, origin));
  } catch (error) {
    await failureStatement(env, id, 1, String(error), now).run();
    return { ok: false, error };
  }
  const sentAt = new Date().toISOString();
  await database.update(invitationDeliveries).set({ status: "sent", attempts: 1, sent_at: sentAt, next_attempt_at: null, error: null }).where(eq(invitationDeliveries.id, id));
  await markInvited(env, found, [{ viewer_id: viewer.id, kind }], sentAt, user);
  return { ok: true };
}
