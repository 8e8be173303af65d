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
    expect(db.allTables().map((table) => table.name).sort()).toEqual([...SYNC_TABLES.flatMap((table) => [`base_${table}`, `view_${table}`]), "meta", "outbox", "rejected"].sort());
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
    // The latest version (5: the webcasts' parts, 6: an index for the home screen, 7: media, slides, uploads); version 4's
    // upgrade forgot the cursor.
    expect(db.verno).toBe(7);
    expect(await db.meta.get("cursor")).toBeUndefined();
    expect(await db.meta.get("last_synced_at")).toEqual({ key: "last_synced_at", value: "2026-01-01T00:00:00.000Z" });
    expect(await db.view_webcasts.get("w1")).toMatchObject({ event_title: "Kept" });
    expect((await db.outbox.toArray()).map((entry) => entry.id)).toEqual(["m1"]);
    expect(await db.view_organizations.count()).toBe(0);
    db.close();
  });
});
