import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "../../../domain/webcasts/record.ts";
import { viewerRow as viewerRowOf } from "../../../domain/viewers/testing.ts";

/** Test helpers for the sync adapter and routes (workerd only). */

/** A fresh organization; with `membersOf`, the same members and roles as that organization. */
export async function newOrganization(membersOf?: number): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO organizations (name, email) VALUES (?, ?) RETURNING id")
    .bind(`Sync test ${crypto.randomUUID().slice(0, 8)}`, "sync@demo.test")
    .first<{ id: number }>();
  if (!row) throw new Error("no organization");
  if (membersOf !== undefined) {
    await env.DB.prepare("INSERT INTO memberships (user_id, organization_id, role) SELECT user_id, ?, role FROM memberships WHERE organization_id = ?")
      .bind(row.id, membersOf)
      .run();
  }
  return row.id;
}

export async function userIdOf(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>();
  if (!row) throw new Error(`no user ${email}: seed first`);
  return row.id;
}

export function webcastRow(organizationId: number, createdBy: number, fields: Partial<WebcastRow> = {}): WebcastRow {
  const now = new Date().toISOString();
  return {
    ...DEFAULT_WEBCAST_SETTINGS,
    id: uuidv7(),
    organization_id: organizationId,
    event_title: "Quarterly update",
    description: null,
    event_start_date_time: "2026-09-01T14:00:00.000Z",
    duration: 60,
    timezone: "Europe/Paris",
    language: "fr",
    state: "upcoming",
    is_premiere: false,
    is_test: false,
    created_by: createdBy,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export function viewerRow(webcast: Pick<WebcastRow, "id" | "organization_id">, fields: Partial<ViewerRow> = {}): ViewerRow {
  const now = new Date().toISOString();
  const id = uuidv7();
  return viewerRowOf({ id, organization_id: webcast.organization_id, webcast_id: webcast.id, name: "Ada Lovelace", email: `ada-${id.slice(-8)}@viewers.test`, tags: ["board"], created_at: now, ...fields });
}

export async function changeLog(rowId: string): Promise<{ seq: number; organization_id: number; op: string }[]> {
  const { results } = await env.DB.prepare("SELECT seq, organization_id, op FROM sync_changes WHERE row_id = ? ORDER BY seq").bind(rowId).all<{ seq: number; organization_id: number; op: string }>();
  return results;
}
