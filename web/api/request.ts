import { CSRF_MISMATCH_STATUS, csrfFetch, csrfHeaders, refreshCsrfCookie } from "./csrf.ts";
import { ApiRequestError, handleApiError } from "./errors.ts";
import { requestHeaders } from "./headers.ts";

/**
 * Calls outside the typed `hc` client (./client.ts), with the same headers, credentials, CSRF and
 * SPEC §8 error handling: routes whose input `AppType` does not type (or not yet: a contract
 * written before its worker side), and multipart uploads that need progress (XHR). Prefer `api`.
 */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Query parameters (undefined values are left out). */
  query?: Record<string, string | number | undefined>;
  /** `false` leaves every error to the caller (no 401 → login, 404 → not-found…). */
  global?: boolean;
  signal?: AbortSignal;
}

function urlOf(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = requestHeaders();
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await csrfFetch(urlOf(path, options.query), {
      method,
      headers,
      credentials: "include",
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw ApiRequestError.network(cause);
  }
  if (!response.ok) {
    const error = await ApiRequestError.fromResponse(response);
    if (options.global !== false) handleApiError(error);
    throw error;
  }
  return response;
}

/** A call answering JSON; `T` is the success body as the contract describes it. */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  const body: unknown = await response.json();
  return body as T;
}

/** A call whose success has no body to read (204, or a body the caller ignores). */
export async function apiSend(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<void> {
  await send(method, path, options);
}

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
      options.onProgress?.(1);
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText, requestId: xhr.getResponseHeader("X-Request-Id") });
    });
    xhr.addEventListener("error", () => reject(ApiRequestError.network(new TypeError("Upload failed"))));
    xhr.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
