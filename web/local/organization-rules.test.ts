import { describe, expect, it } from "vitest";
import type { OrganizationRow } from "../../domain/organizations/record.ts";
import { Replica } from "../../domain/sync/replica.ts";
import { ORGANIZATION_ID, idSequence, organizer, tickingClock, webcastArgs } from "../../domain/sync/testing.ts";
import { MutationRejected } from "../../domain/sync/types.ts";
import { WEBCAST_MUTATORS } from "../../domain/webcasts/mutators.ts";
import { LocalDatabase } from "./db.ts";
import { DexieReplicaStore } from "./dexie-replica-store.ts";
import { UNKNOWN_ORGANIZATION_RULES, organizationRulesLookup } from "./organization-rules.ts";
import { freshUserId } from "./testing.ts";

const alice = organizer(7);
const nextId = idSequence(Date.UTC(2026, 0, 1), 3);

function organizationRow(fields: Partial<OrganizationRow> = {}): OrganizationRow {
  return { id: String(ORGANIZATION_ID), organization_id: ORGANIZATION_ID, name: "Demo Events", deactivated_at: null, self_serve: false, limits: {}, features: { allow_webcasts: true }, ...fields };
}

/** A Replica over a fresh database holding `organization` (as a pull leaves it), judging with its rules. */
async function replicaWith(organization?: OrganizationRow) {
  const db = new LocalDatabase(freshUserId());
  if (organization) {
    await db.base_organizations.put(organization);
    await db.view_organizations.put(organization);
  }
  const replica = new Replica({ store: new DexieReplicaStore(db), registry: WEBCAST_MUTATORS, actor: alice, locale: "en", clock: tickingClock(), newId: nextId, organization: organizationRulesLookup(db) });
  return { db, replica };
}

async function refusal(attempt: Promise<unknown>): Promise<string | undefined> {
  try {
    await attempt;
    return undefined;
  } catch (error) {
    if (error instanceof MutationRejected) return error.code;
    throw error;
  }
}

describe("organizationRulesLookup", () => {
  it("answers an organization's rules from its synced row", async () => {
    const { db } = await replicaWith(organizationRow({ self_serve: true, limits: { max_webcasts: 2 }, features: { allow_premiere_webcasts: true } }));
    expect(await organizationRulesLookup(db)(ORGANIZATION_ID)).toEqual({ self_serve: true, deactivated_at: null, limits: { max_webcasts: 2 }, features: { allow_premiere_webcasts: true } });
  });

  it("lets mutators refuse offline what the server would: deactivation, features, limits", async () => {
    const deactivated = await replicaWith(organizationRow({ deactivated_at: "2026-01-01T00:00:00.000Z" }));
    expect(await refusal(deactivated.replica.mutate("createWebcast", webcastArgs(nextId())))).toBe("forbidden");

    const noPremiere = await replicaWith(organizationRow({ features: { allow_webcasts: true, allow_premiere_webcasts: false } }));
    expect(await refusal(noPremiere.replica.mutate("createWebcast", webcastArgs(nextId(), { is_premiere: true })))).toBe("forbidden");
    expect(await refusal(noPremiere.replica.mutate("createWebcast", webcastArgs(nextId())))).toBeUndefined();

    const capped = await replicaWith(organizationRow({ limits: { max_webcasts: 1 } }));
    expect(await refusal(capped.replica.mutate("createWebcast", webcastArgs(nextId())))).toBeUndefined();
    expect(await refusal(capped.replica.mutate("createWebcast", webcastArgs(nextId())))).toBe("limit_reached");
    expect(await capped.replica.pending()).toHaveLength(1);
  });

  it("lets the server judge an organization the database does not hold yet", async () => {
    const { db, replica } = await replicaWith();
    expect(await organizationRulesLookup(db)(ORGANIZATION_ID)).toBe(UNKNOWN_ORGANIZATION_RULES);
    // A premiere of 10 hours: only the server knows whether the organization allows it.
    expect(await refusal(replica.mutate("createWebcast", webcastArgs(nextId(), { is_premiere: true, duration: 600 })))).toBeUndefined();
    expect(await replica.pending()).toHaveLength(1);
  });
});
