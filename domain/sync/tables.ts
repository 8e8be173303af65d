/**
 * The synced tables and their row types. Each feature adds its row type here as it becomes
 * synced (webcasts first; organizations, events, meetings, … later).
 */
import type { WebcastRow } from "../webcasts/record.ts";

export interface SyncRowMap {
  webcasts: WebcastRow;
}
