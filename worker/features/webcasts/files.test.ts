import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { seedDemo } from "../../test/client.ts";
import { db } from "../../db/client.ts";
import { media } from "../../db/schema/index.ts";
import { deleteWebcastFiles, sweepDeletedWebcastFiles, webcastFilesPrefix } from "./files.ts";
import { insertWebcast } from "./testing.ts";

beforeAll(seedDemo);

async function keys(webcastId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: webcastFilesPrefix(webcastId) })).objects.map((object) => object.key);
}

describe("webcast files in R2", () => {
  it("deletes everything under a webcast's prefix, and only there", async () => {
    const [doomed, kept] = [uuidv7(), uuidv7()];
    await env.MEDIA.put(`${webcastFilesPrefix(doomed)}branding/logo-a`, "a");
    await env.MEDIA.put(`${webcastFilesPrefix(doomed)}resources/r1/file.pdf`, "b");
    await env.MEDIA.put(`${webcastFilesPrefix(kept)}branding/logo-b`, "c");
    expect(await deleteWebcastFiles(env.MEDIA, doomed, env.DB)).toBe(2);
    expect(await keys(doomed)).toEqual([]);
    expect(await keys(kept)).toHaveLength(1);
  });

  it("keeps a recording that a library video still plays (a video added from the archive outlives its webcast)", async () => {
    const gone = uuidv7();
    const recording = `${webcastFilesPrefix(gone)}archive/${"r".repeat(43)}`;
    await env.MEDIA.put(recording, "video");
    await env.MEDIA.put(`${webcastFilesPrefix(gone)}branding/logo-z`, "z");
    const now = new Date().toISOString();
    await db(env.DB).insert(media).values({ id: uuidv7(), organization_id: 1, title: "Best of", status: "processed", source: "archive", file_key: recording, duration: 10, edition: { start: 0, end: 10, cuts: [] }, created_at: now, updated_at: now });
    expect(await deleteWebcastFiles(env.MEDIA, gone, env.DB)).toBe(1);
    expect(await keys(gone)).toEqual([recording]);
  });

  it("sweeps the files of webcasts that no longer exist (deleted through a sync push)", async () => {
    const existing = (await insertWebcast(1)).id;
    const gone = uuidv7();
    await env.MEDIA.put(`${webcastFilesPrefix(existing)}branding/logo-x`, "x");
    await env.MEDIA.put(`${webcastFilesPrefix(gone)}resources/r2/notes.txt`, "y");
    expect(await sweepDeletedWebcastFiles(env.MEDIA, env.DB)).toBeGreaterThanOrEqual(1);
    expect(await keys(gone)).toEqual([]);
    expect(await keys(existing)).toHaveLength(1);
  });
});
