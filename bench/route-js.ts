// The JavaScript a route downloads before its first screen, read from a production build
// (dist/client): used by bench/route-js.bench.ts (the figure) and e2e/budget.e2e.ts (the budget).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Issue #19: the viewer's public page /w/{id} loads at most this much JavaScript, gzipped, before
 * its first screen is usable (its page watch.html: the entry, the code it loads after the first
 * paint, web/watch-boot.tsx, and their static imports).
 * Bytes, as vite reports kB (1 kB = 1,000 bytes).
 */
export const VIEWER_JS_BUDGET_GZIP = 150_000;

export interface RouteJs {
  route: string;
  page: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The routes measured. /home's code (the start screen) is preloaded by index.html itself
 * (vite.config.ts `preloadStartScreen`); the others add their lazy route components
 * (`autoCodeSplitting`, keys of dist/client/.vite/manifest.json) and what those import statically.
 */
export const ROUTES: readonly { route: string; page: string; modules: readonly string[] }[] = [
  // watch.html's entry loads the page's code itself once the first screen is painted (web/watch.tsx).
  { route: "/w/$webcastId", page: "watch.html", modules: ["web/watch-boot.tsx"] },
  { route: "/home", page: "index.html", modules: [] },
  { route: "/login", page: "index.html", modules: ["web/routes/_public.tsx?tsr-split=component", "web/routes/_public/login.tsx?tsr-split=component"] },
  // The same page inside the app (an in-app link to /w/{id}; a load of that address gets watch.html).
  { route: "/w/$webcastId in the app", page: "index.html", modules: ["web/routes/_public.tsx?tsr-split=component", "web/routes/_public/w.$webcastId.tsx?tsr-split=component"] },
];

/** The scripts a built page loads at once: its module script and its module preloads. */
export function pageScripts(html: string): string[] {
  const urls = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1] ?? "");
  return urls.map((url) => url.replace(/^\//, ""));
}

/** The initial JS of each route in `distDir` (dist/client), compressed as a server would (gzip 9, brotli 11). */
export function measureRoutes(distDir: string, routes = ROUTES): RouteJs[] {
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8"));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (imported) closure(imported.file, into);
    }
  };
  return routes.map(({ route, page, modules }) => {
    const files = new Set<string>();
    for (const file of pageScripts(readFileSync(join(distDir, page), "utf8"))) closure(file, files);
    for (const module of modules) {
      const chunk = manifest[module];
      if (!chunk) throw new Error(`${route}: ${module} is not in the build manifest`);
      closure(chunk.file, files);
    }
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    for (const file of files) {
      const bytes = readFileSync(join(distDir, file));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
      brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { route, page, files: [...files].sort(), raw, gzip, brotli };
  });
}

/** "133.7 kB" (vite's unit). */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
