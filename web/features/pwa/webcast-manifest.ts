import { webcastManifestPath } from "../../../domain/pwa/manifest.ts";

/**
 * Points the page's manifest link at the webcast's own manifest (domain/pwa/manifest.ts), so that
 * installing from the viewer page opens this webcast, not the organizers' start screen. The built
 * watch.html carries the app's link (vite-plugin-pwa adds it to every page); `vite dev` has none.
 */
export function linkWebcastManifest(webcastId: string, doc: Document = document): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = doc.createElement("link");
    link.rel = "manifest";
    doc.head.appendChild(link);
  }
  link.href = webcastManifestPath(webcastId);
}
