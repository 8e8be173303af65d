import { Hono } from "hono";
import { localized } from "../../../domain/validation/localized.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { FILE_MESSAGES } from "./messages.ts";
import { serveObject } from "./serve.ts";
import { verifyFileToken } from "./signed-urls.ts";

/**
 * GET and HEAD /api/files/{token} (mounted at /api/files; docs/media.md "Serving files"): a
 * private R2 object through a short-lived signed URL (signed-urls.ts). No session: the URL is the
 * credential, so `<video src>` and pdf.js fetch it as is; the route that signed it authorized the
 * user. Expired or tampered → 403; the object gone → 404 (SPEC §8 shape).
 */
export const fileRoutes = new Hono<AppEnv>()
  // Hono answers HEAD with this GET handler (no body); serveObject then only reads the metadata.
  .get("/:token", async (c) => {
    const now = Date.now();
    const payload = await verifyFileToken(c.env, c.req.param("token"), now);
    if (!payload) throw new ApiError("forbidden", { message: localized(FILE_MESSAGES.expired, c.var.locale) });
    const remaining = Math.max(0, payload.e - Math.floor(now / 1000));
    const response = await serveObject(c.env.MEDIA, payload.k, c.req.raw, {
      ...(payload.n ? { downloadName: payload.n } : {}),
      ...(payload.t ? { contentType: payload.t } : {}),
      // A browser may keep it as long as the URL lives, never a shared cache.
      cacheControl: `private, max-age=${remaining}`,
    });
    if (!response) throw new ApiError("not_found", { message: localized(FILE_MESSAGES.gone, c.var.locale) });
    return response;
  });
