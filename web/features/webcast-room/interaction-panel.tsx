import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { ViewerPollView } from "../../../domain/polls/live.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { ChatPanel } from "../chat/chat-panel.tsx";
import { PollsOnScreen } from "../polls/polls-on-screen.tsx";
import { AskForm } from "../questions/ask-form.tsx";
import type { OutboxItem } from "./interaction-outbox.ts";
import { QueuedInteractions } from "./queued-interactions.tsx";
import type { RequestOutcome } from "./room-client.ts";
import type { InteractionsState } from "./room-state.ts";
import "./interaction-panel.css";

export interface InteractionPanelProps {
  /** Null until the room sent them (loading). */
  interactions: InteractionsState | null;
  /** The room's anonymous-questions toggle. */
  anonymousAllowed: boolean;
  request(command: RoomCommand): Promise<RequestOutcome>;
  /** Moderators may delete chat messages. */
  canModerate: boolean;
  /** The connection is down for good (reload needed, or closed): an error state rather than loading. */
  failed?: boolean;
  loadOlderChat?: (before: string) => Promise<ChatMessageView[]>;
  onOlderChat?: (messages: ChatMessageView[], more: boolean) => void;
  /** SPEC §3 attendee option "ask questions": without it, no questions section (default shown). */
  askQuestions?: boolean;
  /** The polls to show, when the page shows them at its own pace (the viewer page, in step with its video); default the room's. */
  polls?: readonly ViewerPollView[];
  /** No polls section while no poll is on screen (instead of "No poll right now."). */
  hideEmptyPolls?: boolean;
  /** The sections' heading level: 2 on a page of its own, 3 under the page's "Take part". */
  headingLevel?: 2 | 3;
  /** The reader's questions and messages on their way (queued offline, then sent). */
  outbox?: readonly OutboxItem[];
}

function Heading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  return level === 3 ? <h3 className="card__title">{children}</h3> : <h2 className="card__title">{children}</h2>;
}

/**
 * What the audience does during a webcast: vote in the polls on screen, ask and upvote questions,
 * chat. The audience preview (/live/$uid) and the viewer page (/w/{id}) show it; each piece has its
 * own empty and refusal states.
 */
export function InteractionPanel({
  interactions,
  anonymousAllowed,
  request,
  canModerate,
  failed,
  loadOlderChat,
  onOlderChat,
  askQuestions = true,
  polls,
  hideEmptyPolls = false,
  headingLevel = 2,
  outbox = [],
}: InteractionPanelProps) {
  const { t } = useLingui();
  if (interactions === null) {
    return (
      <>
        {failed ? (
          <p className="form-alert" role="alert" data-testid="interactions-error">
            <Trans>The webcast room cannot be reached. Reload the page to try again.</Trans>
          </p>
        ) : (
          <p className="muted" aria-busy="true" data-testid="interactions-loading">
            <Trans>Connecting to the webcast room…</Trans>
          </p>
        )}
        {/* What the reader typed before (a reload while offline) still shows while the room is out of reach. */}
        <QueuedInteractions items={outbox} type="question.ask" />
        <QueuedInteractions items={outbox} type="chat.send" />
      </>
    );
  }
  const onScreen = polls ?? interactions.polls;
  return (
    <div className="interaction-panel" data-testid="interaction-panel">
      {hideEmptyPolls && onScreen.length === 0 ? null : (
        <section className="card" aria-label={t`Polls`} data-testid="panel-polls">
          <Heading level={headingLevel}>
            <Trans>Polls</Trans>
          </Heading>
          {onScreen.length === 0 ? (
            <p className="muted" data-testid="panel-polls-empty">
              <Trans>No poll right now.</Trans>
            </p>
          ) : (
            <PollsOnScreen polls={onScreen} request={request} />
          )}
        </section>
      )}
      {askQuestions ? (
        <section className="card" aria-label={t`Questions`} data-testid="panel-questions">
          <Heading level={headingLevel}>
            <Trans>Questions</Trans>
          </Heading>
          <QueuedInteractions items={outbox} type="question.ask" />
          <AskForm interactions={interactions} anonymousAllowed={anonymousAllowed} request={request} />
        </section>
      ) : null}
      <section className="card" aria-label={t`Chat`} data-testid="panel-chat">
        <Heading level={headingLevel}>
          <Trans>Chat</Trans>
        </Heading>
        <ChatPanel
          interactions={interactions}
          request={request}
          canModerate={canModerate}
          {...(loadOlderChat ? { loadOlder: loadOlderChat } : {})}
          {...(onOlderChat ? { onOlder: onOlderChat } : {})}
        />
        <QueuedInteractions items={outbox} type="chat.send" />
      </section>
    </div>
  );
}
