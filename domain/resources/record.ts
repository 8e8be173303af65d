import type { WebcastPart } from "../webcasts/parts.ts";

export const RESOURCE_KINDS = ["file", "link", "email"] as const;

/** A resource offered to attendees (SPEC §2 content tab: resources with visibility). */
export interface ResourceRow extends WebcastPart {
  title: string;
  description: string | null;
  language: "en" | "fr" | null;
  kind: (typeof RESOURCE_KINDS)[number];
  /** The link (kind link), the address (kind email); null for a file. */
  url: string | null;
  /** R2 key and original name of an uploaded file (kind file). */
  file_key: string | null;
  file_name: string | null;
  visible: boolean;
  position: number;
}
