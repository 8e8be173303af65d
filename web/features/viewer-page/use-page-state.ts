import { useEffect, useMemo, useState } from "react";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import { PAGE_AUTO_REFRESH_MS, viewerPageState } from "../../../domain/viewer-page/page-state.ts";

/** setTimeout's longest wait; a later change is reached through a shorter wait, then another. */
const MAX_TIMER_MS = 2_147_483_647;

/** Device clock → server clock: the offset measured when the webcast was loaded. */
export function clockOffset(webcast: PublicWebcast, receivedAt: number): number {
  const server = Date.parse(webcast.server_now);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/**
 * The page's state by the server's clock (SPEC §2 states, §9 starting soon), re-evaluated with one
 * timer at the state's next change and, only while the start is under 60 minutes away, every
 * second for the countdown. `refetch` is called at most every PAGE_AUTO_REFRESH_MS while the page
 * waits on the server (countdown reached 0 but not live yet; replay pending): SPEC §9 "page
 * auto-refresh after 5 s". A connected room also tells of the change sooner (viewer-page.tsx).
 */
export function usePageState(webcast: PublicWebcast, offsetMs: number, refetch: () => void) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  const state = useMemo(() => viewerPageState(webcast, now), [webcast, now]);

  // A new answer or offset: read the clock again at once.
  useEffect(() => setNow(Date.now() + offsetMs), [webcast, offsetMs]);

  useEffect(() => {
    if (state.nextChangeAt === null) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, state.nextChangeAt - (Date.now() + offsetMs)));
    const timer = setTimeout(() => setNow(Date.now() + offsetMs), wait);
    return () => clearTimeout(timer);
  }, [state.nextChangeAt, offsetMs]);

  const ticking = state.kind === "not_started" && state.soon !== null && (state.startsInMs ?? 0) > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1_000);
    return () => clearInterval(timer);
  }, [ticking, offsetMs]);

  const waiting = (state.kind === "not_started" && state.startsInMs !== null && state.startsInMs <= 0) || state.kind === "replay_pending";
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refetch, PAGE_AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  return { state, now };
}
