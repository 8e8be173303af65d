import type { WebcastPart } from "../webcasts/parts.ts";

/** An embed app (SPEC §3: title, description, embed code). */
export interface EmbedAppRow extends WebcastPart {
  title: string;
  description: string | null;
  embed_code: string;
}
