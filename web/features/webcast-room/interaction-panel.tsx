import { Trans, useLingui } from "@lingui/react/macro";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { ChatPanel } from "../chat/chat-panel.tsx";
import { PollsOnScreen } from "../polls/polls-on-screen.tsx";
import { AskForm } from "../questions/ask-form.tsx";
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
}

/**
 * What the audience does during a webcast: vote in the polls on screen, ask and upvote questions,
 * chat. The viewers' page (/live/$uid) shows it; each piece has its own empty and refusal states.
 */
export function InteractionPanel({ interactions, anonymousAllowed, request, canModerate, failed, loadOlderChat, onOlderChat }: InteractionPanelProps) {
  const { t } = useLingui();
  if (interactions === null) {
    return failed ? (
      <p className="form-alert" role="alert" data-testid="interactions-error">
        <Trans>The webcast room cannot be reached. Reload the page to try again.</Trans>
      </p>
    ) : (
      <p className="muted" aria-busy="true" data-testid="interactions-loading">
        <Trans>Connecting to the webcast room…</Trans>
      </p>
    );
  }
  return (
    <div className="interaction-panel" data-testid="interaction-panel">
      <section className="card" aria-label={t`Polls`} data-testid="panel-polls">
        <h2 className="card__title">
          <Trans>Polls</Trans>
        </h2>
        {interactions.polls.length === 0 ? (
          <p className="muted" data-testid="panel-polls-empty">
            <Trans>No poll right now.</Trans>
          </p>
        ) : (
          <PollsOnScreen polls={interactions.polls} request={request} />
        )}
      </section>
      <section className="card" aria-label={t`Questions`} data-testid="panel-questions">
        <h2 className="card__title">
          <Trans>Questions</Trans>
        </h2>
        <AskForm interactions={interactions} anonymousAllowed={anonymousAllowed} request={request} />
      </section>
      <section className="card" aria-label={t`Chat`} data-testid="panel-chat">
        <h2 className="card__title">
          <Trans>Chat</Trans>
        </h2>
        <ChatPanel
          interactions={interactions}
          request={request}
          canModerate={canModerate}
          {...(loadOlderChat ? { loadOlder: loadOlderChat } : {})}
          {...(onOlderChat ? { onOlder: onOlderChat } : {})}
        />
      </section>
    </div>
  );
}
