import { type ClientResponse, parseResponse } from "hono/client";
import { type ErrorBody, type ErrorCode, type FieldErrors, isErrorCode, statusOf } from "../../domain/errors/index.ts";
import { STORAGE_PREFIX } from "../../domain/i18n/locales.ts";
import { LOGIN_PATH, loginUrl, normalizePath } from "../../domain/navigation/guard.ts";

/** What the server sent, minimally: enough to build an error from any failed response. */
export interface FailedResponse {
  status: number;
  statusText: string;
  headers: Headers;
  text(): Promise<string>;
}

/**
 * A failed API call (SPEC §8). `message` is the body's `message`, else the raw response text,
 * else the status line. `status` 0 means the request never got an answer (offline, DNS, CORS).
 */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  /** Set when the global handler already acted (navigation or reload); callers need not show it. */
  handled = false;

  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | undefined,
    readonly errors: FieldErrors = {},
    readonly requestId: string | undefined = undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Messages for one form field (SPEC §8 field-error map). */
  fieldErrors(field: string): string[] {
    return this.errors[field] ?? [];
  }

  static async fromResponse(response: FailedResponse): Promise<ApiRequestError> {
    const raw = await response.text().catch(() => "");
    const body = parseJson(raw);
    const message = typeof body?.message === "string" && body.message ? body.message : raw.trim() || statusLine(response);
    const code = isErrorCode(body?.code) ? body.code : undefined;
    const requestId =
      typeof body?.requestId === "string" ? body.requestId : (response.headers.get("X-Request-Id") ?? undefined);
    return new ApiRequestError(response.status, message, code, fieldErrorsOf(body?.errors), requestId);
  }

  /** A SPEC §8 body received otherwise than as a response (a streamed pull's error line). */
  static fromBody(body: ErrorBody, options?: { cause?: unknown }): ApiRequestError {
    return new ApiRequestError(statusOf(body.code), body.message, body.code, body.errors ?? {}, body.requestId, options);
  }

  static network(cause: unknown): ApiRequestError {
    const message = cause instanceof Error && cause.message ? cause.message : "Network request failed";
    return new ApiRequestError(0, message, undefined, {}, undefined, { cause });
  }
}

function statusLine(response: FailedResponse): string {
  return `${response.status} ${response.statusText}`.trim();
}

function parseJson(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : undefined;
  } catch {
    return undefined;
  }
}

function fieldErrorsOf(value: unknown): FieldErrors {
  if (typeof value !== "object" || value === null) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === "string");
    else if (typeof messages === "string") errors[field] = [messages];
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Global handling (SPEC §8)

export type GlobalErrorAction = "login" | "root" | "not-found" | "reload-root" | "propagate";

/**
 * 401 → login (with the current path as `redirect_url`), 403 → root, 404 → not-found page,
 * 503 → reload the site root, others propagate.
 */
export function globalActionFor(status: number): GlobalErrorAction {
  switch (status) {
    case 401:
      return "login";
    case 403:
      return "root";
    case 404:
      return "not-found";
    case 503:
      return "reload-root";
    default:
      return "propagate";
  }
}

export const ROOT_PATH = "/";
export const NOT_FOUND_PATH = "/errors/404";

/** What the global handler needs from the app; wired in web/main.tsx with the router. */
export interface GlobalErrorDeps {
  /** 401: forget the signed-in user (web/features/session `resetSession`). */
  resetUser(): void;
  /** Where 401 sends people: /login once that route exists, the root until then. */
  loginPath(): string;
  /** The current path (a query, when given, is kept in `redirect_url`). */
  currentPath(): string;
  navigate(path: string): void;
  reloadRoot(): void;
}

let installed: GlobalErrorDeps | undefined;

export function installGlobalErrorHandler(deps: GlobalErrorDeps | undefined): void {
  installed = deps;
}

/** Applies the SPEC §8 action; returns whether it acted (and marks the error as handled). */
export function handleApiError(error: ApiRequestError, deps: GlobalErrorDeps | undefined = installed): boolean {
  if (!deps) return false;
  const action = globalActionFor(error.status);
  switch (action) {
    case "login": {
      deps.resetUser();
      const login = deps.loginPath();
      const current = deps.currentPath();
      if (normalizePath(current.split(/[?#]/)[0] ?? current) !== login) {
        deps.navigate(login === LOGIN_PATH ? loginUrl(current) : login);
      }
      break;
    }
    case "root":
      deps.navigate(ROOT_PATH);
      break;
    case "not-found":
      deps.navigate(NOT_FOUND_PATH);
      break;
    case "reload-root":
      deps.reloadRoot();
      break;
    case "propagate":
      return false;
  }
  error.handled = true;
  return true;
}

const RELOAD_KEY = `${STORAGE_PREFIX}.reload-503-at`;
/** Two 503 reloads closer than this stop reloading, so an outage cannot loop the page. */
export const RELOAD_GUARD_MS = 30_000;

/** Reloads the site root unless it just did (then the error propagates to the screen). */
export function reloadSiteRoot(
  now = Date.now(),
  storage: Pick<Storage, "getItem" | "setItem"> | undefined = globalThis.sessionStorage,
  assign: (url: string) => void = (url) => globalThis.location.assign(url),
): boolean {
  try {
    const last = Number(storage?.getItem(RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    storage?.setItem(RELOAD_KEY, String(now));
  } catch {
    // No session storage: reload anyway.
  }
  assign(ROOT_PATH);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Calling

type Unwrapped<T extends ClientResponse<unknown>> = ReturnType<typeof parseResponse<T>>;

/**
 * Awaits an `hc` call and returns its parsed success body. A failed call throws ApiRequestError
 * after the global handler had its say (`global: false` skips it, e.g. for a health probe whose
 * 503 is an answer, not an outage).
 */
export function unwrap<T extends ClientResponse<unknown>>(
  request: Promise<T>,
  options: { global?: boolean } = {},
): Unwrapped<T> {
  return succeeded(request, options.global !== false).then((response) => parseResponse(response));
}

/**
 * Awaits an `hc` call and returns its response itself when it succeeded (a streamed body, read by
 * the caller); a failure throws as `unwrap` does.
 */
export function succeededResponse<T extends ClientResponse<unknown>>(request: Promise<T>, options: { global?: boolean } = {}): Promise<T> {
  return succeeded(request, options.global !== false);
}

async function succeeded<T extends ClientResponse<unknown>>(request: Promise<T>, global: boolean): Promise<T> {
  let response: T;
  try {
    response = await request;
  } catch (cause) {
    throw fetchFailure(cause);
  }
  if (!response.ok) {
    const error = await ApiRequestError.fromResponse(response);
    if (global) handleApiError(error);
    throw error;
  }
  return response;
}

/** The rejection of a fetch (or of anything given an AbortSignal) that its caller aborted: not a failure to report. */
export function isAbortError(cause: unknown): cause is DOMException {
  return cause instanceof DOMException && cause.name === "AbortError";
}

/** What a rejected fetch throws on: the caller's abort as it is, any other rejection as a network error (status 0). */
export function fetchFailure(cause: unknown): DOMException | ApiRequestError {
  return isAbortError(cause) ? cause : ApiRequestError.network(cause);
}
