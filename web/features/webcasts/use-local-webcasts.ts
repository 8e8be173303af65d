import { useLiveQuery } from "dexie-react-hooks";
import type { OrganizationRules } from "../../../domain/sync/types.ts";
import { addDays } from "../../../domain/webcasts/calendar.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { useSyncEngine } from "../../local/session-sync.ts";

const byStart = (a: WebcastRow, b: WebcastRow) => a.event_start_date_time.localeCompare(b.event_start_date_time) || a.id.localeCompare(b.id);

/**
 * Every webcast the user's replica holds (the view: server rows plus their pending changes),
 * soonest first, live. `undefined` while loading or signed out.
 */
export function useAllWebcasts(): WebcastRow[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => (engine ? (await engine.db.view_webcasts.toArray()).sort(byStart) : undefined), [engine]);
}

/**
 * The webcasts starting on the days `firstDay`…`lastDay` (YYYY-MM-DD) in any time zone, soonest
 * first, live: a range of the start-time index (Dexie version 6), not the whole table. Start times
 * are UTC ISO strings, so a day either side covers every zone (±14 h); callers place them by day.
 */
export function useWebcastsStartingBetween(firstDay: string, lastDay: string): WebcastRow[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine
        ? (await engine.db.view_webcasts.where("event_start_date_time").between(`${addDays(firstDay, -1)}T00:00:00`, `${addDays(lastDay, 2)}T00:00:00`, true, false).toArray()).sort(byStart)
        : undefined,
    [engine, firstDay, lastDay],
  );
}

/** One webcast of the replica, live: `undefined` while loading, `null` when the replica does not hold it. */
export function useLocalWebcast(uid: string): WebcastRow | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => (engine ? ((await engine.db.view_webcasts.get(uid)) ?? null) : undefined), [engine, uid]);
}

/** Ids of the rows with a change still waiting in the outbox (shown as "not synced yet"). */
export function usePendingRowIds(): ReadonlySet<string> {
  const engine = useSyncEngine();
  return (
    useLiveQuery(async () => {
      if (!engine) return new Set<string>();
      const entries = await engine.db.outbox.toArray();
      return new Set(entries.map((entry) => (entry.args as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === "string"));
    }, [engine]) ?? new Set<string>()
  );
}

/**
 * The rules (features, limits) of an organization as this device last pulled them, live:
 * `null` while unknown (not pulled yet, or loading) — then every option is offered and the server
 * judges.
 */
export function useOrganizationRules(organizationId: number): OrganizationRules | null {
  const engine = useSyncEngine();
  return (
    useLiveQuery(async () => {
      const row = engine ? await engine.db.view_organizations.get(String(organizationId)) : undefined;
      return row ? { self_serve: row.self_serve, deactivated_at: row.deactivated_at, limits: row.limits, features: row.features } : null;
    }, [engine, organizationId]) ?? null
  );
}
