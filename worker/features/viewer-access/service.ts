import { and, eq, } from "drizzle-orm";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { accessMethods, segmentAllows } from "../../../domain/viewer-page/access.ts";
import type { SignInMethod } from "../../../domain/viewer-page/api.ts";
import { VIEWER_ACCESS_MESSAGES } from "../../../domain/viewer-page/messages.ts";
import { createViewer, updateViewer } from "../../../domain/viewers/mutators.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { cleanTags, normalizedEmail } from "../../../domain/viewers/rules.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../../auth/password.ts";
import { base64url } from "../../auth/tokens.ts";
import { db } from "../../db/client.ts";
import { viewers } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { viewersManager } from "../viewers/manager.ts";
import { webcastPasswordHash } from "../webcasts/secrets.ts";
import { type WatchContext, accessFacts } from "./public-webcast.ts";

/**
 * The viewer page's shared steps (docs/viewer-page.md "Access API"): finding a viewer, writing one
 * through the viewers' mutators on the webcast's behalf, and the gates every sign-in passes
 * (webcast password, private list, segments). Public callers: the routes decide nothing else.
 */

export type Refusal = keyof typeof VIEWER_ACCESS_MESSAGES;

/** The SPEC §8 error of a refusal, in `locale`; field refusals carry the field's error too. */
export function refusal(code: "unauthenticated" | "forbidden" | "validation_failed", key: Refusal, locale: UiLocale, field?: string): ApiError {
  const message = localized(VIEWER_ACCESS_MESSAGES[key], locale);
  return new ApiError(code, { message, ...(field ? { errors: { [field]: [message] } } : {}) });
}

/** The viewer of the webcast with this e-mail (compared in lower case, as stored). */
export async function viewerByEmail(env: Env, webcastId: string, email: string): Promise<ViewerRow | undefined> {
  const [row] = await db(env.DB)
    .select()
    .from(viewers)
    .where(and(eq(viewers.webcast_id, webcastId), eq(viewers.email, normalizedEmail(email))));
  return row;
}

/** The viewer of the webcast with this id (none when deleted or of another webcast). */
export async function viewerById(env: Env, webcastId: string, viewerId: string): Promise<ViewerRow | undefined> {
  const [row] = await db(env.DB)
    .select()
    .from(viewers)
    .where(and(eq(viewers.webcast_id, webcastId), eq(viewers.id, viewerId)));
  return row;
}

/**
 * Who the viewer page's writes are pushed as (`viewersManager`): the change log and devices see an
 * ordinary viewer change.
 */
async function webcastActor(env: Env, webcast: Pick<WebcastRow, "organization_id" | "created_by">): Promise<AuthUser> {
  const user = await viewersManager(env, webcast, "viewer-page");
  if (user) return user;
  console.error(`viewer page: no member may manage the viewers of organization ${webcast.organization_id}`);
  throw new ApiError("server_error");
}

/**
 * Adds a viewer through `createViewer` (the viewers API's path: field rules, one e-mail per
 * webcast, the viewer limit as a 422 "Viewer limit reached…", a change-log entry, devices poked).
 */
export async function addViewer(env: Env, webcast: WebcastRow, fields: { name: string; email: string; tags: string[] }, locale: UiLocale): Promise<ViewerRow> {
  const id = uuidv7();
  await applyMutation(env, await webcastActor(env, webcast), locale, createViewer, { id, webcast_id: webcast.id, ...fields, registered: true, now: new Date().toISOString() });
  const row = await viewerById(env, webcast.id, id);
  if (!row) throw new ApiError("server_error");
  return row;
}

/** Marks a viewer registered (and adds tags), through `updateViewer`; nothing when already so. */
export async function markRegistered(env: Env, webcast: WebcastRow, viewer: ViewerRow, locale: UiLocale, tags: readonly string[] = []): Promise<void> {
  const merged = cleanTags([...viewer.tags, ...tags]);
  const tagsChange = merged.length !== viewer.tags.length;
  if (viewer.registered && !tagsChange) return;
  await applyMutation(env, await webcastActor(env, webcast), locale, updateViewer, {
    id: viewer.id,
    registered: true,
    ...(tagsChange ? { tags: merged } : {}),
    now: new Date().toISOString(),
  });
}

/** SPEC §6 password: when the webcast has one, `given` must match its hash (422 on `webcast_password`). */
export async function checkWebcastPassword(env: Env, context: WatchContext, given: string | undefined, locale: UiLocale): Promise<void> {
  if (!context.row.has_password) return;
  if (given === undefined || given === "") throw refusal("validation_failed", "webcast_password_required", locale, "webcast_password");
  const hash = await webcastPasswordHash(db(env.DB), context.row.id);
  // A flag without a hash (a failed write) lets nobody in, after the same work as a real check.
  const ok = await verifyPassword(given, hash ?? DUMMY_PASSWORD_HASH, env.PASSWORD_PEPPER ?? "");
  if (!ok || hash === null) throw refusal("validation_failed", "webcast_password_wrong", locale, "webcast_password");
}

/**
 * The fingerprint of the webcast's password as it is now (SHA-256 of its stored hash, 16
 * characters), "" without one: a pass records it at sign-in, so a password set or changed later
 * ends the passes given before (routes.ts `room-token`).
 */
export async function accessKey(env: Env, context: WatchContext): Promise<string> {
  if (!context.row.has_password) return "";
  const hash = await webcastPasswordHash(db(env.DB), context.row.id);
  if (hash === null) return "";
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(hash)))).slice(0, 16);
}

/**
 * A pass judged again against the webcast as it is now (each trade for a room token): the method
 * it came by still offered, the private list and the segments (checkEntry), the same password.
 * `viewer` null for a guest. Throws the refusal the sign-in would give, or `pass_invalid` (401)
 * for a password set or changed since.
 */
export async function checkPassStillGood(env: Env, context: WatchContext, pass: { m?: SignInMethod; k?: string; g: boolean }, viewer: Pick<ViewerRow, "tags"> | null, locale: UiLocale): Promise<void> {
  const methods = accessMethods(accessFacts(context));
  if (pass.g && !methods.includes("guest")) throw refusal("forbidden", "guests_not_allowed", locale);
  if (pass.m && !methods.includes(pass.m)) throw refusal("forbidden", context.row.sso_required ? "sso_required" : "method_unavailable", locale);
  checkEntry(context, viewer, locale);
  if ((pass.k ?? "") !== (await accessKey(env, context))) throw refusal("unauthenticated", "pass_invalid", locale);
}

/** Whether the viewer's own password (viewer_secrets) is `given`; the same work for a viewer without one. */
export async function viewerPasswordMatches(env: Env, viewerId: string | undefined, given: string): Promise<boolean> {
  const row = viewerId ? await env.DB.prepare("SELECT password_hash FROM viewer_secrets WHERE viewer_id = ?1").bind(viewerId).first<{ password_hash: string }>() : null;
  const ok = await verifyPassword(given, row?.password_hash ?? DUMMY_PASSWORD_HASH, env.PASSWORD_PEPPER ?? "");
  return ok && row !== null;
}

/** The private list and the segments (SPEC §6): 403 when the viewer (null: a guest) may not enter. */
export function checkEntry(context: WatchContext, viewer: Pick<ViewerRow, "tags"> | null, locale: UiLocale): void {
  if (context.row.privacy === "private" && viewer === null) throw refusal("forbidden", "not_on_list", locale);
  if (!segmentAllows(viewer?.tags ?? [], context.segmentNames)) throw refusal("forbidden", "segment_refused", locale);
}
