import { describe, expect, it } from "vitest";
import { SYNC_TABLES } from "../sync/tables.ts";
import { permissionsFor } from "./can.ts";
import { READ_RULES, readScope, webcastPullScope, readsAll, readsOfWebcast } from "./read-rule.ts";
import type { OrganizationRole } from "./permissions.ts";

const W1 = "0196a0de-0001-7000-8000-000000000000";
const W2 = "0196a0de-0002-7000-8000-000000000000";
const W3 = "0196a0de-0003-7000-8000-000000000000";
const member = (role: OrganizationRole, organizationId: number) => ({ organization_id: organizationId, role });
const user = (id: number, ...roles: [OrganizationRole, number][]) => ({ id, is_super_admin: false, permissions: permissionsFor(roles.map(([role, org]) => member(role, org))) });

describe("the read rule", () => {
  it("covers every synced table", () => {
    expect(Object.keys(READ_RULES).sort()).toEqual([...SYNC_TABLES].sort());
  });

  it("gives organizers everything but nothing to viewers; speakers only by webcast", () => {
    const organizer = user(1, ["organizer", 1]);
    const viewer = user(2, ["viewer", 1]);
    const speaker = user(3, ["speaker", 1]);
    for (const table of SYNC_TABLES) {
      expect(readsAll(organizer, table, 1), table).toBe(true);
      expect(readsAll(viewer, table, 1), table).toBe(false);
      expect(readsAll(speaker, table, 1), table).toBe(false);
      expect(readsAll(organizer, table, 2), table).toBe(false);
    }
    expect(readsAll(user(4, ["admin", 1]), "organizations", 1)).toBe(true);
    expect(readsAll({ is_super_admin: true, permissions: {} }, "streaming_outputs", 99)).toBe(true);
  });

  it("lets a speaker read the sessions they speak in and who speaks with them; a producer their polls too", () => {
    const speaker = user(3, ["speaker", 1]);
    const session = { organization_id: 1, speakers: [{ id: 3, is_producer: false }] };
    const produced = { organization_id: 1, speakers: [{ id: 3, is_producer: true }] };
    const other = { organization_id: 1, speakers: [{ id: 9, is_producer: true }] };
    expect(readsOfWebcast(speaker, "webcasts", session)).toBe(true);
    expect(readsOfWebcast(speaker, "webcast_speakers", session)).toBe(true);
    expect(readsOfWebcast(speaker, "polls", session)).toBe(false);
    expect(readsOfWebcast(speaker, "polls", produced)).toBe(true);
    expect(readsOfWebcast(speaker, "resources", produced)).toBe(false);
    expect(readsOfWebcast(speaker, "streaming_outputs", produced)).toBe(false);
    expect(readsOfWebcast(speaker, "webcasts", other)).toBe(false);
    // Every speaker presents the deck (managing it is slides.manage); the library and the premiere playlist are the organizer's.
    expect(readsOfWebcast(speaker, "slides", session)).toBe(true);
    expect(readsOfWebcast(speaker, "slides", produced)).toBe(true);
    expect(readsOfWebcast(speaker, "premiere_videos", produced)).toBe(false);
    expect(readsOfWebcast(speaker, "media", produced)).toBe(false);
  });

  it("makes the pull scope from it: organizations where all is read, webcasts where the user speaks", () => {
    const u = user(3, ["organizer", 1], ["speaker", 2], ["viewer", 3]);
    const spoken = [
      { webcastId: W1, organizationId: 1, isProducer: true }, // an organizer there: reads all anyway
      { webcastId: W2, organizationId: 2, isProducer: false },
      { webcastId: W3, organizationId: 2, isProducer: true },
      { webcastId: W3, organizationId: 7, isProducer: true }, // not a member: ignored
    ];
    const scope = readScope(u, [1, 2, 3], spoken);
    expect(scope.webcasts).toEqual([1]);
    // Viewers are never in the main pull: they come per webcast (webcastPullScope).
    expect(scope.viewers).toEqual([]);
    expect(scope.organizations).toEqual([1]);
    expect(scope.byWebcast).toEqual({
      webcasts: [{ organizationId: 2, webcastIds: [W2, W3] }],
      webcast_speakers: [{ organizationId: 2, webcastIds: [W2, W3] }],
      polls: [{ organizationId: 2, webcastIds: [W3] }],
      polling_series: [{ organizationId: 2, webcastIds: [W3] }],
      slides: [{ organizationId: 2, webcastIds: [W2, W3] }],
    });
    expect(readScope(user(5, ["viewer", 1]), [1])).toEqual(Object.fromEntries(SYNC_TABLES.map((table) => [table, []])));
    expect(readScope({ is_super_admin: true, permissions: {} }, [1, 2]).viewers).toEqual([]);
  });

  it("makes an on-demand pull's scope: one webcast's viewers, nothing else", () => {
    const scope = webcastPullScope("viewers", { id: W2, organization_id: 2 });
    expect(Object.fromEntries(SYNC_TABLES.map((table) => [table, scope[table]]))).toEqual(Object.fromEntries(SYNC_TABLES.map((table) => [table, []])));
    expect(scope.byWebcast).toEqual({ viewers: [{ organizationId: 2, webcastIds: [W2] }] });
  });
});
