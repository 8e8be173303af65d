import type { ChatMessage } from "./record.ts";

/** Fixtures of the chat tests (not part of the product). */
export const T0 = 1_750_000_000_000;
export const WEBCAST_ID = "0199aaaa-0000-7000-8000-0000000000aa";
export const ALICE = "guest:0199aaaa-0000-7000-8000-0000000000a1";
export const BOB = "0199aaaa-0000-7000-8000-0000000000b2";
export const PRODUCER = "user:1";

/** A test id: UUIDv7-shaped, ordered by `n`. */
export function messageId(n: number): string {
  return `0199aaaa-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: messageId(1),
    webcast_id: WEBCAST_ID,
    body: "Hello everyone",
    sender_id: ALICE,
    sender_name: "Alice",
    profile_picture_url: null,
    is_private: false,
    target_id: null,
    target_name: null,
    sent_at: T0,
    delivered: true,
    deleted_at: null,
    deleted_by: null,
    ...overrides,
  };
}
