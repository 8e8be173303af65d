import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ExportType, ImportStatus, InvitationFilter, InvitationStatus, RegistrationFilter } from "./api.ts";

/** SPEC §4 CSV import states, as the viewers tab names them. */
export const IMPORT_STATUS_LABELS: Record<ImportStatus, MessageDescriptor> = {
  importing: msg`Reading the file`,
  processing: msg`Importing the viewers`,
  imported: msg`Imported`,
  imported_with_errors: msg`Imported with errors`,
  completed: msg`Completed: nothing to change`,
  failed: msg`Failed`,
  canceled: msg`Canceled`,
};

/** The latest invitation e-mail's delivery (REST `invitation_status`). */
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, MessageDescriptor> = {
  none: msg`Not invited`,
  queued: msg`Invitation queued`,
  sent: msg`Invitation sent`,
  failed: msg`Invitation failed`,
};

export const INVITATION_FILTER_LABELS: Record<InvitationFilter, MessageDescriptor> = {
  all: msg`All`,
  sent: msg`Invitation sent`,
  not_sent: msg`Invitation not sent`,
};

export const REGISTRATION_FILTER_LABELS: Record<RegistrationFilter, MessageDescriptor> = {
  all: msg`All`,
  registered: msg`Registered`,
  not_registered: msg`Not registered`,
};

export const EXPORT_LABELS: Record<ExportType, MessageDescriptor> = {
  xlsx: msg`Excel (XLSX)`,
  csv: msg`CSV (comma)`,
  csv_semicolon: msg`CSV (semicolon)`,
};
