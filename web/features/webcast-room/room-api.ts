import { api } from "../../api/client.ts";
import { ApiRequestError, handleApiError, unwrap } from "../../api/errors.ts";

/** SPEC §7 reset body: the new start (a UTC instant) and the time zone the webcast is shown in. */
export interface RescheduleBody {
  scheduled_start: string;
  timezone: string;
}

/**
 * POST /api/webcasts/{uid}/reset `{ scheduled_start, timezone }` (docs/webcasts-api.md "Control
 * room"): the room resets (speakers out, broadcast stopped, back to upcoming: every socket hears
 * it), then the webcast's start and time zone change through the webcast update, which sync brings
 * to this device. A start not after now is refused (422) before the room moves.
 *
 * A refusal is the answer to show in the control room, never a reason to leave it mid-show: only
 * an expired session (401) and an outage (503) get the app's global handling (SPEC §8).
 */
export async function resetAndReschedule(uid: string, body: RescheduleBody): Promise<void> {
  try {
    await unwrap(api.api.webcasts[":id"].reset.$post({ param: { id: uid }, json: body }), { global: false });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 503)) handleApiError(error);
    throw error;
  }
}
