import { Hono } from "hono";
import { watchPageWebcastId, webcastManifest } from "../../../domain/pwa/manifest.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { publicWebcast, watchContext } from "./public-webcast.ts";
import { watchPageRequest, watchPageWith } from "./watch-page.ts";

/**
 * The viewer's public webcast page /w/{id} (issue #19) is a page of its own, watch.html (web/watch.tsx:
 * no router, no local database), not the app's index.html: wrangler.toml runs the worker first for
 * /w/*, and it answers with the assets binding's watch.html (served at /watch). The service worker
 * does the same offline (vite.config.ts). Public, like the page's calls.
 */
export const viewerPageRoutes = new Hono<AppEnv>()
  /** The webcast's own web app manifest (domain/pwa/manifest.ts), linked by the page; 404 unknown. */
  .get("/w/:id/manifest.webmanifest", async (c) => {
    const { row } = await watchContext(c.env, c.req.param("id"));
    const body = JSON.stringify(webcastManifest({ id: row.id, title: row.event_title, language: row.language }));
    return c.body(body, 200, { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=300" });
  })
  /**
   * Any other /w/ path: the page (it reads the id from the address; a wrong one goes home). For a
   * known webcast, with its first screen and data in it (watch-page.ts); an unknown id or a failed
   * read gets the plain page, which shows its own "not found" or asks the API again.
   */
  .get("/w/*", async (c) => {
    if (!c.env.ASSETS) throw new ApiError("not_found");
    const id = watchPageWebcastId(c.req.path);
    const now = Date.now();
    const webcast = id
      ? await watchContext(c.env, id).then(
          (context) => publicWebcast(context, now),
          (cause: unknown) => {
            if (!(cause instanceof ApiError)) console.error("viewer page: first screen not rendered", cause);
            return null;
          },
        )
      : null;
    const page = await c.env.ASSETS.fetch(webcast ? watchPageRequest(c) : new Request(new URL("/watch", c.req.url), c.req.raw));
    if (!webcast || page.status !== 200 || !page.headers.get("Content-Type")?.startsWith("text/html")) return page;
    return watchPageWith(c, page, webcast, now);
  });
