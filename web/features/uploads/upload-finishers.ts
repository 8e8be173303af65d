import type { StoredUpload } from "../../local/db.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";

/**
 * What a feature does with a completed upload (its `finish.type`): e.g. "resource.create" makes
 * the resource row that takes the file. It returns once the file is taken; throwing an
 * ApiRequestError lets the engine retry (no answer, 5xx) or fail the upload (4xx, its message
 * shown). It may run more than once for one upload (the tab closed while it ran: it runs again
 * at the next start), so it must be idempotent: keyed by the upload's `target_id`.
 */
export type UploadFinisher = (upload: StoredUpload, answer: UploadAnswer) => Promise<void>;

const finishers = new Map<string, UploadFinisher>();
const listeners = new Set<(type: string) => void>();

/**
 * Registers the finishing step named `type` (once per feature, when its module loads). An upload
 * that completed while no step of its type was known waits, and continues now. Returns the
 * unregistration (tests).
 */
export function registerUploadFinisher(type: string, finisher: UploadFinisher): () => void {
  finishers.set(type, finisher);
  for (const listener of listeners) listener(type);
  return () => {
    if (finishers.get(type) === finisher) finishers.delete(type);
  };
}

/** The finishing step named `type`, if registered. */
export function uploadFinisher(type: string): UploadFinisher | undefined {
  return finishers.get(type);
}

/** Called with the type of each finisher registered from now on (the engine resumes its waiting uploads). */
export function onFinisherRegistered(listener: (type: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
