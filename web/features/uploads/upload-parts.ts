import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { uploadPartSize } from "../../../domain/uploads/rules.ts";
import type { UploadApi } from "./upload-api.ts";
import type { Slots } from "./upload-retry.ts";

export interface PartsJob {
  api: UploadApi;
  /** The device's part slots (UPLOAD_PARALLEL_PARTS, all uploads together). */
  slots: Slots;
  parallel: number;
  /** The server's upload (its id and part size). */
  answer: UploadAnswer;
  blob: Blob;
  /** Part numbers to send (the others are held by the server). */
  missing: number[];
  signal: AbortSignal;
  /** Bytes sent: held plus the bytes of the parts in flight, at every change. */
  onProgress: (sent: number) => void;
  /** After each part the server acknowledged, with the bytes it now holds. */
  onPart: (held: number) => Promise<void>;
}

/**
 * Sends the missing parts, each sliced from the file at the server's part size, as many at once
 * as the slots allow. The first failure stops taking new parts; the parts in flight run to their
 * end (their bytes are not lost when they get through), then it is thrown.
 */
export async function sendParts(job: PartsJob): Promise<void> {
  const { answer, blob, signal } = job;
  const partSize = (part: number) => uploadPartSize(answer.size, part, answer.part_bytes);
  let held = answer.size - job.missing.reduce((sum, part) => sum + partSize(part), 0);
  const inFlight = new Map<number, number>();
  const report = () => job.onProgress(held + [...inFlight.values()].reduce((sum, bytes) => sum + bytes, 0));
  report();
  const queue = [...job.missing];
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && queue.length > 0) {
      let release: (() => void) | undefined;
      try {
        release = await job.slots.take(signal);
        const part = queue.shift();
        if (part === undefined || failure !== null) return;
        const start = (part - 1) * answer.part_bytes;
        const body = blob.slice(start, start + partSize(part));
        inFlight.set(part, 0);
        const onProgress = (loaded: number) => {
          if (!inFlight.has(part)) return;
          inFlight.set(part, Math.min(loaded, body.size));
          report();
        };
        await job.api.putPart(answer.id, part, body, onProgress, signal);
        inFlight.delete(part);
        held += body.size;
        release();
        report();
        await job.onPart(held);
      } catch (error) {
        failure ??= error;
      } finally {
        release?.();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(job.parallel, job.missing.length) }, worker));
  } finally {
    inFlight.clear();
    report();
  }
  if (failure !== null) throw failure;
}
