import type { LocalDatabase } from "../../local/db.ts";
import { currentLocalDatabase, onLocalDatabase } from "../../local/session-sync.ts";
import { type QueueResult, type QueueUploadRequest, UploadEngine } from "./upload-engine.ts";

/**
 * The app's upload client (docs/uploads.md "The browser's side"): one engine (./upload-engine.ts)
 * per signed-in user's database. Features call these; the engine itself is built in tests.
 */

export type { QueueResult, QueueUploadRequest } from "./upload-engine.ts";
export { type UploadFinisher, registerUploadFinisher } from "./upload-finishers.ts";
export { type LiveUpload, uploadLive } from "./upload-live.ts";

let shared: UploadEngine | null = null;

function engineFor(db: LocalDatabase | null = currentLocalDatabase()): UploadEngine {
  if (!db) throw new Error("Uploads need the signed-in user's database");
  if (shared?.db !== db) {
    shared?.stop();
    shared = new UploadEngine({ db });
  }
  return shared;
}

/** At app start, once the user's database is open: every unfinished upload of this device continues. */
export function resumeUploads(db?: LocalDatabase): Promise<void> {
  return engineFor(db).resume();
}

/**
 * Checks `file` for `kind` (refused: `{ok: false, errors}` by field, localized, no request made, nothing
 * stored), stores the upload and starts it: `{ok: true, id}`, this device's id of the upload.
 */
export function queueUpload(request: QueueUploadRequest): Promise<QueueResult> {
  return engineFor().queue(request);
}

/** Cancels an upload: its parts are freed on the server (now or once reachable), its file forgotten. */
export function cancelUpload(id: string): Promise<void> {
  return engineFor().cancel(id);
}

/** Gives back the file of an upload this device could not keep; false unless it is the same file (name, size, last change). */
export function reattachFile(id: string, file: File): Promise<boolean> {
  return engineFor().reattach(id, file);
}

/** Removes an ended upload (done, failed) from the list. */
export function dismissUpload(id: string): Promise<void> {
  return engineFor().dismiss(id);
}

/** Stops the engine (sign-out); the uploads resume at the next `resumeUploads`. */
export function stopUploads(): void {
  shared?.stop();
  shared = null;
}

/**
 * Follows the signed-in user's database (web/local/session-sync.ts): unfinished uploads resume once
 * it is open, and stop at sign-out. Called once by the app's root.
 */
export function installUploads(): () => void {
  return onLocalDatabase((db) => {
    if (db) void resumeUploads(db);
    else stopUploads();
  });
}
