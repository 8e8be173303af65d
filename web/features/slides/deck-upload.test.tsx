import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../api/fake-server.ts";
import { activateLocale } from "../../i18n/i18n.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { keepBlobsInIndexedDb } from "../uploads/testing.ts";
import { stopUploads } from "../uploads/upload-queue.ts";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import { DeckUpload } from "./deck-upload.tsx";

const pdf = vi.hoisted(() => ({ countPdfPages: vi.fn(async (_file: Blob) => 12) }));
vi.mock("./pdf-document.ts", () => pdf);

const harness = offlineReplica();
let restoreClone: () => void;

beforeEach(() => {
  restoreClone = keepBlobsInIndexedDb();
  pdf.countPdfPages.mockReset();
  pdf.countPdfPages.mockResolvedValue(12);
});

afterEach(async () => {
  stopUploads();
  restoreClone();
  vi.unstubAllGlobals();
  await activateLocale("en");
});

const PDF_BYTES = "%PDF-1.4\n% a deck\n%%EOF\n";
const PPTX_BYTES = "PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml ppt/presentation.xml";

async function setup(hasDeck = false) {
  const server = fakeServer({});
  const webcastId = await seedWebcast(harness.engine, "Town hall");
  renderWithI18n(
    <>
      <DeckUpload webcast={{ id: webcastId, organization_id: 1 }} hasDeck={hasDeck} />
      <ConfirmHost />
    </>,
  );
  return { server, webcastId };
}

async function choose(file: File): Promise<void> {
  await act(async () => void fireEvent.change(screen.getByTestId("deck-file"), { target: { files: [file] } }));
}

const errors = () => screen.queryByTestId("field-errors")?.textContent ?? "";
const stored = () => harness.engine.db.uploads.toArray();

describe("DeckUpload", () => {
  it("accepts only PDFs in the file picker", async () => {
    await setup();
    expect(screen.getByLabelText("Upload a deck (PDF)").getAttribute("accept")).toBe("application/pdf,.pdf");
  });

  it("refuses a PowerPoint deck (by its name, or by its bytes under a .pdf name) with the 'export a PDF' message, before any request and without reading its pages", async () => {
    const { server } = await setup();
    await choose(new File([PPTX_BYTES], "keynote.pptx"));
    await waitFor(() => expect(errors()).toContain("PowerPoint and Keynote files cannot be shown as they are: export the deck as a PDF and upload the PDF."));
    await choose(new File([PPTX_BYTES], "renamed.pdf"));
    await waitFor(() => expect(errors()).toContain("export the deck as a PDF and upload the PDF"));
    expect(screen.getByTestId("deck-file").getAttribute("aria-invalid")).toBe("true");
    expect(pdf.countPdfPages).not.toHaveBeenCalled();
    expect(server.calls).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it("says it in the interface's language (French)", async () => {
    await activateLocale("fr");
    await setup();
    await choose(new File([PPTX_BYTES], "deck.ppt"));
    await waitFor(() => expect(errors()).toContain("exportez la présentation en PDF et téléversez le PDF"));
  });

  it("counts the pages of a PDF, then queues its upload with the step that makes it the deck (offline: nothing is sent yet)", async () => {
    const { server, webcastId } = await setup();
    const file = new File([PDF_BYTES], "Quarterly review.pdf", { type: "application/pdf" });
    await choose(file);
    await waitFor(async () => expect(await stored()).toHaveLength(1));
    expect(pdf.countPdfPages).toHaveBeenCalledWith(file);
    const [upload] = await stored();
    expect(upload).toMatchObject({
      kind: "slides",
      organization_id: 1,
      webcast_id: webcastId,
      target_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      file_name: "Quarterly review.pdf",
      finish: { type: "slides.set", args: { webcast_id: webcastId, page_count: 12 } },
    });
    // Its progress shows here (this device's upload of this webcast's deck).
    expect(await screen.findByRole("progressbar", { name: "Upload of Quarterly review.pdf" })).toBeTruthy();
    expect(errors()).toBe("");
    expect(server.calls).toEqual([]);
  });

  it("refuses a PDF pdf.js cannot read, and one of more than 2,000 pages", async () => {
    await setup();
    pdf.countPdfPages.mockRejectedValueOnce(new Error("Invalid PDF structure"));
    await choose(new File([PDF_BYTES], "broken.pdf"));
    await waitFor(() => expect(errors()).toContain("This PDF cannot be read"));
    pdf.countPdfPages.mockResolvedValueOnce(2_001);
    await choose(new File([PDF_BYTES], "huge.pdf"));
    await waitFor(() => expect(errors()).toContain("This deck has 2,001 pages: a deck may have 2,000 at most."));
    expect(await stored()).toEqual([]);
  });

  it("asks before replacing the deck there is", async () => {
    await setup(true);
    expect(screen.getByLabelText("Replace the deck (PDF)")).toBeTruthy();
    await choose(new File([PDF_BYTES], "v2.pdf"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("must be approved again before viewers see it");
    await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await stored()).toEqual([]);
    await choose(new File([PDF_BYTES], "v2.pdf"));
    await act(async () => void fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Replace" })));
    await waitFor(async () => expect(await stored()).toHaveLength(1));
  });
});
