// Initial JavaScript per route (issue #19: the viewer page /w/{id} within 150 kB gzipped): a
// production build in a bench-owned directory (bench/app.ts), then, per route, the page's module
// script and preloads plus the route's lazy components and their static imports, gzipped (level 9)
// and brotli'd (quality 11). The same measure is the e2e suite's budget (e2e/budget.e2e.ts).
// BENCH_DIST=dist/client measures an existing build instead of building.
import { join, resolve } from "node:path";
import { buildApp } from "./app.ts";
import { benchName, log, writeResult } from "./lib.ts";
import { VIEWER_JS_BUDGET_GZIP, kB, measureRoutes } from "./route-js.ts";

const distDir = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(buildApp(benchName(import.meta.url)), "dist", "client");
const routes = measureRoutes(distDir);
for (const route of routes) log(`${route.route} (${route.page}): ${route.files.length} files, ${kB(route.raw)} raw, ${kB(route.gzip)} gzip, ${kB(route.brotli)} brotli`);

const viewer = routes.find((route) => route.route === "/w/$webcastId");
const file = writeResult(
  benchName(import.meta.url),
  { routes: Object.fromEntries(routes.map(({ route, page, files, raw, gzip, brotli }) => [route, { page, files: files.length, raw, gzip, brotli }])) },
  { "/w/$webcastId initial JS gzip (bytes)": { goal: VIEWER_JS_BUDGET_GZIP, measured: viewer?.gzip ?? null, met: viewer !== undefined && viewer.gzip <= VIEWER_JS_BUDGET_GZIP } },
);
log(`wrote ${file}`);
if (!viewer || viewer.gzip > VIEWER_JS_BUDGET_GZIP) process.exitCode = 1;
