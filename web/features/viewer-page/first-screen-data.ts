import { type PublicWebcast, publicWebcastSchema } from "../../../domain/viewer-page/api.ts";
import { FIRST_SCREEN_DATA_ID } from "../../../domain/viewer-page/first-screen.ts";

/**
 * The PublicWebcast the worker wrote into watch.html with the first screen (domain/viewer-page/
 * first-screen.ts): the page's first render draws from it, without a loading state, then asks the
 * API again as always (the data is as old as the HTML, which the service worker may have kept).
 * Null when absent (vite dev, the offline fallback page), unreadable or of another webcast.
 */
export function readFirstScreenData(webcastId: string, root: Pick<Document, "getElementById"> = document): PublicWebcast | null {
  const text = root.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = publicWebcastSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.id === webcastId ? parsed.data : null;
  } catch {
    return null;
  }
}
