import { proxy } from "valtio";

/**
 * What an upload is doing right now (never stored: Dexie keeps the durable facts, this the moment):
 * bytes sent including the parts in flight, speed and time left, and what it waits for.
 */
export interface LiveUpload {
  /** Bytes the server holds plus the bytes of the parts being sent. */
  sent: number;
  total: number;
  /** Bytes per second over the last few seconds; null until measured. */
  speed: number | null;
  /** Seconds to go at that speed; null while unknown. */
  seconds_left: number | null;
  /**
   * What holds it back: the network (offline, or no answer), the server (an error it may get
   * over: 5xx, 429), the file (not kept on this device: choose it again), the feature's finishing
   * step (its code has not registered yet); null while it runs.
   */
  waiting: "network" | "server" | "file" | "finisher" | null;
}

/** Live state by this device's upload id (web/features/uploads/upload-progress.tsx reads it). */
export const uploadLive = proxy<Record<string, LiveUpload>>({});

/** The window of the moving average. */
export const SPEED_WINDOW_MS = 5_000;

/**
 * A moving average of bytes sent over the last SPEED_WINDOW_MS: the bytes between the oldest
 * sample of the window and the newest, over the time between them. Bytes going back (a part cut
 * and sent again) start it over.
 */
export class SpeedMeter {
  private samples: { at: number; sent: number }[] = [];

  add(at: number, sent: number): void {
    const last = this.samples.at(-1);
    if (last && sent < last.sent) this.samples = [];
    this.samples.push({ at, sent });
    // Keep one sample at or before the window's start, so the window is always covered whole.
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) <= at - SPEED_WINDOW_MS) this.samples.shift();
  }

  /** Bytes per second, or null with under a second of samples. */
  speed(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < 1_000) return null;
    return ((last.sent - first.sent) * 1_000) / (last.at - first.at);
  }

  reset(): void {
    this.samples = [];
  }
}

/** Seconds left for `remaining` bytes at `speed` bytes/s (null when not moving). */
export function secondsLeft(remaining: number, speed: number | null): number | null {
  if (speed === null || speed <= 0) return null;
  return Math.max(0, Math.ceil(remaining / speed));
}
