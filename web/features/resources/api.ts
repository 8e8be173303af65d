import type { ResourceAnswer } from "../../../domain/resources/mutators.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import type { StoredUpload } from "../../local/db.ts";
import { currentSyncEngine } from "../../local/session-sync.ts";
import { queueUpload, registerUploadFinisher } from "../uploads/upload-queue.ts";

/** The text fields of a file resource. */
export interface ResourceFileFields {
  title: string;
  description: string;
  language: "en" | "fr" | null;
}

/** The finishing step that makes a file resource once its file is uploaded (docs/uploads.md). */
export const RESOURCE_CREATE = "resource.create";

/** What the step needs, stored with the upload: the webcast, the resource's id (picked here) and its fields. */
export interface ResourceCreateArgs extends ResourceFileFields {
  uid: string;
  id: string;
}

export type QueuedResource = { ok: true; id: string; upload: string } | { ok: false; errors: Record<string, string[]> };

/**
 * Adds a file resource through the upload client (docs/webcasts-api.md "Resources" › Files): the
 * resource's id is picked here, the file is queued (checked first: refused without a request, by
 * field), and once uploaded the step "resource.create" makes the resource. Offline, the upload
 * waits for the network; the resource exists once its step ran. `upload` is this device's id of it.
 */
export async function queueResourceFile(webcast: { id: string; organization_id: number }, fields: ResourceFileFields, file: File): Promise<QueuedResource> {
  const id = uuidv7();
  const args: ResourceCreateArgs = { uid: webcast.id, id, ...fields };
  const queued = await queueUpload({ kind: "resource", organization_id: webcast.organization_id, webcast_id: webcast.id, target_id: id, file, finish: { type: RESOURCE_CREATE, args: { ...args } } });
  return queued.ok ? { ok: true, id, upload: queued.id } : queued;
}

function argsOf(upload: StoredUpload): ResourceCreateArgs {
  const args = upload.finish.args;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    uid: text(args.uid) || (upload.webcast_id ?? ""),
    id: text(args.id) || upload.target_id,
    title: text(args.title),
    description: text(args.description),
    language: args.language === "en" || args.language === "fr" ? args.language : null,
  };
}

/**
 * The step "resource.create": POST /api/webcasts/{uid}/resources as JSON with the upload's id. The
 * server answers 201 again when the same upload was already taken for this resource, so a second
 * run (the tab closed while the first ran) is harmless. A refusal (422: a field, the media limit)
 * fails the upload with the server's message; the new row comes with the next pull, asked at once.
 */
export async function createFileResource(upload: StoredUpload, answer: UploadAnswer): Promise<ResourceAnswer> {
  const { uid, id, title, description, language } = argsOf(upload);
  // The route reads form data or JSON itself (no Hono validator), so its typed input names only
  // the path: the JSON body rides along in the same argument, which `hc` sends as JSON.
  const input = { param: { id: uid }, json: { kind: "file", id, title, description, language, upload_id: answer.id } };
  const { data } = await unwrap(api.api.webcasts[":id"].resources.$post(input), { global: false });
  currentSyncEngine()?.requestSync();
  return data;
}

// Registered when the resources' code loads: an upload completed before waits until then.
registerUploadFinisher(RESOURCE_CREATE, async (upload, answer) => {
  await createFileResource(upload, answer);
});

/** Where a file resource is downloaded from (sessions.view; served as an attachment). */
export function resourceDownloadUrl(id: string): string {
  return `/api/resources/${encodeURIComponent(id)}/download`;
}
