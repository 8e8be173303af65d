import { Dexie } from "dexie";
import { describe, expect, it } from "vitest";
import { SYNC_TABLES } from "../../domain/sync/tables.ts";
import { LocalDatabase, localDatabaseName } from "./db.ts";
import { freshUserId } from "./testing.ts";

describe("LocalDatabase", () => {
  it("has base and view stores for every synced table, all in the replica's transactions", async () => {
    const db = new LocalDatabase(freshUserId());
    await db.open();
    const names = db.tables.map((table) => table.name);
    for (const table of SYNC_TABLES) expect(names).toEqual(expect.arrayContaining([`base_${table}`, `view_${table}`]));
    expect(db.allTables().map((table) => table.name).sort()).toEqual([...SYNC_TABLES.flatMap((table) => [`base_${table}`, `view_${table}`]), "meta", "outbox", "rejected", "opened_webcasts"].sort());
    expect(db.rows("view", "organizations").name).toBe("view_organizations");
    db.close();
  });

  it("upgrades a version 3 database: rows and outbox kept, cursor forgotten so the next pull is a reset", async () => {
    const userId = freshUserId();
    // Versions 1–3 exactly as shipped.
    const old = new Dexie(localDatabaseName(userId));
    old.version(1).stores({ base_webcasts: "id, organization_id", view_webcasts: "id, organization_id", outbox: "++seq, &id", rejected: "++seq, &mutation_id", meta: "key" });
    old.version(2).stores({ drafts: "key" });
    old.version(3).stores({ base_viewers: "id, organization_id, webcast_id", view_viewers: "id, organization_id, webcast_id" });
    await old.table("view_webcasts").put({ id: "w1", organization_id: 1, event_title: "Kept" });
    await old.table("outbox").add({ id: "m1", name: "updateWebcast", args: { id: "w1" }, client_time: "2026-01-01T00:00:00.000Z", cursor: null, touched: [] });
    await old.table("meta").put({ key: "cursor", value: 42 });
    await old.table("meta").put({ key: "last_synced_at", value: "2026-01-01T00:00:00.000Z" });
    old.close();

    const db = new LocalDatabase(userId);
    await db.open();
    // The latest version (5: the webcasts' parts, 6: an index for the home screen, 7: media, slides, uploads,
    // 8: viewers on demand); version 4's upgrade forgot the cursor.
    expect(db.verno).toBe(8);
    expect(await db.meta.get("cursor")).toBeUndefined();
    expect(await db.meta.get("last_synced_at")).toEqual({ key: "last_synced_at", value: "2026-01-01T00:00:00.000Z" });
    expect(await db.view_webcasts.get("w1")).toMatchObject({ event_title: "Kept" });
    expect((await db.outbox.toArray()).map((entry) => entry.id)).toEqual(["m1"]);
    expect(await db.view_organizations.count()).toBe(0);
    db.close();
  });

  it("upgrades a version 7 database: the organization-wide viewers go (pulled again per webcast when opened), the rest stays", async () => {
    const userId = freshUserId();
    // Version 7 as shipped (its full schema).
    const part = "id, organization_id, webcast_id";
    const old = new Dexie(localDatabaseName(userId));
    old.version(7).stores({
      base_webcasts: "id, organization_id",
      view_webcasts: "id, organization_id, event_start_date_time, [state+event_start_date_time], duration",
      outbox: "++seq, &id",
      rejected: "++seq, &mutation_id",
      meta: "key",
      drafts: "key",
      base_viewers: part,
      view_viewers: part,
      base_organizations: "id, organization_id",
      view_organizations: "id, organization_id",
      ...Object.fromEntries(["webcast_speakers", "polls", "polling_series", "resources", "embed_apps", "segments", "streaming_outputs", "slides"].flatMap((table) => [[`base_${table}`, part], [`view_${table}`, part]])),
      base_media: "id, organization_id",
      view_media: "id, organization_id",
      base_premiere_videos: "id, organization_id, webcast_id, media_id",
      view_premiere_videos: "id, organization_id, webcast_id, media_id",
      uploads: "id, upload_id, status, target_id",
    });
    await old.table("view_webcasts").put({ id: "w1", organization_id: 1, event_title: "Kept" });
    await old.table("view_viewers").bulkPut([{ id: "v1", organization_id: 1, webcast_id: "w1" }, { id: "v2", organization_id: 1, webcast_id: "w2" }]);
    await old.table("base_viewers").put({ id: "v1", organization_id: 1, webcast_id: "w1" });
    await old.table("meta").put({ key: "cursor", value: 42 });
    old.close();

    const db = new LocalDatabase(userId);
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.view_viewers.count()).toBe(0);
    expect(await db.base_viewers.count()).toBe(0);
    expect(await db.opened_webcasts.count()).toBe(0);
    expect(await db.view_webcasts.get("w1")).toMatchObject({ event_title: "Kept" });
    expect(await db.meta.get("cursor")).toEqual({ key: "cursor", value: 42 });
    db.close();
  });
});
