import type { MutatorRegistry } from "../domain/sync/run.ts";
import type { ServerStore } from "../domain/sync/server-store.ts";
import type { LiveState } from "../domain/webcast-room/live-state.ts";
import { OrganizationSyncObject } from "../durable/organization-sync/organization-sync.ts";
import { type RoomSetup, WebcastRoomObject } from "../durable/webcast-room/webcast-room.ts";
import { D1ServerStore } from "./features/sync/d1-server-store.ts";
import { SYNC_MUTATORS } from "./features/sync/mutators.ts";
import { goLiveAvailable, loadRoomWebcast, tellRooms, writeWebcastStatus } from "./features/webcast-room/room-host.ts";

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
}
