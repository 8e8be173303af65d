import { and, desc, eq, lt, or } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { createMiddleware } from "hono/factory";
import { chatHistory } from "../../../domain/chat/history.ts";
import { participantId } from "../../../domain/chat/participant.ts";
import { type ChatMessage, chatHistoryQuery, sendChatSchema } from "../../../domain/chat/record.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import type { LocalizedText } from "../../../domain/validation/localized.ts";
import type { ChatDeleteResult, ChatSendResult } from "../../../domain/webcast-room/interaction-results.ts";
import { requireUser } from "../../auth/middleware.ts";
import { type Db, db } from "../../db/client.ts";
import { chatMessages } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { findWebcast } from "../webcasts/service.ts";
import { flushInteractions, guardedStaff, runAs, staffGuard, staffOfWebcast } from "../webcast-room/interaction-calls.ts";
import { verifyRoomToken } from "../webcast-room/room-token.ts";

/**
 * The webcast's chat (SPEC §7 "GET and POST chat-messages {body, sender_id, sender_name,
 * target_id, target_name} (history is an array of messages)"; docs/webcasts-api.md "Chat"),
 * mounted at /api, for the webcast's staff (producers and speakers: the control room's chat).
 * Writes are the room's commands (`chat.send`, `chat.delete`) run as the caller's staff actor;
 * the history is read from D1 after the room's flush, as the caller may read it (a private
 * message: its sender and target only). Order: session (401), webcast (404) and place in it
 * (403), body or query (422), the room's verdict.
 */

/** The `limit` newest messages `reader` may read before `before` (ids ascending). */
async function readableMessages(database: Db, webcastId: string, reader: string, page: { limit: number; before?: string | undefined }): Promise<ChatMessage[]> {
  const readable = or(eq(chatMessages.is_private, false), eq(chatMessages.sender_id, reader), and(eq(chatMessages.delivered, true), eq(chatMessages.target_id, reader)));
  const rows = await database
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.webcast_id, webcastId), readable, page.before === undefined ? undefined : lt(chatMessages.id, page.before)))
    .orderBy(desc(chatMessages.id))
    .limit(page.limit);
  return rows.reverse().map(({ organization_id: _organization, ...message }) => message);
}

/** Who may delete a message: the moderators of the webcast's questions (SPEC §6 questions.manage). */
const CHAT_MODERATION_REFUSAL: LocalizedText = {
  en: "Only the webcast's organizers and producer may delete chat messages.",
  fr: "Seuls les organisateurs et le producteur du webcast peuvent supprimer des messages de la discussion.",
};

const webcastStaff = staffGuard((c) => staffOfWebcast(c, c.req.param("id") ?? ""));

/** Who reads the history: a viewer or guest by their room token (`?token=`, the audience's page), else the webcast's staff. */
const readers = new WeakMap<Request, { webcastId: string; participant_id: string }>();
const historyReader = createMiddleware<AppEnv>(async (c, next) => {
  const uid = c.req.param("id") ?? "";
  const token = c.req.query("token");
  if (token !== undefined && token !== "") {
    // One answer for a forged, expired or another webcast's token (as the room's socket).
    const payload = UUID_V7.test(uid) ? await verifyRoomToken(c.env, token, uid) : null;
    if (!payload) throw new ApiError("unauthenticated");
    if (!(await findWebcast(db(c.env.DB), uid))) throw new ApiError("not_found");
    readers.set(c.req.raw, { webcastId: uid, participant_id: payload.viewer_id });
  } else {
    const { webcast, actor } = await staffOfWebcast(c, uid);
    readers.set(c.req.raw, { webcastId: webcast.row.id, participant_id: participantId(actor) });
  }
  await next();
});

/** For /api/chat-messages/{id}: the message's webcast, where the caller must hold questions.manage (the chat's moderation). */
const messageModerator = staffGuard(async (c) => {
  requireUser(c);
  const id = c.req.param("id") ?? "";
  const [row] = UUID_V7.test(id) ? await db(c.env.DB).select({ webcast_id: chatMessages.webcast_id }).from(chatMessages).where(eq(chatMessages.id, id)) : [];
  if (!row) throw new ApiError("not_found");
  return staffOfWebcast(c, row.webcast_id, "questions.manage", CHAT_MODERATION_REFUSAL);
});

export const chatRoutes = new Hono<AppEnv>()
  /**
   * GET …/chat-messages?before&limit → `ChatMessageView[]`, oldest first: the newest `limit`
   * messages the caller may read (with `before`, a message id: those before it; the first
   * message's id is the next `before`).
   */
  .get("/webcasts/:id/chat-messages", historyReader, query(chatHistoryQuery.extend({ token: z.string().max(4_000).optional() })), async (c) => {
    const found = readers.get(c.req.raw);
    if (!found) throw new Error("chat-messages: no reader");
    const page = c.req.valid("query");
    await flushInteractions(c, found.webcastId);
    const reader = { participant_id: found.participant_id };
    const messages = await readableMessages(db(c.env.DB), found.webcastId, reader.participant_id, page);
    return c.json(chatHistory(messages, reader, { limit: page.limit }).messages, 200);
  })
  /**
   * POST …/chat-messages `{ body, target_id?, target_name?, sender_id?, sender_name? }` → 201
   * `{ data: { message, warning } }` (the room's `chat.send`; the sender is the caller, whatever
   * `sender_*` says; `warning` when a private message's target is not connected).
   */
  .post("/webcasts/:id/chat-messages", webcastStaff, jsonBody(() => sendChatSchema), async (c) => {
    const { webcast, actor } = await guardedStaff(c);
    const answer = await runAs(c, webcast.row.id, actor, { type: "chat.send", ...c.req.valid("json") });
    return c.json({ data: answer.result as ChatSendResult }, 201);
  })
  /** DELETE /api/chat-messages/{id} → `{ data: { message } }` (the tombstone): a moderator deletes a message (`chat.delete`, beyond the spec). */
  .delete("/chat-messages/:id", messageModerator, async (c) => {
    const { webcast, actor } = await guardedStaff(c);
    const answer = await runAs(c, webcast.row.id, actor, { type: "chat.delete", message_id: c.req.param("id") });
    return c.json({ data: answer.result as ChatDeleteResult }, 200);
  });
