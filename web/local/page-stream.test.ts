import { describe, expect, it } from "vitest";
import { encodeStreamBody, encodeStreamError } from "../../domain/sync/page-stream.ts";
import type { PullResponse } from "../../domain/sync/types.ts";
import { viewerRow } from "../../domain/viewers/testing.ts";
import { ApiRequestError } from "../api/errors.ts";
import { streamedPages } from "./page-stream.ts";

const WEBCAST = "0196a0de-0001-7000-8000-000000000000";
const pageAt = (cursor: number, more: boolean, names: string[]): PullResponse => ({
  cursor,
  more,
  reset: false,
  changes: names.map((name) => {
    const row = viewerRow({ webcast_id: WEBCAST, name });
    return { table: "viewers", id: row.id, op: "put", row };
  }),
});
const pages = [pageAt(10, true, ["Ann", "Bo"]), pageAt(20, true, ["Cy"]), pageAt(30, false, ["Dee 東京"])];

/** A body delivering `text` in chunks of `size` bytes (a line arrives in pieces, or several in one), then perhaps breaking. */
function body(text: string, size: number, options: { breakAfter?: number } = {}): { stream: ReadableStream<Uint8Array>; canceled: () => boolean; ended: () => boolean } {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  let canceled = false;
  let ended = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.breakAfter !== undefined && at >= options.breakAfter) return controller.error(new TypeError("network error"));
      if (at >= bytes.length) {
        ended = true;
        return controller.close();
      }
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
    cancel() {
      canceled = true;
    },
  });
  const made = { stream, canceled: () => canceled, ended: () => ended };
  body.last = made;
  return made;
}
body.last = undefined as ReturnType<typeof body> | undefined;

describe("streamedPages", () => {
  it("reads a pull's pages from one body, whatever its chunks", async () => {
    for (const size of [1, 7, 64, 100_000]) {
      const opened: [number, boolean][] = [];
      const { fetchPage } = streamedPages(async (cursor, continuing) => {
        opened.push([cursor, continuing]);
        return body(encodeStreamBody("viewers", pages), size).stream;
      });
      expect(await fetchPage(0, false)).toEqual(pages[0]);
      expect(await fetchPage(10, true)).toEqual(pages[1]);
      expect(await fetchPage(20, true)).toEqual(pages[2]);
      expect(opened).toEqual([[0, false]]);
      // The body was read to its end, not canceled.
      expect(body.last?.canceled()).toBe(false);
      expect(body.last?.ended()).toBe(true);
    }
  });

  it("a broken body is a network failure; the next call opens a new stream from the cursor asked", async () => {
    const text = encodeStreamBody("viewers", pages);
    const firstLine = text.indexOf("\n") + 1;
    const opened: [number, boolean][] = [];
    const { fetchPage } = streamedPages(async (cursor, continuing) => {
      opened.push([cursor, continuing]);
      return opened.length === 1 ? body(text, 16, { breakAfter: firstLine + 16 }).stream : body(encodeStreamBody("viewers", pages.slice(1)), 16).stream;
    });
    expect(await fetchPage(0, false)).toEqual(pages[0]);
    const failure = await fetchPage(10, true).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(0);
    expect(await fetchPage(10, true)).toEqual(pages[1]);
    expect(opened).toEqual([
      [0, false],
      [10, true],
    ]);
  });

  it("a body that ends before a page is a network failure; the server's refusal passes as it is; close lets go of the body", async () => {
    const empty = streamedPages(async () => body("", 16).stream);
    expect(await empty.fetchPage(0, false).catch((error: unknown) => (error as ApiRequestError).status)).toBe(0);

    const refusal = new ApiRequestError(403, "Forbidden", "forbidden");
    const refused = streamedPages(async () => {
      throw refusal;
    });
    expect(await refused.fetchPage(0, false).catch((error: unknown) => error)).toBe(refusal);

    const open = body(encodeStreamBody("viewers", pages), 16);
    const closing = streamedPages(async () => open.stream);
    await closing.fetchPage(0, false);
    closing.close();
    await Promise.resolve();
    expect(open.canceled()).toBe(true);
  });

  it("a server failure told by the body's last line is that error (status, message, code), the body read to its end; the next call reopens", async () => {
    const text = `${encodeStreamBody("viewers", pages.slice(0, 1))}${encodeStreamError({ message: "Erreur du serveur", code: "server_error", requestId: "req-1" })}\n`;
    const opened: [number, boolean][] = [];
    const { fetchPage } = streamedPages(async (cursor, continuing) => {
      opened.push([cursor, continuing]);
      return opened.length === 1 ? body(text, 16).stream : body(encodeStreamBody("viewers", pages.slice(1)), 16).stream;
    });
    expect(await fetchPage(0, false)).toEqual(pages[0]);
    const failure = await fetchPage(10, true).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 500, message: "Erreur du serveur", code: "server_error", requestId: "req-1", isNetworkError: false });
    expect(body.last?.canceled()).toBe(false);
    expect(body.last?.ended()).toBe(true);
    expect(await fetchPage(10, true)).toEqual(pages[1]);
    expect(opened).toEqual([
      [0, false],
      [10, true],
    ]);
  });
});
