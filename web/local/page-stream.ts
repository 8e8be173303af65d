import { StreamFailed, decodeStreamPage } from "../../domain/sync/page-stream.ts";
import type { PullFetcher } from "../../domain/sync/replica.ts";
import type { PullResponse } from "../../domain/sync/types.ts";
import { ApiRequestError, isAbortError } from "../api/errors.ts";

/** Opens the streamed pull from `cursor` (GET /api/sync/pull/stream): its body, or throws as the API calls do. */
export type PageStreamOpener = (cursor: number, continuing: boolean) => Promise<ReadableStream<Uint8Array>>;

/** The pages of a streamed pull as the engine asks for them (`PullFetcher`), and `close` to let go of the body. */
export interface StreamedPages {
  fetchPage: PullFetcher;
  close(): void;
}

/** Lines of a text body, one at a time (a line may arrive in many chunks). */
class LineReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private parts: string[] = [];

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next line (without its newline), or null at the end of the body. */
  async next(): Promise<string | null> {
    for (;;) {
      const last = this.parts.at(-1);
      const end = last?.indexOf("\n") ?? -1;
      if (last !== undefined && end >= 0) {
        const line = [...this.parts.slice(0, -1), last.slice(0, end)].join("");
        const rest = last.slice(end + 1);
        this.parts = rest ? [rest] : [];
        return line;
      }
      const { done, value } = await this.reader.read();
      if (done) {
        const line = this.parts.join("") + this.decoder.decode();
        this.parts = [];
        return line ? line : null;
      }
      this.parts.push(this.decoder.decode(value, { stream: true }));
    }
  }

  close(): void {
    this.reader.cancel().catch(() => undefined);
  }

  /**
   * After the last line: reads the body's end, so the response completes rather than being
   * aborted (a cancel shows as a failed request, and cuts the server's side); anything more is
   * let go of.
   */
  async finish(): Promise<void> {
    try {
      const { done } = await this.reader.read();
      if (!done) this.close();
    } catch {
      // Broken after its last page: nothing is missing.
    }
  }
}

/**
 * A webcast's pull read from one streamed response (domain/sync/page-stream.ts) page by page:
 * the engine asks for the page after each one it got (`Replica.paged`), which is the body's next
 * line. Asked for another cursor (a first call, or after the body ended early), it opens a new
 * stream from there. A body that breaks is a network failure (`ApiRequestError` status 0); a
 * server failure told by the body's last line is that error (`ApiRequestError` with its status,
 * message and code). Either way the engine keeps the pages it committed and retries later.
 */
export function streamedPages(open: PageStreamOpener): StreamedPages {
  let current: { lines: LineReader; at: number } | null = null;
  const close = () => {
    current?.lines.close();
    current = null;
  };
  const fetchPage: PullFetcher = async (cursor, continuing) => {
    let line: string | null = null;
    try {
      if (current?.at === cursor) line = await current.lines.next();
      if (line === null) {
        close();
        current = { lines: new LineReader(await open(cursor, continuing)), at: cursor };
        line = await current.lines.next();
        if (line === null) throw new Error("the pull's stream ended before its first page");
      }
    } catch (error) {
      close();
      if (error instanceof ApiRequestError || isAbortError(error)) throw error;
      throw ApiRequestError.network(error);
    }
    let page: PullResponse;
    try {
      page = decodeStreamPage(line);
    } catch (error) {
      if (!(error instanceof StreamFailed)) {
        close();
        throw error;
      }
      // The server's last line: its body ends after it (read to the end, not cancelled).
      const lines = current?.lines;
      current = null;
      await lines?.finish();
      throw ApiRequestError.fromBody(error.body, { cause: error });
    }
    if (page.more && current) current.at = page.cursor;
    else if (current) {
      const { lines } = current;
      current = null;
      await lines.finish();
    }
    return page;
  };
  return { fetchPage, close };
}
