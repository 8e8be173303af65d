import type { MiddlewareHandler } from "hono";
import { EMBED_APP_SANDBOX } from "../../domain/embed-apps/sandbox.ts";

/**
 * The security headers of every answer (issue #14 point 4), written once and read twice:
 * - by the worker (`securityHeaders` below, first middleware of worker/app.ts) for the data it
 *   answers itself: the API and the session calls;
 * - by the build (vite.config.ts), which writes `HEADER_RULES` as the `_headers` file of Workers
 *   Static Assets for everything the assets binding serves: index.html on every
 *   SPA path (GET /login and /logout too, which the worker fetches from the binding), scripts,
 *   styles, the service worker, the manifest, icons.
 * Nothing of the Workers runtime here: vite.config.ts runs this module in Node.
 */

type Sources = readonly string[];

/** Who may frame a page: nobody. The embeddable viewer pages will pass their own list here. */
export const FRAME_ANCESTORS_NONE: Sources = ["'none'"];

/**
 * The app's Content-Security-Policy. Everything comes from our origin:
 * - script-src 'self': the built index.html has no inline script (vite's module preload polyfill
 *   is in the entry chunk, vite-plugin-pwa runs with injectRegister: false);
 * - style-src 'self': stylesheets are files; React `style` props go through the CSSOM, which CSP
 *   does not govern (e2e/security-headers.e2e.ts sees no violation on the screens that use them);
 * - img-src data: blob:: picked images are previewed from object URLs (branding, profile photo);
 *   every stored image is an /api/ address;
 * - connect-src 'self' covers the same-origin websockets (ws:/wss:) in CSP Level 3 browsers;
 * - zod's JIT compiler would need 'unsafe-eval': the web turns it off (web/zod-config.ts).
 */
const APP_DIRECTIVES = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'"],
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
} satisfies Record<string, Sources>;

/** The app's documents: the policy above; `frameAncestors` widens who may frame them. */
export function contentSecurityPolicy({ frameAncestors = FRAME_ANCESTORS_NONE }: { frameAncestors?: Sources } = {}): string {
  return serializeCsp({ ...APP_DIRECTIVES, "frame-ancestors": frameAncestors });
}

/** Answers that are data, never a page (JSON, files): nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Powerful features no page of the app uses, denied to it and to every frame in it. Only features
 * Chromium knows (an unknown one is a console error). The studio screen will allow camera and
 * microphone (and display-capture for screen sharing) to itself with `permissionsPolicy({ camera:
 * ["self"], … })`; as the policy is fixed when a document loads, it must be a document of its own
 * (or every page must allow them): an in-app navigation keeps the first page's policy.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "browsing-topics",
] as const;
export type PermissionFeature = (typeof DENIED_FEATURES)[number];

export function permissionsPolicy(allow: Partial<Record<PermissionFeature, Sources>> = {}): string {
  return DENIED_FEATURES.map((feature) => `${feature}=(${(allow[feature] ?? []).map((source) => (source === "self" ? "self" : `"${source}"`)).join(" ")})`).join(", ");
}

/** Headers every answer carries, page or data. */
const COMMON_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // Full URL to our own origin (paths carry webcast ids, reset links carry tokens), nothing to
  // others: no feature needs our origin sent to another site.
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  // Browsers ignore it over plain http (local runs); deployed, the app is https only.
  "Strict-Transport-Security": "max-age=31536000",
  "Permissions-Policy": permissionsPolicy(),
} as const;

/** The headers of an app document (index.html, whatever the path). */
export function documentHeaders(options: { frameAncestors?: Sources } = {}): Record<string, string> {
  return {
    ...COMMON_HEADERS,
    "Content-Security-Policy": contentSecurityPolicy(options),
    // No other site's window keeps a handle on ours (tab-nabbing, cross-window leaks).
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** The headers of the worker's data answers (everything but the pages). */
export const API_HEADERS: Readonly<Record<string, string>> = { ...COMMON_HEADERS, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };

/**
 * The page an embed app's preview frame loads (web/public/embed-preview.html; the assets answer
 * /embed-preview.html with a redirect to /embed-preview). It runs third-party code, so its CSP lets
 * anything load and run but makes it a sandbox: an opaque origin even if opened on its own, with
 * no access to the app's cookies or storage. Only the app may frame it; it takes its code only by
 * message from the page that frames it.
 */
export const EMBED_PREVIEW_PATHS = ["/embed-preview", "/embed-preview.html"] as const;
export const EMBED_PREVIEW_CONTENT_SECURITY_POLICY = `sandbox ${EMBED_APP_SANDBOX}; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'`;

type HeaderRule = { path: string; detach?: readonly string[]; headers: Readonly<Record<string, string>> };

/**
 * The `_headers` rules of the static assets, in order; every matching rule applies. The one place
 * where a path gets other headers (the viewer issue: an embeddable page with its own
 * frame-ancestors; the studio: camera and microphone): a rule after `/*` that detaches (`! Name`)
 * and sets what differs.
 */
export const HEADER_RULES: readonly HeaderRule[] = [
  { path: "/*", headers: documentHeaders() },
  ...EMBED_PREVIEW_PATHS.map(
    (path): HeaderRule => ({
      path,
      detach: ["Content-Security-Policy", "X-Frame-Options"],
      headers: { "Content-Security-Policy": EMBED_PREVIEW_CONTENT_SECURITY_POLICY, "X-Frame-Options": "SAMEORIGIN" },
    }),
  ),
];

/** The `_headers` file of Workers Static Assets for `rules`. */
export function headersFile(rules = HEADER_RULES): string {
  const blocks = rules.map(({ path, detach = [], headers }) =>
    [path, ...detach.map((name) => `  ! ${name}`), ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
  );
  return `# Generated by vite.config.ts from worker/http/security-headers.ts: edit that file, not this one.\n${blocks.join("\n\n")}\n`;
}

/**
 * Adds the API headers and `no-store` to every data answer of the worker (/api/*, /sanctum/*,
 * POST /login and /logout) that does not set them itself: a file download keeps its sandbox CSP,
 * a public branding image its caching. Pages are left as they come: the worker's only HTML is the
 * assets binding's index.html (GET /login and /logout), which the binding answers with the
 * `_headers` rules like any other page; under `vite dev` there are none, and the document CSP
 * would refuse vite's inline scripts.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A websocket upgrade carries its socket on the response object: it must be returned as is.
  if (c.res.status === 101 || c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
  const wanted: Record<string, string> = { ...API_HEADERS, "Cache-Control": "no-store" };
  const missing = Object.entries(wanted).filter(([name]) => !c.res.headers.has(name));
  if (missing.length === 0) return;
  // A response fetched from another service has immutable headers: copy it.
  const headers = new Headers(c.res.headers);
  for (const [name, value] of missing) headers.set(name, value);
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
};

function serializeCsp(directives: Record<string, Sources>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
