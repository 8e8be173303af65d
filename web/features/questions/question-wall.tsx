import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { QuestionView } from "../../../domain/questions/visibility.ts";
import { AskerName } from "./question-item.tsx";

/** The questions pushed to speakers (and not hidden), the latest pushed first. */
export function pushedQuestions(questions: readonly QuestionView[]): QuestionView[] {
  return questions.filter((question) => question.pushed_to_speakers && !question.hidden).sort((a, b) => (b.pushed_at ?? b.asked_at) - (a.pushed_at ?? a.asked_at));
}

/**
 * The question wall: the pushed questions full screen, in type big enough to read across a room.
 * A modal over the control room; Escape (or the button) closes it and focus goes back.
 */
export function QuestionWall({ questions, onClose }: { questions: readonly QuestionView[]; onClose(): void }) {
  const { t } = useLingui();
  const close = useRef<HTMLButtonElement>(null);
  const pushed = pushedQuestions(questions);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      before?.focus();
    };
  }, [onClose]);
  return (
    <div className="question-wall" role="dialog" aria-modal="true" aria-label={t`Question wall`} data-testid="question-wall">
      <div className="question-wall__bar">
        <h2 className="question-wall__title">
          <Trans>Questions</Trans>
        </h2>
        <button ref={close} type="button" className="button" onClick={onClose} data-testid="question-wall-close">
          <Trans>Close (Esc)</Trans>
        </button>
      </div>
      <PushedQuestionList pushed={pushed} />
    </div>
  );
}

/** The pushed questions, latest first, or the empty state: the wall's list, full screen or on the viewer page. */
function PushedQuestionList({ pushed }: { pushed: readonly QuestionView[] }) {
  if (pushed.length === 0) {
    return (
      <p className="question-wall__empty">
        <Trans>No question pushed to the speakers yet.</Trans>
      </p>
    );
  }
  return (
    <ol className="question-wall__list" aria-live="polite">
      {pushed.map((question) => (
        <li key={question.id} className="question-wall__item">
          <p className="question-wall__text">{question.text}</p>
          <p className="question-wall__asker">
            <AskerName question={question} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The question wall on the viewer page (issue #19; the room's `question_wall` toggle, in step with
 * the viewer's picture): the questions pushed to the speakers, under the video, in the wall's type
 * made for a phone. The same questions as the control room's wall (`pushedQuestions`).
 */
export function OnScreenQuestions({ questions, headingLevel = 3 }: { questions: readonly QuestionView[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="question-wall question-wall--on-page card" aria-labelledby="on-screen-questions-title" data-testid="on-screen-questions">
      <Heading id="on-screen-questions-title" className="question-wall__title">
        <Trans>Questions on screen</Trans>
      </Heading>
      <PushedQuestionList pushed={pushedQuestions(questions)} />
    </section>
  );
}
