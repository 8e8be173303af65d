/**
 * What the browser reads of a chosen video before it is uploaded (docs/media.md): its length and
 * a poster frame at a tenth of it, a JPEG. mediabunny reads only the bytes it needs (the container's
 * header and index, then the packets from the key frame before the poster's time), so a 5 GB file
 * costs a few small reads; it is loaded on demand, in its own chunk.
 *
 * The frame is decoded here with WebCodecs' own VideoDecoder, not mediabunny's sinks: for a
 * video carrying alpha side data (what Chromium's MediaRecorder writes from a canvas) those merge
 * colour and alpha in a Worker made from a blob: URL, which the app's CSP (worker-src 'self')
 * refuses; the colour data alone makes a poster.
 *
 * `not_decodable` (the server then marks the video failed) means this browser has no decoder for
 * the video's codec, or its decoder refused the data. A file the browser cannot judge (no WebCodecs,
 * a container its reader does not know) is left to the server.
 */

export interface VideoFacts {
  /** Seconds, or null when it could not be read. */
  duration: number | null;
  /** A JPEG of the frame at ~10 % of the video, or null. */
  poster: Blob | null;
  /** A video track is there, but this browser can decode none of its frames. */
  not_decodable: boolean;
}

/** Widest poster kept (pixels): enough for a card, small enough to upload in one part. */
const POSTER_WIDTH = 640;
/** Reading gives up after this long (a slow disk, a huge index): the video is added without a poster. */
const READ_TIMEOUT_MS = 20_000;
/** Packets decoded at most from the key frame to the poster's time (a long GOP costs no more). */
const MAX_PACKETS = 600;

const nothing: VideoFacts = { duration: null, poster: null, not_decodable: false };

export async function readVideoFacts(file: Blob): Promise<VideoFacts> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<VideoFacts>((resolve) => {
    timer = setTimeout(() => resolve(nothing), READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([read(file), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Mediabunny = typeof import("mediabunny");
type VideoTrack = NonNullable<Awaited<ReturnType<InstanceType<Mediabunny["Input"]>["getPrimaryVideoTrack"]>>>;

async function read(file: Blob): Promise<VideoFacts> {
  let mediabunny: Mediabunny;
  try {
    mediabunny = await import("mediabunny");
  } catch {
    return nothing;
  }
  const input = new mediabunny.Input({ source: new mediabunny.BlobSource(file), formats: mediabunny.ALL_FORMATS });
  try {
    let duration: number | null;
    let track: VideoTrack | null;
    try {
      duration = await input.computeDuration();
      track = await input.getPrimaryVideoTrack();
    } catch {
      // Not a container this browser's reader knows: the server reads it again and judges.
      return nothing;
    }
    if (!Number.isFinite(duration) || duration <= 0) duration = null;
    // Audio only: nothing to draw, nothing wrong.
    if (!track) return { duration, poster: null, not_decodable: false };
    // Without WebCodecs the browser cannot tell; the server judges.
    if (typeof VideoDecoder === "undefined") return { duration, poster: null, not_decodable: false };
    const config = await track.getDecoderConfig().catch(() => null);
    if (!config || !(await track.canDecode().catch(() => false))) return { duration, poster: null, not_decodable: true };
    const frame = await decodeFrameAt(mediabunny, track, config, duration);
    if (frame === "refused") return { duration, poster: null, not_decodable: true };
    if (!frame) return { duration, poster: null, not_decodable: false };
    try {
      return { duration, poster: await posterOf(frame, await track.getRotation().catch(() => 0)), not_decodable: false };
    } finally {
      frame.close();
    }
  } finally {
    input.dispose();
  }
}

/**
 * The frame shown at a tenth of the video: the packets from the key frame before that time are
 * decoded, and the last frame not after it kept (the first one when none is). "refused" when the
 * decoder fails on the data; null when no frame came (nothing to say about the file).
 */
async function decodeFrameAt(mediabunny: Mediabunny, track: VideoTrack, config: VideoDecoderConfig, duration: number | null): Promise<VideoFrame | "refused" | null> {
  const sink = new mediabunny.EncodedPacketSink(track);
  const first = await track.getFirstTimestamp().catch(() => 0);
  const target = first + (duration ?? 0) * 0.1;
  const start = (await sink.getKeyPacket(target)) ?? (await sink.getFirstKeyPacket());
  if (!start) return null;
  const targetUs = Math.round(target * 1e6);
  let kept: VideoFrame | null = null;
  let failed = false;
  const decoder = new VideoDecoder({
    output: (frame) => {
      // The last frame not after the target, else the earliest after it.
      const better = !kept || (frame.timestamp <= targetUs ? kept.timestamp > targetUs || frame.timestamp > kept.timestamp : kept.timestamp > targetUs && frame.timestamp < kept.timestamp);
      if (better) {
        kept?.close();
        kept = frame;
      } else frame.close();
    },
    error: () => {
      failed = true;
    },
  });
  try {
    decoder.configure(config);
    let count = 0;
    for await (const packet of sink.packets(start)) {
      if (failed || count++ >= MAX_PACKETS) break;
      decoder.decode(packet.toEncodedVideoChunk());
      // A few packets past the target: frames reordered (B-frames) have come out by then.
      if (packet.timestamp > target && count > 8) break;
    }
    if (!failed) await decoder.flush().catch(() => undefined);
  } catch {
    failed = true;
  } finally {
    if (decoder.state !== "closed") decoder.close();
  }
  const frame: VideoFrame | null = kept;
  if (frame) return frame;
  return failed ? "refused" : null;
}

/** The frame, upright and at most POSTER_WIDTH wide, as a JPEG. */
async function posterOf(frame: VideoFrame, rotation: number): Promise<Blob | null> {
  const turned = rotation === 90 || rotation === 270;
  const sourceWidth = turned ? frame.displayHeight : frame.displayWidth;
  const sourceHeight = turned ? frame.displayWidth : frame.displayHeight;
  const scale = Math.min(1, POSTER_WIDTH / sourceWidth);
  const width = Math.max(1, Math.round(sourceWidth * scale));
  const height = Math.max(1, Math.round(sourceHeight * scale));
  const canvas = typeof OffscreenCanvas === "undefined" ? Object.assign(document.createElement("canvas"), { width, height }) : new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) return null;
  context.translate(width / 2, height / 2);
  context.rotate((rotation * Math.PI) / 180);
  const drawWidth = turned ? height : width;
  const drawHeight = turned ? width : height;
  context.drawImage(frame, -drawWidth / 2, -drawHeight / 2, drawWidth, drawHeight);
  if (canvas instanceof HTMLCanvasElement) return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), "image/jpeg", 0.8));
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.8 }).catch(() => null);
}
