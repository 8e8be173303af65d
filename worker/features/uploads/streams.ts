import { joinBytes } from "../../http/bytes.ts";

/**
 * The first `bytes` bytes of a stream (to read a file's type) and the whole stream again, without
 * holding more than the chunks read for the head.
 */
export async function withHead(stream: ReadableStream<Uint8Array>, bytes: number): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const head = joinBytes(chunks, size);
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length > 0) controller.enqueue(head);
      if (ended) controller.close();
    },
    async pull(controller) {
      if (ended) return;
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head: head.subarray(0, Math.min(bytes, head.length)), stream: whole };
}

/**
 * `chunks` passed on unchanged, once their first `bytes` bytes (all of them, for a shorter stream)
 * went through `check` (told whether that is the whole stream): a throw there stops the stream
 * before any byte goes on. Holds only the chunks read for the head.
 */
export async function* checkedHead(chunks: AsyncIterable<Uint8Array>, bytes: number, check: (head: Uint8Array, whole: boolean) => void): AsyncGenerator<Uint8Array, void, undefined> {
  const held: Uint8Array[] = [];
  let size = 0;
  let checked = false;
  for await (const chunk of chunks) {
    if (checked) {
      yield chunk;
      continue;
    }
    held.push(chunk);
    size += chunk.length;
    if (size < bytes) continue;
    const joined = joinBytes(held, size);
    check(joined.subarray(0, bytes), false);
    checked = true;
    held.length = 0;
    yield joined;
  }
  if (!checked) {
    const joined = joinBytes(held, size);
    check(joined, true);
    if (joined.length > 0) yield joined;
  }
}
