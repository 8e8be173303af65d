/**
 * Fixtures for the sync tests (not shipped code): actors, organization rules, deterministic ids
 * and clocks, and a harness wiring replicas to an in-memory server.
 */
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { MemoryReplicaStore } from "./memory-replica-store.ts";
import { MemoryServerStore } from "./memory-server-store.ts";
import type { ReplicaStore } from "./replica-store.ts";
import { Replica, type PullFetcher, type PushSender } from "./replica.ts";
import { applyPush, pull } from "./server.ts";
import { readScope } from "../permissions/read-rule.ts";
import type { MutationActor, OrganizationRules, SyncScope } from "./types.ts";
import { uuidv7 } from "./uuidv7.ts";

export const ORGANIZATION_ID = 1;
export const OTHER_ORGANIZATION_ID = 2;

export function organizer(id: number, organizationId = ORGANIZATION_ID): MutationActor {
  return { id, is_super_admin: false, permissions: permissionsFor([{ organization_id: organizationId, role: "organizer" }]) };
}

/** An organizer who may create and edit webcasts but not delete them. */
export function editor(id: number, organizationId = ORGANIZATION_ID): MutationActor {
  const { "webcasts.delete": _delete, ...permissions } = permissionsFor([{ organization_id: organizationId, role: "organizer" }]);
  return { id, is_super_admin: false, permissions };
}

export function rules(overrides: { limits?: Record<string, number | null>; features?: Record<string, boolean>; deactivated_at?: string | null } = {}): OrganizationRules {
  return {
    self_serve: false,
    deactivated_at: overrides.deactivated_at ?? null,
    limits: { max_duration: 120, ...overrides.limits },
    features: { allow_webcasts: true, allow_premiere_webcasts: true, ...overrides.features },
  };
}

/** UUIDv7s from a counter: the same sequence on every run (fast-check seeds replay exactly). */
export function idSequence(start = Date.UTC(2026, 0, 1), salt = 0): () => string {
  let n = 0;
  return () => {
    n++;
    const random = new Uint8Array(10);
    new DataView(random.buffer).setUint32(6, n);
    random[0] = salt;
    return uuidv7(start + n, random);
  };
}

/** A clock that moves one second per reading. */
export function tickingClock(start = Date.UTC(2026, 0, 1, 12)): () => string {
  let t = start;
  return () => new Date((t += 1000)).toISOString();
}

export const SERVER_NOW = "2026-01-01T12:00:00.000Z";

/** A server and the transport helpers a replica needs to reach it. */
export function memoryServer(organizations: Iterable<[number, OrganizationRules]> = [[ORGANIZATION_ID, rules()]]) {
  const store = new MemoryServerStore(organizations);
  return {
    store,
    sender(actor: MutationActor, locale: UiLocale = "en"): PushSender {
      // JSON round trips, as over the network.
      return async (mutations) => structuredClone(await applyPush(store, WEBCAST_MUTATORS, actor, locale, structuredClone(mutations), SERVER_NOW));
    },
    /** Pulls as a user who sees every table of `scope` (organization ids: the same for every table); as `userId` when given. */
    fetcher(scope: readonly number[] | SyncScope = [ORGANIZATION_ID], limit?: number, userId?: number): PullFetcher {
      const full = "webcasts" in scope ? scope : scopeOf(scope);
      return async (cursor, continuing) => structuredClone(await pull(store, full, cursor, limit, { ...(userId === undefined ? {} : { userId }), continuing }));
    },
  };
}

/** The same organizations for every synced table: the pull scope of someone who sees every table. */
export function scopeOf(organizationIds: readonly number[]): SyncScope {
  return readScope({ is_super_admin: true, permissions: {} }, organizationIds);
}

export interface TestReplicaOptions {
  salt?: number;
  locale?: UiLocale;
  /** The organization's rules the client knows; null = no lookup (the server decides). */
  organization?: OrganizationRules | null;
}

/** A Replica for tests over any ReplicaStore, with a ticking clock and predictable ids. */
export function testReplica(store: ReplicaStore, actor: MutationActor, options: TestReplicaOptions = {}): Replica<typeof WEBCAST_MUTATORS> {
  const known = options.organization === undefined ? rules() : options.organization;
  return new Replica({
    store,
    registry: WEBCAST_MUTATORS,
    actor,
    locale: options.locale ?? "en",
    clock: tickingClock(),
    newId: idSequence(Date.UTC(2026, 0, 1), options.salt ?? actor.id),
    // A plain async function: it awaits nothing outside the store, so a Dexie transaction stays open.
    ...(known ? { organization: async (id: number) => (id === ORGANIZATION_ID ? known : undefined) } : {}),
  });
}

export function memoryReplica(actor: MutationActor, options: TestReplicaOptions = {}) {
  const store = new MemoryReplicaStore();
  return { store, replica: testReplica(store, actor, options) };
}

/** Arguments of a valid webcast creation. */
export function webcastArgs(id: string, fields: Partial<{ event_title: string; duration: number; event_start_date_time: string; is_test: boolean; is_premiere: boolean; organization_id: number }> = {}) {
  return {
    id,
    organization_id: ORGANIZATION_ID,
    event_title: "Quarterly results",
    event_start_date_time: "2026-03-10T15:00:00.000Z",
    duration: 60,
    timezone: "America/Toronto",
    language: "en" as const,
    now: "2026-01-01T12:00:00.000Z",
    ...fields,
  };
}
