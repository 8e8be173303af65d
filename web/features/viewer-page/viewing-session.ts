import { VIEWING_HEARTBEAT_S, type ViewingSessionKind } from "../../../domain/viewer-page/viewing-sessions.ts";

/**
 * The calls of a viewing session (docs/webcasts-api.md "Viewing sessions"), answering the HTTP
 * status (0 when the network failed). `end` must survive the page going away (keepalive).
 */
export interface ViewingSessionTransport {
  start(id: string, kind: ViewingSessionKind): Promise<number>;
  beat(id: string): Promise<number>;
  end(id: string): Promise<number>;
}

export interface ViewingSessionTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: ViewingSessionTimers = {
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/**
 * One viewer's viewing sessions on the page (issue #19 "Viewing sessions"): a session starts on the
 * player's first `playing` (not on page load: a page left open without watching counts nothing),
 * beats every VIEWING_HEARTBEAT_S while it plays, and ends on pause, on the end of the media and
 * when the page goes away. A beat answered 409 (the session timed out, or the webcast went from
 * live to archived) drops the session; the next `playing` starts a new one. Ids are made on the
 * device, so a start sent twice (a retry) counts once. A failed start or beat is not retried on
 * its own: the next beat or `playing` tries again, and the server's timeout closes what is lost.
 */
export class ViewingSessionTracker {
  #session: { id: string; kind: ViewingSessionKind } | null = null;
  #starting: Promise<void> | null = null;
  #beat: unknown = null;

  constructor(
    private readonly transport: ViewingSessionTransport,
    private readonly timers: ViewingSessionTimers = realTimers,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /** The session now open, if any (tests, the page's diagnostics). */
  get current(): { id: string; kind: ViewingSessionKind } | null {
    return this.#session;
  }

  /** The player plays `kind` media: open a session when none is open (or the kind changed). */
  async playing(kind: ViewingSessionKind): Promise<void> {
    if (this.#starting) await this.#starting;
    if (this.#session?.kind === kind) return;
    if (this.#session) await this.stopped();
    const session = { id: this.newId(), kind };
    this.#starting = (async () => {
      const status = await this.transport.start(session.id, kind);
      if (status === 201 || status === 200) {
        this.#session = session;
        this.#beat = this.timers.setInterval(() => void this.#heartbeat(), VIEWING_HEARTBEAT_S * 1000);
      }
    })();
    try {
      await this.#starting;
    } finally {
      this.#starting = null;
    }
  }

  /** Paused, ended, or the page goes away: end the open session (once). */
  async stopped(): Promise<void> {
    if (this.#starting) await this.#starting;
    const session = this.#session;
    this.#drop();
    if (session) await this.transport.end(session.id);
  }

  async #heartbeat(): Promise<void> {
    const session = this.#session;
    if (!session) return;
    const status = await this.transport.beat(session.id);
    // Over (timed out, or live → archived) or unknown: the next `playing` starts a new one.
    if ((status === 409 || status === 404) && this.#session === session) this.#drop();
  }

  #drop(): void {
    if (this.#beat !== null) this.timers.clearInterval(this.#beat);
    this.#beat = null;
    this.#session = null;
  }
}
