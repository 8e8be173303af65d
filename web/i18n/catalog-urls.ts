// Where each language's catalog is in the build, and its early download. Imports nothing: watch.html's
// entry (web/watch.tsx) uses it before the first paint (vite.config.ts gives it a chunk of its own).

/** Each language's catalog URL, from the built page's `<meta name="igo-catalogs">` (vite.config.ts); {} under `vite dev`. */
export function catalogUrls(doc: Document = document): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(doc.querySelector('meta[name="igo-catalogs"]')?.getAttribute("content") ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/** Starts the download of a language's catalog (a modulepreload link, once): its `import()` later finds it fetched. */
export function preloadCatalog(locale: string, doc: Document = document): void {
  const href = catalogUrls(doc)[locale];
  if (!href || doc.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = doc.createElement("link");
  link.rel = "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  doc.head.appendChild(link);
}
