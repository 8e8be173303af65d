import { uuidv7Time } from "./uuidv7.ts";

/**
 * How long the server keeps what makes sync exact (docs/sync.md "Compaction"): the record of each
 * processed mutation (a retried push is answered, not applied twice) and each deletion's entry in
 * the change log (a device that was away learns the row is gone). Older ones are compacted away.
 */
export const SYNC_RETENTION_DAYS = 30;

/** The instant before which records are compacted, for `now`. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - SYNC_RETENTION_DAYS * 86_400_000);
}

/**
 * Whether a queued mutation is older than the retention (its UUIDv7 id carries the time the device
 * made it): its record may be gone, so the server cannot tell whether it was applied and refuses it
 * (`expired`); the device keeps it among the rejected changes, as a draft. Needs no authorization.
 */
export function mutationExpired(mutationId: string, now: Date): boolean {
  const made = uuidv7Time(mutationId);
  return made !== null && made < retentionCutoff(now).getTime();
}
