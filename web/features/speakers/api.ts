import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

/**
 * POST /api/webcasts/{uid}/speakers/{id}/invite (docs/webcasts-api.md "Speakers"): e-mails the
 * speaker their invitation, then the server marks `invited_at` (a server-only mutator: a browser
 * cannot claim an e-mail was sent), so it needs a connection. A 404 ("This speaker is not on this
 * webcast.") or a failed e-mail (500) is the answer to show, not a page to leave: no global handling.
 */
export async function inviteSpeaker(uid: string, speakerId: string): Promise<{ id: string; invited_at: string | null }> {
  const { data } = await unwrap(api.api.webcasts[":id"].speakers[":speakerId"].invite.$post({ param: { id: uid, speakerId } }), { global: false });
  return data;
}
