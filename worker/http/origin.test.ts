import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createOrganization } from "../features/organizations/fixtures.ts";
import { insertWebcast } from "../features/webcasts/testing.ts";
import { type TestClient, clientFor } from "../test/client.ts";

/** Issue #14 point 3: state-changing requests and websocket upgrades come from the app's own origin. */

const EVIL = "https://evil.example";
// TestClient sends its own Origin unless given one; an empty Origin header stands for none.
const REFUSED_EN = "This request did not come from this application's pages and was refused.";

async function firstName(client: TestClient): Promise<string> {
  const { data } = await (await client.get("/api/profile")).json<{ data: { first_name: string } }>();
  return data.first_name;
}

async function expectRefused(response: Response, message = REFUSED_EN) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ message, code: "forbidden", requestId: response.headers.get("X-Request-Id") });
}

/** Accepts and closes the socket of a 101 answer. */
async function closeSocket(response: Response): Promise<void> {
  const ws = response.webSocket;
  if (!ws) throw new Error("no websocket");
  ws.accept();
  const closed = new Promise<void>((resolve) => ws.addEventListener("close", () => resolve()));
  ws.close(1000, "done");
  await closed;
}

describe("state-changing requests", () => {
  it("refuses a page of another site even on the local dev routes, which come before CSRF", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/api/dev/seed", { method: "POST", headers: { Origin: EVIL, "Accept-Language": "en" } }));
    await expectRefused(response);
  });

  it("refuses a cross-origin one (Origin, else Referer, or Origin null) with 403 before anything happens", async () => {
    const client = await clientFor("organizer@demo.test");
    const before = await firstName(client);
    const patch = (headers: Record<string, string>) => client.request("/api/profile", { method: "PATCH", json: { first_name: "Mallory" }, headers });
    await expectRefused(await patch({ Origin: EVIL }));
    await expectRefused(await patch({ Origin: "http://localhost.evil.example" }));
    await expectRefused(await patch({ Origin: "null" }));
    await expectRefused(await patch({ Origin: EVIL, Referer: "http://localhost/profile" }));
    await expectRefused(await patch({ Origin: "", Referer: `${EVIL}/attack.html` }));
    await expectRefused(await patch({ Origin: "", "Sec-Fetch-Site": "cross-site" }));
    expect(await firstName(client)).toBe(before);
    // Logout is state-changing too: the session survives a cross-origin one.
    await expectRefused(await client.request("/logout", { method: "POST", headers: { Origin: EVIL } }));
    expect((await client.get("/api/profile")).status).toBe(200);
  });

  it("says why in the request's language, and before the CSRF token is even looked at", async () => {
    const client = await clientFor("organizer@demo.test", "fr");
    const response = await client.request("/api/profile", { method: "PATCH", json: {}, csrf: false, headers: { Origin: EVIL } });
    await expectRefused(response, "Cette requête ne provient pas des pages de cette application et a été refusée.");
  });

  it("accepts a same-origin one, and one without Origin or Referer (a non-browser client, still needing the token)", async () => {
    const client = await clientFor("organizer@demo.test");
    const patch = (first_name: string, headers: Record<string, string>) =>
      client.request("/api/profile", { method: "PATCH", json: { first_name }, headers });
    expect((await patch("Orla", { Origin: "http://localhost" })).status).toBe(200);
    expect((await patch("Orla", { Origin: "", Referer: "http://localhost/profile" })).status).toBe(200);
    expect((await patch("Orla", { Origin: "", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await patch("Orla", { Origin: "" })).status).toBe(200);
    expect((await client.request("/api/profile", { method: "PATCH", json: {}, csrf: false, headers: { Origin: "" } })).status).toBe(419);
  });

  it("leaves safe methods alone (a cross-site GET changes nothing)", async () => {
    const client = await clientFor("organizer@demo.test");
    expect((await client.request("/api/profile", { headers: { Origin: EVIL } })).status).toBe(200);
  });
});

describe("websocket upgrades", () => {
  // A webcast opened by its organizer (issue #15: the room authenticates before the origin matters).
  const room = async (headers: Record<string, string>) => {
    const org = await createOrganization();
    const webcast = await insertWebcast(org.id);
    return (await org.as("organizer", "en")).request(`/api/webcasts/${webcast.id}/room`, { headers: { Upgrade: "websocket", ...headers } });
  };

  it("refuse the webcast room from another origin (403, no socket) and open it from the app's", async () => {
    const foreign: Record<string, string>[] = [{ Origin: EVIL }, { Origin: "null" }, { Origin: "", Referer: `${EVIL}/x` }, { Origin: "http://localhost:5173" }];
    for (const headers of foreign) {
      const response = await room(headers);
      expect(response.webSocket).toBeNull();
      await expectRefused(response);
    }
    const response = await room({ Origin: "http://localhost" });
    expect(response.status).toBe(101);
    await closeSocket(response);
  });

  it("refuse the organization's sync socket from another origin, for a member too, and open it from the app's", async () => {
    const owner = await clientFor("owner@demo.test");
    const poke = (origin: string) => owner.request("/api/sync/poke?organization=1", { headers: { Upgrade: "websocket", Origin: origin } });
    const refused = await poke(EVIL);
    expect(refused.webSocket).toBeNull();
    await expectRefused(refused);
    const opened = await poke("http://localhost");
    expect(opened.status).toBe(101);
    await closeSocket(opened);
  });
});
