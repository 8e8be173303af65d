import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { StreamingOutputRow } from "../../../domain/streaming-outputs/record.ts";
import type { SegmentRow } from "../../../domain/segments/record.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { SyncEngine } from "../../local/sync-engine.ts";

/** Test helpers of the webcast parts' screens: rows as a pull leaves them: in the view only (base keeps the server state of outbox-touched rows alone). */

const stamp = "2026-11-20T10:00:00.000Z";

export interface PersonSeed {
  user_id: number;
  name: string;
  email?: string;
  is_producer?: boolean;
  shown_in_lobby?: boolean;
  invited_at?: string | null;
}

/** Speakers of `webcastId` in organization 1, in the given order, as pulled from the server. */
export async function pulledSpeakers(engine: SyncEngine, webcastId: string, people: readonly PersonSeed[]): Promise<WebcastSpeakerRow[]> {
  const rows = people.map(
    (person, position): WebcastSpeakerRow => ({
      id: uuidv7(),
      organization_id: 1,
      webcast_id: webcastId,
      user_id: person.user_id,
      name: person.name,
      email: person.email ?? `${person.name.split(" ")[0]?.toLowerCase()}@demo.test`,
      is_producer: person.is_producer ?? false,
      shown_in_lobby: person.shown_in_lobby ?? true,
      position,
      invited_at: person.invited_at ?? null,
      created_at: stamp,
      updated_at: stamp,
    }),
  );
  await engine.db.view_webcast_speakers.bulkPut(rows);
  return rows;
}

export async function pulledSegments(engine: SyncEngine, webcastId: string, names: readonly string[]): Promise<SegmentRow[]> {
  const rows = names.map((name): SegmentRow => ({ id: uuidv7(), organization_id: 1, webcast_id: webcastId, name, created_at: stamp, updated_at: stamp }));
  await engine.db.view_segments.bulkPut(rows);
  return rows;
}

export async function pulledOutput(engine: SyncEngine, webcastId: string, fields: Partial<StreamingOutputRow> = {}): Promise<StreamingOutputRow> {
  const row: StreamingOutputRow = {
    id: uuidv7(),
    organization_id: 1,
    webcast_id: webcastId,
    rtmp_url: "rtmp://a.rtmp.youtube.com/live2",
    stream_key: "abcd-efgh-ijkl",
    username: null,
    password: null,
    activated: false,
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  };
  await engine.db.view_streaming_outputs.put(row);
  return row;
}

/** The synced organization 1 with these limits and features over the defaults. */
export async function pulledOrganization(engine: SyncEngine, rules: { limits?: Record<string, number | null>; features?: Record<string, boolean> }): Promise<void> {
  await engine.db.view_organizations.put({ id: "1", organization_id: 1, name: "Demo Events", deactivated_at: null, self_serve: false, limits: rules.limits ?? {}, features: rules.features ?? {} });
}
