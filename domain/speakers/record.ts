import type { WebcastPart } from "../webcasts/parts.ts";

/**
 * A speaker of a webcast (SPEC §3 "speakers (id, is_producer)"): a user of the organization.
 * `name` and `email` are copied when the speaker is added (the list reads offline); at most one
 * producer per webcast; `shown_in_lobby` shows or hides them in the lobby.
 */
export interface WebcastSpeakerRow extends WebcastPart {
  user_id: number;
  name: string;
  email: string;
  is_producer: boolean;
  shown_in_lobby: boolean;
  position: number;
  invited_at: string | null;
}
