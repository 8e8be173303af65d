import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { type ImportLog, type ImportStatus, RUNNING_IMPORT_STATUSES } from "../../../domain/viewers/import-log.ts";
import type { InvitationKind } from "../../../domain/viewers/invitations.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { csrfFetch } from "../../api/csrf.ts";
import { ApiRequestError, fetchFailure } from "../../api/errors.ts";
import { requestHeaders } from "../../api/headers.ts";
import { reachabilityReporting } from "../../api/reachability.ts";

/**
 * The REST side of the viewers (docs/viewers-api.md): what never goes through sync — passwords,
 * invitation e-mails and their delivery states, CSV imports, exports and invitation templates.
 * Plain `fetch` with the app's headers, CSRF token and reachability reporting (web/api); failures
 * are ApiRequestError (status 0: no answer). Not through the global SPEC §8 handler: each failure
 * is a state of the screen that asked (a 409 or a 422 says what to do).
 */

const fetcher = reachabilityReporting(csrfFetch);

export type InvitationStatus = "none" | "queued" | "sent" | "failed";

/** A viewer as the REST routes give it: the synced row plus server-side facts. */
export interface ViewerJson extends ViewerRow {
  has_password: boolean;
  invitation_status: InvitationStatus;
}

export type InvitationFilter = "all" | "sent" | "not_sent";
export type RegistrationFilter = "all" | "registered" | "not_registered";

export interface ViewerFilters {
  q: string;
  invitation: InvitationFilter;
  registration: RegistrationFilter;
}

export type { ImportLog, ImportStatus };

export const RUNNING_IMPORT: ReadonlySet<ImportStatus> = new Set(RUNNING_IMPORT_STATUSES);

export interface InvitationTemplate {
  locale: UiLocale;
  title: string;
  sender_name: string;
  subject: string;
  message: string;
  customized: boolean;
}

export type RecipientStatus = "all" | "registered" | "not_registered" | "not_invited";

export interface InvitationsOverview {
  templates: InvitationTemplate[];
  placeholders: string[];
  recipients: Record<RecipientStatus, number>;
  deliveries: { queued: number; sent: number; failed: number };
}

type Body = { json: unknown } | { form: FormData } | undefined;

async function call<T>(method: string, path: string, body?: Body, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = requestHeaders();
  let payload: BodyInit | undefined;
  if (body && "json" in body) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if (body && "form" in body) payload = body.form;
  let response: Response;
  try {
    response = await fetcher(path, { method, headers, body: payload, credentials: "include", ...(signal ? { signal } : {}) });
  } catch (cause) {
    throw fetchFailure(cause);
  }
  if (!response.ok) throw await ApiRequestError.fromResponse(response);
  return (await response.json()) as T;
}

const base = (webcastId: string) => `/api/webcasts/${encodeURIComponent(webcastId)}`;

function filterParams(filters: Partial<ViewerFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.invitation && filters.invitation !== "all") params.set("invitation", filters.invitation);
  if (filters.registration && filters.registration !== "all") params.set("registration", filters.registration);
  return params;
}

/** GET viewers: one page of the server's list (for what only the server knows: invitation status, password). */
export async function fetchViewers(webcastId: string, filters: ViewerFilters, page: number, perPage: number, signal?: AbortSignal) {
  const params = filterParams(filters);
  params.set("page", String(page));
  params.set("per_page", String(perPage));
  return call<{ data: ViewerJson[]; meta: { page: number; per_page: number; total: number } }>("GET", `${base(webcastId)}/viewers?${params}`, undefined, signal);
}

/** The fields the REST routes take for a viewer (a password included: passwords never sync). */
export interface ViewerBody {
  name?: string;
  email?: string;
  tags?: string[];
  control_number?: string | null;
  vote_weight?: number;
  password?: string | null;
  registered?: boolean;
  is_moderator?: boolean;
}

export async function createViewerOnline(webcastId: string, body: ViewerBody & { name: string; email: string }): Promise<ViewerJson> {
  return (await call<{ data: ViewerJson }>("POST", `${base(webcastId)}/viewers`, { json: body })).data;
}

export async function updateViewerOnline(webcastId: string, viewerId: string, body: ViewerBody): Promise<ViewerJson> {
  return (await call<{ data: ViewerJson }>("PATCH", `${base(webcastId)}/viewers/${encodeURIComponent(viewerId)}`, { json: body })).data;
}

export async function sendViewerInvitation(webcastId: string, viewerId: string, kind: InvitationKind): Promise<ViewerJson> {
  return (await call<{ data: ViewerJson }>("POST", `${base(webcastId)}/viewers/${encodeURIComponent(viewerId)}/send-invitation`, { json: { kind } })).data;
}

export type ExportType = "xlsx" | "csv" | "csv_semicolon";

/** GET participants/export: the file of the viewers the filters select (a plain link). */
export function participantExportUrl(webcastId: string, type: ExportType, filters: ViewerFilters, lang: UiLocale): string {
  const params = filterParams(filters);
  params.set("type", type);
  params.set("lang", lang);
  return `${base(webcastId)}/participants/export?${params}`;
}

export async function uploadViewersCsv(webcastId: string, file: File): Promise<ImportLog> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (await call<{ data: ImportLog }>("POST", `${base(webcastId)}/viewers/upload`, { form })).data;
}

export async function fetchImportLogs(webcastId: string, signal?: AbortSignal): Promise<ImportLog[]> {
  return (await call<{ data: ImportLog[] }>("GET", `${base(webcastId)}/viewers/upload-logs`, undefined, signal)).data;
}

export async function fetchImportLog(webcastId: string, importId: string, signal?: AbortSignal): Promise<ImportLog> {
  return (await call<{ data: ImportLog }>("GET", `${base(webcastId)}/viewers/upload-logs/${encodeURIComponent(importId)}`, undefined, signal)).data;
}

/** DELETE upload-logs/{id}: cancels a running import (its log back) or deletes a finished one's log. */
export async function deleteImportLog(webcastId: string, importId: string): Promise<ImportLog | null> {
  const answer = await call<{ data: ImportLog | { deleted: number } }>("DELETE", `${base(webcastId)}/viewers/upload-logs/${encodeURIComponent(importId)}`);
  return "status" in answer.data ? answer.data : null;
}

/** DELETE upload-logs: deletes every finished import's log, errors and file (a running one stays); how many. */
export async function deleteFinishedImportLogs(webcastId: string): Promise<number> {
  return (await call<{ data: { deleted: number } }>("DELETE", `${base(webcastId)}/viewers/upload-logs`)).data.deleted;
}

export function importErrorsUrl(webcastId: string, importId: string, type: ExportType = "csv"): string {
  return `${base(webcastId)}/viewers/upload-logs/${encodeURIComponent(importId)}/errors?type=${type}`;
}

export async function fetchInvitations(webcastId: string, signal?: AbortSignal): Promise<InvitationsOverview> {
  return (await call<{ data: InvitationsOverview }>("GET", `${base(webcastId)}/invitations`, undefined, signal)).data;
}

export async function customizeInvitation(webcastId: string, template: Omit<InvitationTemplate, "customized">): Promise<InvitationTemplate> {
  return (await call<{ data: InvitationTemplate }>("POST", `${base(webcastId)}/invitations/customize`, { json: template })).data;
}

export async function sendBulkInvitations(webcastId: string, recipientStatus: RecipientStatus, kind: InvitationKind): Promise<{ queued: number }> {
  return (await call<{ data: { queued: number } }>("POST", `${base(webcastId)}/bulk-invitations`, { json: { recipient_status: recipientStatus, kind } })).data;
}

/** An error's text for the screen: the server's message, or that it cannot be reached. */
export function isUnreachable(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.isNetworkError;
}
