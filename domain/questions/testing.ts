import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import type { RoomActor } from "../webcast-room/actor.ts";
import { type Question, UNMODERATED } from "./record.ts";

/** Fixtures of the Q&A tests (not part of the product). */
export const T0 = 1_750_000_000_000;
export const WEBCAST_ID = "0199aaaa-0000-7000-8000-0000000000aa";
export const GUEST = "guest:0199aaaa-0000-7000-8000-0000000000ff";
export const VIEWER_ID = "0199aaaa-0000-7000-8000-0000000000bb";

export const producer: RoomActor = { role: "producer", user_id: 1, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale: "en" };
export const speaker: RoomActor = { role: "speaker", user_id: 2, viewer_id: null, grants: [], locale: "fr" };
export const viewer: RoomActor = { role: "viewer", user_id: null, viewer_id: VIEWER_ID, grants: [], locale: "en" };
export const guest: RoomActor = { role: "viewer", user_id: null, viewer_id: GUEST, grants: [], locale: "fr" };

/** A test id: UUIDv7-shaped, ordered by `n`. */
export function idOf(n: number): string {
  return `0199aaaa-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
}

export function question(overrides: Partial<Question> = {}): Question {
  return {
    id: idOf(1),
    webcast_id: WEBCAST_ID,
    asker_id: VIEWER_ID,
    asker_name: "Ada Lovelace",
    asker_email: "ada@example.com",
    session_id: "session-1",
    text: "When is the next release?",
    anonymous: false,
    source: "web",
    asked_at: T0,
    ...UNMODERATED,
    ...overrides,
  };
}
