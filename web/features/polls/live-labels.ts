import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PollBadge } from "../../../domain/polls/live.ts";

/** SPEC §4 poll badges, and the compiling-results state. */
export const POLL_BADGE_LABELS: Record<PollBadge, MessageDescriptor> = {
  unpublished: msg`Unpublished`,
  open: msg`Open`,
  closed: msg`Closed`,
  results: msg`Results`,
  compiling: msg`Compiling results`,
};
