import { Trans, useLingui } from "@lingui/react/macro";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { type RefObject, useEffect, useRef, useState } from "react";
import { cancelRender, renderPage } from "./pdf-document.ts";
import "./slides.css";

export interface SlideCanvasProps {
  document: PDFDocumentProxy;
  /** The page to show, 1-based. */
  page: number;
  /** Pages of the deck (the accessible name says "Slide 3 of 12"). */
  pageCount: number;
  /** "large" (the room's slide) or "small" (a preview beside it). */
  size?: "large" | "small";
  testId?: string;
}

/** The width of `element`'s content box, live (ResizeObserver); 0 until known. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    setWidth(Math.floor(target.clientWidth));
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setWidth(Math.floor(box.width));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * One page of a deck, drawn to fit its container's width (and again when that width or the page
 * changes). Two canvases take turns: the next page is drawn into the hidden one and shown once
 * complete, so a page turn never flashes an empty frame; a render that a newer one overtook is
 * cancelled and never shown (pdf-document.ts `renderPage`).
 */
export function SlideCanvas({ document, page, pageCount, size = "large", testId }: SlideCanvasProps) {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLCanvasElement>(null);
  const second = useRef<HTMLCanvasElement>(null);
  const shown = useRef<0 | 1>(0);
  const [front, setFront] = useState<0 | 1>(0);
  const [ratio, setRatio] = useState<number | null>(null);
  const [drawnPage, setDrawnPage] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const width = useWidth(frame);

  useEffect(() => {
    const back = shown.current === 0 ? 1 : 0;
    const canvas = (back === 0 ? first : second).current;
    if (!canvas || width <= 0) return;
    setFailed(false);
    renderPage(document, page, canvas, width).then(
      (drawn) => {
        if (drawn === null) return;
        shown.current = back;
        setFront(back);
        setRatio(drawn);
        setDrawnPage(page);
      },
      () => setFailed(true),
    );
  }, [document, page, width]);

  useEffect(() => {
    // Read now: React has let go of the refs by the time a cleanup runs.
    const canvases = [first.current, second.current];
    return () => {
      for (const canvas of canvases) if (canvas) cancelRender(canvas);
    };
  }, []);

  return (
    <div
      ref={frame}
      className="slide-canvas"
      data-size={size}
      role="img"
      aria-label={t`Slide ${page} of ${pageCount}`}
      aria-busy={(drawnPage !== page && !failed) || undefined}
      data-page={page}
      data-drawn-page={drawnPage ?? undefined}
      data-testid={testId}
      style={ratio === null ? undefined : { aspectRatio: `1 / ${ratio}` }}
    >
      <canvas ref={first} hidden={front !== 0} />
      <canvas ref={second} hidden={front !== 1} />
      {failed ? (
        <p className="slide-canvas__failed">
          <Trans>This slide cannot be shown.</Trans>
        </p>
      ) : null}
    </div>
  );
}
