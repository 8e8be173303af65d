import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { csvForm, generatedCsv, manualAlarms } from "./testing.ts";

/**
 * The CSV import routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts):
 * each call gets a fresh webcast in a fresh copy of "Demo Events" (its job object runs no alarm by
 * itself: `manualAlarms`). viewers.manage belongs to organizers, admins and owners (and the super
 * admin); viewers, operators and speakers are members without it (403), the owner of "Other Org"
 * no member (404). Logs are finished imports written straight to D1 (a fixture).
 */
const MANAGERS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastInCopy(): Promise<string> {
  const webcast = await insertWebcast(await cloneDemoEvents());
  await manualAlarms(webcast.id);
  return webcast.id;
}

/** A finished import of the webcast (status imported_with_errors, one row error), its file in R2. */
async function finishedImport(webcastId: string): Promise<string> {
  const { organization_id } = (await env.DB.prepare("SELECT organization_id FROM webcasts WHERE id = ?").bind(webcastId).first<{ organization_id: number }>()) ?? { organization_id: 0 };
  const id = uuidv7();
  const key = `imports/${organization_id}/${webcastId}/${id}.csv`;
  await env.MEDIA.put(key, "Name,Email\nAda,bad\n");
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO viewer_imports (id, organization_id, webcast_id, user_id, status, locale, file_name, file_key, file_size, total_rows, processed_rows, error_rows, created_at, updated_at, started_at, finished_at)
       VALUES (?1, ?2, ?3, NULL, 'failed', 'en', 'viewers.csv', ?4, 19, 1, 1, 1, ?5, ?5, ?5, ?5)`,
    ).bind(id, organization_id, webcastId, key, now),
    env.DB.prepare(`INSERT INTO viewer_import_errors (import_id, row, errors, cells) VALUES (?1, 2, '{"email":["invalid"]}', '["Ada","bad"]')`).bind(id),
  ]);
  return id;
}

export const VIEWER_IMPORT_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/webcasts/:id/viewers/upload",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/viewers/upload`, method: "POST", body: csvForm(generatedCsv(2)) }),
    expect: { ...MANAGERS, others: 202 },
  },
  {
    route: "GET /api/webcasts/:id/viewers/upload-logs",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/viewers/upload-logs` }),
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "GET /api/webcasts/:id/viewers/upload-logs/:importId",
    request: async () => {
      const webcastId = await webcastInCopy();
      return { path: `/api/webcasts/${webcastId}/viewers/upload-logs/${await finishedImport(webcastId)}` };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "GET /api/webcasts/:id/viewers/upload-logs/:importId/errors",
    request: async () => {
      const webcastId = await webcastInCopy();
      return { path: `/api/webcasts/${webcastId}/viewers/upload-logs/${await finishedImport(webcastId)}/errors?type=csv` };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "DELETE /api/webcasts/:id/viewers/upload-logs/:importId",
    request: async () => {
      const webcastId = await webcastInCopy();
      return { path: `/api/webcasts/${webcastId}/viewers/upload-logs/${await finishedImport(webcastId)}`, method: "DELETE" };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "DELETE /api/webcasts/:id/viewers/upload-logs",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/viewers/upload-logs`, method: "DELETE" }),
    expect: { ...MANAGERS, others: 200 },
  },
];
