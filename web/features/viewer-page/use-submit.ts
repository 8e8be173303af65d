import { useCallback, useEffect, useState } from "react";
import { ViewerApiError } from "./api.ts";

/**
 * A form's sending state: busy while the call runs, the refusal to show, and after a 429 the
 * submit stays disabled until Retry-After has passed (then enabled again by a timer).
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ViewerApiError | null>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);

  useEffect(() => {
    if (blockedUntil === null) return;
    const timer = setTimeout(() => setBlockedUntil(null), Math.max(0, blockedUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [blockedUntil]);

  /** Runs the call; true when it succeeded. Errors other than the API's propagate. */
  const run = useCallback(async (call: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await call();
      return true;
    } catch (cause) {
      if (!(cause instanceof ViewerApiError)) throw cause;
      setError(cause);
      // Without Retry-After a 429 still pauses the button for a moment, so it is not hammered.
      if (cause.status === 429) setBlockedUntil(Date.now() + (cause.retryAfterMs ?? 5_000));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, blocked: blockedUntil !== null, run, setError };
}

/** The server's messages for one field. */
export function serverErrors(error: ViewerApiError | null, field: string): string[] {
  return error ? error.fieldErrors(field) : [];
}
