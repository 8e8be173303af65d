import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { PollRow } from "../../../domain/polls/record.ts";

/** SPEC §4 poll badges (the status is set by the control room: publish, close, show results). */
export const POLL_STATUS_LABELS: Record<PollRow["status"], MessageDescriptor> = {
  unpublished: msg`Unpublished`,
  open: msg`Open`,
  closed: msg`Closed`,
  results: msg`Results`,
};

/** SPEC §9 poll display modes. */
export const POLL_DISPLAY_LABELS: Record<PollRow["display"], { label: MessageDescriptor; help: MessageDescriptor }> = {
  fluid: { label: msg`Fluid`, help: msg`The whole poll on one page.` },
  paginated: { label: msg`Paginated`, help: msg`One page at a time.` },
};

/** SPEC §9 export formats, as the export call names them. */
export const POLL_EXPORT_TYPES: readonly { type: "xlsx" | "csv" | "csv_semicolon"; label: MessageDescriptor }[] = [
  { type: "xlsx", label: msg`Excel (XLSX)` },
  { type: "csv", label: msg`CSV (comma)` },
  { type: "csv_semicolon", label: msg`CSV (semicolon)` },
];

export const RESOURCE_KIND_LABELS: Record<ResourceRow["kind"], MessageDescriptor> = {
  file: msg`File`,
  link: msg`Link`,
  email: msg`E-mail`,
};
