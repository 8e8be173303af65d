// Test fixtures of viewers, shared by the domain, worker and web tests.
import { uuidv7 } from "../sync/uuidv7.ts";
import type { ViewerRow } from "./record.ts";

/** A synced viewer row of `webcast_id` with the defaults a new viewer gets; `fields` override them. */
export function viewerRow(fields: Partial<ViewerRow> & Pick<ViewerRow, "webcast_id">): ViewerRow {
  const now = fields.created_at ?? "2026-01-01T00:00:00.000Z";
  return {
    id: uuidv7(),
    organization_id: 1,
    name: "Someone",
    email: "someone@demo.test",
    tags: [],
    control_number: null,
    vote_weight: 1,
    registered: false,
    invitation_sent: false,
    reminder_sent: false,
    is_moderator: false,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
