import { useSyncExternalStore } from "react";
import { apiUnreachable, subscribeReachability } from "../../api/reachability.ts";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  const unsubscribe = subscribeReachability(onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
    unsubscribe();
  };
}

/**
 * Whether the app can reach its server: the browser reports a network (`navigator.onLine`) and
 * the last API request got a response (web/api/reachability.ts). False means "work offline".
 */
function isOnline(): boolean {
  return navigator.onLine && !apiUnreachable();
}

/** `isOnline()`, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
