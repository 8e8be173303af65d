import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { form, insertWebcast, insertWebcastWithLogo } from "./testing.ts";

/**
 * The webcast REST routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Each call gets a fresh copy of "Demo Events" (same members and roles) and, where it needs one, a
 * fresh webcast there. webcasts.view/create/update/delete belong to organizers, admins and owners;
 * viewers, operators and speakers are members without them (403); the owner of "Other Org" is no
 * member (404). Featured answers anyone signed in, with the webcasts they may see.
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;
/** organizations.administer (billing): the super admin here (the back office is no actor of the matrix). */
const ADMINISTER = { anonymous: 401, other_owner: 404, super_admin: 200, others: 403 } as const;

async function webcastInCopy(): Promise<string> {
  return (await insertWebcast(await cloneDemoEvents())).id;
}

export const WEBCAST_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/featured", request: () => ({ path: "/api/webcasts/featured" }), expect: { anonymous: 401, others: 200 } },
  {
    route: "POST /api/webcasts",
    request: async () => ({
      path: "/api/webcasts",
      method: "POST",
      json: { organization_id: await cloneDemoEvents(), event_title: "Matrix", event_start_date_time: "2026-10-01T14:00:00.000Z", duration: 30, timezone: "Europe/Paris", language: "fr" },
    }),
    expect: { ...EDITORS, others: 201 },
  },
  { route: "GET /api/webcasts/:id", request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}` }), expect: { ...EDITORS, others: 200 } },
  { route: "DELETE /api/webcasts/:id", request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}`, method: "DELETE" }), expect: { ...EDITORS, others: 204 } },
  {
    route: "POST /api/webcasts/:id",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}`, method: "POST", body: form({ _method: "PATCH", event_title: "Matrix renamed" }) }),
    expect: { ...EDITORS, others: 200 },
  },
  ...(["poster-overlay", "question-wall", "anonymous-questions"] as const).map(
    (toggle): RouteCase => ({
      route: `PATCH /api/webcasts/:id/${toggle}`,
      request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/${toggle}`, method: "PATCH", json: { enabled: true } }),
      expect: { ...EDITORS, others: 200 },
    }),
  ),
  {
    route: "PATCH /api/webcasts/:id/access-controls",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/access-controls`, method: "PATCH", json: { privacy: "private", registration_required: true } }),
    expect: { ...EDITORS, others: 200 },
  },
  ...(["enable", "disable"] as const).map(
    (action): RouteCase => ({
      route: `POST /api/webcasts/:id/billing/${action}`,
      request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/billing/${action}`, method: "POST" }),
      expect: ADMINISTER,
    }),
  ),
  {
    route: "POST /api/webcasts/:id/reset",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/reset`, method: "POST", json: { scheduled_start: null } }),
    expect: { ...EDITORS, others: 200 },
  },
  {
    // Configured numbers (wrangler.toml's fictional pool): a fresh webcast is reserved (201).
    route: "POST /api/webcasts/:id/phone/reserve",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/phone/reserve`, method: "POST" }),
    expect: { ...EDITORS, others: 201 },
  },
  { route: "GET /api/webcasts/:id/dial-in/settings", request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/dial-in/settings` }), expect: { ...EDITORS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/branding",
    request: async () => ({ path: `/api/webcasts/${await webcastInCopy()}/branding`, method: "POST", body: form({ theme: "dark", title_color: "#112233" }) }),
    expect: { ...EDITORS, others: 200 },
  },
  {
    // Public, like a CDN address: the participant landing shows it before anyone signs in.
    route: "GET /api/webcasts/:id/branding/:name{(?:logo|cover|banner|image)-[A-Za-z0-9_-]{16,100}}",
    request: async () => ({ path: (await insertWebcastWithLogo(await cloneDemoEvents())).url }),
    expect: { others: 200 },
  },
];
