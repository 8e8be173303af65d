import type { RouteCase } from "../../test/route-matrix.ts";

/**
 * The SSO routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * /api/sso is public: the start answers everyone alike (an e-mail domain without provider → 422,
 * no network), and the callback always redirects — the matrix client follows the redirect to the
 * SPA screen /login/sso?error=failed, which is absent from workerd tests (JSON 404). The
 * organization's SSO settings are for organizations.administer (super admin here; back office
 * too): members 403, the other tenant 404.
 */
const ip = () => {
  const [a = 0, b = 0, c = 0] = crypto.getRandomValues(new Uint8Array(3));
  return { "CF-Connecting-IP": `10.${a}.${b}.${c}` };
};

const ADMINISTER_ONLY = { anonymous: 401, other_owner: 404, super_admin: 200, others: 403 };

export const SSO_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/sso/start",
    request: () => ({ path: "/api/sso/start", method: "POST", json: { email: "someone@no-sso.test" }, headers: ip() }),
    expect: { others: 422 },
  },
  { route: "GET /api/sso/callback", request: () => ({ path: "/api/sso/callback?code=x&state=unknown" }), expect: { others: 404 } },
  { route: "GET /api/organizations/:id/sso", request: () => ({ path: "/api/organizations/1/sso" }), expect: ADMINISTER_ONLY },
  {
    route: "PATCH /api/organizations/:id/sso",
    request: () => ({ path: "/api/organizations/1/sso", method: "PATCH", json: { mode: "off" } }),
    expect: ADMINISTER_ONLY,
  },
];
