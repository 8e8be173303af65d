import { env } from "cloudflare:workers";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertViewer } from "../viewers/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { signInvitationToken } from "./token.ts";

/**
 * The invitations routes' rows of the route × role × tenant matrix (worker/test/route-matrix.ts).
 * The webcast's routes need `viewers.manage` (organizers, admins, owners, the super admin); the
 * personal link's GET /api/invitations/{token} needs no session: everyone, signed out included,
 * gets 200 with a valid token (the link is the credential).
 */
const MANAGERS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function demoWebcast() {
  return insertWebcast(await cloneDemoEvents());
}

export const INVITATION_ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /api/webcasts/:id/invitations",
    request: async () => ({ path: `/api/webcasts/${(await demoWebcast()).id}/invitations` }),
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/invitations/customize",
    request: async () => ({ path: `/api/webcasts/${(await demoWebcast()).id}/invitations/customize`, method: "POST", json: { locale: "en", subject: "{{webcast_title}}", message: "Join: {{webcast_link}}" } }),
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/bulk-invitations",
    request: async () => {
      const webcast = await demoWebcast();
      await insertViewer(webcast);
      return { path: `/api/webcasts/${webcast.id}/bulk-invitations`, method: "POST", json: { recipient_status: "all" } };
    },
    expect: { ...MANAGERS, others: 202 },
  },
  {
    route: "GET /api/invitations/:token",
    request: async () => {
      const webcast = await demoWebcast();
      const viewer = await insertViewer(webcast);
      return { path: `/api/invitations/${await signInvitationToken(env, viewer.id, webcast.id)}` };
    },
    expect: { others: 200 },
  },
];
