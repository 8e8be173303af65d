import { z } from "zod";
import { protocolErrorCode } from "./errors.ts";
import { announcementSchema, roomStateSchema } from "./room-state.ts";

/** Answer to a valid `hello`: the connection's id and the room's whole state. */
export const welcomeSchema = z.object({
  type: z.literal("welcome"),
  protocolVersion: z.number().int().nonnegative(),
  connectionId: z.string(),
  state: roomStateSchema,
});

export const pongSchema = z.object({
  type: z.literal("pong"),
  id: z.string().optional(),
});

/** A refused frame; nothing changed. `errors` maps fields to localized problems (SPEC §8 style). */
export const errorSchema = z.object({
  type: z.literal("error"),
  code: protocolErrorCode,
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The client is older than the server: reload the page to get the new code. The socket closes. */
export const reloadSchema = z.object({
  type: z.literal("reload"),
  reason: z.literal("protocol_outdated"),
  protocolVersion: z.number().int().nonnegative(),
});

/** Broadcast of a `room.announce` to every greeted client, the sender included. */
export const roomAnnouncedSchema = z.object({
  type: z.literal("room.announced"),
  revision: z.number().int().nonnegative(),
  announcement: announcementSchema,
});

/** Every server→client message, discriminated by `type`. */
export const serverMessageSchema = z.discriminatedUnion("type", [
  welcomeSchema,
  pongSchema,
  errorSchema,
  reloadSchema,
  roomAnnouncedSchema,
]);

export type WelcomeMessage = z.infer<typeof welcomeSchema>;
export type PongMessage = z.infer<typeof pongSchema>;
export type ErrorMessage = z.infer<typeof errorSchema>;
export type ReloadMessage = z.infer<typeof reloadSchema>;
export type RoomAnnouncedMessage = z.infer<typeof roomAnnouncedSchema>;
export type ServerMessage = z.infer<typeof serverMessageSchema>;
