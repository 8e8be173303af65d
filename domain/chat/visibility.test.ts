import { describe, expect, it } from "vitest";
import { ALICE, BOB, PRODUCER, chatMessage } from "./testing.ts";
import { canReadMessage, messageRecipients, visibleMessage } from "./visibility.ts";

const readers = { alice: { participant_id: ALICE }, bob: { participant_id: BOB }, producer: { participant_id: PRODUCER }, other: { participant_id: "guest:x" } };

describe("who reads a chat message", () => {
  it("public: everyone", () => {
    for (const reader of Object.values(readers)) expect(canReadMessage(chatMessage(), reader)).toBe(true);
    expect(messageRecipients(chatMessage())).toBe("everyone");
  });

  it("private: its sender and target only, moderators included in the others", () => {
    const message = chatMessage({ is_private: true, target_id: BOB, target_name: "Bob" });
    expect(canReadMessage(message, readers.alice)).toBe(true);
    expect(canReadMessage(message, readers.bob)).toBe(true);
    expect(canReadMessage(message, readers.producer)).toBe(false);
    expect(canReadMessage(message, readers.other)).toBe(false);
    expect(messageRecipients(message)).toEqual([ALICE, BOB]);
  });

  it("private and undelivered: its sender only, who sees it marked undelivered", () => {
    const message = chatMessage({ is_private: true, target_id: BOB, delivered: false });
    expect(canReadMessage(message, readers.bob)).toBe(false);
    expect(messageRecipients(message)).toEqual([ALICE]);
    expect(visibleMessage(message, readers.alice)?.delivered).toBe(false);
  });
});

describe("visibleMessage", () => {
  it("leaves out who deleted and, but for the sender of a private message, delivery", () => {
    const view = visibleMessage(chatMessage(), readers.bob);
    expect(view).toMatchObject({ body: "Hello everyone", deleted: false });
    expect(view).not.toHaveProperty("deleted_by");
    expect(view).not.toHaveProperty("delivered");
    expect(visibleMessage(chatMessage({ is_private: true, target_id: BOB }), readers.bob)).not.toHaveProperty("delivered");
    expect(visibleMessage(chatMessage({ is_private: true, target_id: BOB }), readers.alice)?.delivered).toBe(true);
  });

  it("a deleted message is a tombstone: no body, its place and sender kept", () => {
    expect(visibleMessage(chatMessage({ body: "", deleted_at: 5, deleted_by: 1 }), readers.bob)).toMatchObject({ body: "", deleted: true, deleted_at: 5, sender_name: "Alice" });
  });

  it("null for who may not read it", () => {
    expect(visibleMessage(chatMessage({ is_private: true, target_id: BOB }), readers.producer)).toBeNull();
  });
});
