import { useEffect, useState } from "react";

/** The current time, re-read every `periodMs` (default 30 s) so relative texts ("starts within the hour", "last synced 2 min ago") stay true. */
export function useNow(periodMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}
