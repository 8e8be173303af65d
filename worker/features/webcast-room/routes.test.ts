import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "../../../domain/protocol/index.ts";

const request = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(new Request(`http://localhost${path}`, { headers }));

describe("GET /api/webcasts/:id/room", () => {
  it("upgrades to a websocket served by the webcast's room", async () => {
    const response = await request("/api/webcasts/42/room", { Upgrade: "websocket" });
    expect(response.status).toBe(101);
    const ws = response.webSocket;
    if (!ws) throw new Error("no websocket");
    ws.accept();
    const first = new Promise<string>((resolve) => ws.addEventListener("message", (event) => resolve(String(event.data)), { once: true }));
    ws.send(JSON.stringify({ type: "hello", protocolVersion: PROTOCOL_VERSION }));
    expect(JSON.parse(await first)).toMatchObject({ type: "welcome", protocolVersion: PROTOCOL_VERSION, state: { revision: 0 } });
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
    ws.close(1000, "done");
    expect(await closed).toBe(1000); // the room reciprocates the close
  });

  it("answers a plain HTTP request with the error shape and the request id (400, no 426 in SPEC §8)", async () => {
    const response = await request("/api/webcasts/42/room", { "Accept-Language": "en" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      message: "This address only accepts websocket connections (Upgrade: websocket).",
      code: "bad_request",
      requestId: response.headers.get("X-Request-Id"),
    });
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("localizes that message in French by default", async () => {
    const response = await request("/api/webcasts/42/room");
    expect(await response.json()).toMatchObject({ code: "bad_request", message: expect.stringMatching(/^Cette adresse/) });
  });

  it.each(["abc", "0", "042", "-1", "1234567890123456"])("refuses the id %s with a 422 naming the field", async (id) => {
    const response = await request(`/api/webcasts/${id}/room`, { Upgrade: "websocket", "Accept-Language": "en" });
    expect(response.status).toBe(422);
    const body = await response.json<{ code: string; errors: Record<string, string[]>; requestId: string }>();
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors)).toEqual(["id"]);
    expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
  });
});
