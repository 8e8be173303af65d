import { type KeyboardEvent, useCallback, useId, useRef } from "react";

/**
 * Keyboard behaviour of a WAI-ARIA tablist whose selection lives elsewhere (the address): arrows
 * move to the previous/next tab (wrapping), Home and End to the first and last; the new tab is
 * selected and focused. `tabProps(name)` and `panelProps(name)` carry the ARIA wiring of each tab
 * button and its panel (ids, selection, roving tabindex).
 */
export function useTablist<Tab extends string>(tabs: readonly Tab[], current: Tab, onSelect: (tab: Tab) => void) {
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const baseId = useId();

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

  const tabProps = (name: Tab) => ({
    ref: tabRef(name),
    type: "button" as const,
    role: "tab",
    id: `${baseId}-tab-${name}`,
    "aria-selected": name === current,
    "aria-controls": `${baseId}-panel-${name}`,
    tabIndex: name === current ? 0 : -1,
    className: "tabs__tab",
    "data-tab": name,
    onClick: () => onSelect(name),
  });

  const panelProps = (name: Tab) => ({
    role: "tabpanel",
    id: `${baseId}-panel-${name}`,
    "aria-labelledby": `${baseId}-tab-${name}`,
    hidden: name !== current,
    className: "tab-panel",
  });

  return { select, onKeyDown, tabRef, tabProps, panelProps };
}
