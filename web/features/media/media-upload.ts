import { msg } from "@lingui/core/macro";
import type { CreateMediaArgs } from "../../../domain/media/mutators.ts";
import { MEDIA_LIMITS } from "../../../domain/media/mutators.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { currentLocale, i18n } from "../../i18n/i18n.ts";
import type { LocalDatabase, StoredUpload } from "../../local/db.ts";
import { currentLocalDatabase, currentSyncEngine } from "../../local/session-sync.ts";
import { UploadApi, type UploadHttp } from "../uploads/upload-api.ts";
import { uploadFileErrors } from "../uploads/upload-check.ts";
import { queueUpload, registerUploadFinisher } from "../uploads/upload-queue.ts";
import { verdictOf } from "../uploads/upload-retry.ts";
import { type MediaAnswer, attachMediaFile, fetchMedia } from "./api.ts";
import { readVideoFacts } from "./video-probe.ts";

/**
 * Adding a video to the library (docs/media.md, docs/uploads.md): the file is checked here first
 * (a 6 GB file is refused before any request or change), its length and a poster frame are read in
 * the browser, the video's row is made through `createMedia` (offline too), and the file is queued
 * on the upload client with the finishing step "media.attach", which hands it to the video once
 * it is complete: the poster first (a small upload of kind image for the same video), then
 * POST /api/media/{id}/file.
 */

export const MEDIA_ATTACH = "media.attach";

/** The finishing step's arguments, as stored with the upload (Blobs survive in IndexedDB). */
export interface MediaAttachArgs {
  media_id: string;
  /** The poster JPEG made before uploading; dropped once sent (then `poster_upload_id` says where it went). */
  poster: Blob | null;
  poster_upload_id?: string | null;
  not_decodable: boolean;
}

export type AddVideoResult = { ok: true; id: string } | { ok: false; errors: Record<string, string[]> } | { ok: false; refused: true };

/** "Town hall 2026.final.mp4" → "Town hall 2026.final" (at most the title's length; the name itself when nothing is left). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,8}$/, "").trim() || name.trim();
  return [...base].slice(0, MEDIA_LIMITS.title).join("");
}

/**
 * Checks, reads and queues one chosen file. `create` runs `createMedia` (false: refused, and the
 * screen shows why); `onReading` says the file is being read (the poster can take a second).
 */
export async function addVideo(options: { organizationId: number; file: File; create(args: CreateMediaArgs): Promise<boolean>; onReading?(): void }): Promise<AddVideoResult> {
  const { organizationId, file } = options;
  const { errors } = await uploadFileErrors("video", file, currentLocale());
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  options.onReading?.();
  const facts = await readVideoFacts(file);
  const id = uuidv7();
  const created = await options.create({
    id,
    organization_id: organizationId,
    title: titleFromFileName(file.name),
    description: null,
    pre_webcast_loop: false,
    post_webcast_loop: false,
    loop_mode: "repeat",
    now: new Date().toISOString(),
  });
  if (!created) return { ok: false, refused: true };
  const args: MediaAttachArgs = { media_id: id, poster: facts.poster, not_decodable: facts.not_decodable };
  const queued = await queueUpload({ kind: "video", organization_id: organizationId, webcast_id: null, target_id: id, file, finish: { type: MEDIA_ATTACH, args: { ...args } } });
  if (queued.ok) return { ok: true, id };
  // The same checks passed a moment ago (a file changed meanwhile): no video without its file.
  await currentSyncEngine()
    ?.mutate("deleteMedia", { id })
    .catch(() => undefined);
  return { ok: false, errors: queued.errors };
}

function argsOf(upload: StoredUpload): MediaAttachArgs {
  const args = upload.finish.args;
  return {
    media_id: typeof args.media_id === "string" ? args.media_id : upload.target_id,
    // fake-indexeddb (tests) or a browser that could not keep it: no poster.
    poster: args.poster instanceof Blob && args.poster.size > 0 ? args.poster : null,
    poster_upload_id: typeof args.poster_upload_id === "string" ? args.poster_upload_id : null,
    not_decodable: args.not_decodable === true,
  };
}

/** How long the step waits for the video's `createMedia` to reach the server before trying again later. */
const SYNC_WAIT_MS = 20_000;

/**
 * The finishing step "media.attach". It may run twice for one upload (docs/uploads.md), so:
 * the poster's upload id is stored with the upload as soon as it is sent (a second run reuses it
 * instead of sending another); POST …/file with the same uploads is harmless (the server takes
 * the same file again and reads it again); and a 422 on a repeat (the upload no longer takes) is
 * done when the video already names this file (same name and size). A video deleted meanwhile
 * fails the upload with words, not a restart of the upload (the engine's answer to a 404).
 */
export async function attachMediaUpload(upload: StoredUpload, answer: UploadAnswer, http?: UploadHttp): Promise<void> {
  const db = currentLocalDatabase();
  const args = argsOf(upload);
  const id = args.media_id;
  if (db) await waitForPush(db, id);

  let posterUploadId = args.poster_upload_id ?? null;
  if (!posterUploadId && args.poster) {
    posterUploadId = await uploadPoster(upload, args.poster, http);
    const stored: MediaAttachArgs = { ...args, poster: null, poster_upload_id: posterUploadId };
    await db?.uploads.update(upload.id, { finish: { type: MEDIA_ATTACH, args: { ...stored } } }).catch(() => undefined);
  }

  try {
    await attachMediaFile(id, { upload_id: answer.id, poster_upload_id: posterUploadId, not_decodable: args.not_decodable });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 404 || error.status === 409) throw new Error(await goneMessage(db, id, error));
    if (error.status === 422 && (await alreadyTaken(id, upload))) return;
    throw error;
  }
  currentSyncEngine()?.requestSync();
}

/** Whether the video already names this upload's file (a repeat after a run that succeeded). */
async function alreadyTaken(id: string, upload: StoredUpload): Promise<boolean> {
  let media: MediaAnswer;
  try {
    media = await fetchMedia(id);
  } catch {
    return false;
  }
  return media.status !== "created" && media.file_name === upload.file_name.trim() && media.size === upload.size;
}

async function goneMessage(db: LocalDatabase | null, id: string, error: ApiRequestError): Promise<string> {
  if (error.status === 409) return error.message;
  const refused = db ? (await db.rejected.toArray()).some((entry) => entry.mutation.name === "createMedia" && (entry.mutation.args as { id?: unknown } | null)?.id === id) : false;
  return refused ? i18n._(msg`This video was not added (see the rejected changes): its file was not kept.`) : i18n._(msg`This video was deleted: its file was not kept.`);
}

/**
 * Waits (a while) until no queued change names the video: its `createMedia` must reach the server
 * before the server can take its file. Still queued after SYNC_WAIT_MS: a retryable failure, and
 * the upload client tries again later (backoff).
 */
async function waitForPush(db: LocalDatabase, id: string): Promise<void> {
  const pending = async () => (await db.outbox.toArray()).some((entry) => entry.touched.some((key) => key.table === "media" && key.id === id));
  if (!(await pending())) return;
  currentSyncEngine()?.requestSync();
  const deadline = Date.now() + SYNC_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!(await pending())) return;
  }
  throw new ApiRequestError(503, "The video is not on the server yet", undefined);
}

/**
 * Sends the poster JPEG as an upload of kind image for the same video (one part: it is far under
 * a part's size) and answers its upload id; null when the server refuses it (the video goes on
 * without a poster). No answer or a 5xx: thrown, so the step runs again later.
 */
async function uploadPoster(upload: StoredUpload, poster: Blob, http?: UploadHttp): Promise<string | null> {
  const api = new UploadApi(http);
  const signal = new AbortController().signal;
  try {
    const started = await api.start({ kind: "image", target_id: upload.target_id, organization_id: upload.organization_id, webcast_id: null, file_name: "poster.jpg", size: poster.size, content_type: "image/jpeg" }, signal);
    if (poster.size > started.part_bytes) return null;
    await api.putPart(started.id, 1, poster, () => undefined, signal);
    return (await api.complete(started.id, signal)).id;
  } catch (error) {
    const verdict = verdictOf(error);
    if (verdict === "refused" || verdict === "gone") return null;
    throw error;
  }
}

// Registered when the library's code loads (docs/uploads.md "Finishing steps"): an upload that
// completed before waits until then.
registerUploadFinisher(MEDIA_ATTACH, (upload, answer) => attachMediaUpload(upload, answer));
