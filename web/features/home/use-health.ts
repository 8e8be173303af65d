import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../../api/errors.ts";
import { type Health, fetchHealth } from "./health.ts";

export type HealthState =
  | { kind: "loading" }
  | { kind: "ready"; health: Health }
  | { kind: "error"; error: ApiRequestError };

/** What an offline browser shows at once: the request could only fail (and would cost the first screen a round trip). */
const offline = (): HealthState => ({ kind: "error", error: ApiRequestError.network(new TypeError("The browser is offline.")) });

/** Fetches on mount (unless the browser is offline), on `retry()` and when the browser comes back online. */
export function useHealth(): { state: HealthState; retry: () => void } {
  const [state, setState] = useState<HealthState>(() => (navigator.onLine ? { kind: "loading" } : offline()));
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: "loading" });
    fetchHealth(current.signal).then(
      (health) => {
        if (!current.signal.aborted) setState({ kind: "ready", health });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        setState({ kind: "error", error: error instanceof ApiRequestError ? error : ApiRequestError.network(error) });
      },
    );
  }, []);

  useEffect(() => {
    if (navigator.onLine) load();
    window.addEventListener("online", load);
    return () => {
      window.removeEventListener("online", load);
      controller.current?.abort();
    };
  }, [load]);

  return { state, retry: load };
}
