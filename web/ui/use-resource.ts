import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../api/errors.ts";

export interface Resource<T> {
  /** The last data loaded; kept while a new key loads so lists do not flash empty. */
  data: T | undefined;
  /** The key `data` was loaded for. */
  dataKey: string | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
  reload(): void;
  /** Replaces the data with what a mutation returned. */
  setData(data: T): void;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load yet) or on `reload()`; an older,
 * slower answer never overwrites a newer one (the previous request is aborted).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [loaded, setLoaded] = useState<{ key: string; value: T } | undefined>(undefined);
  const [error, setError] = useState<ApiRequestError | undefined>(undefined);
  const [loading, setLoading] = useState(key !== null);
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, value });
        setLoading(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setError(cause instanceof ApiRequestError ? cause : ApiRequestError.network(cause));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((value) => value + 1), []);
  const setData = useCallback((value: T) => setLoaded((current) => (current ? { key: current.key, value } : current)), []);
  return { data: loaded?.value, dataKey: loaded?.key, error, loading, reload, setData };
}
