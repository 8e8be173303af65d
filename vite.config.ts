import { cloudflare } from "@cloudflare/vite-plugin";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// IGO_STATE_DIR lets the e2e suite and benchmarks run against their own local D1/R2/DO state.
const stateDir = process.env.IGO_STATE_DIR;

export default defineConfig({
  publicDir: "web/public",
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
    cloudflare({
      configPath: "./wrangler.toml",
      persistState: stateDir ? { path: stateDir } : true,
      inspectorPort: false,
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
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,woff2}"],
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
