import type { ChatHistoryQuery, ChatMessage } from "./record.ts";
import { type ChatMessageView, type ChatReader, canReadMessage, visibleMessage } from "./visibility.ts";

/**
 * The chat's history as one reader may see it (GET chat-messages, and the room's history on
 * join): the newest page first, then older pages with a cursor. The cursor is a message id: the
 * page holds the `limit` newest messages the reader may read whose id is before it. Ids are
 * UUIDv7 made when the room accepts each message, so id order is send order; a message sent
 * while someone reads older pages is newer than any cursor and never shows up twice or slips
 * between pages. Tombstones of deleted messages keep their place.
 */

export interface ChatHistoryPage {
  /** Oldest first within the page (the order a chat is read in). */
  messages: ChatMessageView[];
  /** The `before` of the next (older) page; null when no older message is left for this reader. */
  next_before: string | null;
}

/** Messages in history order (ids ascending; lower-case UUIDs compare as their bytes). */
export function compareMessages(a: Pick<ChatMessage, "id">, b: Pick<ChatMessage, "id">): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The index of the first message whose id is not before `before` (binary search; `messages` ascending). */
function indexBefore(messages: readonly ChatMessage[], before: string): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((messages[middle]?.id ?? "") < before) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `messages` in ascending id order (compareMessages), as the room keeps them. */
export function chatHistory(messages: readonly ChatMessage[], reader: ChatReader, query: Pick<ChatHistoryQuery, "limit"> & { before?: string | undefined }): ChatHistoryPage {
  const end = query.before === undefined ? messages.length : indexBefore(messages, query.before);
  const page: ChatMessageView[] = [];
  let index = end - 1;
  for (; index >= 0 && page.length < query.limit; index--) {
    const message = messages[index];
    const view = message && visibleMessage(message, reader);
    if (view) page.push(view);
  }
  page.reverse();
  // More only if a readable message is left before this page.
  let more = false;
  for (let rest = index; rest >= 0 && !more; rest--) {
    const message = messages[rest];
    if (message && canReadMessage(message, reader)) more = true;
  }
  return { messages: page, next_before: more ? (page[0]?.id ?? null) : null };
}
