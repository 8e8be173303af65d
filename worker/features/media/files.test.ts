import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { db } from "../../db/client.ts";
import { media } from "../../db/schema/index.ts";
import { seedDemo } from "../../test/client.ts";
import { sweepMediaFiles } from "./files.ts";

beforeAll(seedDemo);

describe("sweepMediaFiles", () => {
  it("deletes the files of videos deleted through a sync push, sparing young files and existing videos", async () => {
    const [kept, deleted] = [uuidv7(), uuidv7()];
    const now = new Date().toISOString();
    await db(env.DB).insert(media).values({ id: kept, organization_id: 1, title: "Kept", created_at: now, updated_at: now });
    await env.MEDIA.put(`organizations/1/media/${kept}/${"a".repeat(43)}`, "x");
    await env.MEDIA.put(`organizations/1/media/${deleted}/${"b".repeat(43)}`, "y");
    // Young files may belong to an upload whose video row is not pushed yet: spared.
    expect(await sweepMediaFiles(env.MEDIA, db(env.DB), Date.now())).toBe(0);
    expect(await sweepMediaFiles(env.MEDIA, db(env.DB), Date.now() + 3 * 24 * 3_600_000)).toBe(1);
    const left = (await env.MEDIA.list({ prefix: "organizations/1/media/" })).objects.map((object) => object.key);
    expect(left).toContain(`organizations/1/media/${kept}/${"a".repeat(43)}`);
    expect(left).not.toContain(`organizations/1/media/${deleted}/${"b".repeat(43)}`);
  });

  it("deletes the PDFs of decks deleted through a sync push", async () => {
    const [webcast, deck] = [uuidv7(), uuidv7()];
    const key = `webcasts/${webcast}/slides/${deck}/${"c".repeat(43)}`;
    await env.MEDIA.put(key, "%PDF-1.4");
    expect(await sweepMediaFiles(env.MEDIA, db(env.DB), Date.now() + 3 * 24 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});
