import { hc } from "hono/client";
import type { AppType } from "../../worker/app.ts";
import { csrfFetch } from "./csrf.ts";
import { requestHeaders } from "./headers.ts";
import { reachabilityReporting } from "./reachability.ts";

export { requestHeaders, setSocketId } from "./headers.ts";

/**
 * The typed API client: same origin, cookies included, SPEC §7 headers, and the CSRF token on
 * mutating calls (./csrf.ts); each call tells whether the server answered (./reachability.ts). Pass calls through `unwrap` (./errors.ts) to get the success body and
 * the SPEC §8 global error handling.
 */
export const api = hc<AppType>("/", { headers: requestHeaders, fetch: reachabilityReporting(csrfFetch), init: { credentials: "include" } });
