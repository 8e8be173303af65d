import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, type RefObject, useEffect, useRef } from "react";

/**
 * Up / down reordering of the lists of the webcast's parts (polls, polling series, resources): the
 * arrow buttons, Alt + ↑ / Alt + ↓ on a row, and the focus kept on the moved row's arrow once the
 * list has re-rendered from the replica.
 */

/** The ids with `a` and `b` swapped (a row moved past its neighbour, the others staying put). */
export function swapped(ids: readonly string[], a: string, b: string): string[] {
  return ids.map((id) => (id === a ? b : id === b ? a : id));
}

/** Alt + ↑ is -1, Alt + ↓ is 1; any other key null. */
export function moveKey(event: KeyboardEvent): -1 | 1 | null {
  if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return null;
  return event.key === "ArrowUp" ? -1 : 1;
}

/**
 * Keeps the focus on a moved row's arrow button (`data-move-id`, `data-move`) once one of the
 * `rendered` lists changes; at the list's end that arrow is disabled, so the other one takes the
 * focus. Each list is compared by identity (a live query's result), never a fresh array, else the
 * focus would land at the row's old place on any re-render before the move is applied.
 */
export function useMoveFocus(container: RefObject<HTMLElement | null>, ...rendered: readonly unknown[]): (id: string, delta: -1 | 1) => void {
  const target = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    const wanted = target.current;
    if (!wanted || !container.current) return;
    const button = (direction: string) => container.current?.querySelector<HTMLButtonElement>(`[data-move-id="${wanted.id}"][data-move="${direction}"]`);
    const preferred = button(wanted.direction);
    const focusable = preferred && !preferred.disabled ? preferred : button(wanted.direction === "up" ? "down" : "up");
    if (focusable && !focusable.disabled) {
      focusable.focus();
      target.current = null;
    }
    // One call site always passes the same number of lists.
  }, [container, ...rendered]);
  return (id, delta) => {
    target.current = { id, direction: delta < 0 ? "up" : "down" };
  };
}

/** The ↑ and ↓ buttons of one row, named after it for screen readers. */
export function MoveButtons(props: { id: string; name: string; first: boolean; last: boolean; disabled: boolean; testId: string; onMove(delta: -1 | 1): void }) {
  const { t } = useLingui();
  const { name } = props;
  return (
    <>
      <button
        type="button"
        className="button button--small"
        data-move-id={props.id}
        data-move="up"
        data-testid={`${props.testId}-up`}
        disabled={props.disabled || props.first}
        aria-label={t`Move “${name}” up`}
        onClick={() => props.onMove(-1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="button button--small"
        data-move-id={props.id}
        data-move="down"
        data-testid={`${props.testId}-down`}
        disabled={props.disabled || props.last}
        aria-label={t`Move “${name}” down`}
        onClick={() => props.onMove(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}
