import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { paddedSampleWebm, sampleWebm } from "../../../domain/media/sample-video.ts";
import { probeStoredVideo } from "./probe.ts";

describe("probeStoredVideo (mediabunny over R2 ranges)", () => {
  it("reads the real duration and size of a MediaRecorder WebM (no duration in its header)", async () => {
    const bytes = sampleWebm();
    await env.MEDIA.put("probe/sample.webm", bytes);
    const probe = await probeStoredVideo(env.MEDIA, "probe/sample.webm", bytes.length);
    expect(probe).toMatchObject({ ok: true, width: 160, height: 90, has_video: true });
    if (probe.ok) expect(probe.duration).toBeGreaterThan(1.5);
    if (probe.ok) expect(probe.duration).toBeLessThan(2.5);
  });

  it("says a file with a video signature but no readable content is unreadable", async () => {
    const bytes = sampleWebm().slice(0, 60);
    await env.MEDIA.put("probe/cut.webm", bytes);
    expect(await probeStoredVideo(env.MEDIA, "probe/cut.webm", bytes.length)).toMatchObject({ ok: false });
  });
});

describe("probeStoredVideo on a file of several parts", () => {
  it("reads a 17 MB WebM (the fixture padded with a Void element) as the same 2-second video, in a few range reads", async () => {
    const bytes = paddedSampleWebm(17 * 1024 * 1024);
    await env.MEDIA.put("probe/padded.webm", bytes);
    const probe = await probeStoredVideo(env.MEDIA, "probe/padded.webm", bytes.length);
    expect(probe).toMatchObject({ ok: true, width: 160, height: 90 });
  });
});
