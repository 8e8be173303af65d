import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { ProducerPollView, ViewerPollView } from "../../../domain/polls/live.ts";
import type { InteractionsMessage } from "../../../domain/protocol/interaction-messages.ts";
import type { QuestionView } from "../../../domain/questions/visibility.ts";

/** Interaction frames' pieces for tests (polls, tallies, questions, chat messages), with `patch` over them. */

export const viewerPoll = (id: string, patch: Partial<ViewerPollView> = {}): ViewerPollView => ({
  poll: {
    id,
    series_id: null,
    title: `Poll ${id}`,
    description: null,
    language: "en",
    multiple_choice: false,
    display: "fluid",
    position: 0,
    options: [
      { id: `${id}-a`, text: "Yes" },
      { id: `${id}-b`, text: "No" },
    ],
  },
  state: "open",
  ballot: null,
  results: null,
  ...patch,
});

export const tally = (pollId: string, patch: Partial<ProducerPollView> = {}, votes: [number, number] = [3, 1]): ProducerPollView => {
  const voters = votes[0] + votes[1];
  const percent = (count: number) => (voters === 0 ? 0 : Math.round((count / voters) * 1000) / 10);
  return {
    poll_id: pollId,
    status: "open",
    badge: "open",
    compiling: false,
    results: {
      poll_id: pollId,
      multiple_choice: false,
      voters,
      weight: voters,
      options: [
        { option_id: `${pollId}-a`, text: "Yes", voters: votes[0], weight: votes[0], percent: percent(votes[0]), recommended: true },
        { option_id: `${pollId}-b`, text: "No", voters: votes[1], weight: votes[1], percent: percent(votes[1]), recommended: false },
      ],
    },
    ...patch,
  };
};

export const question = (id: string, patch: Partial<QuestionView> = {}): QuestionView => ({
  id,
  webcast_id: "w1",
  text: `Question ${id}?`,
  anonymous: false,
  asker_name: "Ada",
  source: "web",
  asked_at: 1_000,
  answered: false,
  answered_at: null,
  answer: null,
  answer_at: null,
  hidden: false,
  pushed_to_speakers: false,
  pushed_at: null,
  upvotes: 0,
  mine: false,
  upvoted: false,
  ...patch,
});

export const chatMessage = (id: string, patch: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id,
  webcast_id: "w1",
  body: `Hello ${id}`,
  sender_id: "viewer:1",
  sender_name: "Ada",
  profile_picture_url: null,
  is_private: false,
  target_id: null,
  target_name: null,
  sent_at: 1_000,
  deleted_at: null,
  deleted: false,
  ...patch,
});

export const interactionsFrame = (patch: Partial<InteractionsMessage> = {}): InteractionsMessage => ({
  type: "interactions",
  participant_id: "guest:me",
  polls: [],
  tallies: null,
  questions: [],
  chat: [],
  chat_more: false,
  next_ask_at: null,
  ...patch,
});
