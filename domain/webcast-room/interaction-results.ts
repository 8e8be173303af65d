import type { ChatWarning } from "../chat/messages.ts";
import type { ChatMessageView } from "../chat/visibility.ts";
import type { QuestionView } from "../questions/visibility.ts";

/**
 * What the room's `ack` carries (`result`) for each interaction command (commands.ts), and what
 * the §7 calls made through the room answer. The client keeps its own part of the interactions
 * from them: its ballots, its questions (`mine`), its upvotes.
 */

/** `poll.vote`: the voter's ballot as it now stands (the options in the poll's order). */
export interface VoteResult {
  poll_id: string;
  option_ids: string[];
}

/** `question.ask`: the question as its asker sees it; `question.moderate`: as the moderator sees it. */
export type QuestionResult = QuestionView;

/** `question.upvote`: the reader's upvote and the question's count now. */
export interface UpvoteResult {
  question_id: string;
  upvoted: boolean;
  upvotes: number;
}

/** `chat.send`: the message as its sender reads it, and what the sender should know (SPEC §5: the target is not connected). */
export interface ChatSendResult {
  message: ChatMessageView;
  warning: { code: ChatWarning; message: string } | null;
}

/** `chat.delete`: the message as a tombstone. */
export interface ChatDeleteResult {
  message: ChatMessageView;
}
