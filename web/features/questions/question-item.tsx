import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { QuestionView } from "../../../domain/questions/visibility.ts";
import { SUPPORT_DESK_LABELS } from "./question-labels.ts";

/** Who asked, as the reader may know it. */
export function AskerName({ question }: { question: Pick<QuestionView, "anonymous" | "asker_name"> }) {
  if (question.anonymous) return <Trans>Anonymous</Trans>;
  if (question.asker_name === null) return <Trans>A participant</Trans>;
  return question.asker_name;
}

/** A question's text, asker, time and state (React text nodes only: the text is the asker's). */
export function QuestionBody({ question, showState = true }: { question: QuestionView; showState?: boolean }) {
  const { i18n } = useLingui();
  const deskStatus = question.support_desk?.status;
  return (
    <div className="question__body">
      <p className="question__text">{question.text}</p>
      <p className="question__meta muted">
        <AskerName question={question} /> · <time dateTime={new Date(question.asked_at).toISOString()}>{new Date(question.asked_at).toLocaleTimeString(i18n.locale, { hour: "2-digit", minute: "2-digit" })}</time> ·{" "}
        <Plural value={question.upvotes} one="# upvote" other="# upvotes" />
      </p>
      {showState ? (
        <p className="question__badges">
          {question.hidden ? (
            <span className="badge" data-tone="warning" data-testid="question-hidden">
              <Trans>Hidden</Trans>
            </span>
          ) : null}
          {question.answered ? (
            <span className="badge" data-tone="success" data-testid="question-answered">
              <Trans>Answered</Trans>
            </span>
          ) : null}
          {question.pushed_to_speakers ? (
            <span className="badge" data-testid="question-pushed">
              <Trans>Pushed to speakers</Trans>
            </span>
          ) : null}
          {deskStatus ? (
            <span className="badge" data-tone={deskStatus === "failed" ? "warning" : deskStatus === "sent" ? "success" : undefined} data-testid="question-desk">
              {i18n._(SUPPORT_DESK_LABELS[deskStatus])}
            </span>
          ) : null}
        </p>
      ) : null}
      {question.answer ? (
        <p className="question__answer">
          <strong>
            <Trans>Answer:</Trans>
          </strong>{" "}
          {question.answer}
        </p>
      ) : null}
    </div>
  );
}
