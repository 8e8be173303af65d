/**
 * Stores a file whose length is not known in advance (a part of a multipart request body) in R2
 * while it arrives, holding at most one R2 part in memory: a file that fits in one part goes in
 * one `put`; a larger one in an R2 multipart upload of `partBytes` parts. (R2's `put` of a stream
 * needs its length up front, and Request.formData() would hold the whole body.) A file over
 * `maxBytes` stops the reading at once and leaves nothing in R2.
 */

/** The file went past the size allowed; nothing of it is stored. */
export class StreamTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = "StreamTooLarge";
  }
}

/** R2's smallest part but the last: 5 MiB. */
const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Collects chunks up to `size` bytes and hands them back joined (one copy). */
class PartBuffer {
  private chunks: Uint8Array[] = [];
  length = 0;

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `size` bytes (all when shorter) as one array; the rest stays. */
  take(size: number): Uint8Array {
    const out = new Uint8Array(Math.min(size, this.length));
    let offset = 0;
    while (offset < out.length) {
      const chunk = this.chunks[0] as Uint8Array;
      const wanted = out.length - offset;
      if (chunk.length <= wanted) {
        out.set(chunk, offset);
        offset += chunk.length;
        this.chunks.shift();
      } else {
        out.set(chunk.subarray(0, wanted), offset);
        this.chunks[0] = chunk.subarray(wanted);
        offset += wanted;
      }
    }
    this.length -= out.length;
    return out;
  }
}

/**
 * Puts `chunks` at `key` and returns the stored size. Throws `StreamTooLarge` beyond `maxBytes`
 * (an R2 multipart upload begun is aborted); any other failure aborts it too and is thrown again.
 */
export async function putStream(
  bucket: R2Bucket,
  key: string,
  chunks: AsyncIterable<Uint8Array>,
  options: { maxBytes: number; partBytes?: number; httpMetadata?: R2HTTPMetadata },
): Promise<number> {
  const partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? 8 * 1024 * 1024);
  const buffer = new PartBuffer();
  let size = 0;
  let multipart: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  try {
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > options.maxBytes) throw new StreamTooLarge(options.maxBytes);
      buffer.push(chunk);
      // A part goes once the next byte past it is here: the last part may then be short.
      while (buffer.length > partBytes) {
        multipart ??= await bucket.createMultipartUpload(key, { httpMetadata: options.httpMetadata });
        parts.push(await multipart.uploadPart(parts.length + 1, buffer.take(partBytes)));
      }
    }
    if (!multipart) {
      await bucket.put(key, buffer.take(buffer.length), { httpMetadata: options.httpMetadata });
      return size;
    }
    if (buffer.length > 0) parts.push(await multipart.uploadPart(parts.length + 1, buffer.take(buffer.length)));
    await multipart.complete(parts);
    return size;
  } catch (error) {
    await (multipart as R2MultipartUpload | null)?.abort().catch(() => undefined);
    throw error;
  }
}
