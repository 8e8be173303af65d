import { CSRF_MISMATCH_STATUS, csrfHeaders, refreshCsrfCookie } from "./csrf.ts";
import { ApiRequestError, handleApiError } from "./errors.ts";
import { requestHeaders } from "./headers.ts";
import { reportReachability } from "./reachability.ts";

/**
 * The one API call outside the typed `hc` client (./client.ts): a multipart upload that reports
 * its progress (the profile photo). `hc` sends through `fetch`, which cannot report upload
 * progress, so this goes through XHR with the same headers, credentials, CSRF token and SPEC §8
 * error handling. Every other call goes through `api` + `unwrap` (./errors.ts) — issue #2.
 */

export interface UploadOptions {
  /** 0..1 while the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  global?: boolean;
}

/**
 * POSTs a multipart form with upload progress (fetch cannot report it, so this uses XHR), with the
 * same headers, credentials and CSRF token; a 419 refreshes the token and sends once more.
 */
export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  let result = await xhrPost(path, form, options);
  if (result.status === CSRF_MISMATCH_STATUS) {
    await refreshCsrfCookie();
    result = await xhrPost(path, form, options);
  }
  if (result.status < 200 || result.status >= 300) {
    const error = await ApiRequestError.fromResponse({
      status: result.status,
      statusText: result.statusText,
      headers: new Headers(result.requestId ? { "X-Request-Id": result.requestId } : {}),
      text: async () => result.body,
    });
    if (options.global !== false) handleApiError(error);
    throw error;
  }
  const body: unknown = JSON.parse(result.body);
  return body as T;
}

interface XhrResult {
  status: number;
  statusText: string;
  body: string;
  requestId: string | null;
}

async function xhrPost(path: string, form: FormData, options: UploadOptions): Promise<XhrResult> {
  const headers = { ...requestHeaders(), ...(await csrfHeaders()) };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      reportReachability(true);
      options.onProgress?.(1);
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText, requestId: xhr.getResponseHeader("X-Request-Id") });
    });
    xhr.addEventListener("error", () => {
      reportReachability(false);
      reject(ApiRequestError.network(new TypeError("Upload failed")));
    });
    xhr.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
