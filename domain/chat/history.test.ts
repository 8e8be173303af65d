import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chatHistory, compareMessages } from "./history.ts";
import { chatHistoryQuery, type ChatMessage } from "./record.ts";
import { ALICE, BOB, PRODUCER, T0, chatMessage, messageId } from "./testing.ts";
import { canReadMessage } from "./visibility.ts";

const bob = { participant_id: BOB };

/** n messages, public but every third private from Alice to the producer. */
function thread(n: number): ChatMessage[] {
  return Array.from({ length: n }, (_, i) => chatMessage({ id: messageId(i + 1), sent_at: T0 + i, body: `m${i + 1}`, ...(i % 3 === 2 ? { is_private: true, target_id: PRODUCER } : {}) }));
}

describe("chatHistory", () => {
  it("the newest page first, oldest first within it, and the cursor of the next", () => {
    const page = chatHistory(thread(9), bob, { limit: 3 });
    expect(page.messages.map((m) => m.body)).toEqual(["m5", "m7", "m8"]);
    expect(page.next_before).toBe(messageId(5));
    const older = chatHistory(thread(9), bob, { limit: 3, before: messageId(5) });
    expect(older.messages.map((m) => m.body)).toEqual(["m1", "m2", "m4"]);
    expect(older.next_before).toBeNull();
  });

  it("no more page when nothing readable is left (private messages of others do not count)", () => {
    expect(chatHistory(thread(3), bob, { limit: 2 })).toMatchObject({ next_before: null });
    expect(chatHistory([], bob, { limit: 5 })).toEqual({ messages: [], next_before: null });
  });

  it("a cursor that is not a message still cuts at its place", () => {
    const spaced = thread(9).map((m, i) => ({ ...m, id: messageId((i + 1) * 2) }));
    expect(chatHistory(spaced, bob, { limit: 50, before: messageId(9) }).messages.map((m) => m.body)).toEqual(["m1", "m2", "m4"]);
  });

  it("the query: before is a message id, limit 1..200 default 50", () => {
    expect(chatHistoryQuery.parse({})).toEqual({ limit: 50 });
    expect(chatHistoryQuery.parse({ before: messageId(3), limit: "10" })).toEqual({ before: messageId(3), limit: 10 });
    for (const bad of [{ before: "nope" }, { limit: "0" }, { limit: "201" }]) expect(chatHistoryQuery.safeParse(bad).success).toBe(false);
  });

  it("pages never skip nor repeat a message, even with messages arriving between pages (property)", () => {
    const people = [ALICE, BOB, PRODUCER, "guest:z"];
    const arbitraryMessage = fc.record({
      sender: fc.constantFrom(...people),
      target: fc.option(fc.constantFrom(...people), { nil: null }),
      delivered: fc.boolean(),
      deleted: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryMessage, { maxLength: 80 }), fc.nat({ max: 80 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom(...people), (items, arrivedAfterFirst, limit, readerId) => {
        const all = items
          .filter((item) => item.target !== item.sender)
          .map((item, i) =>
            chatMessage({
              id: messageId(i + 1),
              sent_at: T0 + i,
              sender_id: item.sender,
              is_private: item.target !== null,
              target_id: item.target,
              delivered: item.target === null || item.delivered,
              ...(item.deleted ? { body: "", deleted_at: T0, deleted_by: 1 } : {}),
            }),
          );
        all.sort(compareMessages);
        const reader = { participant_id: readerId };
        // The first page is read before the last `arrived` messages came in.
        const arrived = Math.min(arrivedAfterFirst, all.length);
        const early = all.slice(0, all.length - arrived);
        const seen: string[] = [];
        let page = chatHistory(early, reader, { limit });
        seen.unshift(...page.messages.map((m) => m.id));
        let guard = 0;
        while (page.next_before !== null && guard++ < 1_000) {
          page = chatHistory(all, reader, { limit, before: page.next_before });
          expect(page.messages.length).toBeGreaterThan(0);
          seen.unshift(...page.messages.map((m) => m.id));
        }
        const expected = early.filter((m) => canReadMessage(m, reader)).map((m) => m.id);
        expect(seen).toEqual(expected);
      }),
    );
  });
});
