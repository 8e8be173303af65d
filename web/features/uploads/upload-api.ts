import { type ClientResponse, hc } from "hono/client";
import type { UploadAnswer, UploadKind } from "../../../domain/uploads/record.ts";
import type { AppType } from "../../../worker/app.ts";
import { CSRF_MISMATCH_STATUS, csrfFetch, csrfHeaders, refreshCsrfCookie } from "../../api/csrf.ts";
import { ApiRequestError, handleApiError, unwrap, fetchFailure } from "../../api/errors.ts";
import { requestHeaders } from "../../api/headers.ts";
import { reachabilityReporting, reportReachability } from "../../api/reachability.ts";

/**
 * The upload routes (docs/uploads.md "The browser's side"): JSON calls through the typed `hc`
 * client, parts through XHR, the only way a browser reports a request body's progress. What
 * touches the network is injected (`UploadHttp`), so the engine is tested against a fake server.
 * Failures are ApiRequestError (status 0: no answer); the engine decides what to retry.
 */

/** One part's request: its raw bytes, with progress reported as bytes of this part sent. */
export interface PartRequest {
  path: string;
  body: Blob;
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}

/** The answer to a part (any status); rejects with a TypeError without one, an AbortError when aborted. */
export interface PartResponse {
  status: number;
  statusText: string;
  body: string;
  requestId: string | null;
}

export interface UploadHttp {
  /** `fetch` for the JSON calls (CSRF and reachability included in the browser's). */
  fetch: typeof fetch;
  /** Sends one part (XHR in the browser). */
  sendPart: (request: PartRequest) => Promise<PartResponse>;
}

/** What POST /api/uploads takes. */
export interface UploadStart {
  kind: UploadKind;
  target_id: string;
  organization_id: number;
  webcast_id: string | null;
  file_name: string;
  size: number;
  content_type: string;
}

/** The calls of the upload engine, each throwing ApiRequestError on failure. */
export class UploadApi {
  private readonly client;

  constructor(private readonly http: UploadHttp = browserUploadHttp()) {
    this.client = hc<AppType>("/", { headers: requestHeaders, fetch: http.fetch, init: { credentials: "include" } }).api.uploads;
  }

  async start(start: UploadStart, signal: AbortSignal): Promise<UploadAnswer> {
    const json = {
      kind: start.kind,
      target_id: start.target_id,
      file_name: start.file_name,
      size: start.size,
      content_type: start.content_type.slice(0, 255),
      // A library video or image belongs to an organization; a deck or a resource to a webcast.
      ...(start.kind === "video" || start.kind === "image" ? { organization_id: start.organization_id } : {}),
      ...(start.webcast_id ? { webcast_id: start.webcast_id } : {}),
    };
    return (await call(this.client.$post({ json }, { init: { signal } }))).data;
  }

  async get(id: string, signal: AbortSignal): Promise<UploadAnswer> {
    return (await call(this.client[":id"].$get({ param: { id } }, { init: { signal } }))).data;
  }

  async complete(id: string, signal: AbortSignal): Promise<UploadAnswer> {
    return (await call(this.client[":id"].complete.$post({ param: { id } }, { init: { signal } }))).data;
  }

  async abort(id: string): Promise<void> {
    await call(this.client[":id"].$delete({ param: { id } }));
  }

  /** PUT /api/uploads/{id}/parts/{n}: the part's raw bytes (exactly its size). */
  async putPart(id: string, partNumber: number, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<void> {
    let response: PartResponse;
    try {
      response = await this.http.sendPart({ path: `/api/uploads/${encodeURIComponent(id)}/parts/${partNumber}`, body, onProgress, signal });
    } catch (cause) {
      throw fetchFailure(cause);
    }
    if (response.status >= 200 && response.status < 300) return;
    const error = await ApiRequestError.fromResponse({
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.requestId ? { "X-Request-Id": response.requestId } : {}),
      text: async () => response.body,
    });
    throw globalHandling(error);
  }
}

/**
 * Awaits a call without the SPEC §8 global handling but for a 401 (the session is gone: to the
 * login page): an upload runs in the background, and a 404 or a 503 of one of its calls is the
 * engine's to handle, not a reason to leave the screen.
 */
async function call<T extends ClientResponse<unknown>>(request: Promise<T>) {
  try {
    return await unwrap(request, { global: false });
  } catch (error) {
    throw error instanceof ApiRequestError ? globalHandling(error) : error;
  }
}

function globalHandling(error: ApiRequestError): ApiRequestError {
  if (error.status === 401) handleApiError(error);
  return error;
}

/** The browser's network: the app's `fetch` (CSRF, reachability) and XHR for the parts. */
export function browserUploadHttp(): UploadHttp {
  return { fetch: reachabilityReporting(csrfFetch), sendPart: xhrSendPart };
}

/** A part through XHR with the app's headers and CSRF token; a 419 refreshes the token and sends once more. */
export async function xhrSendPart(request: PartRequest): Promise<PartResponse> {
  let response = await xhrPut(request);
  if (response.status === CSRF_MISMATCH_STATUS) {
    await refreshCsrfCookie();
    response = await xhrPut(request);
  }
  return response;
}

async function xhrPut({ path, body, onProgress, signal }: PartRequest): Promise<PartResponse> {
  const headers = { ...requestHeaders(), ...(await csrfHeaders()), "Content-Type": "application/octet-stream" };
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("Upload aborted", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => onProgress(event.loaded));
    xhr.addEventListener("load", () => {
      reportReachability(true);
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText, requestId: xhr.getResponseHeader("X-Request-Id") });
    });
    xhr.addEventListener("error", () => {
      reportReachability(false);
      reject(new TypeError("Upload failed"));
    });
    xhr.addEventListener("timeout", () => reject(new TypeError("Upload timed out")));
    xhr.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Whether the device has a network, and when it comes back. */
export interface NetworkStatus {
  online(): boolean;
  onOnline(listener: () => void): () => void;
}

export const browserNetwork: NetworkStatus = {
  online: () => globalThis.navigator?.onLine !== false,
  onOnline(listener) {
    globalThis.addEventListener("online", listener);
    return () => globalThis.removeEventListener("online", listener);
  },
};
