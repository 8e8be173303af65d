/**
 * Fixtures for the uploads tests (not shipped code): the /api/uploads contract in memory (JSON
 * routes through `fetch`, parts through `sendPart` as XHR would), a network that goes off and on,
 * and an IndexedDB that keeps Blobs as a browser's does.
 */
import { acceptsFileType, sniffFileType } from "../../../domain/uploads/file-types.ts";
import type { UploadAnswer, UploadKind } from "../../../domain/uploads/record.ts";
import { missingParts, uploadPartCount, uploadPartSize } from "../../../domain/uploads/rules.ts";
import type { NetworkStatus, PartRequest, PartResponse, UploadHttp } from "./upload-api.ts";

interface ServerUpload {
  answer: UploadAnswer;
  bytes: Map<number, Uint8Array>;
}

/** A request the fake server saw: "METHOD /path" (and the JSON body of a POST). */
export interface SeenRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** What a test may answer instead of the server, for one part: a status and body, or "network" (no answer). */
export type PartOverride = { status: number; body: unknown } | "network" | undefined;

const error = (status: number, message: string, errors?: Record<string, string[]>) => ({ status, body: { message, code: status === 404 ? "not_found" : status === 409 ? "conflict" : "validation_failed", ...(errors ? { errors } : {}), requestId: "test" } });

export class FakeUploadServer implements UploadHttp {
  readonly uploads = new Map<string, ServerUpload>();
  readonly requests: SeenRequest[] = [];
  /** False: every request fails without an answer (a TypeError, like fetch and XHR offline). */
  reachable = true;
  inFlight = 0;
  maxInFlight = 0;
  /** Called before each part is taken; may answer in the server's stead. */
  onPart: (upload: string, part: number) => PartOverride = () => undefined;
  /** Called after a part is stored. */
  afterPart: (upload: string, part: number) => void = () => undefined;
  private next = 1;

  constructor(
    /** Part size the server answers (R2 needs 5 MiB; small here so files stay small). */
    readonly partBytes = 1_024,
    /** How long a part takes, in ms (progress is reported halfway). */
    readonly latency = 4,
  ) {}

  /** The file as the server would join it (its parts in order). */
  joined(id: string): Uint8Array {
    const upload = this.uploads.get(id);
    const parts = [...(upload?.bytes.entries() ?? [])].sort(([a], [b]) => a - b).map(([, bytes]) => bytes);
    const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      all.set(part, offset);
      offset += part.length;
    }
    return all;
  }

  /** The part numbers PUT, in order of the requests. */
  partsPut(): number[] {
    return this.requests.filter((request) => request.method === "PUT").map((request) => Number(request.path.split("/").at(-1)));
  }

  fetch: typeof fetch = async (input, init) => {
    const path = String(input).replace(/^https?:\/\/[^/]+/, "").split("?")[0] ?? "";
    const method = (init?.method ?? "GET").toUpperCase();
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (!this.reachable) throw new TypeError("Failed to fetch");
    this.requests.push({ method, path, ...(body === undefined ? {} : { body }) });
    const answer = this.route(method, path, body);
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
  };

  sendPart = async ({ path, body, onProgress, signal }: PartRequest): Promise<PartResponse> => {
    if (!this.reachable) throw new TypeError("Upload failed");
    this.requests.push({ method: "PUT", path });
    const [, , , id = "", , number = ""] = path.split("/");
    const part = Number(number);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await wait(this.latency / 2, signal);
      onProgress(Math.floor(body.size / 2));
      await wait(this.latency / 2, signal);
      const override = this.onPart(id, part);
      if (override === "network" || !this.reachable) throw new TypeError("Upload failed");
      const answer = override ?? (await this.storePart(id, part, body));
      if (answer.status === 200) onProgress(body.size);
      return { status: answer.status, statusText: "", body: JSON.stringify(answer.body), requestId: "test" };
    } finally {
      this.inFlight--;
    }
  };

  private async storePart(id: string, part: number, body: Blob): Promise<{ status: number; body: unknown }> {
    const upload = this.uploads.get(id);
    if (!upload) return error(404, "Not found");
    const { answer } = upload;
    if (answer.status !== "uploading") return error(409, "This upload is finished or canceled: start a new one.");
    const expected = uploadPartSize(answer.size, part, answer.part_bytes);
    if (expected === 0 || body.size !== expected) return error(422, "The file cannot be uploaded.", { part: ["This part does not have the expected size."] });
    const bytes = new Uint8Array(await body.arrayBuffer());
    if (part === 1 && !acceptsFileType(answer.kind, sniffFileType(bytes))) {
      answer.status = "aborted";
      return error(422, "The file cannot be uploaded.", { file: ["This file is not a video."] });
    }
    upload.bytes.set(part, bytes);
    answer.parts = [...upload.bytes.entries()].map(([part_number, stored]) => ({ part_number, size: stored.length })).sort((a, b) => a.part_number - b.part_number);
    this.afterPart(id, part);
    return { status: 200, body: { data: { part_number: part, size: expected } } };
  }

  private route(method: string, path: string, body: unknown): { status: number; body: unknown } {
    const [, , , id, action] = path.split("/");
    if (method === "POST" && !id) return this.start(body);
    const upload = id ? this.uploads.get(id) : undefined;
    if (!upload) return error(404, "Not found");
    const { answer } = upload;
    if (method === "GET" && !action) return { status: 200, body: { data: answer } };
    if (method === "DELETE" && !action) {
      if (answer.status === "uploading") answer.status = "aborted";
      upload.bytes.clear();
      answer.parts = [];
      return { status: 204, body: null };
    }
    if (method === "POST" && action === "complete") {
      if (answer.status === "completed") return { status: 200, body: { data: answer } };
      if (answer.status !== "uploading") return error(409, "This upload is finished or canceled: start a new one.");
      const missing = missingParts(answer.size, answer.parts, answer.part_bytes);
      if (missing.length > 0) return error(409, "Some parts of the file have not arrived yet.", { parts: missing.map(String) });
      answer.status = "completed";
      return { status: 200, body: { data: { ...answer, parts: [] } } };
    }
    return error(404, "Not found");
  }

  private start(body: unknown): { status: number; body: unknown } {
    const start = body as { kind: UploadKind; target_id: string; organization_id?: number; webcast_id?: string; file_name: string; size: number; content_type?: string };
    if (start.size > 5 * 1024 ** 3) return error(422, "The file cannot be uploaded.", { size: ["The file may not be larger than 5 GB."] });
    const id = `00000000-0000-7000-8000-${String(this.next++).padStart(12, "0")}`;
    const answer: UploadAnswer = {
      id,
      kind: start.kind,
      target_id: start.target_id,
      organization_id: start.organization_id ?? 1,
      webcast_id: start.webcast_id ?? null,
      file_name: start.file_name,
      size: start.size,
      content_type: start.content_type ?? "application/octet-stream",
      part_bytes: this.partBytes,
      part_count: uploadPartCount(start.size, this.partBytes),
      status: "uploading",
      parts: [],
      created_at: new Date().toISOString(),
    };
    this.uploads.set(id, { answer, bytes: new Map() });
    return { status: 201, body: { data: answer } };
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("aborted", "AbortError"));
    }, { once: true });
  });
}

/** A network a test switches off and on (`online` events included). */
export class FakeNetwork implements NetworkStatus {
  private readonly listeners = new Set<() => void>();

  constructor(private isOnline = true) {}

  online(): boolean {
    return this.isOnline;
  }

  onOnline(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(online: boolean): void {
    this.isOnline = online;
    if (online) for (const listener of [...this.listeners]) listener();
  }
}

/** An MP4's first bytes (`ftyp` at byte 4), then `size` bytes in all, each its index mod 251. */
export function videoFile(size: number, name = "talk.mp4", lastModified = 1_700_000_000_000): File {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = index % 251;
  bytes.set([0, 0, 0, 0x18, ...[..."ftypisom"].map((char) => char.charCodeAt(0))], 0);
  return new File([bytes], name, { type: "video/mp4", lastModified });
}

/**
 * IndexedDB keeps a File as a File in a browser; fake-indexeddb's structured clone turns
 * happy-dom's into a plain object. This keeps Blob values as they are (returns the undo).
 */
export function keepBlobsInIndexedDb(): () => void {
  const original = globalThis.structuredClone;
  const clone = (value: unknown): unknown => {
    if (value instanceof Blob) return value;
    if (Array.isArray(value)) return value.map(clone);
    if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)]));
    return original(value);
  };
  globalThis.structuredClone = clone as typeof structuredClone;
  return () => {
    globalThis.structuredClone = original;
  };
}
