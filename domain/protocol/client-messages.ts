import { z } from "zod";
import { roomCommandSchema } from "../webcast-room/commands.ts";
import { MAX_CLIENT_ID_LENGTH } from "./version.ts";

/**
 * First frame of every connection; nothing else is accepted before it. `since` is the last event
 * sequence the client holds (after a network cut): the room replays what it missed, or sends a
 * fresh snapshot when that is too far behind.
 */
export const helloSchema = z.object({
  type: z.literal("hello"),
  protocolVersion: z.number().int().nonnegative(),
  /** Stable per browser tab/device. */
  clientId: z.string().min(1).max(MAX_CLIENT_ID_LENGTH).optional(),
  since: z.number().int().nonnegative().optional(),
});

/**
 * Application-level ping, answered with `pong` carrying the same id. The exact frame
 * `{"type":"ping"}` (PING_FRAME) is answered by the runtime without waking the room.
 */
export const pingSchema = z.object({
  type: z.literal("ping"),
  id: z.string().max(MAX_CLIENT_ID_LENGTH).optional(),
});

/**
 * A command for the room (domain/webcast-room/commands.ts). `id` is the client's command id: the
 * room acknowledges each id once, so a command sent again after a reconnect applies once.
 */
export const commandSchema = z.object({
  type: z.literal("command"),
  id: z.string().min(1).max(MAX_CLIENT_ID_LENGTH),
  command: roomCommandSchema,
});

/** Every client→server message, discriminated by `type`. */
export const clientMessageSchema = z.discriminatedUnion("type", [helloSchema, pingSchema, commandSchema]);

export type HelloMessage = z.infer<typeof helloSchema>;
export type PingMessage = z.infer<typeof pingSchema>;
export type CommandMessage = z.infer<typeof commandSchema>;
export type ClientMessage = z.infer<typeof clientMessageSchema>;
