import { proxy } from "valtio";

/** localStorage key (SPEC §7: the prefix 'igo') remembering that the user took or skipped the tour. */
export const QUICK_TOUR_KEY = "igo.tour.home";

/** The quick tour's ephemeral state: open or not, and the step shown (index into the steps available). */
export const quickTourState = proxy({ open: false, step: 0 });

/** Whether this browser's user already finished or skipped the tour. */
export function quickTourTaken(): boolean {
  try {
    return localStorage.getItem(QUICK_TOUR_KEY) === "done";
  } catch {
    return false;
  }
}

export function startQuickTour(): void {
  quickTourState.step = 0;
  quickTourState.open = true;
}

/** Ends the tour (finished or skipped): it is remembered as taken. */
export function endQuickTour(): void {
  quickTourState.open = false;
  try {
    localStorage.setItem(QUICK_TOUR_KEY, "done");
  } catch {
    // Private mode without storage: the card simply offers the tour again.
  }
}
