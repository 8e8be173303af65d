/**
 * Runs tasks one at a time, in call order: a promise-chain mutex. A Durable Object needs it because
 * awaiting D1 (or any fetch) lets the next request in; input gates only cover the object's own
 * storage. A failed task rejects its own caller and does not stop the ones queued after it.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
