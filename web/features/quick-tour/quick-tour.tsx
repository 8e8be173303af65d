import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { QUICK_TOUR_STEPS, type QuickTourStep, tourTarget } from "./steps.ts";
import { type QuickTourName, endQuickTour, quickTourState } from "./store.ts";
import "./quick-tour.css";

/** Gap between the target and the popover, and between the popover and the window's edges (px). */
const GAP = 12;
/** Below this width the popover sits at the bottom of the screen instead of beside its target. */
const NARROW = 640;
const HIGHLIGHT = "quick-tour__target";

/** Beside the target (`top`/`left`), docked at the bottom (narrow screens), or not measured yet. */
type Placement = { top: number; left: number } | "docked" | "unplaced";

/**
 * Where the popover goes: under the target, or above it when there is no room below. Measured
 * in its beside-the-target form (never while docked, whose width is the window's).
 */
function placeBeside(target: HTMLElement, popover: HTMLElement): Placement {
  if (window.innerWidth < NARROW) return "docked";
  const box = target.getBoundingClientRect();
  const { width, height } = popover.getBoundingClientRect();
  const below = box.bottom + GAP;
  const top = below + height + GAP <= window.innerHeight || box.top - GAP - height < GAP ? below : box.top - GAP - height;
  const left = Math.min(Math.max(GAP, box.left), Math.max(GAP, window.innerWidth - width - GAP));
  return { top: Math.max(GAP, top), left };
}

/**
 * A quick tour (steps.ts: the home screen's by default, or the control room's): a non-modal popover
 * beside each step's element, which is scrolled into view and ringed. Back / Next (Done on the
 * last) / Skip; Left and Right arrows move, Escape skips; focus goes to each step's title and back
 * to whatever had it before the tour once it ends. Steps whose element is not shown are left out.
 */
export function QuickTour({ steps: all = QUICK_TOUR_STEPS, tour = "home" }: { steps?: readonly QuickTourStep[]; tour?: QuickTourName } = {}) {
  const snapshot = useSnapshot(quickTourState);
  return snapshot.open && snapshot.tour === tour ? <QuickTourPopover all={all} /> : null;
}

function QuickTourPopover({ all }: { all: readonly QuickTourStep[] }) {
  const { t, i18n } = useLingui();
  const { step: index } = useSnapshot(quickTourState);
  const titleId = useId();
  const textId = useId();
  const popover = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Read while rendering, before the first step's title takes the focus.
  const [opener] = useState<Element | null>(() => document.activeElement);
  const [steps] = useState<readonly QuickTourStep[]>(() => all.filter((step) => tourTarget(step) !== null));
  const [placement, setPlacement] = useState<Placement>("unplaced");
  const step = steps[Math.min(index, steps.length - 1)];
  const last = index >= steps.length - 1;

  // Focus returns where it was when the tour ends (the button that started it).
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );

  // Nothing to show (no step's element on the page): the tour ends at once.
  useEffect(() => {
    if (!step) endQuickTour();
  }, [step]);

  const place = useCallback(() => {
    const target = step ? tourTarget(step) : null;
    const element = popover.current;
    if (!target || !element) return;
    // Measure in the beside form: drop the docked layout for the measurement.
    element.classList.remove("quick-tour--docked");
    setPlacement(placeBeside(target, element));
  }, [step]);

  useLayoutEffect(() => {
    const target = step ? tourTarget(step) : null;
    if (!target) return;
    target.classList.add(HIGHLIGHT);
    const reduced = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView?.({ block: "center", behavior: reduced ? "auto" : "smooth" });
    place();
    return () => target.classList.remove(HIGHLIGHT);
  }, [step, place]);

  // Each step's title takes the focus once the popover is shown (a hidden element cannot take it).
  const placed = placement !== "unplaced";
  useEffect(() => {
    if (placed) title.current?.focus();
  }, [step, placed]);

  useEffect(() => {
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [place]);

  if (!step) return null;
  const number = index + 1;
  const total = steps.length;
  const go = (delta: number) => {
    const next = index + delta;
    if (next < 0) return;
    if (next >= steps.length) endQuickTour();
    else quickTourState.step = next;
  };

  return (
    <div
      ref={popover}
      className={`quick-tour${placement === "docked" ? " quick-tour--docked" : ""}`}
      style={
        placement === "unplaced" ? { top: 0, left: 0, visibility: "hidden" } : placement === "docked" ? undefined : { top: placement.top, left: placement.left }
      }
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="quick-tour"
      data-step={step.id}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          endQuickTour();
        } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
          // Arrows inside a text field move its caret, not the tour.
          if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
          event.preventDefault();
          go(event.key === "ArrowRight" ? 1 : -1);
        }
      }}
    >
      <p className="quick-tour__progress muted" data-testid="quick-tour-progress">
        <Trans>
          Step {number} of {total}
        </Trans>
      </p>
      <h2 id={titleId} ref={title} tabIndex={-1} className="quick-tour__title">
        {i18n._(step.title)}
      </h2>
      <p id={textId} className="quick-tour__text">
        {i18n._(step.text)}
      </p>
      <div className="quick-tour__actions">
        <button type="button" className="button" onClick={() => endQuickTour()} data-testid="quick-tour-skip">
          <Trans>Skip the tour</Trans>
        </button>
        <span className="quick-tour__moves">
          {index > 0 ? (
            <button type="button" className="button" onClick={() => go(-1)} data-testid="quick-tour-back">
              <Trans>Back</Trans>
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={() => go(1)} data-testid="quick-tour-next" aria-label={last ? t`Done: end the tour` : undefined}>
            {last ? <Trans>Done</Trans> : <Trans>Next</Trans>}
          </button>
        </span>
      </div>
    </div>
  );
}
