import type { Env } from "../../env.ts";

/**
 * Wakes the webcast's `ViewerJobs` Durable Object (durable/viewer-jobs, its own agent's work) so
 * its alarm sends the queued invitations (`sendQueuedInvitations`, sender.ts). The binding is read
 * through a structural type, so this is a no-op answering false wherever it is absent (tests that
 * send by themselves bind it to undefined: worker/features/viewers/testing.ts). A failure to wake is
 * logged, not thrown: the deliveries stay queued in D1 and the next wake (or a retry) sends them.
 */
interface ViewerJobsStub {
  kickInvitations(webcastId?: string): Promise<unknown>;
}
interface ViewerJobsNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): ViewerJobsStub;
}

export async function wakeViewerJobs(env: Env, webcastId: string): Promise<boolean> {
  const namespace = (env as Env & { VIEWER_JOBS?: ViewerJobsNamespace }).VIEWER_JOBS;
  if (!namespace) return false;
  try {
    await namespace.get(namespace.idFromName(webcastId)).kickInvitations(webcastId);
    return true;
  } catch (error) {
    console.error(`ViewerJobs of webcast ${webcastId} could not be woken`, error);
    return false;
  }
}
