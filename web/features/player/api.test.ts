import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { fetchPlayback } from "./api.ts";
import { item, playbackData } from "./testing.ts";

const UID = "01900000-0000-7000-8000-0000000000c1";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchPlayback", () => {
  it("sends the room token and parses the answer", async () => {
    const answer = playbackData({ kind: "premiere", premiere: { live_since: 1, items: [item("a", 3)] } });
    const server = fakeServer({ [`GET /api/watch/${UID}/playback`]: () => json({ data: answer }) });
    expect(await fetchPlayback(UID, "room.token+/")).toEqual(answer);
    expect(server.calls[0]?.url).toContain("?token=room.token%2B%2F");
  });

  it("throws the spec's error (a 401: get a new room token)", async () => {
    fakeServer({ [`GET /api/watch/${UID}/playback`]: () => json({ message: "expired", code: "unauthenticated", requestId: "r" }, 401) });
    const error = await fetchPlayback(UID, "old").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
  });
});
