import { z } from "zod";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import { chatMessageViewSchema } from "../../../domain/protocol/interaction-messages.ts";
import { csrfFetch } from "../../api/csrf.ts";
import { ApiRequestError, handleApiError } from "../../api/errors.ts";
import { requestHeaders } from "../../api/headers.ts";

/**
 * The two HTTP calls of the live interactions: the chat's older messages and the audience preview
 * link. Their routes are being added beside the room (issue #16) and are not in `AppType` yet, so
 * they go through fetch with the typed client's headers, credentials and CSRF token, and their
 * answers are parsed here. TODO(issue #16): move to `api` + `unwrap` once the routes are chained.
 */
interface CallOptions {
  /**
   * Whether an expired session (401) or an outage (503) gets the app's global handling (the login
   * page, the outage banner). Public pages (the viewer page) say no: a 401 there means their room
   * token is no good, never "log in to the app".
   */
  globalErrors?: boolean;
}

async function callJson(path: string, init: RequestInit = {}, options: CallOptions = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await csrfFetch(path, { ...init, credentials: "include", headers: { ...requestHeaders(), "Content-Type": "application/json", Accept: "application/json" } });
  } catch (cause) {
    throw ApiRequestError.network(cause);
  }
  if (!response.ok) {
    const error = await ApiRequestError.fromResponse(response);
    // An expired session or an outage get the app's handling; other refusals are shown where they happened.
    if ((options.globalErrors ?? true) && (error.status === 401 || error.status === 503)) handleApiError(error);
    throw error;
  }
  return response.json();
}

/**
 * GET /api/webcasts/{uid}/chat-messages?before=<oldest id>: the messages before it, oldest first;
 * as the signed-in staff member, or with a room token (the audience pages). `globalErrors: false`
 * on public pages (see CallOptions).
 */
export async function fetchOlderChat(uid: string, before: string, token?: string, options: CallOptions = {}): Promise<ChatMessageView[]> {
  const byToken = token === undefined ? "" : `&token=${encodeURIComponent(token)}`;
  const body = await callJson(`/api/webcasts/${encodeURIComponent(uid)}/chat-messages?before=${encodeURIComponent(before)}${byToken}`, {}, options);
  return z.array(chatMessageViewSchema).parse(body);
}

const guestLinkSchema = z.object({ token: z.string().min(1), expires_at: z.string() });
export type GuestLink = z.infer<typeof guestLinkSchema>;

/** POST /api/webcasts/{uid}/room/guest-link (control_room.manage): a room token for an audience preview. */
export async function createGuestLink(uid: string): Promise<GuestLink> {
  return guestLinkSchema.parse(await callJson(`/api/webcasts/${encodeURIComponent(uid)}/room/guest-link`, { method: "POST", body: "{}" }));
}

/** The viewer page of the room, opened with a room token. */
export function audienceUrl(uid: string, token: string, origin: string = location.origin): string {
  return `${origin}/live/${encodeURIComponent(uid)}?token=${encodeURIComponent(token)}`;
}
