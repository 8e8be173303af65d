import { useLiveQuery } from "dexie-react-hooks";
import { useSyncEngine } from "../../local/session-sync.ts";
import { unsyncedIds } from "../../local/unsynced.ts";

/**
 * Whether the server knows the webcast (web/local/unsynced.ts): false while only this device has
 * it (made here, its createWebcast not yet brought back by a pull), undefined while reading. Live:
 * it turns true when that pull lands. The server-only settings of a webcast (dial-in,
 * integrations) are asked for only then; before, the server could only answer 404.
 */
export function useWebcastSynced(id: string): boolean | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    return !(await unsyncedIds(engine.db, "webcasts", new Set([id]))).has(id);
  }, [engine, id]);
}
