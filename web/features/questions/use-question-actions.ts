import { useState } from "react";
import type { QuestionAction } from "../../../domain/questions/moderation.ts";
import type { RequestOutcome } from "../webcast-room/room-client.ts";
import type { RoomTabProps } from "../webcast-room/tabs.ts";

/**
 * Runs moderation actions through the room (`question.moderate`), one question at a time: which
 * questions wait for the room's answer, and the last refusal to show.
 */
export function useQuestionActions(request: RoomTabProps["request"]) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (question_id: string, action: QuestionAction): Promise<RequestOutcome> => {
    setBusy((ids) => new Set(ids).add(question_id));
    setRefusal(null);
    const outcome = await request({ type: "question.moderate", question_id, action });
    setBusy((ids) => {
      const next = new Set(ids);
      next.delete(question_id);
      return next;
    });
    if (!outcome.ok && outcome.code !== "closed") setRefusal(outcome.message);
    return outcome;
  };
  return { busy, refusal, run, dismissRefusal: () => setRefusal(null) };
}
