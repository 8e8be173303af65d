import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { session, useCurrentUser } from "../session/store.ts";
import { type FeaturedState, featuredStore, loadFeatured } from "./featured-store.ts";

/**
 * The featured webcasts for the signed-in user (SPEC §4 loader): loads on mount unless fresh,
 * again when the window regains focus (only for a user with accounts, as the spec says) or the
 * browser comes back online. Stale data is reset and refetched; fresh data is reused.
 */
export function useFeaturedWebcasts(): Readonly<FeaturedState> {
  const user = useCurrentUser();
  const database = useLocalDatabase();

  useEffect(() => {
    if (!user) return;
    void loadFeatured(user, database);
    const onFocus = () => {
      const current = session.user;
      if (current && current.accounts.length > 0) void loadFeatured(current, database);
    };
    const onOnline = () => {
      if (session.user) void loadFeatured(session.user, database, { force: true });
    };
    window.addEventListener("focus", onFocus);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("online", onOnline);
    };
  }, [user, database]);

  return useSnapshot(featuredStore);
}
