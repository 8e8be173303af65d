import type { PDFDocumentProxy } from "pdfjs-dist";

/**
 * Slide decks are PDFs drawn in the browser with pdfjs-dist (docs/decisions.md "Slides"): the Worker
 * stores the file only, every device renders the page it needs at its own size and pixel density.
 * pdf.js and its worker load on first use (a chunk of their own, precached by the service worker),
 * so screens without slides never pay for them.
 */

type Pdfjs = typeof import("pdfjs-dist");
let pdfjs: Promise<Pdfjs> | null = null;

/** pdf.js, its worker set up (once per page). */
export function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(([library, worker]) => {
    library.GlobalWorkerOptions.workerSrc = worker.default;
    return library;
  });
  return pdfjs;
}

/** Opens a PDF from bytes or a URL (a signed URL of the deck: no credentials needed). */
export async function openPdf(source: { url: string } | { data: Uint8Array }): Promise<PDFDocumentProxy> {
  const library = await loadPdfjs();
  // No fonts or scripts from elsewhere: decks render with what they embed (and pdf.js' standard fonts).
  return library.getDocument({ ...source, isEvalSupported: false, enableXfa: false }).promise;
}

/** The number of pages of a PDF file, read in the browser before it is uploaded. */
export async function countPdfPages(file: Blob): Promise<number> {
  const document = await openPdf({ data: new Uint8Array(await file.arrayBuffer()) });
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

const opened = new Map<string, Promise<PDFDocumentProxy>>();

/** A deck opened once per page load and kept (the control room, the speaker view and thumbnails share it). */
export function deckDocument(cacheKey: string, url: string): Promise<PDFDocumentProxy> {
  let document = opened.get(cacheKey);
  if (!document) {
    document = openPdf({ url });
    document.catch(() => opened.delete(cacheKey));
    opened.set(cacheKey, document);
  }
  return document;
}

/**
 * Draws page `pageNumber` (1-based) into `canvas`, `cssWidth` CSS pixels wide at the screen's pixel
 * density; an earlier render of the same canvas is cancelled. Returns the page's aspect ratio.
 */
export async function renderPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<number> {
  const page = await document.getPage(Math.min(Math.max(1, pageNumber), document.numPages));
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  const previous = rendering.get(canvas);
  previous?.cancel();
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  const task = page.render({ canvas, viewport });
  rendering.set(canvas, task);
  try {
    await task.promise;
  } catch (error) {
    if (error instanceof Error && error.name === "RenderingCancelledException") return base.height / base.width;
    throw error;
  } finally {
    if (rendering.get(canvas) === task) rendering.delete(canvas);
  }
  return base.height / base.width;
}

const rendering = new WeakMap<HTMLCanvasElement, { cancel(): void; promise: Promise<void> }>();
