import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { CROSS_ORIGIN_REFUSED, originVerdict } from "../../domain/http/origin.ts";
import { localized } from "../../domain/validation/localized.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./api-error.ts";

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** A method that changes nothing (GET, HEAD, OPTIONS): no origin or CSRF check. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** A websocket handshake (a GET, so the method alone does not flag it). */
export function isWebsocketUpgrade(request: Request): boolean {
  return request.headers.get("Upgrade")?.toLowerCase() === "websocket";
}

/** What must come from the app's own pages: every state-changing request and every websocket upgrade. */
export function needsSameOrigin(request: Request): boolean {
  return !isSafeMethod(request.method) || isWebsocketUpgrade(request);
}

/**
 * Refuses (403, before any handler runs) a request that a browser sent from another origin
 * (domain/http/origin.ts). A request with neither Origin nor Referer is a non-browser client and
 * passes; the session cookie and the XSRF token still stand in its way.
 */
export function requireSameOrigin(c: Context<AppEnv>): void {
  const verdict = originVerdict(c.req.url, {
    origin: c.req.header("Origin"),
    referer: c.req.header("Referer"),
    secFetchSite: c.req.header("Sec-Fetch-Site"),
  });
  if (verdict === "cross") throw new ApiError("forbidden", { message: localized(CROSS_ORIGIN_REFUSED, c.var.locale) });
}

/** `requireSameOrigin` for every state-changing request and websocket upgrade (worker/app.ts, before every route). */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (needsSameOrigin(c.req.raw)) requireSameOrigin(c);
  await next();
});
