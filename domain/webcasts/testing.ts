import { ORGANIZATION_ID } from "../sync/testing.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "./record.ts";

/**
 * A whole webcast row for tests (a fixture: no rule judged it): an upcoming one-hour webcast of
 * organization `ORGANIZATION_ID` on 2026-03-10 at 15:00 UTC, with `fields` over it.
 */
export function webcastRow(fields: Partial<WebcastRow> = {}): WebcastRow {
  return {
    ...DEFAULT_WEBCAST_SETTINGS,
    id: "w",
    organization_id: ORGANIZATION_ID,
    event_title: "Town hall",
    description: null,
    event_start_date_time: "2026-03-10T15:00:00.000Z",
    duration: 60,
    timezone: "UTC",
    language: "en",
    state: "upcoming",
    is_premiere: false,
    is_test: false,
    created_by: 7,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}
