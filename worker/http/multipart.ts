/**
 * A streaming reader of `multipart/form-data` (RFC 7578): parts come one after the other, their
 * bytes as chunks while they arrive, so the caller sees a part's headers before its body
 * (Request.formData() would buffer the whole body first). The resource forms read their text
 * fields with it and refuse a file part on its headers alone (resource-form.ts); a part's bytes
 * must be read (or are skipped) before the next part is reached.
 */

import { joinBytes } from "./bytes.ts";

/** One part of the body. */
export interface FormPart {
  name: string;
  /** null for a text field; "" for a file input left empty (browsers send it nameless). */
  filename: string | null;
  contentType: string | null;
  /** The part's bytes; read them before asking for the next part (what is left is skipped). */
  body: AsyncIterable<Uint8Array>;
}

/** The body is not multipart/form-data as announced (truncated, no delimiter, headers too long). */
export class MalformedForm extends Error {
  constructor(reason: string) {
    super(`malformed multipart body: ${reason}`);
    this.name = "MalformedForm";
  }
}

/** The boundary of a `multipart/form-data` Content-Type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CRLF = encoder.encode("\r\n");
const HEADERS_END = encoder.encode("\r\n\r\n");
/** Longest preamble, header block and delimiter line read before giving up. */
const MAX_PREAMBLE = 1024;
const MAX_HEADERS = 16 * 1024;

/** Position of `needle` in `haystack` from `from`, or -1 (native `indexOf` on the first byte, then a check). */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  if (first === undefined) return from;
  let at = haystack.indexOf(first, from);
  while (at !== -1 && at <= haystack.length - needle.length) {
    let matched = 1;
    while (matched < needle.length && haystack[at + matched] === needle[matched]) matched++;
    if (matched === needle.length) return at;
    at = haystack.indexOf(first, at + 1);
  }
  return -1;
}

/** The stream's bytes with a small look-ahead: chunks are handed on as they came, copied only to join a delimiter split across two. */
class Bytes {
  private buffer: Uint8Array = new Uint8Array(0);
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.reader = stream.getReader();
  }

  get length(): number {
    return this.buffer.length;
  }

  /** Reads one more chunk into the buffer; false at the end of the stream. */
  async more(): Promise<boolean> {
    while (!this.ended) {
      const { done, value } = await this.reader.read();
      if (done) {
        this.ended = true;
        break;
      }
      if (value.length === 0) continue;
      if (this.buffer.length === 0) this.buffer = value;
      else {
        const joined = new Uint8Array(this.buffer.length + value.length);
        joined.set(this.buffer);
        joined.set(value, this.buffer.length);
        this.buffer = joined;
      }
      return true;
    }
    return false;
  }

  /** Position of `needle` in the buffer, reading on until found or `limit` bytes are buffered; -1 otherwise. */
  async find(needle: Uint8Array, limit: number): Promise<number> {
    for (;;) {
      const at = indexOf(this.buffer, needle);
      if (at >= 0) return at;
      if (this.buffer.length > limit || !(await this.more())) return -1;
    }
  }

  indexOf(needle: Uint8Array): number {
    return indexOf(this.buffer, needle);
  }

  async startsWith(bytes: Uint8Array): Promise<boolean> {
    while (this.buffer.length < bytes.length) if (!(await this.more())) return false;
    return bytes.every((byte, index) => this.buffer[index] === byte);
  }

  take(count: number): Uint8Array {
    const taken = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return taken;
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

function headerParameter(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]*)`, "i").exec(header);
  if (!match) return null;
  // Browsers (the HTML spec) escape `"`, CR and LF in names as %22, %0D, %0A; older agents with a backslash.
  const value = match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : (match[2] ?? null);
  return value?.replace(/%(22|0D|0A)/gi, (_escape, code: string) => String.fromCharCode(Number.parseInt(code, 16))) ?? null;
}

function parseHeaders(block: string): { name: string; filename: string | null; contentType: string | null } {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = value;
    else if (key === "content-type") contentType = value;
  }
  if (!disposition || !/^form-data\b/i.test(disposition)) throw new MalformedForm("a part without Content-Disposition: form-data");
  const name = headerParameter(disposition, "name");
  if (name === null) throw new MalformedForm("a part without a name");
  return { name, filename: headerParameter(disposition, "filename"), contentType };
}

/**
 * The parts of a multipart body, in order. Throws `MalformedForm` for a body that is not one; the
 * stream is cancelled when the caller stops early (an error, a refusal).
 */
export async function* multipartParts(stream: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<FormPart, void, undefined> {
  const bytes = new Bytes(stream);
  const first = encoder.encode(`--${boundary}`);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const closing = encoder.encode("--");
  let completed = false;
  try {
    const start = await bytes.find(first, MAX_PREAMBLE);
    if (start < 0) throw new MalformedForm("no opening delimiter");
    bytes.take(start + first.length);
    for (;;) {
      if (await bytes.startsWith(closing)) {
        completed = true;
        return;
      }
      // The rest of the delimiter line (transport padding), then the headers up to an empty line.
      const lineEnd = await bytes.find(CRLF, MAX_PREAMBLE);
      if (lineEnd < 0) throw new MalformedForm("an unterminated delimiter line");
      bytes.take(lineEnd + CRLF.length);
      const headersEnd = await bytes.find(HEADERS_END, MAX_HEADERS);
      if (headersEnd < 0) throw new MalformedForm("part headers too long or unterminated");
      const headers = parseHeaders(decoder.decode(bytes.take(headersEnd)));
      bytes.take(HEADERS_END.length);

      let ended = false;
      const body = async function* (): AsyncGenerator<Uint8Array, void, undefined> {
        while (!ended) {
          const at = bytes.indexOf(delimiter);
          if (at >= 0) {
            if (at > 0) yield bytes.take(at);
            bytes.take(delimiter.length);
            ended = true;
            return;
          }
          // Keep what could be the start of a delimiter split across chunks.
          const safe = bytes.length - (delimiter.length - 1);
          if (safe > 0) yield bytes.take(safe);
          if (!(await bytes.more())) throw new MalformedForm("the body ends inside a part");
        }
      };
      yield { ...headers, body: body() };
      // Whatever the caller did not read is skipped.
      if (!ended) for await (const _chunk of body()) void _chunk;
    }
  } finally {
    if (!completed) await bytes.cancel();
  }
}

/** A text part's value, refused (`null`) beyond `maxBytes`. */
export async function readText(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return decoder.decode(joinBytes(chunks, size));
}
