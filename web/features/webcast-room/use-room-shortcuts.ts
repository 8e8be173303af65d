import { useEffect, useRef } from "react";
import { confirmState } from "../../ui/confirm.ts";
import { quickTourState } from "../quick-tour/store.ts";

export interface RoomShortcuts {
  previousSlide(): void;
  nextSlide(): void;
  goLive(): void;
}

/** The keys, as `aria-keyshortcuts` and the shortcuts list name them. */
export const SHORTCUT_KEYS = {
  previousSlide: "ArrowLeft PageUp",
  nextSlide: "ArrowRight PageDown",
  goLive: "Shift+L",
} as const;

/** Where keys belong to the focused control: text fields, choices, tabs, menus. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target.closest('[role="tab"], [role="tablist"], [role="radiogroup"], [role="menu"], [role="slider"], [role="dialog"]') !== null;
}

/**
 * Control room keys, anywhere on the page: ArrowLeft/PageUp and ArrowRight/PageDown change the
 * slide (presenter remotes send PageUp/PageDown), Shift+L starts the broadcast (after the same
 * confirmation as the button). Ignored while a field, a tab list or a dialog has the keys.
 */
export function useRoomShortcuts(handlers: RoomShortcuts, enabled: boolean): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (confirmState.queue.length > 0 || quickTourState.open || ownsKeys(event.target)) return;
      if (!event.shiftKey && (event.key === "ArrowLeft" || event.key === "PageUp")) {
        event.preventDefault();
        latest.current.previousSlide();
      } else if (!event.shiftKey && (event.key === "ArrowRight" || event.key === "PageDown")) {
        event.preventDefault();
        latest.current.nextSlide();
      } else if (event.shiftKey && (event.key === "L" || event.key === "l")) {
        event.preventDefault();
        latest.current.goLive();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
