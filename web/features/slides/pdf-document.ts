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
const ready = new Map<string, PDFDocumentProxy>();

/**
 * A deck opened once per page load and kept (the control room, the speaker view and thumbnails
 * share it), by a key naming its file: `url` is used only to open it the first time. A failed
 * opening is forgotten, so the next call tries again (with a new URL).
 */
export function deckDocument(cacheKey: string, url: string): Promise<PDFDocumentProxy> {
  let document = opened.get(cacheKey);
  if (!document) {
    document = openPdf({ url });
    document.then(
      (open) => ready.set(cacheKey, open),
      () => opened.delete(cacheKey),
    );
    opened.set(cacheKey, document);
  }
  return document;
}

/** The deck of `cacheKey` if it is open already (shown at once, offline too), else undefined. */
export function openedDeck(cacheKey: string): PDFDocumentProxy | undefined {
  return ready.get(cacheKey);
}

/** The render of each canvas: a later call supersedes an earlier one (`generation`), even one still fetching its page. */
interface CanvasRender {
  generation: number;
  task: { cancel(): void } | null;
}
const renders = new WeakMap<HTMLCanvasElement, CanvasRender>();

function renderOf(canvas: HTMLCanvasElement): CanvasRender {
  let render = renders.get(canvas);
  if (!render) {
    render = { generation: 0, task: null };
    renders.set(canvas, render);
  }
  return render;
}

/**
 * Draws page `pageNumber` (1-based, clamped to the deck) into `canvas`, `cssWidth` CSS pixels wide
 * at the screen's pixel density (at most 2×). A later call for the same canvas supersedes this one,
 * even while this one still waits for its page: the earlier render is cancelled and draws nothing.
 * Resolves with the page's aspect ratio (height / width) once drawn, or null when superseded.
 */
export async function renderPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<number | null> {
  const render = renderOf(canvas);
  const generation = ++render.generation;
  render.task?.cancel();
  render.task = null;
  const page = await document.getPage(Math.min(Math.max(1, Math.round(pageNumber)), document.numPages));
  if (render.generation !== generation) return null;
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(globalThis.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  const task = page.render({ canvas, viewport });
  render.task = task;
  try {
    await task.promise;
  } catch (error) {
    if (error instanceof Error && error.name === "RenderingCancelledException") return null;
    throw error;
  } finally {
    if (render.task === task) render.task = null;
  }
  return render.generation === generation ? base.height / base.width : null;
}

/** Stops whatever is being drawn into `canvas` (a component going away). */
export function cancelRender(canvas: HTMLCanvasElement): void {
  const render = renders.get(canvas);
  if (!render) return;
  render.generation += 1;
  render.task?.cancel();
  render.task = null;
}
