import { useLingui } from "@lingui/react/macro";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import { cancelRender, renderPage } from "./pdf-document.ts";
import "./slides.css";

export interface SlideThumbnailsProps {
  document: PDFDocumentProxy;
  pageCount: number;
  /** The slide shown now (0-based index, as the room's `current_slide_index`). */
  current: number;
  /** Asks to go to slide `index` (0-based). */
  onGo(index: number): void;
}

/** Thumbnails are drawn this many CSS pixels wide. */
export const THUMBNAIL_WIDTH = 128;

/** Draws each canvas once it nears the strip's visible part (one observer for the strip). */
function useLazyDraw(root: RefObject<HTMLElement | null>, document: PDFDocumentProxy) {
  const observer = useRef<IntersectionObserver | null>(null);
  const pages = useRef(new Map<Element, number>());
  const drawn = useRef(new WeakSet<Element>());
  useEffect(() => {
    const draw = (canvas: HTMLCanvasElement, page: number) => {
      if (drawn.current.has(canvas)) return;
      drawn.current.add(canvas);
      renderPage(document, page, canvas, THUMBNAIL_WIDTH).catch(() => drawn.current.delete(canvas));
    };
    if (typeof IntersectionObserver === "undefined") {
      for (const [canvas, page] of pages.current) if (canvas instanceof HTMLCanvasElement) draw(canvas, page);
      return;
    }
    const watching = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = pages.current.get(entry.target);
          if (entry.isIntersecting && page !== undefined && entry.target instanceof HTMLCanvasElement) draw(entry.target, page);
        }
      },
      { root: root.current, rootMargin: "200px" },
    );
    observer.current = watching;
    for (const canvas of pages.current.keys()) watching.observe(canvas);
    return () => {
      watching.disconnect();
      observer.current = null;
      for (const canvas of pages.current.keys()) if (canvas instanceof HTMLCanvasElement) cancelRender(canvas);
      drawn.current = new WeakSet();
    };
  }, [document, root]);
  // One ref callback per page, kept: a new one each render would detach and cancel every canvas.
  const callbacks = useRef(new Map<number, (canvas: HTMLCanvasElement | null) => () => void>());
  /** The ref callback of page `page`'s canvas. */
  return (page: number) => {
    let callback = callbacks.current.get(page);
    if (!callback) {
      callback = (canvas: HTMLCanvasElement | null) => {
        if (canvas) {
          pages.current.set(canvas, page);
          observer.current?.observe(canvas);
        }
        return () => {
          if (!canvas) return;
          pages.current.delete(canvas);
          observer.current?.unobserve(canvas);
          cancelRender(canvas);
          drawn.current.delete(canvas);
        };
      };
      callbacks.current.set(page, callback);
    }
    return callback;
  };
}

/**
 * The deck's pages as small buttons (a strip on a phone, a grid on a desktop), drawn as they come
 * into view. The current slide is marked (`aria-current`); one button is in the tab order, the
 * arrow keys (and Home, End) move between them, Enter or a click asks to go there. The arrows are
 * taken here, so the control room's slide keys do not also fire.
 */
export function SlideThumbnails({ document, pageCount, current, onGo }: SlideThumbnailsProps) {
  const { t } = useLingui();
  const list = useRef<HTMLOListElement>(null);
  const [focusIndex, setFocusIndex] = useState(current);
  const canvasRef = useLazyDraw(list, document);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // The tab stop follows the room's slide unless a thumbnail has the focus.
  useEffect(() => {
    const focused = buttons.current.some((button) => button !== null && button === globalThis.document.activeElement);
    if (!focused) setFocusIndex(Math.min(current, pageCount - 1));
    buttons.current[current]?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [current, pageCount]);

  const move = (index: number) => {
    const next = Math.min(Math.max(0, index), pageCount - 1);
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const step = steps[event.key];
    if (step !== undefined) move(focusIndex + step);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(pageCount - 1);
    else return;
    event.preventDefault();
  };

  return (
    <ol ref={list} className="slide-thumbnails" aria-label={t`All slides`} onKeyDown={onKeyDown} data-testid="slide-thumbnails">
      {Array.from({ length: pageCount }, (_, index) => {
        const number = index + 1;
        return (
          <li key={index}>
            <button
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              className="slide-thumbnails__button"
              tabIndex={index === focusIndex ? 0 : -1}
              aria-current={index === current ? "true" : undefined}
              aria-label={t`Go to slide ${number}`}
              onFocus={() => setFocusIndex(index)}
              onClick={() => onGo(index)}
              data-testid="slide-thumbnail"
            >
              <canvas ref={canvasRef(number)} aria-hidden="true" />
              <span className="slide-thumbnails__number" aria-hidden="true">
                {number}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
