import { act, renderHook, waitFor } from "@testing-library/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SlidesRow } from "../../../domain/slides/record.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import { rememberUrl, signedUrlExpiry } from "./signed-url.ts";
import { deckRow, fakeDocument, putDeck } from "./testing.ts";
import { useDeck } from "./use-deck.ts";

// pdf-document.ts as the hook sees it: documents open (or fail) when told, and stay open.
const pdf = vi.hoisted(() => {
  const opened = new Map<string, unknown>();
  return {
    opened,
    openedDeck: vi.fn((key: string) => opened.get(key)),
    deckDocument: vi.fn(async (key: string, _url: string): Promise<unknown> => {
      const document = { numPages: 12, key };
      opened.set(key, document);
      return document;
    }),
  };
});
vi.mock("./pdf-document.ts", () => pdf);

const harness = offlineReplica();

/** A signed URL whose token says it lives until `expiresAt` (ms), as the server makes them. */
function signedUrl(expiresAt: number, key = "webcasts/x/slides/y/z"): string {
  const payload = btoa(JSON.stringify({ k: key, e: Math.floor(expiresAt / 1000), t: "application/pdf" })).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
  return `/api/files/${payload}.c2lnbmF0dXJl`;
}

let row: SlidesRow;
let uid: string;

beforeEach(async () => {
  pdf.opened.clear();
  pdf.deckDocument.mockClear();
  uid = await seedWebcast(harness.engine);
  row = deckRow(uid);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function serveDeck(answer: () => Partial<SlidesRow> & { file_url: string } = () => ({ ...row, file_url: signedUrl(Date.now() + 6 * 3_600_000) })) {
  return fakeServer({ [`GET /api/webcasts/${uid}/slides`]: () => json({ data: answer() }) });
}

describe("useDeck", () => {
  it("says none without a deck, and asks nothing", async () => {
    const server = serveDeck();
    harness.setOnline(true);
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(result.current.status).toBe("none"));
    expect(server.calls).toEqual([]);
  });

  it("offline without a copy of the deck on this page: says so; back online, fetches the signed URL and opens the PDF", async () => {
    const server = serveDeck();
    await putDeck(harness.engine.db, row);
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(result.current.status).toBe("offline"));
    expect(server.calls).toEqual([]);

    act(() => harness.setOnline(true));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /api/webcasts/${uid}/slides`]);
    expect(pdf.deckDocument).toHaveBeenCalledWith(`${row.id}:${row.file_key}`, expect.stringMatching(/^\/api\/files\//));
    expect(result.current).toMatchObject({ status: "ready", deck: { id: row.id, page_count: 12 } });
  });

  it("keeps the opened document when the row changes but not its file (approval), offline too", async () => {
    serveDeck();
    harness.setOnline(true);
    await putDeck(harness.engine.db, row);
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    act(() => harness.setOnline(false));
    await putDeck(harness.engine.db, { ...row, approved: true, updated_at: new Date(Date.now() + 1_000).toISOString() });
    await waitFor(() => expect(result.current).toMatchObject({ status: "ready", deck: { approved: true } }));
    expect(pdf.deckDocument).toHaveBeenCalledTimes(1);
  });

  it("opens a new file (a deck replaced) with a new URL", async () => {
    let answer = { ...row, file_url: signedUrl(Date.now() + 3_600_000, "first") };
    serveDeck(() => answer);
    harness.setOnline(true);
    await putDeck(harness.engine.db, row);
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const next = deckRow(uid, { page_count: 3 });
    answer = { ...next, file_url: signedUrl(Date.now() + 3_600_000, "second") };
    await harness.engine.db.rows("view", "slides").delete(row.id);
    await putDeck(harness.engine.db, next);
    await waitFor(() => expect(result.current).toMatchObject({ status: "ready", deck: { id: next.id, page_count: 3 } }));
    expect(pdf.deckDocument.mock.calls.map(([key, url]) => [key, signedUrlExpiry(url) !== null])).toEqual([
      [`${row.id}:${row.file_key}`, true],
      [`${next.id}:${next.file_key}`, true],
    ]);
  });

  it("asks again for a URL near its expiry instead of using it", async () => {
    const server = serveDeck();
    harness.setOnline(true);
    await putDeck(harness.engine.db, row);
    rememberUrl(`${row.id}:${row.updated_at}`, signedUrl(Date.now() + 60_000));
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(server.calls).toHaveLength(1);
    const [, url] = pdf.deckDocument.mock.calls[0] ?? [];
    expect((signedUrlExpiry(url ?? "") ?? 0) - Date.now()).toBeGreaterThan(3_600_000);
  });

  it("says when the PDF cannot be opened, and tries again on demand", async () => {
    serveDeck();
    harness.setOnline(true);
    await putDeck(harness.engine.db, row);
    pdf.deckDocument.mockRejectedValueOnce(new Error("Invalid PDF structure"));
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(result.current.status).toBe("error"));
    const failed = result.current;
    act(() => (failed.status === "error" ? failed.retry() : undefined));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const ready = result.current;
    expect(ready.status === "ready" && (ready.document as PDFDocumentProxy & { key: string }).key).toBe(`${row.id}:${row.file_key}`);
  });

  it("waits while the server already has another deck (the next pull brings it)", async () => {
    serveDeck(() => ({ ...deckRow(uid), file_url: signedUrl(Date.now() + 3_600_000) }));
    harness.setOnline(true);
    await putDeck(harness.engine.db, row);
    const { result } = renderHook(() => useDeck(uid));
    await waitFor(() => expect(pdf.deckDocument).not.toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.status).toBe("loading");
  });
});

describe("signedUrlExpiry", () => {
  it("reads the expiry from the token, and nothing from what is not one", () => {
    expect(signedUrlExpiry(signedUrl(Date.UTC(2026, 4, 1, 12)))).toBe(Date.UTC(2026, 4, 1, 12));
    expect(signedUrlExpiry(`http://localhost${signedUrl(Date.UTC(2026, 4, 1, 12))}`)).toBe(Date.UTC(2026, 4, 1, 12));
    expect(signedUrlExpiry("/api/files/not-json.sig")).toBeNull();
    expect(signedUrlExpiry("https://example.com/deck.pdf")).toBeNull();
    expect(fakeDocument(3).numPages).toBe(3);
  });
});
