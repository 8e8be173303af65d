/**
 * The synced part of a viewer (SPEC §3 "Viewer/participant") of one webcast. The viewer's password
 * is a secret: it is never part of this row (nor of the D1 table yet); the management issue that
 * sets passwords keeps them server-side only.
 */
export interface ViewerRow {
  /** UUIDv7, made by whoever created it (a browser offline included). */
  id: string;
  organization_id: number;
  /** The webcast (`WebcastRow.id`) the viewer is registered to; deleting it deletes its viewers. */
  webcast_id: string;
  name: string;
  email: string;
  tags: string[];
  control_number: string | null;
  /** Weight of the viewer's votes (SPEC §3 "vote weight"); 1 for an ordinary viewer. */
  vote_weight: number;
  registered: boolean;
  invitation_sent: boolean;
  /** SPEC §3 "reminder": a reminder e-mail was sent. */
  reminder_sent: boolean;
  /** SPEC §3 "moderator flag (events)". */
  is_moderator: boolean;
  created_at: string;
  updated_at: string;
}
