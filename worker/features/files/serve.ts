/**
 * Answers an R2 object as HTTP (docs/media.md "Serving files"): streamed, never buffered; one
 * `Range` (`bytes=a-b`, `a-`, `-n`) answered 206, an unsatisfiable one 416; `If-None-Match` 304;
 * `If-Range` honoured. Objects live under server-named keys and are never rewritten, so a `head`
 * then a ranged `get` read the same bytes.
 */

export interface ServeOptions {
  /** Served as an attachment under this name; inline without one. */
  downloadName?: string;
  /** Replaces the object's stored content type. */
  contentType?: string;
  cacheControl: string;
}

/** Types the browser shows itself (player, image): no sandbox, which would stop them in some browsers. */
const MEDIA_TYPE = /^(?:video\/|audio\/|image\/(?:png|jpeg|gif|webp|avif)(?:;|$))/i;

/**
 * - media: nothing but the object itself, so a video or image opened on its own still plays;
 * - anything else (HTML, SVG, PDF, text): a sandbox, so it never runs as a page of our origin.
 */
export function contentSecurityPolicyFor(contentType: string): string {
  return MEDIA_TYPE.test(contentType) ? "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'" : "default-src 'none'; sandbox";
}

type Range = { offset: number; length?: number } | { suffix: number };

/**
 * The range a `Range: bytes=…` header asks for (one range: `a-b`, `a-`, `-n`), or undefined for
 * none, several or a malformed one (the whole object is then answered, as HTTP allows).
 */
export function requestedRange(header: string | undefined | null): Range | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") return { suffix: Number(match[2]) };
  const offset = Number(match[1]);
  if (match[2] === "") return { offset };
  const last = Number(match[2]);
  return last < offset ? undefined : { offset, length: last - offset + 1 };
}

/** The bytes a range covers in an object of `size` bytes, or null when it covers none (416). */
export function rangeWithin(range: Range, size: number): { offset: number; length: number } | null {
  if ("suffix" in range) {
    const length = Math.min(range.suffix, size);
    return length > 0 ? { offset: size - length, length } : null;
  }
  if (range.offset >= size) return null;
  return { offset: range.offset, length: Math.min(range.length ?? size - range.offset, size - range.offset) };
}

/** `attachment; filename="<ASCII>"; filename*=UTF-8''<encoded>` (RFC 6266): the name, safely. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** R2's `get` answers an object without its body when a condition fails. */
function hasBody(object: R2Object | R2ObjectBody | null): object is R2ObjectBody {
  return object !== null && "body" in object;
}

/** Whether an `If-None-Match` list names this entity tag (weak comparison, `*` included). */
function noneMatch(header: string, etag: string): boolean {
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/**
 * The answer to a GET or HEAD of `key` in `bucket`, or null when there is no such object. The
 * caller has authorized the request.
 */
export async function serveObject(bucket: R2Bucket, key: string, request: Request, options: ServeOptions): Promise<Response | null> {
  const head = request.method === "HEAD";
  const ifNoneMatch = request.headers.get("If-None-Match");
  let range = requestedRange(request.headers.get("Range"));
  // Only a plain GET of the whole object reads it in one call; the others decide on its metadata first.
  const object = head || range || ifNoneMatch ? await bucket.head(key) : await bucket.get(key);
  if (!object) return null;

  const cacheHeaders = { ETag: object.httpEtag, "Last-Modified": object.uploaded.toUTCString(), "Cache-Control": options.cacheControl };
  if (ifNoneMatch && noneMatch(ifNoneMatch, object.httpEtag)) return new Response(null, { status: 304, headers: cacheHeaders });
  const ifRange = request.headers.get("If-Range");
  if (range && ifRange && ifRange.trim() !== object.httpEtag && ifRange.trim() !== cacheHeaders["Last-Modified"]) range = undefined;

  const contentType = options.contentType ?? object.httpMetadata?.contentType ?? "application/octet-stream";
  const headers: Record<string, string> = {
    ...cacheHeaders,
    "Content-Type": contentType,
    "Content-Disposition": options.downloadName ? attachment(options.downloadName) : "inline",
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": contentSecurityPolicyFor(contentType),
  };
  const part = range ? rangeWithin(range, object.size) : undefined;
  if (part === null) return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${object.size}`, "Content-Length": "0" } });
  if (part) {
    headers["Content-Range"] = `bytes ${part.offset}-${part.offset + part.length - 1}/${object.size}`;
    headers["Content-Length"] = String(part.length);
  } else headers["Content-Length"] = String(object.size);
  const status = part ? 206 : 200;
  if (head) return new Response(null, { status, headers });

  const body = hasBody(object) ? object : await bucket.get(key, part ? { range: part } : {});
  if (!hasBody(body)) return null;
  return new Response(body.body, { status, headers });
}
