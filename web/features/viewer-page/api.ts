import { z } from "zod";
import {
  type MagicLinkBody,
  type PublicWebcast,
  type RegisterBody,
  type RoomTokenGrant,
  type SignInBody,
  type ViewerAccess,
  publicWebcastSchema,
  roomTokenGrantSchema,
  viewerAccessSchema,
} from "../../../domain/viewer-page/api.ts";
import { type ViewerResource, viewerResourceSchema } from "../../../domain/viewer-page/resources.ts";
import { csrfFetch } from "../../api/csrf.ts";
import { ApiRequestError, isAbortError } from "../../api/errors.ts";
import { requestHeaders } from "../../api/headers.ts";
import type { ViewingSessionTransport } from "./viewing-session.ts";

/**
 * The viewer page's calls (domain/viewer-page/api.ts). Public: they skip the app's SPEC §8 global
 * handling (a 401 here means "this pass or link is no good", never "log in to the app"; a 404 is
 * the page's own "webcast not found"), and every answer is shown by the page itself. Plain fetch
 * with the app's headers (language, time zone) and the CSRF token on POSTs; answers are parsed
 * with the contract's zod schemas.
 */
export class ViewerApiError extends ApiRequestError {
  /** From Retry-After on a 429: how long the submit stays disabled. */
  retryAfterMs: number | undefined;

  constructor(error: ApiRequestError, retryAfterMs?: number) {
    super(error.status, error.message, error.code, error.errors, error.requestId, { cause: error });
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && header.trim() !== "") return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

interface CallOptions {
  body?: unknown;
  /** Sent as `Authorization: Bearer`: the viewer's pass, or a room token. */
  pass?: string;
  signal?: AbortSignal | undefined;
  /** The request outlives the page (a viewing session's end on `pagehide`). */
  keepalive?: boolean;
}

async function call(method: "GET" | "POST", path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...requestHeaders() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.pass) headers.Authorization = `Bearer ${options.pass}`;
  const init: RequestInit = { method, headers, credentials: "include" };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;
  let response: Response;
  try {
    response = await csrfFetch(path, init);
  } catch (cause) {
    if (isAbortError(cause)) throw cause;
    throw new ViewerApiError(ApiRequestError.network(cause));
  }
  if (!response.ok) {
    const wait = response.status === 429 ? retryAfterMs(response.headers.get("Retry-After")) : undefined;
    throw new ViewerApiError(await ApiRequestError.fromResponse(response), wait);
  }
  return response;
}

async function data<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const body: unknown = await response.json();
  return z.object({ data: schema }).parse(body).data;
}

const base = (webcastId: string) => `/api/watch/${encodeURIComponent(webcastId)}`;

/** GET /api/watch/{id}: the public facts of the webcast (404: no such webcast). */
export async function fetchPublicWebcast(webcastId: string, signal?: AbortSignal): Promise<PublicWebcast> {
  return data(await call("GET", base(webcastId), { signal }), publicWebcastSchema);
}

/** POST register: the newcomer's form; a magic link is mailed (201). */
export async function register(webcastId: string, body: RegisterBody): Promise<void> {
  await call("POST", `${base(webcastId)}/register`, { body });
}

/** POST magic-link: mails a link and a PIN (202, known address or not). */
export async function requestMagicLink(webcastId: string, body: MagicLinkBody): Promise<void> {
  await call("POST", `${base(webcastId)}/magic-link`, { body });
}

export async function signIn(webcastId: string, body: SignInBody): Promise<ViewerAccess> {
  return data(await call("POST", `${base(webcastId)}/sign-in`, { body }), viewerAccessSchema);
}

/** POST room-token with the pass: a fresh room token (401: the pass is no longer good). */
export async function fetchRoomToken(webcastId: string, pass: string): Promise<RoomTokenGrant> {
  return data(await call("POST", `${base(webcastId)}/room-token`, { pass, body: {} }), roomTokenGrantSchema);
}

export async function signOut(webcastId: string, pass: string): Promise<void> {
  await call("POST", `${base(webcastId)}/sign-out`, { pass, body: {} });
}

/** GET resources with the room token (as a bearer): the webcast's resources for this viewer, in the page's language (docs/viewer-page.md "Resources"). */
export async function fetchViewerResources(webcastId: string, roomToken: string, language: string, signal?: AbortSignal): Promise<ViewerResource[]> {
  return data(await call("GET", `${base(webcastId)}/resources?language=${encodeURIComponent(language)}`, { pass: roomToken, signal }), z.array(viewerResourceSchema));
}

/**
 * The viewing-session calls (docs/webcasts-api.md "Viewing sessions") with the room token, as the
 * page's `ViewingSessionTracker` wants them: the HTTP status, 0 when the network failed. The end
 * is `keepalive`, so it is sent even when the page is going away.
 */
export function viewingSessionTransport(webcastId: string, roomToken: () => string): ViewingSessionTransport {
  const sessions = `${base(webcastId)}/viewing-sessions`;
  const status = async (request: Promise<Response>) => {
    try {
      return (await request).status;
    } catch (error) {
      return error instanceof ApiRequestError && !error.isNetworkError ? error.status : 0;
    }
  };
  return {
    start: (id, kind) => status(call("POST", sessions, { pass: roomToken(), body: { id, kind } })),
    beat: (id) => status(call("POST", `${sessions}/${encodeURIComponent(id)}/heartbeat`, { pass: roomToken() })),
    end: (id) => status(call("POST", `${sessions}/${encodeURIComponent(id)}/end`, { pass: roomToken(), keepalive: true })),
  };
}

/** The error's text for the screen: the server's message (in the viewer's language) unless unreachable. */
export function isUnreachableError(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.isNetworkError;
}
