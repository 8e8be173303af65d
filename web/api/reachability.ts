import { isAbortError } from "./errors.ts";

/**
 * Whether the API answered lately. `navigator.onLine` only says "some network": a Wi-Fi without
 * internet, a captive portal or a dead server all report true. Every API call reports here (the
 * `hc` client's fetch, ./client.ts, and the XHR upload, ./request.ts): a request that got no
 * response at all (network failure) marks the API unreachable, any response (even an error
 * status) marks it reachable again. The offline badge and the sync indicator read
 * both (web/features/pwa/use-online.ts).
 */
let unreachable = false;
const listeners = new Set<() => void>();

/** Records the outcome of a request: `true` when a response came back, `false` when none did. */
export function reportReachability(reached: boolean): void {
  if (unreachable !== reached) return;
  unreachable = !reached;
  for (const listener of listeners) listener();
}

/** True after a request failed for lack of network, until one gets a response. */
export function apiUnreachable(): boolean {
  return unreachable;
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `fetch` that reports each outcome. An aborted request says nothing, whatever it fails with: a
 * fetch may still settle with its connection's own failure after its caller aborted it (a screen
 * closed mid-request), which is no news about the server.
 */
export function reachabilityReporting(fetcher: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      const response = await fetcher(input, init);
      reportReachability(true);
      return response;
    } catch (cause) {
      const aborted = isAbortError(cause) || init?.signal?.aborted === true;
      if (!aborted) reportReachability(false);
      throw cause;
    }
  };
}

/** Back to "reachable" (tests). */
export function resetReachability(): void {
  reportReachability(true);
}
