/**
 * The webcast's sub-collections (SPEC §3) that sync as tables of their own, each row scoped to its
 * organization and webcast (deleting the webcast deletes them on every side: SYNC_CASCADES).
 * Ids are UUIDv7 made by whoever creates the row (a browser offline included). Each feature keeps
 * its rows and mutators in its own folder (domain/speakers, domain/polls, domain/resources,
 * domain/segments, domain/embed-apps, domain/streaming-outputs): `record.ts` and `mutators.ts`.
 */

export interface WebcastPart {
  id: string;
  organization_id: number;
  webcast_id: string;
  created_at: string;
  updated_at: string;
}
