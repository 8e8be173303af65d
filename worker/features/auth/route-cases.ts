import { env } from "cloudflare:workers";
import type { RouteCase } from "../../test/route-matrix.ts";
import { DEMO_PASSWORD } from "../dev/demo-data.ts";

/**
 * The identity routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Public calls answer everyone alike; profile and password update need a session (401 signed out);
 * activation is refused with 409 to anyone signed in. Requests avoid side effects other rows could
 * notice (no demo password or e-mail changes) and use their own client address (rate limits).
 */
const ip = () => {
  const [a = 0, b = 0, c = 0] = crypto.getRandomValues(new Uint8Array(3));
  return { "CF-Connecting-IP": `10.${a}.${b}.${c}` };
};
const email = () => `matrix-${crypto.randomUUID().slice(0, 8)}@example.test`;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const strong = "Matrix-pass-1!";

export const AUTH_ROUTE_CASES: RouteCase[] = [
  { route: "GET /sanctum/csrf-cookie", request: () => ({ path: "/sanctum/csrf-cookie" }), expect: { others: 204 } },
  // SPA screens, served from ASSETS (absent in workerd tests: JSON 404).
  { route: "GET /login", request: () => ({ path: "/login" }), expect: { others: 404 } },
  { route: "GET /logout", request: () => ({ path: "/logout" }), expect: { others: 404 } },
  {
    route: "POST /login",
    request: () => ({ path: "/login", method: "POST", json: { email: "organizer@demo.test", password: DEMO_PASSWORD }, headers: ip() }),
    expect: { others: 200 },
  },
  { route: "POST /logout", request: () => ({ path: "/logout", method: "POST" }), expect: { others: 204 } },
  { route: "GET /api/profile", request: () => ({ path: "/api/profile" }), expect: { anonymous: 401, others: 200 } },
  {
    route: "PATCH /api/profile",
    request: () => ({ path: "/api/profile", method: "PATCH", json: { company: "Matrix Inc." } }),
    expect: { anonymous: 401, others: 200 },
  },
  {
    // An upload nobody made: proves the session gate (the photo comes through /api/uploads first).
    route: "POST /api/profile/photo",
    request: () => ({ path: "/api/profile/photo", method: "POST", json: { upload_id: "0194c4a0-0000-7000-8000-000000000000" } }),
    expect: { anonymous: 401, others: 422 },
  },
  {
    route: "GET /api/profile/photo/:userId{[0-9]+}/:name{[A-Za-z0-9_-]+}",
    request: async () => {
      await env.MEDIA.put("profile-photos/999/matrix", PNG, { httpMetadata: { contentType: "image/png" } });
      return { path: "/api/profile/photo/999/matrix" };
    },
    expect: { anonymous: 401, others: 200 },
  },
  {
    // A wrong current password: proves the session gate without changing any demo password.
    route: "POST /api/password/update",
    request: () => ({ path: "/api/password/update", method: "POST", json: { current_password: "Wrong-pass-1!", password: strong, password_confirmation: strong } }),
    expect: { anonymous: 401, others: 422 },
  },
  {
    route: "POST /api/password/email",
    request: () => ({ path: "/api/password/email", method: "POST", json: { email: email() }, headers: ip() }),
    expect: { others: 200 },
  },
  {
    route: "POST /api/password/validate-token",
    request: () => ({ path: "/api/password/validate-token", method: "POST", json: { token: "unknown" } }),
    expect: { others: 422 },
  },
  {
    route: "POST /api/password/reset",
    request: () => ({
      path: "/api/password/reset",
      method: "POST",
      json: { token: "unknown", email: email(), password: strong, password_confirmation: strong },
      headers: ip(),
    }),
    expect: { others: 422 },
  },
  {
    route: "POST /api/users/register",
    request: () => ({
      path: "/api/users/register",
      method: "POST",
      json: { organization_name: "Matrix Org", first_name: "Mat", last_name: "Rix", email: email(), password: strong, password_confirmation: strong },
      headers: ip(),
    }),
    expect: { others: 201 },
  },
  {
    route: "POST /api/users/register/resend",
    request: () => ({ path: "/api/users/register/resend", method: "POST", json: { email: email() }, headers: ip() }),
    expect: { others: 200 },
  },
  {
    route: "POST /api/users/activation",
    request: () => ({ path: "/api/users/activation", method: "POST", json: { token: "unknown" } }),
    expect: { anonymous: 422, others: 409 },
  },
  { route: "GET /api/dev/mail", request: () => ({ path: "/api/dev/mail" }), expect: { others: 200 } },
];
