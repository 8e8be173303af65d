import { describe, expect, it } from "vitest";
import { permissionsFor } from "../permissions/can.ts";
import { PRODUCER_PERMISSIONS } from "../permissions/permissions.ts";
import { COMMAND_PERMISSION, type RoomActor, actorKey, roomActorSchema, roomCan, staffRoomActor } from "./actor.ts";
import { ROOM_COMMAND_TYPES } from "./commands.ts";

const ALL_GRANTS = ["control_room.manage", "slides.manage", "polls.manage", "questions.manage"];

/** Organization 1's webcast: user 20 is its producer speaker, user 21 a plain speaker. */
const webcast = { organization_id: 1, speakers: [{ id: 20, is_producer: true }, { id: 21, is_producer: false }] };

const member = (id: number, role: "owner" | "admin" | "organizer" | "speaker" | "operator" | "viewer", organizationId = 1) => ({
  id,
  is_super_admin: false,
  permissions: permissionsFor([{ organization_id: organizationId, role }]),
});

describe("staffRoomActor (SPEC §6 through canForWebcast)", () => {
  it("makes the organization's organizers, admins and owners producers with every producer grant", () => {
    for (const role of ["organizer", "admin", "owner"] as const) {
      expect(staffRoomActor(member(10, role), webcast, "fr"), role).toEqual({
        role: "producer",
        user_id: 10,
        viewer_id: null,
        grants: ALL_GRANTS,
        locale: "fr",
      });
    }
  });

  it("makes a super admin a producer, whatever their memberships", () => {
    expect(staffRoomActor({ id: 11, is_super_admin: true, permissions: {} }, webcast, "en")).toEqual({
      role: "producer",
      user_id: 11,
      viewer_id: null,
      grants: ALL_GRANTS,
      locale: "en",
    });
  });

  it("makes the webcast's producer speaker a producer", () => {
    expect(staffRoomActor(member(20, "speaker"), webcast, "en")).toEqual({ role: "producer", user_id: 20, viewer_id: null, grants: ALL_GRANTS, locale: "en" });
  });

  it("makes a plain speaker a speaker, without grants", () => {
    expect(staffRoomActor(member(21, "speaker"), webcast, "fr")).toEqual({ role: "speaker", user_id: 21, viewer_id: null, grants: [], locale: "fr" });
  });

  it("lets in neither a member who does not speak nor another tenant", () => {
    expect(staffRoomActor(member(22, "speaker"), webcast, "en")).toBeNull();
    expect(staffRoomActor(member(23, "operator"), webcast, "en")).toBeNull();
    expect(staffRoomActor(member(24, "viewer"), webcast, "en")).toBeNull();
    for (const role of ["organizer", "admin", "owner"] as const) expect(staffRoomActor(member(25, role, 2), webcast, "en"), role).toBeNull();
  });

  it("gives another tenant's organizer who speaks in the webcast the speaker's role only", () => {
    expect(staffRoomActor(member(21, "organizer", 2), webcast, "en")).toMatchObject({ role: "speaker", grants: [] });
  });

  it("builds actors the socket attachment schema accepts", () => {
    for (const actor of [staffRoomActor(member(10, "owner"), webcast, "de"), staffRoomActor(member(21, "speaker"), webcast, "pt")]) {
      expect(roomActorSchema.parse(actor)).toEqual(actor);
    }
  });
});

describe("roomCan", () => {
  it("names a producer permission for every command but the audience's own", () => {
    expect(Object.keys(COMMAND_PERMISSION).sort()).toEqual([...ROOM_COMMAND_TYPES].sort());
    const open = Object.entries(COMMAND_PERMISSION).filter(([, permission]) => permission === null).map(([type]) => type);
    expect(open.sort()).toEqual(["chat.send", "poll.vote", "question.ask", "question.upvote"]);
    for (const permission of Object.values(COMMAND_PERMISSION)) if (permission !== null) expect(PRODUCER_PERMISSIONS.has(permission)).toBe(true);
  });
  it("lets every grant holder run every command, and no one without grants but the audience's own", () => {
    for (const type of ROOM_COMMAND_TYPES) {
      expect(roomCan({ grants: [...PRODUCER_PERMISSIONS] }, type), type).toBe(true);
      expect(roomCan({ grants: [] }, type), type).toBe(COMMAND_PERMISSION[type] === null);
    }
  });
});

describe("actorKey", () => {
  it("scopes command ids per person", () => {
    const staff: Pick<RoomActor, "user_id" | "viewer_id"> = { user_id: 5, viewer_id: null };
    expect(actorKey(staff)).toBe("user:5");
    expect(actorKey({ user_id: null, viewer_id: "guest:abc" })).toBe("viewer:guest:abc");
    expect(actorKey({ user_id: null, viewer_id: "42" })).not.toBe(actorKey({ user_id: 42, viewer_id: null }));
  });
});
