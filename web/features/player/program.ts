import type { MediaEdition } from "../../../domain/media/record.ts";
import type { PlaybackUnavailable } from "../../../domain/viewer-page/playback-messages.ts";
import { type PlaybackData, type PlaybackLoop, premiereItemStartS, premierePosition, sourceTime } from "../../../domain/viewer-page/playback.ts";

/**
 * What the player's media element should hold at a given moment (a "program"), decided from the
 * playback data, the room's live_since and the server's clock. Pure: the Player re-decides it on
 * every tick and only touches the element when the program's `key` changes.
 */

export type IdleReason = "not_started" | "over" | "no_live" | PlaybackUnavailable;

export type Program =
  | {
      type: "file";
      /** Same key, same program: the element keeps playing. */
      key: string;
      role: "intro" | "outro" | "item" | "replay";
      url: string;
      edition: MediaEdition | null;
      /** Play over and over (a "repeat" loop). */
      loop: boolean;
      /** Where to start in the file (seconds), read when its metadata is there (a premiere moves on meanwhile). */
      startAt: () => number;
      /** A premiere's video: its index and where it starts on the show's time line (seconds). */
      item?: { index: number; startS: number };
      poster: string | null;
    }
  | { type: "hls"; key: string; url: string }
  | { type: "idle"; key: string; reason: IdleReason };

export interface ProgramContext {
  data: PlaybackData;
  /** The room's live_since (epoch ms), fresher than the data's. */
  liveSince: number | null;
  /** The server's clock (epoch ms): the device's, corrected by the page. */
  serverNow: () => number;
  /** The show is over (the room's phase: stopping or archived): the outro loop of a live webcast. */
  ended: boolean;
  /** A "once" loop already played to its end. */
  loopDone: (role: "intro" | "outro") => boolean;
}

function loopProgram(loop: PlaybackLoop | null, role: "intro" | "outro", context: ProgramContext, idle: IdleReason): Program {
  if (!loop || context.loopDone(role)) return { type: "idle", key: `idle:${idle}`, reason: idle };
  return { type: "file", key: role, role, url: loop.url, edition: loop.edition, loop: loop.loop_mode === "repeat", startAt: () => loop.edition?.start ?? 0, poster: loop.poster_url };
}

export function programOf(context: ProgramContext): Program {
  const { data, liveSince } = context;
  const now = context.serverNow();
  switch (data.kind) {
    case "premiere": {
      const items = data.premiere?.items ?? [];
      const position = premierePosition(items, liveSince, now);
      if (position.kind === "before") return loopProgram(data.loops.intro, "intro", context, "not_started");
      if (position.kind === "after" || context.ended) return loopProgram(data.loops.outro, "outro", context, "over");
      const { index } = position;
      const item = items[index];
      if (!item) return loopProgram(data.loops.outro, "outro", context, "over");
      const startS = premiereItemStartS(items, index);
      return {
        type: "file",
        key: `item:${index}:${item.media_id}`,
        role: "item",
        url: item.url,
        edition: item.edition,
        loop: false,
        // Read when the file is ready: the show has moved on while it loaded.
        startAt: () => {
          const at = premierePosition(items, liveSince, context.serverNow());
          const offset = at.kind === "playing" && at.index === index ? at.offsetS : 0;
          return item.edition ? sourceTime(item.edition, offset) : offset;
        },
        item: { index, startS },
        poster: item.poster_url,
      };
    }
    case "live":
      if (context.ended) return loopProgram(data.loops.outro, "outro", context, "over");
      if (liveSince === null) return loopProgram(data.loops.intro, "intro", context, "not_started");
      return data.live?.hls_url ? { type: "hls", key: `hls:${data.live.hls_url}`, url: data.live.hls_url } : { type: "idle", key: "idle:no_live", reason: "no_live" };
    case "replay": {
      const replay = data.replay;
      if (!replay) return { type: "idle", key: "idle:replay_unavailable", reason: "replay_unavailable" };
      return { type: "file", key: "replay", role: "replay", url: replay.url, edition: replay.edition, loop: false, startAt: () => replay.edition?.start ?? 0, poster: data.poster_url };
    }
    default:
      return { type: "idle", key: `idle:${data.reason ?? "replay_unavailable"}`, reason: data.reason ?? "replay_unavailable" };
  }
}
