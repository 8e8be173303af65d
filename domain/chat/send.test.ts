import { describe, expect, it } from "vitest";
import { CHAT_ERROR_STATUS, chatErrorMessage, chatWarningMessage } from "./messages.ts";
import { CHAT_BODY_MAX, chatMessageSchema, sendChatSchema } from "./record.ts";
import { type ChatSender, type SendContext, sendMessage } from "./send.ts";
import { ALICE, BOB, T0, WEBCAST_ID, messageId } from "./testing.ts";

const alice: ChatSender = { id: ALICE, name: "Alice", profile_picture_url: null };
const context: SendContext = { now: T0, newId: messageId(9), webcast_id: WEBCAST_ID, locale: "en", chat_enabled: true, connected: new Set([ALICE, BOB]) };

describe("sendMessage", () => {
  it("a public message: the §3 fields, the sender from the connection", () => {
    const outcome = sendMessage(alice, { body: "  Hello  ", sender_id: BOB, sender_name: "Not Alice" }, context);
    expect(outcome).toEqual({
      ok: true,
      message: {
        id: messageId(9),
        webcast_id: WEBCAST_ID,
        body: "Hello",
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
      },
    });
    if (outcome.ok) expect(chatMessageSchema.parse(outcome.message)).toEqual(outcome.message);
  });

  it("a private message to a connected participant: delivered, no warning", () => {
    const outcome = sendMessage(alice, { body: "Psst", target_id: BOB, target_name: " Bob " }, context);
    expect(outcome).toMatchObject({ ok: true, message: { is_private: true, target_id: BOB, target_name: "Bob", delivered: true } });
    expect(outcome).not.toHaveProperty("warning");
  });

  it("a private message to a disconnected participant is kept, undelivered, with a warning (SPEC §5), en and fr", () => {
    const outcome = sendMessage(alice, { body: "Psst", target_id: BOB, target_name: "Bob" }, { ...context, connected: new Set([ALICE]) });
    expect(outcome).toMatchObject({ ok: true, warning: "target_disconnected", message: { delivered: false, target_id: BOB } });
    expect(chatWarningMessage("target_disconnected", "en", { target_name: "Bob" })).toBe("Bob is not connected and will not receive your message.");
    expect(chatWarningMessage("target_disconnected", "fr", { target_name: "Bob" })).toBe("Bob n'est pas connecté et ne recevra pas votre message.");
    expect(chatWarningMessage("target_disconnected", "en", { target_name: null })).toBe("This participant is not connected and will not receive your message.");
    expect(chatWarningMessage("target_disconnected", "fr", { target_name: null })).toBe("Ce participant n'est pas connecté et ne recevra pas votre message.");
  });

  it("a private chat cannot target yourself (SPEC §5; 422, en and fr)", () => {
    expect(sendMessage(alice, { body: "Me", target_id: ALICE }, context)).toEqual({ ok: false, code: "chat_self_target" });
    expect(CHAT_ERROR_STATUS.chat_self_target).toBe(422);
    expect(chatErrorMessage("chat_self_target", "en")).toBe("You cannot send a private message to yourself.");
    expect(chatErrorMessage("chat_self_target", "fr")).toBe("Vous ne pouvez pas vous envoyer un message privé.");
  });

  it("a target name without a target is ignored (the message is public)", () => {
    expect(sendMessage(alice, { body: "Hi", target_name: "Bob" }, context)).toMatchObject({ ok: true, message: { is_private: false, target_name: null } });
  });

  it("the body is required and at most 500 characters with the element_max message, en and fr", () => {
    expect(sendMessage(alice, { body: " \u200B " }, context)).toEqual({ ok: false, code: "chat_invalid", errors: { body: ["This field is required"] } });
    expect(sendMessage(alice, { body: "x".repeat(CHAT_BODY_MAX) }, context).ok).toBe(true);
    expect(sendMessage(alice, { body: "x".repeat(CHAT_BODY_MAX + 1) }, context)).toEqual({ ok: false, code: "chat_invalid", errors: { body: ["Limit reached: at most 500 characters."] } });
    expect(sendMessage(alice, { body: "x".repeat(CHAT_BODY_MAX + 1) }, { ...context, locale: "fr" })).toEqual({ ok: false, code: "chat_invalid", errors: { body: ["Limite atteinte : au plus 500 caractères."] } });
    expect(chatErrorMessage("chat_invalid", "fr")).toBe("Certains champs du message sont invalides.");
  });

  it("the body is plain text: markup kept, control characters gone", () => {
    expect(sendMessage(alice, { body: "<img src=x onerror=alert(1)>\u0000" }, context)).toMatchObject({ message: { body: "<img src=x onerror=alert(1)>" } });
  });

  it("is refused while the chat is closed, before anything else (409, en and fr)", () => {
    expect(sendMessage(alice, { body: "", target_id: ALICE }, { ...context, chat_enabled: false })).toEqual({ ok: false, code: "chat_disabled" });
    expect(CHAT_ERROR_STATUS.chat_disabled).toBe(409);
    expect(chatErrorMessage("chat_disabled", "en")).toBe("The chat is closed.");
    expect(chatErrorMessage("chat_disabled", "fr")).toBe("La discussion est fermée.");
  });

  it("the input schema takes the SPEC §7 fields, nothing else", () => {
    expect(sendChatSchema.parse({ body: "x", sender_id: "1", sender_name: "A", target_id: BOB, target_name: "Bob" })).toMatchObject({ body: "x", target_id: BOB });
    expect(sendChatSchema.safeParse({ body: "x", is_private: true }).success).toBe(false);
    expect(sendChatSchema.safeParse({ body: "x", target_id: "" }).success).toBe(false);
  });
});
