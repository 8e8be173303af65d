import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { matchesStatus } from "../../../domain/questions/filter.ts";
import type { QuestionAction } from "../../../domain/questions/moderation.ts";
import { QUESTION_ANSWER_MAX, QUESTION_STATUS_FILTERS, type QuestionStatusFilter } from "../../../domain/questions/record.ts";
import type { QuestionView } from "../../../domain/questions/visibility.ts";
import type { RoomTabProps } from "../webcast-room/tabs.ts";
import { QuestionBody } from "./question-item.tsx";
import { QUESTION_FILTER_LABELS } from "./question-labels.ts";
import { useQuestionActions } from "./use-question-actions.ts";

export type QuestionSort = "recent" | "popular";

/** Whether a key press comes from somewhere the person types: single-key shortcuts stay out of it. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT";
}

/** The actions each shortcut runs on a question, by its state (a toggle each). */
const SHORTCUTS: Record<string, (question: QuestionView) => QuestionAction | null> = {
  h: (question) => ({ type: question.hidden ? "unhide" : "hide" }),
  a: (question) => ({ type: question.answered ? "mark_unanswered" : "mark_answered" }),
  p: (question) => (question.hidden ? null : { type: question.pushed_to_speakers ? "hide_from_speakers" : "push_to_speakers" }),
  s: (question) => (question.support_desk?.status === "pending" || question.support_desk?.status === "sent" ? null : { type: "send_to_support_desk" }),
};

function sortQueue(questions: readonly QuestionView[], sort: QuestionSort): QuestionView[] {
  const list = [...questions];
  if (sort === "popular") list.sort((a, b) => b.upvotes - a.upvotes || b.asked_at - a.asked_at);
  else list.sort((a, b) => b.asked_at - a.asked_at);
  return list;
}

/** The keys, written in the tab (and read by screen readers) so nobody has to guess them. */
function ShortcutHelp() {
  return (
    <details className="questions__keys" data-testid="queue-keys">
      <summary>
        <Trans>Keyboard shortcuts</Trans>
      </summary>
      <dl>
        <dt>
          <kbd>↓</kbd> / <kbd>j</kbd>, <kbd>↑</kbd> / <kbd>k</kbd>
        </dt>
        <dd>
          <Trans>Next, previous question</Trans>
        </dd>
        <dt>
          <kbd>h</kbd>
        </dt>
        <dd>
          <Trans>Hide or unhide</Trans>
        </dd>
        <dt>
          <kbd>a</kbd>
        </dt>
        <dd>
          <Trans>Mark answered or unanswered</Trans>
        </dd>
        <dt>
          <kbd>p</kbd>
        </dt>
        <dd>
          <Trans>Push to speakers or hide from speakers</Trans>
        </dd>
        <dt>
          <kbd>s</kbd>
        </dt>
        <dd>
          <Trans>Send to the support desk</Trans>
        </dd>
        <dt>
          <kbd>w</kbd>
        </dt>
        <dd>
          <Trans>Write an answer</Trans>
        </dd>
      </dl>
      <p className="muted">
        <Trans>The keys act on the focused question, never while you type in a field.</Trans>
      </p>
    </details>
  );
}

function AnswerForm({ question, busy, onSave, onCancel }: { question: QuestionView; busy: boolean; onSave(answer: string | null): void; onCancel(): void }) {
  const { t } = useLingui();
  const [answer, setAnswer] = useState(question.answer ?? "");
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(answer.trim() === "" ? null : answer);
  };
  return (
    <form className="question__answer-form" onSubmit={submit} data-testid="answer-form">
      <label htmlFor={fieldId} className="field__label">
        <Trans>Answer</Trans>
      </label>
      <textarea
        id={fieldId}
        className="field__input"
        rows={3}
        maxLength={QUESTION_ANSWER_MAX}
        value={answer}
        autoFocus
        onChange={(event) => setAnswer(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
        }}
        aria-describedby={`${fieldId}-count`}
      />
      <p id={`${fieldId}-count`} className="muted">
        {t`${answer.length} of ${QUESTION_ANSWER_MAX} characters`}
      </p>
      <span className="control-room__actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="answer-save">
          <Trans>Save the answer</Trans>
        </button>
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </span>
    </form>
  );
}

/**
 * The moderators' queue (SPEC §4 question actions): every question, filtered (all, unanswered,
 * answered, hidden, pushed) and sorted (newest, most upvoted), each with its actions. Keyboard:
 * arrows or j/k move through the queue, single keys act on the focused question.
 */
export function ModerationQueue({ questions, request }: { questions: readonly QuestionView[]; request: RoomTabProps["request"] }) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<QuestionStatusFilter>("all");
  const [sort, setSort] = useState<QuestionSort>("recent");
  const [focused, setFocused] = useState<string | null>(null);
  const [answering, setAnswering] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const { busy, refusal, run } = useQuestionActions(request);
  const shown = sortQueue(
    questions.filter((question) => matchesStatus(question, filter)),
    sort,
  );
  const focusedIndex = Math.max(
    0,
    shown.findIndex((question) => question.id === focused),
  );

  const moveTo = (index: number) => {
    const target = shown[Math.max(0, Math.min(shown.length - 1, index))];
    if (!target) return;
    setFocused(target.id);
    items.current.get(target.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const holder = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>("[data-question]") : null;
    const question = shown.find((item) => item.id === holder?.dataset.question) ?? shown[focusedIndex];
    if (!question) return;
    const index = shown.indexOf(question);
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "ArrowDown" || key === "j") moveTo(index + 1);
    else if (key === "ArrowUp" || key === "k") moveTo(index - 1);
    else if (key === "Home") moveTo(0);
    else if (key === "End") moveTo(shown.length - 1);
    else if (key === "w") setAnswering(question.id);
    else {
      const action = SHORTCUTS[key]?.(question);
      if (action === undefined) return;
      if (action !== null && !busy.has(question.id)) void run(question.id, action);
    }
    event.preventDefault();
  };

  const button = (question: QuestionView, action: QuestionAction, label: string, testId: string) => (
    <button type="button" className="button" disabled={busy.has(question.id)} onClick={() => void run(question.id, action)} data-testid={testId}>
      {label}
    </button>
  );

  return (
    <section aria-labelledby="queue-title" data-testid="moderation-queue">
      <h2 id="queue-title" className="card__title">
        <Trans>Questions</Trans>
      </h2>
      <div className="questions__controls">
        <div className="control-room__choices" role="group" aria-label={t`Show`}>
          {QUESTION_STATUS_FILTERS.map((name) => (
            <button key={name} type="button" className="button" aria-pressed={filter === name} onClick={() => setFilter(name)} data-testid={`queue-filter-${name}`}>
              {i18n._(QUESTION_FILTER_LABELS[name])} ({questions.filter((question) => matchesStatus(question, name)).length})
            </button>
          ))}
        </div>
        <div className="control-room__choices" role="group" aria-label={t`Order`}>
          <button type="button" className="button" aria-pressed={sort === "recent"} onClick={() => setSort("recent")} data-testid="queue-sort-recent">
            <Trans>Newest</Trans>
          </button>
          <button type="button" className="button" aria-pressed={sort === "popular"} onClick={() => setSort("popular")} data-testid="queue-sort-popular">
            <Trans>Most upvoted</Trans>
          </button>
        </div>
      </div>
      <ShortcutHelp />
      {refusal ? (
        <p className="form-alert" role="alert" data-testid="queue-refusal">
          {refusal}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="muted" data-testid="queue-empty">
          {questions.length === 0 ? <Trans>No questions yet.</Trans> : <Trans>No questions match this filter.</Trans>}
        </p>
      ) : (
        <ul className="control-room__list questions__queue" aria-label={t`Question queue`} onKeyDown={onKeyDown} data-testid="queue-list">
          {shown.map((question, index) => (
            <li
              key={question.id}
              ref={(element) => {
                if (element) items.current.set(question.id, element);
                else items.current.delete(question.id);
              }}
              tabIndex={index === focusedIndex ? 0 : -1}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setFocused(question.id);
              }}
              className="question"
              data-question={question.id}
              data-focused={index === focusedIndex}
              aria-busy={busy.has(question.id) || undefined}
              data-testid="queue-question"
            >
              <QuestionBody question={question} />
              <span className="control-room__actions">
                {question.hidden ? button(question, { type: "unhide" }, t`Unhide`, "action-unhide") : button(question, { type: "hide" }, t`Hide`, "action-hide")}
                {question.answered
                  ? button(question, { type: "mark_unanswered" }, t`Mark unanswered`, "action-unanswered")
                  : button(question, { type: "mark_answered" }, t`Mark answered`, "action-answered")}
                {question.hidden
                  ? null
                  : question.pushed_to_speakers
                    ? button(question, { type: "hide_from_speakers" }, t`Hide from speakers`, "action-unpush")
                    : button(question, { type: "push_to_speakers" }, t`Push to speakers`, "action-push")}
                {question.support_desk?.status === "pending" || question.support_desk?.status === "sent"
                  ? null
                  : button(question, { type: "send_to_support_desk" }, question.support_desk?.status === "failed" ? t`Send to the support desk again` : t`Send to the support desk`, "action-desk")}
                <button type="button" className="button" onClick={() => setAnswering(question.id)} data-testid="action-answer">
                  {question.answer ? <Trans>Edit the answer</Trans> : <Trans>Write an answer</Trans>}
                </button>
              </span>
              {answering === question.id ? (
                <AnswerForm
                  question={question}
                  busy={busy.has(question.id)}
                  onCancel={() => {
                    setAnswering(null);
                    items.current.get(question.id)?.focus();
                  }}
                  onSave={(answer) =>
                    void run(question.id, { type: "answer", answer }).then((outcome) => {
                      if (outcome.ok) setAnswering(null);
                    })
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
