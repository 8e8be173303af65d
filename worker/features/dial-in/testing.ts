import { env } from "cloudflare:workers";
import app from "../../app.ts";
import { CSRF_HEADER } from "../../auth/csrf.ts";
import type { TestClient } from "../../test/client.ts";

/** Test helpers of the dial-in calls (workerd only). */

/**
 * A request as `client` (its session, language and CSRF token, as TestClient sends them) to the
 * app running with another `DIAL_IN_NUMBERS` than wrangler.toml's: the pool is configuration, so
 * "no numbers" can only be tested with another environment.
 */
export async function requestWithPool(client: TestClient, pool: string | readonly unknown[] | undefined, path: string, method = "GET"): Promise<Response> {
  const headers = new Headers({ Accept: "application/json", "X-Requested-With": "XMLHttpRequest", "Accept-Language": client.language });
  if (method !== "GET") headers.set(CSRF_HEADER, await client.csrfToken());
  if (client.cookies.size) headers.set("Cookie", [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  const { DIAL_IN_NUMBERS: _configured, ...rest } = env;
  return app.request(path, { method, headers }, pool === undefined ? rest : { ...rest, DIAL_IN_NUMBERS: pool });
}
