import { z } from "zod";
import { MAX_ANNOUNCEMENT_LENGTH } from "./version.ts";

/** The last announcement made in a room; `connectionId` names the socket that sent it. */
export const announcementSchema = z.object({
  text: z.string().min(1).max(MAX_ANNOUNCEMENT_LENGTH),
  connectionId: z.string(),
  sentAt: z.number().int().nonnegative(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * What a client receives in `welcome`: the room's whole shared state. `revision` grows by one on
 * every change, so a client can tell whether a broadcast is newer than what it holds.
 */
export const roomStateSchema = z.object({
  revision: z.number().int().nonnegative(),
  announcement: announcementSchema.nullable(),
});
export type RoomState = z.infer<typeof roomStateSchema>;

export const EMPTY_ROOM_STATE: RoomState = { revision: 0, announcement: null };
