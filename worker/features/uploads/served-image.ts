import { sniffImageType } from "../../../domain/media/image-type.ts";
import { withHead } from "./streams.ts";

/** Bytes enough to tell a JPEG, PNG, GIF, WebP or AVIF (AVIF's brand ends at byte 12). */
const IMAGE_HEAD_BYTES = 32;

/**
 * An image object as served (branding images, profile photos): its bytes streamed, with the type
 * its first bytes say, or application/octet-stream when they are no raster image. Not the stored
 * type: an object of the upload path keeps the type the browser declared when the upload started
 * (R2 fixes it at `createMultipartUpload`, before part 1 is read).
 */
export async function servedImage(object: R2ObjectBody): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
  const { head, stream } = await withHead(object.body, Math.min(IMAGE_HEAD_BYTES, object.size));
  // Re-joined at its known length, so it goes out with a Content-Length.
  const fixed = new FixedLengthStream(object.size);
  void stream.pipeTo(fixed.writable).catch(() => undefined);
  return { body: fixed.readable, contentType: sniffImageType(head) ?? "application/octet-stream" };
}
