import type { WebcastPart } from "../webcasts/parts.ts";

/**
 * One video of a premiere webcast's playlist (SPEC §2 "premiere videos" tab, §7 POST
 * premiere-videos): a video of the organization's library (domain/media) at a position.
 */
export interface PremiereVideoRow extends WebcastPart {
  media_id: string;
  position: number;
}
