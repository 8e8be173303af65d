import { z } from "zod";
import type { ChatMessageView } from "../chat/visibility.ts";
import { POLL_DISPLAYS, POLL_STATUSES } from "../polls/record.ts";
import type { ProducerPollView, ViewerPollView } from "../polls/live.ts";
import { QUESTION_SOURCES, supportDeskSchema } from "../questions/record.ts";
import type { QuestionView } from "../questions/visibility.ts";

/**
 * The server frames of the audience's interactions (issue #16): polls, questions, chat. Unlike the
 * show's events they are not numbered: each one says the latest state of what it names (a poll,
 * a question, a message), and every hello is answered with an `interactions` frame holding the
 * whole of what the connection may see, so a client that reconnects is whole again without
 * replaying anything. Each frame goes only to whom may see it (domain/polls/live.ts,
 * domain/questions/visibility.ts, domain/chat/visibility.ts), in the shape they may see.
 */

const id = z.string().min(1).max(80);
const epochMs = z.number().int().nonnegative();

const publicPollSchema = z.object({
  id,
  series_id: id.nullable(),
  title: z.string(),
  description: z.string().nullable(),
  language: z.enum(["en", "fr"]),
  multiple_choice: z.boolean(),
  display: z.enum(POLL_DISPLAYS),
  position: z.number(),
  options: z.array(z.object({ id, text: z.string() })),
});

/** A poll on the viewers' screens (live.ts `viewerPollView`); `ballot` is the reader's own choice. */
export const viewerPollSchema = z.object({
  poll: publicPollSchema,
  state: z.enum(["open", "closed", "compiling", "results"]),
  ballot: z.array(id).nullable(),
  results: z
    .object({
      voters: z.number().int().nonnegative(),
      options: z.array(z.object({ option_id: id, percent: z.number(), recommended: z.boolean() })),
    })
    .nullable(),
}) satisfies z.ZodType<ViewerPollView>;

/** A poll as whoever manages polls sees it (live.ts `producerPollView`): its live tally, always. */
export const producerPollSchema = z.object({
  poll_id: id,
  status: z.enum(POLL_STATUSES),
  badge: z.enum([...POLL_STATUSES, "compiling"]),
  compiling: z.boolean(),
  results: z.object({
    poll_id: id,
    multiple_choice: z.boolean(),
    voters: z.number().int().nonnegative(),
    weight: z.number().nonnegative(),
    options: z.array(
      z.object({ option_id: id, text: z.string(), voters: z.number().int().nonnegative(), weight: z.number().nonnegative(), percent: z.number(), recommended: z.boolean() }),
    ),
  }),
}) satisfies z.ZodType<ProducerPollView>;

/** A question as its reader may see it (questions/visibility.ts `visibleQuestion`). */
export const questionViewSchema = z.object({
  id,
  webcast_id: z.string(),
  text: z.string(),
  anonymous: z.boolean(),
  asker_name: z.string().nullable(),
  source: z.enum(QUESTION_SOURCES),
  asked_at: epochMs,
  answered: z.boolean(),
  answered_at: epochMs.nullable(),
  answer: z.string().nullable(),
  answer_at: epochMs.nullable(),
  hidden: z.boolean(),
  pushed_to_speakers: z.boolean(),
  pushed_at: epochMs.nullable(),
  upvotes: z.number().int().nonnegative(),
  mine: z.boolean(),
  upvoted: z.boolean(),
  asker_id: z.string().optional(),
  asker_email: z.string().nullable().optional(),
  session_id: z.string().nullable().optional(),
  answered_by: z.number().int().nullable().optional(),
  answer_by: z.number().int().nullable().optional(),
  support_desk: supportDeskSchema.nullable().optional(),
}) satisfies z.ZodType<QuestionView>;

/** A chat message as its reader may see it (chat/visibility.ts `visibleMessage`). */
export const chatMessageViewSchema = z.object({
  id,
  webcast_id: z.string(),
  body: z.string(),
  sender_id: id,
  sender_name: z.string(),
  profile_picture_url: z.string().nullable(),
  is_private: z.boolean(),
  target_id: id.nullable(),
  target_name: z.string().nullable(),
  sent_at: epochMs,
  deleted_at: epochMs.nullable(),
  deleted: z.boolean(),
  delivered: z.boolean().optional(),
}) satisfies z.ZodType<ChatMessageView>;

/**
 * After every welcome: all the connection may see of the interactions now. `participant_id`, who
 * the reader is (their own chat messages); `polls`, what is on the
 * viewers' screens (with the reader's own ballots); `tallies`, every poll's live tally for whoever
 * manages polls (null for others); `questions`, the questions the reader may see, newest first;
 * `chat`, the newest page of the chat the reader may read, oldest first (`chat_more`: older ones
 * exist, GET chat-messages?before= reads them); `next_ask_at`, when the reader may ask again.
 */
export const interactionsSchema = z.object({
  type: z.literal("interactions"),
  /** Who the reader is in the interactions (domain/chat/participant.ts): their messages' `sender_id`, their questions' asker. */
  participant_id: id,
  polls: z.array(viewerPollSchema),
  tallies: z.array(producerPollSchema).nullable(),
  questions: z.array(questionViewSchema),
  chat: z.array(chatMessageViewSchema),
  chat_more: z.boolean(),
  next_ask_at: epochMs.nullable(),
});

/**
 * What is on the viewers' screens changed (a poll published, closed, its results shown): the polls
 * on screen now, to everyone. `ballot` is null here: each client keeps its own (acks, snapshot).
 */
export const pollsSchema = z.object({
  type: z.literal("polls"),
  /** The room's clock when the change happened (epoch ms): a viewer's screen shows it when their picture reaches that moment. Absent from older rooms. */
  at: z.number().int().nonnegative().optional(),
  polls: z.array(viewerPollSchema),
});

/** Live tallies, to whoever manages polls: at most one frame every TALLY_FLUSH_MS, the polls that changed. */
export const tallySchema = z.object({
  type: z.literal("tally"),
  tallies: z.array(producerPollSchema).min(1),
});

/** A question appeared or changed for this reader (`upsert`), or left their view (`remove`). */
export const questionSchema = z.object({
  type: z.literal("question"),
  change: z.discriminatedUnion("kind", [z.object({ kind: z.literal("upsert"), question: questionViewSchema }), z.object({ kind: z.literal("remove"), id })]),
});

/** A chat message sent or deleted (a tombstone), to whoever may read it. */
export const chatSchema = z.object({
  type: z.literal("chat"),
  message: chatMessageViewSchema,
});

export type InteractionsMessage = z.infer<typeof interactionsSchema>;
export type PollsMessage = z.infer<typeof pollsSchema>;
export type TallyMessage = z.infer<typeof tallySchema>;
export type QuestionMessage = z.infer<typeof questionSchema>;
export type ChatFrameMessage = z.infer<typeof chatSchema>;
