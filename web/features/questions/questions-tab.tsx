import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { ChatPanel } from "../chat/chat-panel.tsx";
import { fetchOlderChat } from "../webcast-room/interaction-api.ts";
import type { RoomTabProps } from "../webcast-room/tabs.ts";
import { ModerationQueue } from "./moderation-queue.tsx";
import { QuestionBody } from "./question-item.tsx";
import { QuestionWall, pushedQuestions } from "./question-wall.tsx";
import "./questions.css";

/**
 * Questions (SPEC §4 question actions): moderators (questions.manage) get the moderation queue;
 * speakers see the questions pushed to them, the latest first. Both may open the question wall,
 * and both follow the chat (moderators delete messages).
 */
export function QuestionsTab({ webcast, may, interactions, request, addOlderChat }: RoomTabProps) {
  const { t } = useLingui();
  const [wall, setWall] = useState(false);
  const closeWall = useCallback(() => setWall(false), []);
  const moderator = may("question.moderate");
  if (interactions === null) {
    return (
      <p className="muted" aria-busy="true" data-testid="questions-loading">
        <Trans>Loading the questions…</Trans>
      </p>
    );
  }
  const pushed = pushedQuestions(interactions.questions);
  return (
    <div className="questions" data-testid="room-questions">
      <p className="control-room__actions">
        <button type="button" className="button" onClick={() => setWall(true)} data-testid="question-wall-open">
          <Trans>Open the question wall</Trans>
        </button>
        {moderator ? (
          <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "qa" }}>
            <Trans>Q&A settings</Trans>
          </Link>
        ) : null}
      </p>
      {moderator ? (
        <ModerationQueue questions={interactions.questions} request={request} />
      ) : (
        <section aria-labelledby="pushed-title" data-testid="speaker-questions">
          <h2 id="pushed-title" className="card__title">
            <Trans>Questions for the speakers</Trans>
          </h2>
          {pushed.length === 0 ? (
            <p className="muted" data-testid="speaker-questions-empty">
              <Trans>No question pushed to the speakers yet.</Trans>
            </p>
          ) : (
            <ol className="control-room__list" aria-live="polite">
              {pushed.map((question) => (
                <li key={question.id} className="question">
                  <QuestionBody question={question} showState={false} />
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
      <section className="card questions__chat" aria-label={t`Chat`} data-testid="room-chat">
        <h2 className="card__title">
          <Trans>Chat</Trans>
        </h2>
        <ChatPanel interactions={interactions} request={request} canModerate={may("chat.delete")} loadOlder={(before) => fetchOlderChat(webcast.id, before)} onOlder={addOlderChat} />
      </section>
      {wall ? <QuestionWall questions={interactions.questions} onClose={closeWall} /> : null}
    </div>
  );
}
