import { ApiRequestError } from "../../api/errors.ts";

/**
 * How the upload engine answers a failure (docs/uploads.md "The browser's side"):
 * - `abort`: canceled here (or the engine stopped): stop quietly;
 * - `network`: no answer (offline, the connection cut): wait for the network, retry;
 * - `server`: an answer worth trying again (5xx, 408, 429, a CSRF token refused twice): retry with backoff;
 * - `parts`: completing found parts missing (409 with `errors.parts`): send them and complete again;
 * - `gone`: the server no longer has this upload (404, or 409 as it was aborted, e.g. by the daily
 *   sweep of forgotten uploads): start a new one from the first byte;
 * - `session`: signed out (401): stop, keep the upload; it resumes at the next sign-in;
 * - `refused`: any other 4xx: the upload fails with the server's message.
 */
export type Verdict = "abort" | "network" | "server" | "parts" | "gone" | "session" | "refused";

export function verdictOf(error: unknown): Verdict {
  // Signed out meanwhile (the database closed) counts as stopped: the upload resumes at the next sign-in.
  if (isAbort(error) || (error instanceof Error && error.name === "DatabaseClosedError")) return "abort";
  if (!(error instanceof ApiRequestError)) return "refused";
  const { status } = error;
  if (status === 0) return "network";
  if (status === 401) return "session";
  if (status === 408 || status === 419 || status === 425 || status === 429 || status >= 500) return "server";
  if (status === 409 && error.fieldErrors("parts").length > 0) return "parts";
  if (status === 404 || status === 409) return "gone";
  return "refused";
}

export function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === "AbortError";
}

export function abortError(): DOMException {
  return new DOMException("Upload canceled", "AbortError");
}

/** What a refusal shows: the first field message (the most precise: "This file is not a PDF…"), else the message. */
export function refusalMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const field = Object.entries(error.errors).find(([name, messages]) => name !== "parts" && messages.length > 0);
    return field?.[1][0] ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The delay before retry number `attempt` (0-based): `first`, doubling, at most `max` (1 s → 30 s). */
export function retryDelay(attempt: number, backoff: { first: number; max: number }): number {
  return Math.min(backoff.max, backoff.first * 2 ** Math.min(attempt, 30));
}

/** Resolves after `ms`, or as soon as `wake` is called; rejects when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal, subscribeWake?: (wake: () => void) => () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const done = () => {
      clearTimeout(timer);
      unsubscribe?.();
      signal.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      done();
      reject(abortError());
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    const unsubscribe = subscribeWake?.(() => {
      done();
      resolve();
    });
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * At most `size` holders at once (the parts in flight across every upload of the engine): one
 * big video does not starve a small image, and the whole device never sends more than this.
 */
export class Slots {
  private free: number;
  private readonly waiters: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** A slot; call the returned function once to give it back. */
  async take(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) throw abortError();
    if (this.free > 0) {
      this.free--;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const granted = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(granted);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(abortError());
      };
      this.waiters.push(granted);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.free++;
    };
  }
}
