import { z } from "zod";
import { CONFERENCE_LAYOUTS, CONNECTION_PROTOCOLS, CONNECTION_TYPES, FOCUS_OPTIONS, FOCUS_TARGETS, SCENE_LAYOUTS } from "./live-state.ts";

/**
 * What a producer asks the room to do: one zod schema per command, discriminated by `type`. The
 * websocket sends them in a `command` frame (domain/protocol) and every SPEC §7 control-room call
 * becomes one (worker/features/webcast-room/control-routes.ts), so both go through the one reducer
 * (reduce.ts) and its one authority.
 */

const empty = <T extends string>(type: T) => z.strictObject({ type: z.literal(type) });

/** A poll or polling series id as the polls feature names them (a UUID or a numeric id). */
const pollingId = z.string().trim().min(1).max(64);

/** The actions SPEC §4 lists for polls (publish, republish, close, show results, dismiss). */
export const POLLING_ACTIONS = ["publish", "republish", "close", "show_results", "dismiss"] as const;
export type PollingAction = (typeof POLLING_ACTIONS)[number];

/** The three SPEC §7 toggles (PATCH poster-overlay, question-wall, anonymous-questions). */
export const ROOM_TOGGLES = ["poster_overlay", "question_wall", "anonymous_questions"] as const;
export type RoomToggle = (typeof ROOM_TOGGLES)[number];

/** The commands with fields, named so the control-room calls take the same fields as their bodies. */
export const focusCommand = z.strictObject({ type: z.literal("control.focus"), target: z.enum(FOCUS_TARGETS), option: z.enum(FOCUS_OPTIONS) });
export const conferenceLayoutCommand = z.strictObject({ type: z.literal("control.conference-layout"), layout: z.enum(CONFERENCE_LAYOUTS) });
export const connectCommand = z.strictObject({
  type: z.literal("conference.connect"),
  speaker_uuid: z.string().trim().min(1).max(64),
  connection_type: z.enum(CONNECTION_TYPES),
  protocol: z.enum(CONNECTION_PROTOCOLS).optional(),
});
export const dialOutCommand = z.strictObject({ type: z.literal("control.dial-out"), protocol: z.enum(CONNECTION_PROTOCOLS), destination: z.string().trim().min(1).max(255) });
export const slideCommand = z.strictObject({ type: z.literal("slide.set"), index: z.number().int().min(0).max(9_999) });
export const sceneCommand = z.strictObject({ type: z.literal("scene.set"), layout: z.enum(SCENE_LAYOUTS) });
export const pollingCommand = z.strictObject({ type: z.literal("polling.set"), kind: z.enum(["poll", "series"]), id: pollingId, action: z.enum(POLLING_ACTIONS) });

export const roomCommandSchema = z.discriminatedUnion("type", [
  empty("control.prepare"),
  empty("control.start"),
  empty("control.stop"),
  empty("control.rtmp.activate"),
  empty("control.vmr.activate"),
  focusCommand,
  conferenceLayoutCommand,
  connectCommand,
  dialOutCommand,
  slideCommand,
  sceneCommand,
  pollingCommand,
  z.strictObject({ type: z.literal("toggle.set"), name: z.enum(ROOM_TOGGLES), enabled: z.boolean() }),
  z.strictObject({ type: z.literal("room.reset"), keep_start: z.boolean() }),
]);
export type RoomCommand = z.infer<typeof roomCommandSchema>;
export type RoomCommandType = RoomCommand["type"];
export const ROOM_COMMAND_TYPES = roomCommandSchema.options.map((option) => option.shape.type.value) as readonly RoomCommandType[];
