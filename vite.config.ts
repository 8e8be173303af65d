import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { type HtmlTagDescriptor, type Plugin, defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_MANIFEST, watchPageWebcastId } from "./domain/pwa/manifest.ts";
import { headersFile } from "./worker/http/security-headers.ts";

// IGO_STATE_DIR lets the e2e suite and benchmarks run against their own local D1/R2/DO state.
const stateDir = process.env.IGO_STATE_DIR;

/** The screen the installed app opens on (manifest start_url) and where sign-in lands. */
const START_SCREEN_ROUTES = [/\/web\/routes\/_app\.tsx\?tsr-split=component$/, /\/web\/routes\/_app\/home\.tsx\?tsr-split=component$/];
/**
 * What watch.html's entry imports (web/watch.tsx: Chromium's install offer, the catalog's early
 * download, vite's helper that fetches a lazy import's chunks in parallel and its modulepreload
 * polyfill): modules that import nothing.
 */
const BEFORE_PAINT = /(\/web\/(features\/pwa\/install-offer|i18n\/catalog-urls)\.ts|vite\/(preload-helper|modulepreload-polyfill)(\.js)?)$/;
const CATALOG_MODULE = /\/web\/i18n\/locales\/([a-z]+)\/messages\.po$/;

/**
 * The pages: the app (index.html, every path) and the viewer's public webcast page (watch.html,
 * web/watch.tsx, for /w/{id}: issue #19, its initial JS within bench/route-js.ts `VIEWER_JS_BUDGET_GZIP`).
 */
const PAGES = { index: "index.html", watch: "watch.html" } as const;
/** A page in the project root: vite's root, the working directory (bench/app.ts builds in a shadow root). */
const pagePath = (file: string) => path.resolve(file);

/**
 * Issue #4 (offline home render < 150 ms): in the built index.html,
 * - modulepreload links for the code of the start screen (/home and its layout are lazy routes,
 *   `autoCodeSplitting`) and preload links for its stylesheets, so they download with the app's
 *   own modules instead of after the route guard has answered;
 * - `<meta name="igo-catalogs">`: the built URL of each language's catalog, so web/i18n/i18n.ts
 *   can start downloading the initial language's as soon as it runs (the others stay lazy).
 */
function preloadStartScreen(): Plugin {
  let base = "/";
  return {
    name: "igo:preload-start-screen",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk: entry, path }) {
        if (!bundle || !entry) return;
        const isApp = path === `/${PAGES.index}`;
        const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])));
        const alreadyLoaded = new Set<string>([entry.fileName]);
        const collectStatic = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) collectStatic(imported, into);
        };
        for (const imported of entry.imports) collectStatic(imported, alreadyLoaded);
        const scripts = new Set<string>();
        for (const chunk of chunks.values()) {
          if (chunk.moduleIds.some((id) => START_SCREEN_ROUTES.some((route) => route.test(id)))) collectStatic(chunk.fileName, scripts);
        }
        const linkedStyles = new Set(entry.viteMetadata?.importedCss ?? []);
        const styles = new Set([...scripts].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]).filter((fileName) => !linkedStyles.has(fileName)));
        const catalogs: Record<string, string> = {};
        for (const chunk of chunks.values()) {
          const locale = CATALOG_MODULE.exec(chunk.facadeModuleId ?? "")?.[1];
          if (locale) catalogs[locale] = base + chunk.fileName;
        }
        const catalogsMeta: HtmlTagDescriptor = { tag: "meta", attrs: { name: "igo-catalogs", content: JSON.stringify(catalogs) }, injectTo: "head-prepend" };
        // The viewer page (watch.html) gets the catalogs and, render-blocking as an entry's own,
        // the stylesheets of the code its entry loads after the first paint (web/watch.tsx): the
        // worker's first screen is drawn with them. Not that code itself: it would download
        // before the first paint.
        if (!isApp) {
          const later = new Set<string>();
          for (const imported of entry.dynamicImports) collectStatic(imported, later);
          const laterStyles = new Set([...later].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]).filter((fileName) => !linkedStyles.has(fileName)));
          return [catalogsMeta, ...[...laterStyles].map((fileName): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "stylesheet", crossorigin: true, href: base + fileName }, injectTo: "head" }))];
        }
        const tags: HtmlTagDescriptor[] = [
          catalogsMeta,
          ...[...scripts].filter((fileName) => !alreadyLoaded.has(fileName)).map((fileName): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: base + fileName }, injectTo: "head" })),
          ...[...styles].map((fileName): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "preload", as: "style", crossorigin: true, href: base + fileName }, injectTo: "head" })),
        ];
        return tags;
      },
    },
  };
}

/** The app's route of the viewer page (in-app navigations to /w/{id} keep to index.html). */
const VIEWER_ROUTE = /\/web\/routes\/_public\/w\.\$webcastId\.tsx\?tsr-split=component$/;

/**
 * zod: the app's start code uses a sliver of it, the viewer page most of it. Both pages import it,
 * so a group by import would put all of zod in the app's start code: rolldown's own chunking, by
 * the code each page keeps after tree-shaking, places it instead.
 */
const BY_USE = /[\\/]node_modules[\\/]zod[\\/]/;

/** What `collectInitialModules` learns of the client's module graph, for the chunk groups. */
const graph = {
  /** The modules each page's entry imports statically (its start code). */
  initial: { index: new Set<string>(), watch: new Set<string>() } as Record<keyof typeof PAGES, Set<string>>,
  /**
   * The pages and their scripts. The viewer groups leave them out: a chunk holding watch.tsx would
   * be watch.html's entry chunk, and an app chunk importing shared code from it would run the
   * viewer page's boot inside the app.
   */
  pages: new Set<string>(),
  /** Every module the app can load (static or lazy) apart from its own route of the viewer page. */
  app: new Set<string>(),
  /** The start screen's modules (START_SCREEN_ROUTES and what they import statically). */
  startScreen: new Set<string>(),
};

/**
 * Reads, once the client's module graph is built (chunks are made after), which modules each page
 * needs at start and which the app loads elsewhere: rolldown's `$initial` tag cannot tell one
 * entry's from another's.
 */
function collectInitialModules(): Plugin {
  return {
    name: "igo:initial-modules",
    apply: "build",
    buildEnd() {
      const reach = (from: string, into: Set<string>, follow: (id: string) => readonly string[]) => {
        into.clear();
        const pending = [from];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          pending.push(...follow(id));
        }
      };
      graph.pages.clear();
      for (const [page, file] of Object.entries(PAGES) as [keyof typeof PAGES, string][]) {
        const html = pagePath(file);
        // A page's scripts: its entry and, for watch.html, what its entry loads once the first
        // screen is painted (web/watch.tsx → web/watch-boot.tsx): start code all the same. (The
        // app's entry loads other code lazily: that is not its start code.)
        const scripts = this.getModuleInfo(html)?.importedIds ?? [];
        const loadedByEntry = (id: string) => (page === "watch" && scripts.includes(id) ? (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) : []);
        for (const id of [html, ...scripts, ...scripts.flatMap(loadedByEntry)]) graph.pages.add(id);
        reach(html, graph.initial[page], (id) => [...(this.getModuleInfo(id)?.importedIds ?? []), ...loadedByEntry(id)]);
      }
      const startRoutes = [...this.getModuleIds()].filter((id) => START_SCREEN_ROUTES.some((route) => route.test(id)));
      reach("", graph.startScreen, (id) => (id === "" ? startRoutes : (this.getModuleInfo(id)?.importedIds ?? [])));
      reach(pagePath(PAGES.index), graph.app, (id) => {
        const info = this.getModuleInfo(id);
        return [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])].filter((imported) => !VIEWER_ROUTE.test(imported));
      });
    },
  };
}

/**
 * `vite dev`: the viewer page's addresses get watch.html, as the worker and the service worker
 * answer them in a build. Runs before @cloudflare/vite-plugin, which would hand /w/* to the worker
 * (run_worker_first), whose assets binding under `vite dev` is the app's index.html.
 */
function serveWatchPage(): Plugin {
  return {
    name: "igo:serve-watch-page",
    apply: "serve",
    enforce: "pre",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = "", query] = (request.url ?? "").split("?", 2);
        if (request.method === "GET" && watchPageWebcastId(path) !== null && request.headers.accept?.includes("text/html")) {
          // /watch: the assets answer watch.html there (/watch.html redirects to it). The cloudflare
          // plugin hands the request to its asset worker by `originalUrl`.
          request.url = `/watch${query === undefined ? "" : `?${query}`}`;
          Object.assign(request, { originalUrl: request.url });
        }
        next();
      });
    },
  };
}

/**
 * The `_headers` file of Workers Static Assets (security headers of index.html and every static
 * file), written from worker/http/security-headers.ts so the policy exists once. Honoured by
 * Cloudflare and by `vite preview` (workerd), which `npm start` and the e2e suite use; `vite dev`
 * ignores it (its inline scripts would not pass the CSP anyway).
 */
function staticAssetHeaders(): Plugin {
  return {
    name: "igo:static-asset-headers",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: headersFile() });
    },
  };
}

export default defineConfig({
  publicDir: "web/public",
  environments: {
    client: {
      build: {
        // dist/client/.vite/manifest.json: which chunk holds which route, for the JS budget
        // (bench/route-js.ts). Not served: web/public/.assetsignore lists it.
        manifest: true,
        rolldownOptions: {
          input: Object.fromEntries(Object.entries(PAGES).map(([name, file]) => [name, pagePath(file)])),
          output: {
            // Fewer, larger files on the way to the first screen: offline each file is one more
            // service-worker round trip (issue #4, offline home render: ~20 ms each group). The
            // modules every page runs at start go in one file (the entry's) instead of ~17 small
            // shared chunks; the start screen's (home and its layout, with what they import) in
            // another, preloaded by index.html. Other lazy routes still load on demand.
            // The viewer page (watch.html) must not load the app's start code (issue #19): what
            // both pages run at start (React, Lingui, zod…) is a chunk of its own, then each page's
            // own start code is one file, the viewer page's reused by the app's /w/{id} route.
            codeSplitting: {
              groups: [
                // What watch.html's entry imports before the first paint: alone, nothing else with it.
                { name: "before-paint", priority: 5, includeDependenciesRecursively: false, test: (id: string) => BEFORE_PAINT.test(id) },
                { name: "shared", priority: 4, test: (id: string) => graph.initial.index.has(id) && graph.initial.watch.has(id) && !BY_USE.test(id) },
                { name: "app", priority: 3, test: (id: string) => graph.initial.index.has(id) && !BY_USE.test(id) },
                // The viewer page's start code that the app's start screen uses too (the language
                // switch, the theme toggle…): both pages preload it.
                { name: "shared-start", priority: 2, includeDependenciesRecursively: false, test: (id: string) => graph.initial.watch.has(id) && !graph.pages.has(id) && !BY_USE.test(id) && graph.startScreen.has(id) },
                // The viewer page's start code that other screens use too (forms, validation, the
                // language switch…), apart from its own, so those screens do not load the page.
                { name: "viewer-common", priority: 2, includeDependenciesRecursively: false, test: (id: string) => graph.initial.watch.has(id) && !graph.pages.has(id) && !BY_USE.test(id) && graph.app.has(id) },
                { name: "viewer", priority: 2, includeDependenciesRecursively: false, test: (id: string) => graph.initial.watch.has(id) && !graph.pages.has(id) && !BY_USE.test(id) },
                { name: "start-screen", priority: 1, test: (id: string) => START_SCREEN_ROUTES.some((route) => route.test(id)) },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: "./web/routes",
      generatedRouteTree: "./web/routeTree.gen.ts",
      autoCodeSplitting: true,
    }),
    react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
    lingui(),
    serveWatchPage(),
    { ...collectInitialModules(), applyToEnvironment: (env: { name: string }) => env.name === "client" },
    { ...preloadStartScreen(), applyToEnvironment: (env: { name: string }) => env.name === "client" },
    { ...staticAssetHeaders(), applyToEnvironment: (env: { name: string }) => env.name === "client" },
    cloudflare({
      configPath: "./wrangler.toml",
      persistState: stateDir ? { path: stateDir } : true,
      // Off, but for benches reading the Worker's own heap through V8's inspector (bench/lib.ts `workerHeap`).
      inspectorPort: process.env.IGO_INSPECTOR_PORT ? Number(process.env.IGO_INSPECTOR_PORT) : false,
    }),
    ...VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg"],
      // domain/pwa/manifest.ts (the viewer page links its webcast's own, served by the worker).
      manifest: { ...APP_MANIFEST, icons: [...APP_MANIFEST.icons] },
      workbox: {
        globPatterns: ["**/*.{js,mjs,css,html,svg,png,webmanifest,woff2}"],
        navigateFallback: "/index.html",
        // /w/{id} is the viewer page (watch.html), not the app: the route below answers it.
        navigateFallbackDenylist: [/^\/api\//, /^\/sanctum\//, /^\/w\//],
        runtimeCaching: [
          {
            // The viewer page from the network (the worker answers watch.html), else the copy kept
            // from an earlier visit: an installed viewer reopening a webcast offline gets its page.
            // domain/pwa/manifest.ts `watchPageWebcastId`'s pattern, inline: workbox serializes this function without its imports.
            urlPattern: ({ request, url }) => request.mode === "navigate" && /^\/w\/[^/]+\/?$/.test(url.pathname),
            handler: "NetworkFirst",
            options: {
              cacheName: "igo-viewer-pages",
              networkTimeoutSeconds: 3,
              matchOptions: { ignoreSearch: true },
              // Kept under /w/{id}: an address's one-use `?magic=` or `?invite=` token stays out of
              // the device's cache (and one copy per webcast).
              plugins: [
                {
                  cacheKeyWillBeUsed: async ({ request }) => {
                    const url = new URL(request.url);
                    url.search = "";
                    return url.href;
                  },
                },
              ],
              expiration: { maxEntries: 20 },
              // A webcast page never visited: the page shell, which says the server is out of reach.
              precacheFallback: { fallbackURL: "/watch.html" },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // Take control on first install so the first visit is already offline-ready; later
        // versions still wait for the user's "Reload" (no skipWaiting).
        clientsClaim: true,
      },
    }).map((plugin) => ({
      ...plugin,
      // vite-plugin-pwa is not environment-aware: keep it out of the worker bundle.
      applyToEnvironment: (env: { name: string }) => env.name === "client",
    })),
  ],
});
