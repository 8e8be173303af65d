import { Hono } from "hono";
import { z } from "zod";
import { UUID_V7, uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { type CreateResourceArgs, RESOURCE_MESSAGES, type SetResourcesVisibilityArgs, type UpdateResourceArgs } from "../../../domain/resources/mutators.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { pathWebcast, readGuard, webcastGuard } from "../webcasts/guards.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { sweepResourceFiles } from "./files.ts";
import { checkCreate, checkUpdate } from "./forms.ts";
import { readResourceForm } from "./resource-form.ts";
import { findResource, pathResource, resourceAnswerOf, resourceGuard, resourcesOf } from "./service.ts";
import { attachIfNamed, resourceUpload } from "./uploaded-file.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { createResource, deleteResource, resourceAnswer, setResourcesVisibility, updateResource } from "../../../domain/resources/mutators.ts";

/**
 * The webcast's resources (SPEC §7: GET and POST /api/webcasts/{uid}/resources, PATCH
 * …/resources/visibility, POST /api/resources/{id} with _method=PATCH, DELETE /api/resources/{id};
 * docs/webcasts-api.md), mounted at /api. Writes push one mutation (domain/resources/mutators.ts) like a
 * browser's. A file is never in these requests (Cloudflare caps a body at 100 MB): it is uploaded
 * first through /api/uploads and named by `upload_id` (uploaded-file.ts). Order in a route:
 * session (401), webcast or resource and permission (404 / 403), then the body (400 / 415 / 422).
 */

/** PATCH …/resources/visibility: `{ resources: [{ id, visible }] }`, 1 to 500 entries. */
const visibilityBody = z.strictObject({ resources: z.array(z.strictObject({ id: z.string().regex(UUID_V7), visible: z.boolean() })).min(1).max(500) });

export const resourceRoutes = new Hono<AppEnv>()
  /** GET /api/webcasts/{uid}/resources → `{ data: Resource[] }` in their order (webcasts.view). */
  .get("/webcasts/:id/resources", readGuard("resources"), async (c) => {
    const { row } = await pathWebcast(c);
    return c.json({ data: await resourcesOf(db(c.env.DB), row.id) }, 200);
  })
  /**
   * POST /api/webcasts/{uid}/resources (form data or JSON: kind, title, description?, language?,
   * url?, visible?, id?, upload_id?) → 201 `{ data: Resource }`: `createResource`, a file resource
   * taking a completed upload made for its id (which `id`, when sent, must be). Sent again with the
   * same upload once applied (the browser's finishing step may run twice), it answers the resource.
   */
  .post("/webcasts/:id/resources", webcastGuard("webcasts.update"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const user = requireUser(c);
    const locale = c.var.locale;
    const database = db(c.env.DB);
    const form = checkCreate(await readResourceForm(c), locale);
    const where = { organization_id: webcast.organization_id, webcast_id: webcast.id, user_id: user.id };
    const file = form.upload_id ? await resourceUpload(database, form.upload_id, { ...where, resource_id: form.id }, locale) : null;
    const id = file?.resource_id ?? form.id ?? uuidv7();
    // Ids are global (the browser picks them): one taken anywhere is refused here, not by the table.
    const taken = file || form.id ? await findResource(database, id) : undefined;
    if (taken) {
      if (!file || taken.webcast_id !== webcast.id || taken.file_key !== file.key) throw new ApiError("conflict", { message: localized(RESOURCE_MESSAGES.already_exists, locale) });
      await attachIfNamed(database, file);
      return c.json({ data: resourceAnswer(taken) }, 201);
    }
    const args: CreateResourceArgs = {
      ...form.fields,
      id,
      organization_id: webcast.organization_id,
      webcast_id: webcast.id,
      ...(file ? { file_key: file.key, file_name: file.file_name } : {}),
      now: new Date().toISOString(),
    };
    try {
      await applyMutation(c.env, user, locale, createResource, args);
    } finally {
      if (file) await attachIfNamed(database, file);
    }
    await sweepResourceFiles(c.env.MEDIA, database, webcast.id, new Set());
    return c.json({ data: await resourceAnswerOf(database, id) }, 201);
  })
  /** PATCH /api/webcasts/{uid}/resources/visibility `{ resources: [{ id, visible }] }` → `{ data: Resource[] }` (ids not of this webcast are skipped). */
  .patch("/webcasts/:id/resources/visibility", webcastGuard("webcasts.update"), jsonBody(() => visibilityBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const args: SetResourcesVisibilityArgs = { organization_id: webcast.organization_id, webcast_id: webcast.id, resources: c.req.valid("json").resources, now: new Date().toISOString() };
    await applyMutation(c.env, requireUser(c), c.var.locale, setResourcesVisibility, args);
    return c.json({ data: await resourcesOf(db(c.env.DB), webcast.id) }, 200);
  })
  /**
   * POST /api/resources/{id} with `_method=PATCH` (form data or JSON: the fields to change,
   * `upload_id` for a new file) → `{ data: Resource }`; a replaced or dropped file is deleted once
   * the change is applied.
   */
  .post("/resources/:id", resourceGuard("webcasts.update"), async (c) => {
    const current = await pathResource(c);
    const user = requireUser(c);
    const locale = c.var.locale;
    const database = db(c.env.DB);
    const form = checkUpdate(await readResourceForm(c), current, locale);
    const where = { resource_id: current.id, organization_id: current.organization_id, webcast_id: current.webcast_id, user_id: user.id };
    const file = form.upload_id ? await resourceUpload(database, form.upload_id, where, locale) : null;
    const args: UpdateResourceArgs = { ...form.fields, id: current.id, now: new Date().toISOString() };
    if (file) {
      args.file_key = file.key;
      args.file_name = form.fields.file_name ?? file.file_name;
    }
    try {
      await applyMutation(c.env, user, locale, updateResource, args);
    } finally {
      if (file) await attachIfNamed(database, file);
    }
    const answer = await resourceAnswerOf(database, current.id);
    await sweepResourceFiles(c.env.MEDIA, database, current.webcast_id, new Set(current.file_key ? [current.file_key] : []));
    return c.json({ data: answer }, 200);
  })
  /** DELETE /api/resources/{id} → 204: `deleteResource`, then its file. */
  .delete("/resources/:id", resourceGuard("webcasts.update"), async (c) => {
    const current = await pathResource(c);
    await applyMutation(c.env, requireUser(c), c.var.locale, deleteResource, { id: current.id });
    await sweepResourceFiles(c.env.MEDIA, db(c.env.DB), current.webcast_id, new Set(current.file_key ? [current.file_key] : []));
    return c.body(null, 204);
  })
  /**
   * GET /api/resources/{id}/download → the file, as an attachment under its name (Range requests
   * answered). For now members who see sessions (sessions.view: speakers, organizers, admins,
   * owners); attendees get their own door with the viewer side.
   */
  .get("/resources/:id/download", async (c) => {
    requireUser(c);
    const row = await pathResource(c);
    authorize(c, "sessions.view", row.organization_id);
    const found = row.file_key ? await getRange(c.env.MEDIA, row.file_key, c.req.header("Range")) : null;
    if (!found) throw new ApiError("not_found", { message: localized(RESOURCE_MESSAGES.no_file, c.var.locale) });
    const { object, offset, length } = found;
    const headers: Record<string, string> = {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Disposition": attachment(row.file_name ?? "file"),
      "Cache-Control": "private, no-cache",
      "Accept-Ranges": "bytes",
      ETag: object.httpEtag,
      "X-Content-Type-Options": "nosniff",
      // Whatever it holds (HTML, SVG), it never runs as a page of our origin.
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Length": String(length),
    };
    if (length < object.size) {
      headers["Content-Range"] = `bytes ${offset}-${offset + length - 1}/${object.size}`;
      return c.body(object.body, 206, headers);
    }
    return c.body(object.body, 200, headers);
  });

/**
 * The range a `Range: bytes=…` header asks for (one range: `a-b`, `a-`, `-n`), or undefined for
 * none, several or a malformed one (the whole file is then answered, as HTTP allows).
 */
export function requestedRange(header: string | undefined): R2Range | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") return { suffix: Number(match[2]) };
  const offset = Number(match[1]);
  if (match[2] === "") return { offset };
  const last = Number(match[2]);
  return last < offset ? undefined : { offset, length: last - offset + 1 };
}

/**
 * The object, or the part a `Range` header asks for, with the bytes it holds (computed here, not
 * read back from R2's answer); an unsatisfiable range gets the whole file.
 */
async function getRange(bucket: R2Bucket, key: string, header: string | undefined): Promise<{ object: R2ObjectBody; offset: number; length: number } | null> {
  const range = requestedRange(header);
  const head = range ? await bucket.head(key) : null;
  if (range && head) {
    const offset = "suffix" in range ? Math.max(0, head.size - range.suffix) : (range.offset ?? 0);
    const length = "suffix" in range ? head.size - offset : Math.min(range.length ?? head.size - offset, head.size - offset);
    if (offset < head.size && length > 0) {
      const object = await bucket.get(key, { range: { offset, length } });
      return object ? { object, offset, length } : null;
    }
  }
  const object = await bucket.get(key);
  return object ? { object, offset: 0, length: object.size } : null;
}

/** `attachment; filename="<ASCII>"; filename*=UTF-8''<encoded>` (RFC 6266): the original name, safely. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
