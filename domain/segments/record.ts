import type { WebcastPart } from "../webcasts/parts.ts";

/** A segment of the webcast's audience (SPEC §2 access: viewers can be restricted by segment). */
export interface SegmentRow extends WebcastPart {
  name: string;
}
