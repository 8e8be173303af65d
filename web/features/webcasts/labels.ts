import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { WebcastKind, WebcastWizardStep } from "../../../domain/webcasts/draft.ts";
import type { WebcastApiStatus } from "../../../domain/webcasts/record.ts";
import type { WebcastStatusGroup } from "../../../domain/webcasts/status.ts";

export const KIND_LABELS: Record<WebcastKind, MessageDescriptor> = {
  live: msg`Live webcast`,
  premiere: msg`Premiere (pre-recorded video played at a set time)`,
  test: msg`Test webcast (at most 20 minutes and 50 participants)`,
};

export const STATE_LABELS: Record<WebcastApiStatus, MessageDescriptor> = {
  resetting: msg`Resetting`,
  upcoming: msg`Upcoming`,
  starting: msg`Starting`,
  stopping: msg`Stopping`,
  live: msg`Live`,
  archived: msg`After`,
  canceled: msg`Canceled`,
  pre_loop: msg`Pre-show loop`,
  end_loop: msg`Post-show loop`,
  premiering: msg`Premiering`,
};

export const GROUP_LABELS: Record<WebcastStatusGroup, MessageDescriptor> = {
  upcoming: msg`Upcoming`,
  live: msg`Live`,
  after: msg`After`,
  canceled: msg`Canceled`,
};

export const STEP_LABELS: Record<WebcastWizardStep, MessageDescriptor> = {
  general: msg`General information`,
  schedule: msg`Date and time`,
};

export const LANGUAGE_LABELS: Record<"en" | "fr", MessageDescriptor> = {
  en: msg`English`,
  fr: msg`French`,
};
