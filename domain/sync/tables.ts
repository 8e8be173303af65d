/**
 * The synced tables and their row types. Each feature adds its row type here as it becomes
 * synced (webcasts first; organizations, events, meetings, … later).
 */
import type { ViewerRow } from "../viewers/record.ts";
import type { WebcastRow } from "../webcasts/record.ts";

export interface SyncRowMap {
  webcasts: WebcastRow;
  viewers: ViewerRow;
}

/** Every synced table, in a fixed order (pull scopes, adapters, tests). */
export const SYNC_TABLES = ["webcasts", "viewers"] as const satisfies readonly (keyof SyncRowMap)[];
// Fails to compile when a table of SyncRowMap is missing from SYNC_TABLES.
const everyTableListed: [Exclude<keyof SyncRowMap, (typeof SYNC_TABLES)[number]>] extends [never] ? true : never = true;
void everyTableListed;

/** A child table and its column naming the parent row's id. */
export type SyncCascade = { [C in keyof SyncRowMap]: { table: C; column: keyof SyncRowMap[C] & string } }[keyof SyncRowMap];

/**
 * Rows that belong to a row of another table and go with it: deleting the parent deletes them on
 * every side. Stores implement it inside the parent's commit (a `del` change-log entry per child,
 * in the same atomic commit), so a mutator deletes only the parent and never lists the children
 * (a webcast may have tens of thousands of viewers).
 */
export const SYNC_CASCADES: { readonly [T in keyof SyncRowMap]?: readonly SyncCascade[] } = {
  webcasts: [{ table: "viewers", column: "webcast_id" }],
};
