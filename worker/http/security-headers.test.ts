import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { uploadFile } from "../features/uploads/testing.ts";
import { TestClient, clientFor } from "../test/client.ts";
import type { AppEnv } from "../env.ts";
import { onError } from "./error-handlers.ts";
import { API_CONTENT_SECURITY_POLICY, API_HEADERS, contentSecurityPolicy, headersFile, permissionsPolicy, securityHeaders } from "./security-headers.ts";

/** The headers every non-HTML answer of the worker carries, no-store included. */
function expectApiHeaders(response: Response, what = "") {
  for (const [name, value] of Object.entries(API_HEADERS)) expect(response.headers.get(name), `${what} ${name}`).toBe(value);
  expect(response.headers.get("Cache-Control"), `${what} Cache-Control`).toBe("no-store");
}

describe("security headers of the API", () => {
  it("signed out: success, 401, 404, 422 and 419 answers all carry them, and no-store", async () => {
    const client = new TestClient();
    const answers: [string, Response, number][] = [
      ["health", await client.get("/api/health"), 200],
      ["csrf cookie", await client.get("/sanctum/csrf-cookie"), 204],
      ["profile", await client.get("/api/profile"), 401],
      ["unknown route", await client.get("/api/no-such-route"), 404],
      ["bad login", await client.post("/login", { email: "nobody@example.com", password: "wrong-password" }), 422],
      ["no token", await client.request("/api/profile", { method: "PATCH", json: { first_name: "X" }, csrf: false }), 419],
    ];
    for (const [name, response, status] of answers) {
      expect(response.status, name).toBe(status);
      expectApiHeaders(response, name);
    }
  });

  it("signed in: /api/profile is no-store; a validation error too", async () => {
    const client = await clientFor("organizer@demo.test");
    const profile = await client.get("/api/profile");
    expect(profile.status).toBe(200);
    expectApiHeaders(profile);
    const invalid = await client.patch("/api/profile", { communication_language: "xx" });
    expect(invalid.status).toBe(422);
    expectApiHeaders(invalid);
    const missing = await client.get("/api/webcasts/0196a0de-ffff-7000-8000-000000000000");
    expect(missing.status).toBe(404);
    expectApiHeaders(missing);
  });

  it("keeps what a route sets itself: a profile photo's caching and sandbox policy", async () => {
    const client = await clientFor("organizer@demo.test");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    const upload = await uploadFile(client, { kind: "photo", bytes: png, name: "me.png" });
    const uploaded = await client.post("/api/profile/photo", { upload_id: upload.id });
    expect(uploaded.status).toBe(200);
    const url = (await uploaded.json<{ data: { photo: string } }>()).data.photo;
    const photo = await client.get(url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(photo.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(photo.headers.get("X-Frame-Options")).toBe("DENY");
    expect(photo.headers.get("Referrer-Policy")).toBe("same-origin");
  });
});

describe("securityHeaders middleware", () => {
  const pair = new WebSocketPair();
  const app = new Hono<AppEnv>()
    .use(securityHeaders)
    .get("/page", (c) => c.html("<!doctype html><title>x</title>"))
    .get("/api/moved", () => Response.redirect("https://example.com/", 302))
    .get("/api/socket", () => new Response(null, { status: 101, webSocket: pair[0] }))
    .get("/api/boom", () => {
      throw new Error("unexpected");
    });
  app.onError(onError);

  it("leaves a page as it comes: its headers are the assets' _headers rules (none under vite dev)", async () => {
    const response = await app.request("/page");
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBeNull();
  });

  it("adds them to a response whose headers are immutable", async () => {
    const response = await app.request("/api/moved");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.com/");
    expectApiHeaders(response);
  });

  it("adds them to the 500 of an unexpected error", async () => {
    const response = await app.request("/api/boom");
    expect(response.status).toBe(500);
    expectApiHeaders(response);
  });

  it("leaves a websocket upgrade as it is", async () => {
    const response = await app.request("/api/socket", { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(101);
    expect(response.webSocket).toBe(pair[0]);
  });
});

describe("the policy", () => {
  it("frames nothing by default; a page may name who frames it", () => {
    expect(contentSecurityPolicy()).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    expect(contentSecurityPolicy()).not.toContain("unsafe");
    expect(contentSecurityPolicy({ frameAncestors: ["https://partner.example"] })).toContain("frame-ancestors https://partner.example");
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("denies camera and microphone unless a page allows them to itself", () => {
    expect(permissionsPolicy()).toContain("camera=(), ");
    expect(permissionsPolicy({ camera: ["self"], microphone: ["self"] })).toContain("camera=(self)");
    expect(permissionsPolicy({ camera: ["self"], microphone: ["self"] })).toContain("microphone=(self)");
  });

  it("writes the static assets' _headers file from the same values", () => {
    const file = headersFile();
    expect(file).toContain(`/*\n  X-Content-Type-Options: nosniff\n`);
    expect(file).toContain(`  Content-Security-Policy: ${contentSecurityPolicy()}\n`);
    expect(file).toMatch(/\/embed-preview\n {2}! Content-Security-Policy\n {2}! X-Frame-Options\n {2}Content-Security-Policy: sandbox allow-scripts/);
  });
});
