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
import { newResourceFileKey, sweepResourceFiles, withStoredFile } from "./files.ts";
import { checkCreate, checkUpdate } from "./forms.ts";
import { pathResource, resourceAnswerOf, resourceGuard, resourcesOf } from "./service.ts";
import { readResourceForm } from "./upload-form.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { createResource, deleteResource, setResourcesVisibility, updateResource } from "../../../domain/resources/mutators.ts";

/**
 * The webcast's resources (SPEC §7: GET and POST /api/webcasts/{uid}/resources, PATCH
 * …/resources/visibility, POST /api/resources/{id} with _method=PATCH, DELETE /api/resources/{id};
 * docs/webcasts-api.md), mounted at /api. Writes push one mutation (domain/resources/mutators.ts) like a
 * browser's; a file is streamed to R2 first and discarded if its mutation is refused. Order in a
 * route: session (401), webcast or resource and permission (404 / 403), then the body (400 / 422).
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
   * POST /api/webcasts/{uid}/resources (multipart or urlencoded: kind, title, description?,
   * language?, url?, visible?, then file) → 201 `{ data: Resource }`: the file streamed to R2, then
   * `createResource` naming it.
   */
  .post("/webcasts/:id/resources", webcastGuard("webcasts.update"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const id = uuidv7();
    const form = await readResourceForm(c, {
      check: (values, withFile) => checkCreate(values, withFile, c.var.locale),
      keyFor: () => newResourceFileKey(webcast.id, id),
    });
    const args: CreateResourceArgs = {
      ...form.fields,
      id,
      organization_id: webcast.organization_id,
      webcast_id: webcast.id,
      ...(form.file ? { file_key: form.file.key, file_name: form.file.name } : {}),
      now: new Date().toISOString(),
    };
    await withStoredFile(c.env.MEDIA, form.file?.key ?? null, () => applyMutation(c.env, requireUser(c), c.var.locale, createResource, args));
    await sweepResourceFiles(c.env.MEDIA, db(c.env.DB), webcast.id, new Set());
    return c.json({ data: await resourceAnswerOf(db(c.env.DB), id) }, 201);
  })
  /** PATCH /api/webcasts/{uid}/resources/visibility `{ resources: [{ id, visible }] }` → `{ data: Resource[] }` (ids not of this webcast are skipped). */
  .patch("/webcasts/:id/resources/visibility", webcastGuard("webcasts.update"), jsonBody(() => visibilityBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const args: SetResourcesVisibilityArgs = { organization_id: webcast.organization_id, webcast_id: webcast.id, resources: c.req.valid("json").resources, now: new Date().toISOString() };
    await applyMutation(c.env, requireUser(c), c.var.locale, setResourcesVisibility, args);
    return c.json({ data: await resourcesOf(db(c.env.DB), webcast.id) }, 200);
  })
  /**
   * POST /api/resources/{id} with `_method=PATCH` (multipart or urlencoded, the fields to change,
   * optionally a new file) → `{ data: Resource }`; a replaced or dropped file is deleted once the
   * change is applied.
   */
  .post("/resources/:id", resourceGuard("webcasts.update"), async (c) => {
    const current = await pathResource(c);
    const form = await readResourceForm(c, {
      check: (values, withFile) => checkUpdate(values, withFile, current, c.var.locale),
      keyFor: () => newResourceFileKey(current.webcast_id, current.id),
    });
    const args: UpdateResourceArgs = { ...form.fields, id: current.id, now: new Date().toISOString() };
    if (form.file) {
      args.file_key = form.file.key;
      args.file_name = form.fields.file_name ?? form.file.name;
    }
    await withStoredFile(c.env.MEDIA, form.file?.key ?? null, () => applyMutation(c.env, requireUser(c), c.var.locale, updateResource, args));
    const answer = await resourceAnswerOf(db(c.env.DB), current.id);
    await sweepResourceFiles(c.env.MEDIA, db(c.env.DB), current.webcast_id, new Set(current.file_key ? [current.file_key] : []));
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
