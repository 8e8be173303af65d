import type { MutatorRegistry } from "../domain/sync/run.ts";
import type { ServerStore } from "../domain/sync/server-store.ts";
import type { Question } from "../domain/questions/record.ts";
import type { RoomActor } from "../domain/webcast-room/actor.ts";
import type { LiveState } from "../domain/webcast-room/live-state.ts";
import type { Participant } from "../durable/webcast-room/interactions.ts";
import type { OutboxEntry } from "../durable/webcast-room/outbox.ts";
import { OrganizationSyncObject } from "../durable/organization-sync/organization-sync.ts";
import { type RoomSetup, WebcastRoomObject } from "../durable/webcast-room/webcast-room.ts";
import { type ImportScratch, type ImportStepResult, ViewerJobsObject } from "../durable/viewer-jobs/viewer-jobs.ts";
import { failImport, runImportStep } from "./features/viewer-imports/process.ts";
import { invitationStep } from "./features/invitations/sender.ts";
import { D1ServerStore } from "./features/sync/d1-server-store.ts";
import { SYNC_MUTATORS } from "./features/sync/mutators.ts";
import { writeInteractions } from "./features/webcast-room/interaction-writes.ts";
import { goLiveAvailable, loadParticipant, loadRoomWebcast, tellRooms, writeWebcastStatus } from "./features/webcast-room/room-host.ts";
import { deliverSupportDesk } from "./features/webcast-room/support-desk.ts";

/**
 * The Durable Object classes the runtime instantiates (wrangler.toml `class_name`), with what they
 * need from the worker injected here: `durable/` holds the transport and never imports the
 * worker's features.
 */
export class OrganizationSync extends OrganizationSyncObject {
  protected readonly registry: MutatorRegistry = SYNC_MUTATORS;

  protected store(organizationId: number): ServerStore {
    // A webcast written by a push: its room re-reads the row at once (a cancellation, a new start, a setting).
    return new D1ServerStore(this.env.DB, organizationId, (writes) => tellRooms(this.env, writes));
  }
}

/** A webcast's live room (durable/webcast-room) on the webcast's D1 row (features/webcast-room/room-host.ts). */
export class WebcastRoom extends WebcastRoomObject {
  protected loadWebcast(uid: string): Promise<RoomSetup | null> {
    return loadRoomWebcast(this.env, uid);
  }

  protected goLiveAvailable(uid: string): Promise<boolean> {
    return goLiveAvailable(this.env, uid);
  }

  protected writeStatus(uid: string, state: LiveState): Promise<void> {
    return writeWebcastStatus(this.env, uid, state);
  }

  protected loadParticipant(uid: string, actor: RoomActor): Promise<Participant | null> {
    return loadParticipant(this.env, uid, actor);
  }

  protected writeInteractions(organizationId: number, uid: string, entries: OutboxEntry[]): Promise<void> {
    return writeInteractions(this.env, organizationId, uid, entries);
  }

  protected deliverSupportDesk(uid: string, question: Question): Promise<{ ticket: string | null }> {
    return deliverSupportDesk(this.env, uid, question);
  }
}

/** A webcast's background jobs (durable/viewer-jobs): CSV import steps (features/viewer-imports/process.ts), queued invitations. */
export class ViewerJobs extends ViewerJobsObject {
  protected importStep(webcastId: string, importId: string, scratch: ImportScratch): Promise<ImportStepResult> {
    return runImportStep(this.env, webcastId, importId, scratch);
  }

  protected importFailed(_webcastId: string, importId: string, error: unknown): Promise<void> {
    return failImport(this.env, importId, error);
  }

  /** 50 deliveries an alarm (features/invitations/sender.ts), re-armed at once while due ones remain, else at the next retry. */
  protected invitationStep(webcastId: string): Promise<{ retryAt: number | null }> {
    return invitationStep(this.env, webcastId, 50);
  }
}
