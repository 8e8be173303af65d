import { type KeyboardEvent, useCallback, useRef } from "react";

/**
 * Keyboard behaviour of a WAI-ARIA tablist whose selection lives elsewhere (the address): arrows
 * move to the previous/next tab (wrapping), Home and End to the first and last; the new tab is
 * selected and focused. `tabRef(name)` is the ref callback of each tab button.
 */
export function useTablist<Tab extends string>(tabs: readonly Tab[], current: Tab, onSelect: (tab: Tab) => void) {
  const refs = useRef(new Map<Tab, HTMLButtonElement>());

  const select = useCallback(
    (next: Tab) => {
      onSelect(next);
      refs.current.get(next)?.focus();
    },
    [onSelect],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight" ? (index + 1) % (last + 1) : event.key === "ArrowLeft" ? (index + last) % (last + 1) : event.key === "Home" ? 0 : event.key === "End" ? last : undefined;
    const next = target === undefined ? undefined : tabs[target];
    if (next) {
      event.preventDefault();
      select(next);
    }
  };

  const tabRef = (name: Tab) => (element: HTMLButtonElement | null) => {
    if (element) refs.current.set(name, element);
    else refs.current.delete(name);
  };

  return { select, onKeyDown, tabRef };
}
