import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { QUESTION_TEXT_MAX } from "../../../domain/questions/record.ts";
import type { QuestionView } from "../../../domain/questions/visibility.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { useNow } from "../../ui/use-now.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import type { InteractionsState } from "../webcast-room/room-state.ts";
import { AskerName } from "./question-item.tsx";
import "./questions.css";

type Request = (command: RoomCommand) => Promise<RequestOutcome>;

export interface AskFormProps {
  interactions: Pick<InteractionsState, "next_ask_at" | "questions">;
  /** The room's anonymous-questions toggle (SPEC §7): the checkbox shows only when it is on. */
  anonymousAllowed: boolean;
  request: Request;
}

/**
 * Asking a question (SPEC §5: 10 seconds between questions, anonymous only if allowed), then the
 * questions the viewer may see, each with an upvote button (not on their own).
 */
export function AskForm({ interactions, anonymousAllowed, request }: AskFormProps) {
  const { t } = useLingui();
  const now = useNow(1_000);
  const [text, setText] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const fieldId = useId();
  const waitSeconds = interactions.next_ask_at !== null && interactions.next_ask_at > now ? Math.ceil((interactions.next_ask_at - now) / 1_000) : 0;
  const length = [...text].length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "" || waitSeconds > 0) return;
    setBusy(true);
    setRefusal(null);
    setAsked(false);
    const outcome = await request({ type: "question.ask", text, anonymous: anonymousAllowed && anonymous });
    setBusy(false);
    if (outcome.ok) {
      setText("");
      setAsked(true);
    } else if (outcome.code !== "closed") setRefusal(outcome.errors?.text?.[0] ?? outcome.message);
  };

  return (
    <div className="questions" data-testid="ask">
      <form className="ask-form" onSubmit={(event) => void submit(event)} data-testid="ask-form">
        <label htmlFor={fieldId} className="field__label">
          <Trans>Your question</Trans>
        </label>
        <textarea
          id={fieldId}
          className="field__input"
          rows={3}
          value={text}
          maxLength={QUESTION_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${fieldId}-count`}
          data-testid="ask-text"
        />
        <p id={`${fieldId}-count`} className="muted">
          {t`${length} of ${QUESTION_TEXT_MAX} characters`}
        </p>
        {anonymousAllowed ? (
          <label className="field--checkbox">
            <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} data-testid="ask-anonymous" /> <Trans>Ask anonymously</Trans>
          </label>
        ) : null}
        <span className="control-room__actions">
          <button type="submit" className="button button--primary" disabled={busy || waitSeconds > 0 || text.trim() === ""} aria-busy={busy || undefined} data-testid="ask-submit">
            <Trans>Ask</Trans>
          </button>
        </span>
        <p role="status" className="muted" data-testid="ask-status">
          {waitSeconds > 0 ? (
            <Plural value={waitSeconds} one="# second before you can ask another question." other="# seconds before you can ask another question." />
          ) : asked ? (
            <Trans>Your question was sent.</Trans>
          ) : null}
        </p>
        {refusal ? (
          <p className="form-alert" role="alert" data-testid="ask-refusal">
            {refusal}
          </p>
        ) : null}
      </form>
      <AudienceQuestions questions={interactions.questions} request={request} />
    </div>
  );
}

/** The questions the viewer may see, newest first; upvote others' questions (a toggle). */
export function AudienceQuestions({ questions, request }: { questions: readonly QuestionView[]; request: Request }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upvote = async (question: QuestionView) => {
    setBusy(question.id);
    setRefusal(null);
    const outcome = await request({ type: "question.upvote", question_id: question.id, upvoted: !question.upvoted });
    setBusy(null);
    if (!outcome.ok && outcome.code !== "closed") setRefusal(outcome.message);
  };
  return (
    <section aria-label={t`The audience's questions`} data-testid="audience-questions">
      {refusal ? (
        <p className="form-alert" role="alert">
          {refusal}
        </p>
      ) : null}
      {questions.length === 0 ? (
        <p className="muted" data-testid="audience-questions-empty">
          <Trans>No questions yet. Be the first to ask.</Trans>
        </p>
      ) : (
        <ul className="control-room__list">
          {questions.map((question) => (
            <li key={question.id} className="question" data-question={question.id} data-testid="audience-question">
              <p className="question__text">{question.text}</p>
              <p className="question__meta muted">
                {question.mine ? <Trans>Your question</Trans> : <AskerName question={question} />}
                {question.answered ? (
                  <>
                    {" · "}
                    <Trans>Answered</Trans>
                  </>
                ) : null}
                {question.mine && question.hidden ? (
                  <>
                    {" · "}
                    <Trans>Hidden by the moderators</Trans>
                  </>
                ) : null}
              </p>
              {question.answer ? (
                <p className="question__answer">
                  <strong>
                    <Trans>Answer:</Trans>
                  </strong>{" "}
                  {question.answer}
                </p>
              ) : null}
              {question.mine ? (
                <p className="muted">
                  <Plural value={question.upvotes} one="# upvote" other="# upvotes" />
                </p>
              ) : (
                <button
                  type="button"
                  className="button"
                  aria-pressed={question.upvoted}
                  disabled={busy === question.id}
                  onClick={() => void upvote(question)}
                  data-testid="question-upvote"
                >
                  <span aria-hidden="true">▲</span> {question.upvotes}{" "}
                  <span className="visually-hidden">{question.upvoted ? t`Remove my upvote` : t`Upvote`}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
