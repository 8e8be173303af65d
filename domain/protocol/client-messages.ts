import { z } from "zod";
import { MAX_ANNOUNCEMENT_LENGTH, MAX_CLIENT_ID_LENGTH } from "./version.ts";

/** First frame of every connection; nothing else is accepted before it. */
export const helloSchema = z.object({
  type: z.literal("hello"),
  protocolVersion: z.number().int().nonnegative(),
  /** Stable per browser tab/device; lets later features de-duplicate a client's retries. */
  clientId: z.string().min(1).max(MAX_CLIENT_ID_LENGTH).optional(),
});

/**
 * Application-level ping, answered with `pong` carrying the same id. The exact frame
 * `{"type":"ping"}` (PING_FRAME) is answered by the runtime without waking the room.
 */
export const pingSchema = z.object({
  type: z.literal("ping"),
  id: z.string().max(MAX_CLIENT_ID_LENGTH).optional(),
});

/** Replaces the room's announcement; broadcast to every greeted client as `room.announced`. */
export const roomAnnounceSchema = z.object({
  type: z.literal("room.announce"),
  text: z.string().trim().min(1).max(MAX_ANNOUNCEMENT_LENGTH),
});

/** Every client→server message, discriminated by `type`. */
export const clientMessageSchema = z.discriminatedUnion("type", [helloSchema, pingSchema, roomAnnounceSchema]);

export type HelloMessage = z.infer<typeof helloSchema>;
export type PingMessage = z.infer<typeof pingSchema>;
export type RoomAnnounceMessage = z.infer<typeof roomAnnounceSchema>;
export type ClientMessage = z.infer<typeof clientMessageSchema>;
