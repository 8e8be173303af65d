import { proxy } from "valtio";

/** localStorage key (SPEC §7: the prefix 'igo') remembering that the user took or skipped the tour. */
export const QUICK_TOUR_KEY = "igo.tour.home";

/** The tours: the home screen's and the control room's (SPEC §2), each remembered on its own. */
export type QuickTourName = "home" | "control-room";
const keyOf = (tour: QuickTourName) => (tour === "home" ? QUICK_TOUR_KEY : `igo.tour.${tour}`);

/** The quick tour's ephemeral state: open or not, which tour, and the step shown (index into the steps available). */
export const quickTourState = proxy<{ open: boolean; step: number; tour: QuickTourName }>({ open: false, step: 0, tour: "home" });

/** Whether this browser's user already finished or skipped the tour. */
export function quickTourTaken(tour: QuickTourName = "home"): boolean {
  try {
    return localStorage.getItem(keyOf(tour)) === "done";
  } catch {
    return false;
  }
}

export function startQuickTour(tour: QuickTourName = "home"): void {
  quickTourState.tour = tour;
  quickTourState.step = 0;
  quickTourState.open = true;
}

/** Ends the tour (finished or skipped): it is remembered as taken. */
export function endQuickTour(): void {
  quickTourState.open = false;
  try {
    localStorage.setItem(keyOf(quickTourState.tour), "done");
  } catch {
    // Private mode without storage: the card simply offers the tour again.
  }
}
