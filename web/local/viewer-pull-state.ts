import { proxy } from "valtio";

/** Progress of the viewers pull of one opened webcast on this device (web/local/viewer-pull.ts). */
export interface ViewerPullProgress {
  status: "pulling" | "ready" | "offline" | "error";
  /** Viewers written by the pull under way (or the last one). */
  loaded: number;
  /** How many viewers the webcast has, as the server said on the pull's first page; null before. */
  total: number | null;
  /** The server's (localized) refusal or the failure, when `status` is "error". */
  error: string | null;
}

/**
 * What the sync engine tells of the viewers pulls (valtio, read by `useViewerPull`): per webcast
 * id. Kept apart from the engine so the hook does not load the engine's chunk.
 */
export const viewerPullState = proxy<{ pulls: Record<string, ViewerPullProgress> }>({ pulls: {} });

export function setViewerPull(webcastId: string, progress: Partial<ViewerPullProgress>): void {
  const known = viewerPullState.pulls[webcastId] ?? { status: "pulling", loaded: 0, total: null, error: null };
  viewerPullState.pulls[webcastId] = { ...known, ...progress };
}

export function resetViewerPulls(): void {
  viewerPullState.pulls = {};
}
