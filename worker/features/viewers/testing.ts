import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { viewerRow } from "../../../domain/viewers/testing.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import app from "../../app.ts";
import { db } from "../../db/client.ts";
import { viewers } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import type { TestClient } from "../../test/client.ts";

/** Test helpers of the viewers and invitations routes (workerd only). */

let sequence = 0;

/** A viewer written straight to D1 (a fixture, no change log). */
export async function insertViewer(webcast: Pick<WebcastRow, "id" | "organization_id">, fields: Partial<ViewerRow> = {}): Promise<ViewerRow> {
  const now = new Date().toISOString();
  const n = ++sequence;
  const row = viewerRow({ organization_id: webcast.organization_id, webcast_id: webcast.id, name: `Viewer ${n}`, email: `viewer-${n}-${Date.now().toString(36)}@fixture.test`, created_at: now, ...fields });
  await db(env.DB).insert(viewers).values(row);
  return row;
}

/**
 * `count` viewers of the webcast in one INSERT … SELECT over a recursive counting CTE (like
 * bench/bulk-data.ts): names "Bulk 000001"…, e-mails bulk-000001@…, every third registered.
 */
export async function insertBulkViewers(webcast: Pick<WebcastRow, "id" | "organization_id">, count: number): Promise<void> {
  const prefix = uuidv7().slice(0, 24);
  await env.DB.prepare(
    `INSERT INTO viewers (id, organization_id, webcast_id, name, email, tags, control_number, vote_weight, registered, invitation_sent, reminder_sent, is_moderator, created_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     SELECT ?2 || printf('%012x', i), ?3, ?4, printf('Bulk %06d', i), printf('bulk-%06d@example.test', i), CASE i % 2 WHEN 0 THEN '["even"]' ELSE '[]' END,
       NULL, 1, i % 3 = 0, 0, 0, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     FROM n`,
  )
    .bind(count, prefix, webcast.organization_id, webcast.id)
    .run();
}

/**
 * A request as `client` (its session, XSRF token and language) to the app running with other
 * bindings (`overrides`): how a test makes the mailer fail (MAIL_TRANSPORT "http" without a URL).
 */
export async function requestWithEnv(client: TestClient, overrides: Partial<Env>, path: string, init: { method: string; json?: unknown }): Promise<Response> {
  const headers = new Headers({ Origin: new URL(client.baseUrl).origin, Accept: "application/json", "Accept-Language": client.language, "X-Requested-With": "XMLHttpRequest" });
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  headers.set("X-XSRF-TOKEN", await client.csrfToken());
  headers.set("Cookie", [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  return app.request(`${client.baseUrl}${path}`, { method: init.method, headers, ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }) }, { ...env, ...overrides });
}

/**
 * Bindings without the webcasts' `ViewerJobs` objects (whether or not `VIEWER_JOBS` is bound yet):
 * nothing sends queued deliveries behind a test's back, the test calls `sendQueuedInvitations`.
 */
export const WITHOUT_VIEWER_JOBS = { VIEWER_JOBS: undefined } as Partial<Env>;

/** An Env whose mailer fails every e-mail (http transport, no provider set), without ViewerJobs. */
export const FAILING_MAIL: Partial<Env> = { ...WITHOUT_VIEWER_JOBS, MAIL_TRANSPORT: "http", MAIL_HTTP_URL: undefined, MAIL_HTTP_TOKEN: undefined };
