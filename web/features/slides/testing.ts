/**
 * Fixtures for the slides tests (not shipped code). pdf.js cannot draw in happy-dom: component
 * tests replace ./pdf-document.ts with `vi.mock` (see `pdfDocumentMock`) and test the logic; the
 * real drawing is measured in Chromium (bench/slides-page-turn.bench.ts).
 */
import type { PDFDocumentProxy } from "pdfjs-dist";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { slidesFilePrefix } from "../../../domain/uploads/keys.ts";
import type { SlidesRow } from "../../../domain/slides/record.ts";
import type { LocalDatabase } from "../../local/db.ts";

/** A stand-in for an opened deck: only its page count is read outside pdf-document.ts. */
export function fakeDocument(numPages: number): PDFDocumentProxy {
  return { numPages } as PDFDocumentProxy;
}

/** A deck row of `webcastId` in organization 1 (12 pages, not approved unless told). */
export function deckRow(webcastId: string, fields: Partial<SlidesRow> = {}): SlidesRow {
  const id = fields.id ?? uuidv7();
  const now = new Date().toISOString();
  return {
    id,
    organization_id: 1,
    webcast_id: webcastId,
    file_key: `${slidesFilePrefix(webcastId, id)}${"k".repeat(43)}`,
    file_name: "Quarterly review.pdf",
    size: 2_400_000,
    page_count: 12,
    approved: false,
    approved_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** Puts a deck in the device's view, as a pull would. */
export async function putDeck(db: LocalDatabase, row: SlidesRow): Promise<void> {
  await db.rows("view", "slides").put(row);
  await db.rows("base", "slides").put(row);
}
