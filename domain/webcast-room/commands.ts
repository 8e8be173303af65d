import { z } from "zod";
import { sendChatSchema } from "../chat/record.ts";
import { voteBodySchema } from "../polls/ballots.ts";
import { questionActionSchema } from "../questions/moderation.ts";
import { askQuestionSchema, questionPatchSchema, upvoteQuestionSchema } from "../questions/record.ts";
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

/** The commands that steer the show: they change the live state, through the reducer (reduce.ts). */
export const showCommandSchema = z.discriminatedUnion("type", [
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
export type ShowCommand = z.infer<typeof showCommandSchema>;
export type ShowCommandType = ShowCommand["type"];
export const SHOW_COMMAND_TYPES = showCommandSchema.options.map((option) => option.shape.type.value) as readonly ShowCommandType[];

/** An id of a question or chat message (a UUIDv7 made by the room). */
const recordId = z.string().trim().min(1).max(64);

/**
 * The audience's interactions (issue #16): a vote, a question, an upvote, a chat message, and their
 * moderation. They do not change the live state; the room stores them beside it and tells whoever
 * may see them (durable/webcast-room/polls.ts, questions.ts, chat.ts, by the rules of
 * domain/polls, domain/questions, domain/chat). Same frame, ids and acknowledgements as the show's.
 */
export const voteCommand = voteBodySchema.extend({ type: z.literal("poll.vote") });
export const askCommand = askQuestionSchema.extend({ type: z.literal("question.ask") });
export const moderateCommand = z.strictObject({ type: z.literal("question.moderate"), question_id: recordId, action: questionActionSchema });
/** PATCH /api/questions/{id} as one command: the whole patch or nothing (moderation.ts `applyQuestionPatch`). */
export const patchQuestionCommand = z.strictObject({ type: z.literal("question.patch"), question_id: recordId, patch: questionPatchSchema });
export const upvoteCommand = upvoteQuestionSchema.extend({ type: z.literal("question.upvote"), question_id: recordId });
export const chatSendCommand = sendChatSchema.extend({ type: z.literal("chat.send") });
export const chatDeleteCommand = z.strictObject({ type: z.literal("chat.delete"), message_id: recordId });

export const interactionCommandSchema = z.discriminatedUnion("type", [voteCommand, askCommand, moderateCommand, patchQuestionCommand, upvoteCommand, chatSendCommand, chatDeleteCommand]);
export type InteractionCommand = z.infer<typeof interactionCommandSchema>;

export const roomCommandSchema = z.discriminatedUnion("type", [...showCommandSchema.options, ...interactionCommandSchema.options]);
export type RoomCommand = z.infer<typeof roomCommandSchema>;
export type RoomCommandType = RoomCommand["type"];
export const ROOM_COMMAND_TYPES = roomCommandSchema.options.map((option) => option.shape.type.value) as readonly RoomCommandType[];

const INTERACTION_TYPES: ReadonlySet<string> = new Set(interactionCommandSchema.options.map((option) => option.shape.type.value));

export function isInteractionCommand(command: RoomCommand): command is InteractionCommand {
  return INTERACTION_TYPES.has(command.type);
}
