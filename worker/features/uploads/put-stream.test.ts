import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { StreamTooLarge, putStream } from "./put-stream.ts";

const MiB = 1024 * 1024;

/** `total` bytes in chunks of `chunk` bytes, byte i being i % 251 (so a part out of place shows). */
async function* generated(total: number, chunk: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < total; at += chunk) {
    const bytes = new Uint8Array(Math.min(chunk, total - at));
    for (let i = 0; i < bytes.length; i++) bytes[i] = (at + i) % 251;
    yield bytes;
  }
}

async function stored(key: string): Promise<Uint8Array | null> {
  const object = await env.MEDIA.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

function isGenerated(bytes: Uint8Array, total: number): boolean {
  if (bytes.length !== total) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== i % 251) return false;
  return true;
}

describe("putStream: a file of unknown length into R2 while it arrives", { timeout: 30_000 }, () => {
  it("stores a small file in one put, with its content type", async () => {
    const key = "tests/put-stream/small.csv";
    expect(await putStream(env.MEDIA, key, generated(300_000, 64 * 1024), { maxBytes: MiB, httpMetadata: { contentType: "text/csv" } })).toBe(300_000);
    expect(isGenerated((await stored(key)) as Uint8Array, 300_000)).toBe(true);
    expect((await env.MEDIA.head(key))?.httpMetadata?.contentType).toBe("text/csv");
  });

  it("stores a file larger than a part as an R2 multipart upload, parts in order and the last one short", async () => {
    const key = "tests/put-stream/large.bin";
    const total = 12 * MiB + 12_345;
    // Chunks that do not divide the part size: parts are cut across chunks.
    expect(await putStream(env.MEDIA, key, generated(total, 100_003), { maxBytes: 20 * MiB, partBytes: 5 * MiB })).toBe(total);
    expect(isGenerated((await stored(key)) as Uint8Array, total)).toBe(true);
  });

  it("stores an empty file", async () => {
    const key = "tests/put-stream/empty.csv";
    expect(await putStream(env.MEDIA, key, generated(0, 10), { maxBytes: MiB })).toBe(0);
    expect(await stored(key)).toEqual(new Uint8Array());
  });

  it("stops past maxBytes and leaves nothing, in one put or multipart", async () => {
    for (const [total, max] of [
      [2 * MiB, MiB],
      [14 * MiB, 11 * MiB],
    ] as const) {
      const key = `tests/put-stream/too-large-${total}.bin`;
      let read = 0;
      const counted = async function* () {
        for await (const chunk of generated(total, 256 * 1024)) {
          read += chunk.length;
          yield chunk;
        }
      };
      await expect(putStream(env.MEDIA, key, counted(), { maxBytes: max, partBytes: 5 * MiB })).rejects.toBeInstanceOf(StreamTooLarge);
      // Reading stopped at the first chunk past the limit.
      expect(read).toBeLessThanOrEqual(max + 256 * 1024);
      expect(await env.MEDIA.head(key)).toBeNull();
    }
  });

  it("aborts the multipart upload when the source fails, and throws its error", async () => {
    const key = "tests/put-stream/broken.bin";
    const broken = async function* () {
      yield* generated(6 * MiB, MiB);
      throw new Error("connection lost");
    };
    await expect(putStream(env.MEDIA, key, broken(), { maxBytes: 20 * MiB, partBytes: 5 * MiB })).rejects.toThrow("connection lost");
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});
