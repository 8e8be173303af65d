import { useViewerPull } from "../../local/viewer-pull.ts";

/**
 * Brings the webcast's viewers to the device as soon as its page opens (not only when the viewers
 * tab is chosen), so they are there offline later (docs/sync.md "Viewers on demand"). Rendered
 * only for a user who may manage them: the pull would be refused otherwise.
 */
export function OpenViewers({ webcastId }: { webcastId: string }): null {
  useViewerPull(webcastId);
  return null;
}
