import { proxy, ref } from "valtio";
import type { ViewerPollView } from "../../../domain/polls/live.ts";
import { type MediaGate, type ScreenState, advanceGate, mediaTimeOf, offerChange, openGate, pictureTime, showNow } from "../../../domain/webcast-room/media-gate.ts";
import type { RoomChange, RoomClient } from "./room-client.ts";

/**
 * The viewer's screen in step with their picture (domain/webcast-room/media-gate.ts): the room's
 * changes, as the room client applies them, go through the gate; the player tells its media time
 * (`setMediaTime`, many times a second, no React render each time) and what is due is shown. The
 * page reads `store.screen` for what is in the picture's frame (slide, scene, polls on screen,
 * poster overlay) and the client's own store for the rest. The control room does not use it: its
 * people steer the show and see it ungated.
 *
 * The polls on screen come in `polls` frames, which carry no time: they are dated on the room's
 * clock when they arrive, estimated from the events' `at` (ROOM_CLOCK_SAMPLES of them, the
 * smallest network delay wins), or the page's `roomNow` before any event came.
 */

export interface GatedScreenStore {
  /** What the viewer's screen shows; null until the room's first welcome. */
  screen: ScreenState | null;
  /** Changes waiting for the player's picture. */
  waiting: number;
}

export interface MediaGatedScreenOptions {
  /** The device's clock (epoch ms); tests pass their own. */
  now?(): number;
  /** The room's clock before any event said it (epoch ms): the page's server time; default the device's. */
  roomNow?(): number;
  maxQueue?: number;
}

/** Events whose `at` estimate the offset between the device's clock and the room's. */
export const ROOM_CLOCK_SAMPLES = 8;

/** The polls to show with the reader's own ballots (the gated copy predates a vote acknowledged since). */
export function withOwnBallots(polls: readonly ViewerPollView[], ballots: Readonly<Record<string, readonly string[]>>): ViewerPollView[] {
  return polls.map((view) => {
    const ballot = ballots[view.poll.id];
    return ballot === undefined ? view : { ...view, ballot: [...ballot] };
  });
}

export class MediaGatedScreen {
  readonly store: GatedScreenStore;
  private gate: MediaGate | null = null;
  private playerMs: number | null = null;
  private liveSince: number | null = null;
  private readonly offsets: number[] = [];
  /** Polls that came before the first welcome's state. */
  private earlyPolls: readonly ViewerPollView[] = [];
  private readonly detach: () => void;
  private readonly options: MediaGatedScreenOptions;

  constructor(client: RoomClient, options: MediaGatedScreenOptions = {}) {
    this.options = options;
    this.store = proxy<GatedScreenStore>({ screen: null, waiting: 0 });
    // Made after the client already holds a state: start from it.
    const live = client.store.live;
    if (live) this.receive({ type: "snapshot", live });
    const polls = client.store.interactions?.polls;
    if (polls) this.receive({ type: "polls", polls, snapshot: true });
    this.detach = client.onRoomChange((change) => this.receive(change));
  }

  /** The player's position on the room's time line (ms since live_since); null: no player time, nothing waits. */
  setMediaTime(ms: number | null): void {
    this.playerMs = ms;
    if (this.gate) this.publish(advanceGate(this.gate, this.playerTime()));
  }

  /** The room's clock now (epoch ms), as well as the events let us tell. */
  roomNow(): number {
    const now = this.now();
    if (this.offsets.length === 0) return this.options.roomNow ? this.options.roomNow() : now;
    return now + Math.max(...this.offsets);
  }

  /** The player's time as the gate uses it (see pictureTime): null when absent or off the room's time line. */
  private playerTime(): number | null {
    if (this.playerMs === null || this.liveSince === null) return this.playerMs;
    return pictureTime(this.playerMs, this.roomNow() - this.liveSince);
  }

  dispose(): void {
    this.detach();
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  private receive(change: RoomChange): void {
    switch (change.type) {
      case "snapshot": {
        this.liveSince = change.live.live_since;
        const screen: ScreenState = { ...change.live, polls_on_screen: this.gate?.shown.polls_on_screen ?? this.earlyPolls };
        this.publish(this.gate ? showNow(this.gate, change.live) : openGate(screen));
        return;
      }
      case "events": {
        if (!this.gate) return;
        let gate = this.gate;
        let liveSince = change.liveSince;
        for (const event of change.events) {
          if (!change.replayed) this.sampleClock(event.at);
          if (event.patch.live_since !== undefined) liveSince = event.patch.live_since;
          gate = offerChange(gate, event.patch, mediaTimeOf(event.at, liveSince), this.playerTime(), this.options.maxQueue);
        }
        this.liveSince = liveSince;
        this.publish(gate);
        return;
      }
      case "polls": {
        if (!this.gate) {
          this.earlyPolls = change.polls;
          return;
        }
        const patch = { polls_on_screen: change.polls };
        // The interactions after a welcome are the room's now; a `polls` frame carries the room's
        // time of the change (older rooms: dated on arrival).
        this.publish(change.snapshot ? showNow(this.gate, patch) : offerChange(this.gate, patch, mediaTimeOf(change.at ?? this.roomNow(), this.liveSince), this.playerTime(), this.options.maxQueue));
        return;
      }
    }
  }

  private sampleClock(at: number): void {
    this.offsets.push(at - this.now());
    if (this.offsets.length > ROOM_CLOCK_SAMPLES) this.offsets.shift();
  }

  private publish(gate: MediaGate): void {
    const changed = gate.shown !== this.gate?.shown;
    this.gate = gate;
    // ref: the page reads the screen whole; valtio need not proxy every nested field.
    if (changed) this.store.screen = ref({ ...gate.shown });
    if (this.store.waiting !== gate.queue.length) this.store.waiting = gate.queue.length;
  }
}
