
/**
 * Reads a stored video's facts with mediabunny (a well-kept pure-TypeScript demuxer: MP4/MOV,
 * WebM/MKV, MP3, WAV, Ogg…) straight from R2 by byte ranges: the Worker cannot run ffmpeg, but
 * reading a container needs no decoding (docs/decisions.md). Memory stays bounded by mediabunny's
 * read cache, whatever the file's size.
 */

export type ProbeResult =
  | { ok: true; duration: number; width: number | null; height: number | null; has_video: boolean; has_audio: boolean }
  | { ok: false; reason: "unreadable" | "no_tracks" | "no_duration" };

export async function probeStoredVideo(bucket: R2Bucket, key: string, size: number): Promise<ProbeResult> {
  // Loaded when a video is read, not with the Worker: most requests (and test files) never need it.
  const { ALL_FORMATS, CustomSource, Input } = await import("mediabunny");
  const source = new CustomSource({
    getSize: () => size,
    read: async (start, end) => {
      const object = await bucket.get(key, { range: { offset: start, length: end - start } });
      if (!object) throw new Error("object gone");
      return new Uint8Array(await object.arrayBuffer());
    },
    maxCacheSize: 4 * 1024 * 1024,
  });
  const input = new Input({ source, formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    if (!video && !audio) return { ok: false, reason: "no_tracks" };
    const duration = await input.computeDuration();
    if (!Number.isFinite(duration) || duration <= 0) return { ok: false, reason: "no_duration" };
    return {
      ok: true,
      duration: Math.round(duration * 1000) / 1000,
      width: video ? video.displayWidth : null,
      height: video ? video.displayHeight : null,
      has_video: video !== null,
      has_audio: audio !== null,
    };
  } catch (error) {
    console.warn("media: could not read a video", key, error);
    return { ok: false, reason: "unreadable" };
  } finally {
    input.dispose();
  }
}
