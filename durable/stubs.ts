import type { Env } from "../worker/env.ts";

/**
 * The only place Durable Object ids are derived from names, so a name scheme never drifts between
 * callers. Callers authorize before asking for a stub.
 */
export function webcastRoomStub(env: Pick<Env, "WEBCAST_ROOM">, webcastUid: string) {
  return env.WEBCAST_ROOM.get(env.WEBCAST_ROOM.idFromName(`webcast:${webcastUid}`));
}

/** The organization's sync object (durable/organization-sync): serializes its pushes, pokes its devices. */
export function organizationSyncStub(env: Pick<Env, "ORGANIZATION_SYNC">, organizationId: number) {
  return env.ORGANIZATION_SYNC.get(env.ORGANIZATION_SYNC.idFromName(`organization:${organizationId}`));
}

/** The webcast's background jobs (durable/viewer-jobs): CSV imports of viewers, queued invitations. Named by the webcast's id. */
export function viewerJobsStub(env: Pick<Env, "VIEWER_JOBS">, webcastId: string) {
  return env.VIEWER_JOBS.get(env.VIEWER_JOBS.idFromName(webcastId));
}
