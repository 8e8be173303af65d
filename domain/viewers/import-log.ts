/**
 * A CSV import of viewers as the API answers it (docs/viewers-api.md `ImportLog`; SPEC §4 states):
 * written by worker/features/viewer-imports, read by the viewers tab's import panel.
 */
export const IMPORT_STATUSES = ["importing", "processing", "completed", "imported", "imported_with_errors", "failed", "canceled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The states of an import still under way (one at a time per webcast). */
export const RUNNING_IMPORT_STATUSES = ["importing", "processing"] as const satisfies readonly ImportStatus[];

export function isRunningImport(status: ImportStatus): boolean {
  return (RUNNING_IMPORT_STATUSES as readonly ImportStatus[]).includes(status);
}

export interface ImportLog {
  id: string;
  status: ImportStatus;
  file_name: string;
  file_size: number;
  /** Data rows of the file, once counted. */
  total_rows: number | null;
  processed_rows: number;
  created_rows: number;
  updated_rows: number;
  error_rows: number;
  bytes_done: number;
  rows_per_second: number | null;
  /** A file-level failure in the spec's error shape. */
  failure: { message: string; errors?: Record<string, string[]> } | null;
  /** The first row errors (the whole list is the error file). */
  errors: { row: number; errors: Record<string, string[]> }[];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  user: { id: number; name: string } | null;
}
