import { useLiveQuery } from "dexie-react-hooks";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { LocalDatabase } from "../../local/db.ts";
import { currentLocalDatabase, useLocalDatabase } from "../../local/session-sync.ts";
import { session, useCurrentUser } from "../session/store.ts";
import { readHomeWebcasts } from "./home-queries.ts";

/** The last rows read ahead by the /home loader, and for whom. */
let readAhead: { db: LocalDatabase; userId: number; rows: WebcastRow[] } | null = null;

/** How long the /home loader waits for its read before the screen renders without the rows. */
const READ_AHEAD_WAIT_MS = 250;

/**
 * The /home route loader: reads the "your webcasts" rows while the screen's code loads, so the
 * first render already shows them (issue #4: offline home render). Waits at most
 * `READ_AHEAD_WAIT_MS` (a slow or blocked database must not hold the screen back: the block then
 * says it is loading until the live query answers); never fails.
 */
export async function readHomeWebcastsAhead(waitMs = READ_AHEAD_WAIT_MS): Promise<void> {
  const db = currentLocalDatabase();
  const user = session.user;
  if (!db || !user) return;
  const read = readHomeWebcasts(db, user, Date.now()).then(
    (rows) => {
      readAhead = { db, userId: user.id, rows };
    },
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([read, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/**
 * SPEC §2 "your webcasts" of the signed-in user, live from IndexedDB (home-queries.ts), starting
 * from the loader's read when it is the same database and user. `undefined` while loading or
 * signed out.
 */
export function useHomeWebcasts(): WebcastRow[] | undefined {
  const db = useLocalDatabase();
  const user = useCurrentUser();
  const ahead = readAhead && readAhead.db === db && readAhead.userId === user?.id ? readAhead.rows : undefined;
  return useLiveQuery(async () => (db && user ? readHomeWebcasts(db, user, Date.now()) : undefined), [db, user], ahead);
}
