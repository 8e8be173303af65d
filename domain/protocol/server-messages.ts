import { z } from "zod";
import { ROOM_ROLES } from "../webcast-room/actor.ts";
import { liveStateSchema, visibleLiveStateSchema } from "../webcast-room/live-state.ts";
import { protocolErrorCode } from "./errors.ts";
import { chatSchema, interactionsSchema, pollsSchema, questionSchema, tallySchema } from "./interaction-messages.ts";

/**
 * One change of the room, numbered: `seq` grows by one per change, with no gap, so a client that
 * applied up to N and next sees N+2 knows it missed one (and says hello again with `since: N`).
 * `patch` holds the live-state fields that changed; `name` says what happened.
 */
export const roomEventSchema = z.object({
  seq: z.number().int().positive(),
  at: z.number().int().nonnegative(),
  name: z.string().max(64),
  patch: liveStateSchema.partial(),
});
export type RoomEvent = z.infer<typeof roomEventSchema>;

/**
 * Answer to a valid `hello`: who the connection is, and either the room's whole state at `seq`
 * (`snapshot`) or, when the client said `since` and the room still holds what followed, the
 * events it missed (`missed`, in order, ending at `seq`).
 */
export const welcomeSchema = z.object({
  type: z.literal("welcome"),
  protocolVersion: z.number().int().nonnegative(),
  connectionId: z.string(),
  role: z.enum(ROOM_ROLES),
  seq: z.number().int().nonnegative(),
  snapshot: visibleLiveStateSchema.nullable(),
  missed: z.array(roomEventSchema),
});

/** A change, sent to every greeted connection (the sender included). */
export const eventSchema = roomEventSchema.extend({ type: z.literal("event") });

/**
 * Several changes in one frame, in order: what the room had to send at once (a burst of commands
 * goes out as one frame per connection instead of one per change). Read as the events one by one.
 */
export const eventsSchema = z.object({
  type: z.literal("events"),
  events: z.array(roomEventSchema).min(2),
});

/**
 * A command applied and durably stored: `seq` is the event it produced (or the room's sequence
 * when it changed nothing); `result` is the call's answer when it has one. Sent once per command
 * id; a repeated id gets the same acknowledgement again and changes nothing.
 */
export const ackSchema = z.object({
  type: z.literal("ack"),
  id: z.string(),
  seq: z.number().int().nonnegative(),
  result: z.unknown().optional(),
});

export const pongSchema = z.object({
  type: z.literal("pong"),
  id: z.string().optional(),
});

/**
 * A refused frame or command; nothing changed. `id` names the refused command; `errors` maps
 * fields to localized problems (SPEC §8 style).
 */
export const errorSchema = z.object({
  type: z.literal("error"),
  code: protocolErrorCode,
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  id: z.string().optional(),
  /** A question asked too soon: how long until the next may be (SPEC §5, 10 s between questions). */
  retry_after_ms: z.number().int().nonnegative().optional(),
});

/** The client is older than the server: reload the page to get the new code. The socket closes. */
export const reloadSchema = z.object({
  type: z.literal("reload"),
  reason: z.literal("protocol_outdated"),
  protocolVersion: z.number().int().nonnegative(),
});

/**
 * The audience figures now (reduce.ts `audience`): not a numbered event, sent when they change
 * and after a welcome, only to whoever may see them (visibility.ts). The latest one holds.
 */
export const statsSchema = z.object({
  type: z.literal("stats"),
  live_viewers: z.number().int().nonnegative(),
  peak_viewers: z.number().int().nonnegative(),
});

/** Every server→client message, discriminated by `type`. */
export const serverMessageSchema = z.discriminatedUnion("type", [
  welcomeSchema,
  eventSchema,
  eventsSchema,
  ackSchema,
  pongSchema,
  errorSchema,
  reloadSchema,
  statsSchema,
  interactionsSchema,
  pollsSchema,
  tallySchema,
  questionSchema,
  chatSchema,
]);

export type WelcomeMessage = z.infer<typeof welcomeSchema>;
export type EventMessage = z.infer<typeof eventSchema>;
export type EventsMessage = z.infer<typeof eventsSchema>;
export type AckMessage = z.infer<typeof ackSchema>;
export type PongMessage = z.infer<typeof pongSchema>;
export type ErrorMessage = z.infer<typeof errorSchema>;
export type ReloadMessage = z.infer<typeof reloadSchema>;
export type StatsMessage = z.infer<typeof statsSchema>;
export type ServerMessage = z.infer<typeof serverMessageSchema>;
