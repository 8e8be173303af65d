/**
 * The PWA's web app manifests, defined once: the app's (vite.config.ts writes it as
 * /manifest.webmanifest) and each webcast's, which the viewer page /w/{id} links so that
 * installing from it puts that webcast on the home screen (issue #19; served by
 * worker/features/viewer-access/page-routes.ts). Public data only: no one needs authorizing.
 */

const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** The installed app: opens on the start screen (/home), the whole origin in scope. */
export const APP_MANIFEST = {
  name: "iGo Events",
  short_name: "iGo",
  description: "Produce and run webcasts, meetings, streaming channels and events — online or offline.",
  lang: "fr",
  start_url: "/home",
  scope: "/",
  display: "standalone",
  theme_color: "#1d4ed8",
  background_color: "#ffffff",
  icons: ICONS,
} as const;

/** The viewer page's own address. */
export function watchPagePath(webcastId: string): string {
  return `/w/${encodeURIComponent(webcastId)}`;
}

/**
 * The webcast id in a viewer page's path (`/w/{id}`, a trailing slash allowed; as written, not
 * decoded), or null for any other path: the worker, `vite dev`, the SSO return and the page itself
 * read their addresses with it. (The service worker's route keeps its own copy: workbox serializes
 * that function into sw.js, without its imports.)
 */
export function watchPageWebcastId(pathname: string): string | null {
  return /^\/w\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
}

/** Where a webcast's manifest is served (under the page, so the page's worker route answers it). */
export function webcastManifestPath(webcastId: string): string {
  return `${watchPagePath(webcastId)}/manifest.webmanifest`;
}

/**
 * One webcast's manifest: named after the webcast, it opens on the webcast's page and keeps to it
 * (its own `id`, so each installed webcast is an app of its own, apart from the organizers' app).
 * Chromium installs a page whose manifest has a name, a start_url inside its scope, a display mode
 * and 192 and 512 px icons.
 */
export function webcastManifest(webcast: { id: string; title: string; language: string }) {
  const page = watchPagePath(webcast.id);
  const name = webcast.title.trim() || APP_MANIFEST.name;
  return {
    id: page,
    name,
    short_name: name,
    lang: webcast.language,
    start_url: page,
    scope: page,
    display: APP_MANIFEST.display,
    theme_color: APP_MANIFEST.theme_color,
    background_color: APP_MANIFEST.background_color,
    icons: APP_MANIFEST.icons,
  };
}
