import type { WebcastPart } from "../webcasts/parts.ts";

/**
 * A webcast's slide deck (SPEC §3 "slides (PDF, PPT, PPTX)", §7 slides, slides/approve): one PDF
 * per webcast, rendered page by page in the browser (pdfjs-dist) at the room's
 * `current_slide_index`. PPT and PPTX are refused with a message asking for a PDF export
 * (docs/decisions.md). The file is uploaded through domain/uploads and named by the server.
 */
export interface SlidesRow extends WebcastPart {
  /** R2 key of the PDF, its original name and size in bytes. */
  file_key: string;
  file_name: string;
  size: number;
  /** Pages of the deck, counted in the browser when it was uploaded (1…2000). */
  page_count: number;
  /** A producer approved the deck for the show (POST slides/approve); viewers see only an approved deck. */
  approved: boolean;
  approved_at: string | null;
}

/** A deck as the API answers it: a short-lived signed URL of the PDF instead of its R2 key. */
export type SlidesAnswer = Omit<SlidesRow, "file_key"> & { file_url: string };
