import { z } from "zod";
import { type PlaybackData, playbackDataSchema } from "../../../domain/viewer-page/playback.ts";
import { ApiRequestError, fetchFailure } from "../../api/errors.ts";
import { requestHeaders } from "../../api/headers.ts";

/**
 * GET /api/watch/{id}/playback?token=<room token>: what the player plays (domain/viewer-page/
 * playback.ts). Public like the viewer page's other calls: the room token is the credential, a
 * 401 means "get a new token" (never "log in to the app"), so errors are thrown as they come for
 * the page to handle. Ask again before `urls_expire_at`, and when the room's phase changes.
 */
export async function fetchPlayback(webcastId: string, roomToken: string, signal?: AbortSignal): Promise<PlaybackData> {
  const init: RequestInit = { headers: requestHeaders(), credentials: "include" };
  if (signal) init.signal = signal;
  let response: Response;
  try {
    response = await fetch(`/api/watch/${encodeURIComponent(webcastId)}/playback?token=${encodeURIComponent(roomToken)}`, init);
  } catch (cause) {
    throw fetchFailure(cause);
  }
  if (!response.ok) throw await ApiRequestError.fromResponse(response);
  return z.object({ data: playbackDataSchema }).parse(await response.json()).data;
}
