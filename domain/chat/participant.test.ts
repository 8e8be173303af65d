import { describe, expect, it } from "vitest";
import { participantId } from "./participant.ts";

describe("participantId", () => {
  it("user:<id> for staff, the viewer's id or guest id otherwise", () => {
    expect(participantId({ user_id: 7, viewer_id: null })).toBe("user:7");
    expect(participantId({ user_id: null, viewer_id: "0199aaaa-0000-7000-8000-0000000000bb" })).toBe("0199aaaa-0000-7000-8000-0000000000bb");
    expect(participantId({ user_id: null, viewer_id: "guest:0199aaaa-0000-7000-8000-0000000000ff" })).toBe("guest:0199aaaa-0000-7000-8000-0000000000ff");
  });

  it("throws for an actor with neither id rather than share one", () => {
    expect(() => participantId({ user_id: null, viewer_id: null })).toThrow();
  });
});
