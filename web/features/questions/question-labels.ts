import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { QuestionStatusFilter, SupportDesk } from "../../../domain/questions/record.ts";

/** The moderation queue's filters (domain/questions/filter.ts `matchesStatus`). */
export const QUESTION_FILTER_LABELS: Record<QuestionStatusFilter, MessageDescriptor> = {
  all: msg`All`,
  unanswered: msg`Unanswered`,
  answered: msg`Answered`,
  hidden: msg`Hidden`,
  pushed: msg`Pushed to speakers`,
};

/** Where a question sent to the support desk stands. */
export const SUPPORT_DESK_LABELS: Record<SupportDesk["status"], MessageDescriptor> = {
  pending: msg`Support desk: sending…`,
  sent: msg`Support desk: sent`,
  failed: msg`Support desk: failed`,
};
