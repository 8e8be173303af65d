import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { storedContentType } from "../../../domain/uploads/file-types.ts";
import type { UploadAnswer, UploadKind } from "../../../domain/uploads/record.ts";
import { UPLOAD_PARALLEL_PARTS, missingParts } from "../../../domain/uploads/rules.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import type { LocalDatabase, StoredUpload } from "../../local/db.ts";
import { type NetworkStatus, UploadApi, type UploadHttp, browserNetwork } from "./upload-api.ts";
import { sendParts } from "./upload-parts.ts";
import { uploadFileErrors } from "./upload-check.ts";
import { onFinisherRegistered, uploadFinisher } from "./upload-finishers.ts";
import { type LiveUpload, SpeedMeter, secondsLeft, uploadLive } from "./upload-live.ts";
import { Slots, abortError, isAbort, pause, refusalMessage, retryDelay, verdictOf } from "./upload-retry.ts";

/**
 * The browser's one upload client (docs/uploads.md "The browser's side"): every file goes to R2
 * in parts through /api/uploads. The durable facts live in Dexie (`uploads`: survives a reload, a
 * cut, a browser restart), the moment in `uploadLive` (valtio). An upload runs: create → the parts
 * the server holds → the missing ones, UPLOAD_PARALLEL_PARTS at once → complete → the feature's
 * finishing step (upload-finishers.ts) → done. No answer or a 5xx: retry, 1 s doubling to 30 s,
 * forever; offline: wait for the `online` event. A 4xx refusal: failed, with the server's message.
 */

export interface UploadEngineOptions {
  db: LocalDatabase;
  http?: UploadHttp;
  network?: NetworkStatus;
  locale?: () => UiLocale;
  now?: () => number;
  /** First retry delay and its cap, in ms (1 s doubling to 30 s). */
  backoff?: { first: number; max: number };
  /** Parts in flight at once, all uploads together. */
  parallelParts?: number;
}

export interface QueueUploadRequest {
  kind: UploadKind;
  organization_id: number;
  webcast_id: string | null;
  /** The row that takes the file (a library video, a deck, a resource), made by the feature. */
  target_id: string;
  file: File;
  finish: StoredUpload["finish"];
}

/** Queued (`id`: this device's upload id), or refused before any request (`errors` by field, localized). */
export type QueueResult = { ok: true; id: string } | { ok: false; errors: Record<string, string[]> };

type Status = StoredUpload["status"];
const ENDED: ReadonlySet<Status> = new Set(["done", "failed", "canceled"]);
const RUNNING: Status[] = ["queued", "uploading", "completing", "finishing"];
/** Starting over from the first byte (the server lost the upload) at most this often in a row. */
const MAX_RESTARTS = 2;

export class UploadEngine {
  readonly db: LocalDatabase;
  private readonly api: UploadApi;
  private readonly network: NetworkStatus;
  private readonly locale: () => UiLocale;
  private readonly now: () => number;
  private readonly backoff: { first: number; max: number };
  private readonly slots: Slots;
  private readonly parallel: number;
  /** Files of this session (the copy in IndexedDB may be missing: quota, or a browser that cannot keep it). */
  private readonly blobs = new Map<string, Blob>();
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly meters = new Map<string, SpeedMeter>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(options: UploadEngineOptions) {
    this.db = options.db;
    this.api = new UploadApi(options.http);
    this.network = options.network ?? browserNetwork;
    this.locale = options.locale ?? currentLocale;
    this.now = options.now ?? Date.now;
    this.backoff = options.backoff ?? { first: 1_000, max: 30_000 };
    this.parallel = options.parallelParts ?? UPLOAD_PARALLEL_PARTS;
    this.slots = new Slots(this.parallel);
    this.unsubscribe.push(this.network.onOnline(() => void this.flushAborts()));
    this.unsubscribe.push(onFinisherRegistered((type) => void this.resumeWhere((upload) => upload.status === "finishing" && upload.finish.type === type)));
  }

  /** Checks the file (no request when refused), stores the upload and starts it. */
  async queue(request: QueueUploadRequest): Promise<QueueResult> {
    const { file } = request;
    const { errors, type } = await uploadFileErrors(request.kind, file, this.locale());
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    const at = new Date(this.now()).toISOString();
    const upload: StoredUpload = {
      id: uuidv7(),
      upload_id: null,
      kind: request.kind,
      organization_id: request.organization_id,
      webcast_id: request.webcast_id,
      target_id: request.target_id,
      file,
      file_name: file.name,
      size: file.size,
      last_modified: file.lastModified,
      type: storedContentType(type, file.type || "application/octet-stream"),
      finish: request.finish,
      status: "queued",
      uploaded_bytes: 0,
      error: null,
      created_at: at,
      updated_at: at,
    };
    this.blobs.set(upload.id, file);
    try {
      await this.db.uploads.add(upload);
    } catch {
      // Storage full (or a browser that cannot keep files): this session sends it all the same;
      // after a reload the file must be chosen again.
      await this.db.uploads.add({ ...upload, file: null });
    }
    this.run(upload.id);
    return { ok: true, id: upload.id };
  }

  /** Continues every unfinished upload of this device (from the server's part list), and tells the server of cancellations it missed. */
  async resume(): Promise<void> {
    await this.resumeWhere(() => true);
    await this.flushAborts();
    // A cancellation the server was told of is of no more use (the list does not show them).
    await this.db.uploads.where("status").equals("canceled").and((upload) => upload.upload_id === null).delete();
  }

  /** Stops sending, frees the parts on the server (now, or once it can be reached), forgets the file. */
  async cancel(id: string): Promise<void> {
    const run = this.running.get(id);
    run?.controller.abort();
    await run?.done;
    await this.end(id, { status: "canceled" });
    await this.flushAborts();
  }

  /** Gives back the file of an upload whose copy was not kept: only the same file (name, size, last change). */
  async reattach(id: string, file: File): Promise<boolean> {
    const upload = await this.db.uploads.get(id);
    if (!upload || ENDED.has(upload.status)) return false;
    if (file.name !== upload.file_name || file.size !== upload.size || file.lastModified !== upload.last_modified) return false;
    this.blobs.set(id, file);
    await this.db.uploads.update(id, { file }).catch(() => undefined);
    this.run(id);
    return true;
  }

  /** Removes an ended upload from this device's list (the server is told first if it can be; else its daily sweep frees the parts). */
  async dismiss(id: string): Promise<void> {
    const upload = await this.db.uploads.get(id);
    if (!upload || !ENDED.has(upload.status)) return;
    await this.flushAborts();
    await this.db.uploads.delete(id);
  }

  /** Stops every upload of this engine (sign-out, another user); they resume at the next start. */
  stop(): void {
    for (const { controller } of this.running.values()) controller.abort();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  /** Resolves once no upload is being sent (tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((run) => run.done));
  }

  private async resumeWhere(filter: (upload: StoredUpload) => boolean): Promise<void> {
    const uploads = await this.db.uploads.where("status").anyOf(RUNNING).toArray();
    for (const upload of uploads) if (filter(upload)) this.run(upload.id);
  }

  /** Starts driving an upload unless it already runs here (or, held by another tab, once that tab lets go). */
  private run(id: string): void {
    if (this.running.has(id)) return;
    const controller = new AbortController();
    const drive = () => this.drive(id, controller.signal);
    const locks = globalThis.navigator?.locks;
    const done = (locks ? locks.request(`igo-upload-${id}`, { signal: controller.signal }, drive) : drive())
      .catch((error: unknown) => {
        if (!isAbort(error)) console.error("upload stopped", id, error);
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, { controller, done });
  }

  private async drive(id: string, signal: AbortSignal): Promise<void> {
    const retry = { attempt: 0 };
    let restarts = 0;
    for (;;) {
      const upload = await this.db.uploads.get(id);
      if (!upload || ENDED.has(upload.status) || signal.aborted) return;
      this.live(upload);
      try {
        await this.whenOnline(id, signal);
        const answer = await this.send(upload, signal, retry);
        if (!answer) return this.setLive(id, { waiting: "file" });
        await this.patch(id, { status: "finishing" });
        const finisher = uploadFinisher(upload.finish.type);
        if (!finisher) return this.setLive(id, { waiting: "finisher" });
        await finisher({ ...upload, status: "finishing" }, answer);
        await this.end(id, { status: "done", uploaded_bytes: upload.size });
        return;
      } catch (error) {
        const verdict = verdictOf(error);
        if (verdict === "abort" || signal.aborted || verdict === "session") return;
        if (verdict === "refused") return void (await this.fail(id, refusalMessage(error)));
        if (verdict === "gone") {
          // Only an upload the server had can be gone; a 404 on creating one (its target is gone) fails.
          const known = (await this.db.uploads.get(id))?.upload_id ?? null;
          if (known === null || ++restarts > MAX_RESTARTS) return void (await this.fail(id, refusalMessage(error)));
          await this.patch(id, { upload_id: null, status: "queued", uploaded_bytes: 0 });
          continue;
        }
        if (verdict === "parts") await this.patch(id, { status: "uploading" });
        this.setLive(id, { waiting: verdict === "network" ? "network" : "server" });
        const delay = retryDelay(retry.attempt++, this.backoff);
        if (verdict === "network" && !this.network.online()) await this.whenOnline(id, signal);
        // No answer although "online" (a dead Wi-Fi, a captive portal): try again after the delay, or at once if the network comes back.
        else await pause(delay, signal, verdict === "network" ? (wake) => this.network.onOnline(wake) : undefined);
        this.setLive(id, { waiting: null });
      }
    }
  }

  /** Creates (or finds) the upload on the server, sends what it misses and completes it; null when the file is needed again. */
  private async send(upload: StoredUpload, signal: AbortSignal, retry: { attempt: number }): Promise<UploadAnswer | null> {
    if (upload.upload_id !== null && (upload.status === "completing" || upload.status === "finishing")) return this.api.complete(upload.upload_id, signal);
    const blob = this.blobOf(upload);
    if (upload.upload_id === null && !blob) return null;
    let answer: UploadAnswer;
    if (upload.upload_id === null) {
      answer = await this.api.start({ ...upload, content_type: upload.type }, signal);
      await this.patch(upload.id, { upload_id: answer.id, status: "uploading" });
    } else answer = await this.api.get(upload.upload_id, signal);
    // Aborted on the server (the daily sweep of forgotten uploads): start over, like a 404.
    if (answer.status === "aborted") throw new ApiRequestError(404, "The upload is gone", "not_found");
    if (answer.status === "uploading") {
      const missing = missingParts(upload.size, answer.parts, answer.part_bytes);
      if (missing.length > 0 && !blob) return null;
      if (blob) {
        const onPart = async (held: number) => {
          retry.attempt = 0;
          await this.patch(upload.id, { uploaded_bytes: held });
        };
        await this.patch(upload.id, { status: "uploading" });
        await sendParts({ api: this.api, slots: this.slots, parallel: this.parallel, answer, blob, missing, signal, onProgress: (sent) => this.progress(upload.id, sent, upload.size), onPart });
      }
      await this.patch(upload.id, { status: "completing" });
      answer = await this.api.complete(answer.id, signal);
    }
    return answer;
  }

  private blobOf(upload: StoredUpload): Blob | null {
    const blob = this.blobs.get(upload.id) ?? upload.file;
    // A stored copy that did not survive whole (some browsers, test doubles) counts as missing.
    return blob instanceof Blob && blob.size === upload.size ? blob : null;
  }

  private async whenOnline(id: string, signal: AbortSignal): Promise<void> {
    if (this.network.online()) return;
    this.setLive(id, { waiting: "network" });
    await pause(2 ** 31 - 1, signal, (wake) => this.network.onOnline(wake));
    this.setLive(id, { waiting: null });
  }

  /** Changes a running upload; throws an AbortError when it ended meanwhile (canceled in another tab). */
  private async patch(id: string, changes: Partial<StoredUpload>): Promise<void> {
    const count = await this.db.uploads
      .where("id")
      .equals(id)
      .and((upload) => !ENDED.has(upload.status))
      .modify({ ...changes, updated_at: new Date(this.now()).toISOString() });
    if (count === 0) throw abortError();
  }

  /** Ends an upload: its file is forgotten (it was sent, or will not be). */
  private async end(id: string, changes: Partial<StoredUpload> & { status: Status }): Promise<void> {
    this.blobs.delete(id);
    this.meters.delete(id);
    delete uploadLive[id];
    await this.patch(id, { file: null, error: null, ...changes }).catch((error: unknown) => {
      if (!isAbort(error)) throw error;
    });
  }

  private async fail(id: string, message: string): Promise<void> {
    await this.end(id, { status: "failed", error: message });
    await this.flushAborts();
  }

  /**
   * DELETE on the server for every canceled or failed upload it may still hold (frees its parts,
   * or the completed file no row took); `upload_id` is cleared once the server answered. Without
   * an answer, it is tried again when the network comes back or at the next start.
   */
  private async flushAborts(): Promise<void> {
    const ended = await this.db.uploads.where("status").anyOf(["canceled", "failed"]).toArray();
    for (const upload of ended) {
      if (upload.upload_id === null) continue;
      try {
        await this.api.abort(upload.upload_id);
      } catch (error) {
        const verdict = verdictOf(error);
        if (verdict === "network" || verdict === "server" || verdict === "session") continue;
      }
      await this.db.uploads.update(upload.id, { upload_id: null });
    }
  }

  private live(upload: StoredUpload): void {
    const live = uploadLive[upload.id];
    if (live) live.waiting = null;
    else uploadLive[upload.id] = { sent: upload.uploaded_bytes, total: upload.size, speed: null, seconds_left: null, waiting: null };
  }

  private setLive(id: string, changes: Partial<LiveUpload>): void {
    const live = uploadLive[id];
    if (live) Object.assign(live, changes);
  }

  private progress(id: string, sent: number, total: number): void {
    let meter = this.meters.get(id);
    if (!meter) this.meters.set(id, (meter = new SpeedMeter()));
    meter.add(this.now(), sent);
    const speed = meter.speed();
    this.setLive(id, { sent, total, speed, seconds_left: secondsLeft(total - sent, speed), waiting: null });
  }
}
