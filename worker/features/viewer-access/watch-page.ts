import { escapeHtml } from "../../../domain/http/html.ts";
import { FIRST_SCREEN_DATA_ID, firstScreenHtml, firstScreenLocale, firstScreenMeta, inlineJson } from "../../../domain/viewer-page/first-screen.ts";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import { webcastManifestPath } from "../../../domain/pwa/manifest.ts";
import { LOCALE_STORAGE_KEY } from "../../../domain/i18n/locales.ts";
import { getCookie } from "hono/cookie";
import type { Context } from "hono";

/**
 * watch.html with the webcast's first screen in it (issue #19, docs/viewer-page.md "First paint"):
 * `<html lang>`, the title, the description and Open Graph tags (a shared link previews well), a
 * preload of the cover, the webcast's own manifest, the PublicWebcast as JSON for the app's first
 * render, and the first screen (domain/viewer-page/first-screen.ts) inside `#root`. Streamed through
 * HTMLRewriter: the assets' answer keeps its security headers (the `_headers` rules); only its
 * validators go (the body is no longer the file's) and it is revalidated on each visit.
 */
export function watchPageWith(c: Context, page: Response, webcast: PublicWebcast, now: number): Response {
  const url = new URL(c.req.url);
  const locale = firstScreenLocale({ query: url.searchParams.get("lang"), cookie: getCookie(c, LOCALE_STORAGE_KEY) ?? null, acceptLanguage: c.req.header("Accept-Language") ?? null });
  const meta = firstScreenMeta(webcast, url.origin);
  const tag = (name: string, attributes: Record<string, string>) => `<${name} ${Object.entries(attributes).map(([key, value]) => `${key}="${escapeHtml(value)}"`).join(" ")}>`;

  const rewritten = new HTMLRewriter()
    .on("html", { element: (element) => void element.setAttribute("lang", locale) })
    .on("title", { element: (element) => void element.setInnerContent(meta.title) })
    .on('meta[name="description"]', { element: (element) => void element.setAttribute("content", meta.description ?? meta.title) })
    // The webcast's own manifest (installing opens this webcast): the app's would be fetched first.
    .on('link[rel="manifest"]', { element: (element) => void element.setAttribute("href", webcastManifestPath(webcast.id)) })
    .on("head", {
      element(element) {
        element.onEndTag((end) => {
          const og = [
            tag("meta", { property: "og:type", content: "website" }),
            tag("meta", { property: "og:title", content: meta.title }),
            tag("meta", { property: "og:url", content: `${url.origin}${url.pathname}` }),
            ...(meta.description ? [tag("meta", { property: "og:description", content: meta.description })] : []),
            ...(meta.image ? [tag("meta", { property: "og:image", content: meta.image }), tag("meta", { name: "twitter:card", content: "summary_large_image" })] : []),
          ];
          // Not the catalog: watch.html's entry asks for it with the page's code, after the first
          // paint (web/watch.tsx); a preload here would be fetched before it.
          const preloads = [
            ...(webcast.branding.cover_url ? [tag("link", { rel: "preload", as: "image", href: webcast.branding.cover_url, fetchpriority: "high" })] : []),
          ];
          // A data block, never executed: allowed by script-src 'self' (worker/http/security-headers.ts).
          const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${inlineJson(webcast)}</script>`;
          end.before([...og, ...preloads, data].join(""), { html: true });
        });
      },
    })
    .on("#root", { element: (element) => void element.setInnerContent(firstScreenHtml(webcast, { locale, now }), { html: true }) })
    .transform(page);

  const headers = new Headers(rewritten.headers);
  for (const name of ["ETag", "Last-Modified", "Content-Length"]) headers.delete(name);
  // Per language and per moment: never a stale copy from a shared cache; `no-cache` (not no-store)
  // keeps the back/forward cache.
  headers.set("Cache-Control", "private, no-cache");
  headers.set("Vary", "Accept-Language, Cookie");
  return new Response(rewritten.body, { status: rewritten.status, statusText: rewritten.statusText, headers });
}

/** The assets' watch.html for a /w/ request, fetched whole (no conditional request: its body is rewritten). */
export function watchPageRequest(c: Context): Request {
  const headers = new Headers(c.req.raw.headers);
  for (const name of ["If-None-Match", "If-Modified-Since", "Range"]) headers.delete(name);
  return new Request(new URL("/watch", c.req.url), { method: "GET", headers });
}
