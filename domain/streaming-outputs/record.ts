import type { WebcastPart } from "../webcasts/parts.ts";

/**
 * A streaming output (SPEC §3: RTMP url, stream key, optional username and password, activated).
 * Holds credentials: synced only to users who may edit the webcast.
 */
export interface StreamingOutputRow extends WebcastPart {
  rtmp_url: string;
  stream_key: string;
  username: string | null;
  password: string | null;
  activated: boolean;
}
