import type { MutatorRegistry } from "../domain/sync/run.ts";
import type { ServerStore } from "../domain/sync/server-store.ts";
import { OrganizationSyncObject } from "../durable/organization-sync/organization-sync.ts";
import { D1ServerStore } from "./features/sync/d1-server-store.ts";
import { SYNC_MUTATORS } from "./features/sync/mutators.ts";

/**
 * The Durable Object classes the runtime instantiates (wrangler.toml `class_name`), with what they
 * need from the worker injected here: `durable/` holds the transport and never imports the
 * worker's features.
 */
export class OrganizationSync extends OrganizationSyncObject {
  protected readonly registry: MutatorRegistry = SYNC_MUTATORS;

  protected store(organizationId: number): ServerStore {
    return new D1ServerStore(this.env.DB, organizationId);
  }
}

export { WebcastRoom } from "../durable/webcast-room/webcast-room.ts";
