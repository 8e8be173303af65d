import { describe, expect, it } from "vitest";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import { deleteMessage } from "./delete.ts";
import { CHAT_ERROR_STATUS, CHAT_DELETED_TEXT, chatErrorMessage } from "./messages.ts";
import { ALICE, BOB, PRODUCER, T0, chatMessage } from "./testing.ts";

const moderator = { participant_id: PRODUCER, grants: [...PRODUCER_PERMISSIONS], user_id: 1 };
const NOW = T0 + 5_000;

describe("deleteMessage", () => {
  it("erases the body and keeps a tombstone with who and when", () => {
    expect(deleteMessage(chatMessage(), moderator, { now: NOW })).toEqual({ ok: true, changed: true, message: chatMessage({ body: "", deleted_at: NOW, deleted_by: 1 }) });
  });

  it("twice is a no-op", () => {
    const deleted = chatMessage({ body: "", deleted_at: T0, deleted_by: 1 });
    expect(deleteMessage(deleted, moderator, { now: NOW })).toEqual({ ok: true, changed: false, message: deleted });
  });

  it("needs questions.manage (403, en and fr)", () => {
    for (const actor of [{ participant_id: BOB, grants: [], user_id: null }, { participant_id: "user:2", grants: ["control_room.manage" as const], user_id: 2 }]) {
      expect(deleteMessage(chatMessage(), actor, { now: NOW })).toEqual({ ok: false, code: "chat_forbidden" });
    }
    expect(CHAT_ERROR_STATUS.chat_forbidden).toBe(403);
    expect(chatErrorMessage("chat_forbidden", "en")).toBe("Only the webcast's organizers and producer may delete chat messages.");
    expect(chatErrorMessage("chat_forbidden", "fr")).toBe("Seuls les organisateurs et le producteur du webcast peuvent supprimer des messages de la discussion.");
  });

  it("only what the moderator may read: another pair's private message is not found (404, en and fr)", () => {
    expect(deleteMessage(chatMessage({ is_private: true, target_id: BOB }), moderator, { now: NOW })).toEqual({ ok: false, code: "chat_message_not_found" });
    expect(deleteMessage(chatMessage({ is_private: true, sender_id: BOB, target_id: PRODUCER }), moderator, { now: NOW }).ok).toBe(true);
    expect(CHAT_ERROR_STATUS.chat_message_not_found).toBe(404);
    expect(chatErrorMessage("chat_message_not_found", "fr")).toBe("Ce message n'existe pas.");
    expect(CHAT_DELETED_TEXT.fr).toBe("Ce message a été supprimé par un modérateur.");
    expect(ALICE).not.toBe(BOB);
  });
});
