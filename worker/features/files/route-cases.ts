import { env } from "cloudflare:workers";
import { randomToken } from "../../auth/tokens.ts";
import type { RouteCase } from "../../test/route-matrix.ts";
import { signFileUrl } from "./signed-urls.ts";

/**
 * The signed file URL's row of the route × role × tenant matrix (worker/test/route-matrix.test.ts):
 * the URL is the credential, so whoever holds one (signed out included) is served; the routes that
 * sign them authorize (worker/features/archive/route-cases.ts).
 */
export const FILE_ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /api/files/:token",
    request: async () => {
      const key = `tests/matrix/${randomToken()}`;
      await env.MEDIA.put(key, "matrix", { httpMetadata: { contentType: "text/plain" } });
      return { path: await signFileUrl(env, { key }) };
    },
    expect: { others: 200 },
  },
];
