import { cloudflare } from "@cloudflare/vite-plugin";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { type HtmlTagDescriptor, type Plugin, defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { headersFile } from "./worker/http/security-headers.ts";

// IGO_STATE_DIR lets the e2e suite and benchmarks run against their own local D1/R2/DO state.
const stateDir = process.env.IGO_STATE_DIR;

/** The screen the installed app opens on (manifest start_url) and where sign-in lands. */
const START_SCREEN_ROUTES = [/\/web\/routes\/_app\.tsx\?tsr-split=component$/, /\/web\/routes\/_app\/home\.tsx\?tsr-split=component$/];
const CATALOG_MODULE = /\/web\/i18n\/locales\/([a-z]+)\/messages\.po$/;

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
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
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
        const tags: HtmlTagDescriptor[] = [
          { tag: "meta", attrs: { name: "igo-catalogs", content: JSON.stringify(catalogs) }, injectTo: "head-prepend" },
          ...[...scripts].filter((fileName) => !alreadyLoaded.has(fileName)).map((fileName): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: base + fileName }, injectTo: "head" })),
          ...[...styles].map((fileName): HtmlTagDescriptor => ({ tag: "link", attrs: { rel: "preload", as: "style", crossorigin: true, href: base + fileName }, injectTo: "head" })),
        ];
        return tags;
      },
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
        rolldownOptions: {
          output: {
            // Fewer, larger files on the way to the first screen: offline each file is one more
            // service-worker round trip (issue #4, offline home render: ~20 ms each group). The
            // modules every page runs at start go in one file (the entry's) instead of ~17 small
            // shared chunks; the start screen's (home and its layout, with what they import) in
            // another, preloaded by index.html. Other lazy routes still load on demand.
            codeSplitting: {
              groups: [
                { name: "app", tags: ["$initial"] },
                { name: "start-screen", test: (id: string) => START_SCREEN_ROUTES.some((route) => route.test(id)) },
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
      manifest: {
        name: "iGo Events",
        short_name: "iGo",
        description: "Produce and run webcasts, meetings, streaming channels and events — online or offline.",
        lang: "fr",
        start_url: "/home",
        scope: "/",
        display: "standalone",
        theme_color: "#1d4ed8",
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,mjs,css,html,svg,png,webmanifest,woff2}"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/sanctum\//],
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
