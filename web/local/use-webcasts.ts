import { useLiveQuery } from "dexie-react-hooks";
import type { WebcastRow } from "../../domain/webcasts/record.ts";
import { useLocalDatabase } from "./session-sync.ts";

/**
 * The webcasts of an organization as the user sees them (the view: server rows + their pending
 * changes), live, by start time. `undefined` while loading or signed out.
 */
export function useWebcasts(organizationId: number): WebcastRow[] | undefined {
  const db = useLocalDatabase();
  return useLiveQuery(
    async () => (db ? db.view_webcasts.where("organization_id").equals(organizationId).sortBy("event_start_date_time") : undefined),
    [db, organizationId],
  );
}
