import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { EmbedAppRow } from "../../../domain/embed-apps/record.ts";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { SyncEngine } from "../../local/sync-engine.ts";

/** Test helpers of the polls, resources and embed apps screens: rows as a pull leaves them: in the view only (base keeps the server state of outbox-touched rows alone). */

const stamp = "2026-11-20T10:00:00.000Z";
const part = (webcastId: string) => ({ id: uuidv7(), organization_id: 1, webcast_id: webcastId, created_at: stamp, updated_at: stamp });

export async function pulledPoll(engine: SyncEngine, webcastId: string, fields: Partial<PollRow> = {}): Promise<PollRow> {
  const row: PollRow = {
    ...part(webcastId),
    series_id: null,
    title: "Favourite colour?",
    description: null,
    language: "en",
    options: [
      { id: "opt-red", text: "Red" },
      { id: "opt-blue", text: "Blue" },
    ],
    recommended_option_id: null,
    multiple_choice: false,
    display: "fluid",
    position: 0,
    status: "unpublished",
    ...fields,
  };
  await engine.db.view_polls.put(row);
  return row;
}

export async function pulledSeries(engine: SyncEngine, webcastId: string, fields: Partial<PollingSeriesRow> = {}): Promise<PollingSeriesRow> {
  const row: PollingSeriesRow = { ...part(webcastId), title: "Morning session", description: null, position: 0, ...fields };
  await engine.db.view_polling_series.put(row);
  return row;
}

export async function pulledResource(engine: SyncEngine, webcastId: string, fields: Partial<ResourceRow> = {}): Promise<ResourceRow> {
  const row: ResourceRow = {
    ...part(webcastId),
    title: "Agenda",
    description: null,
    language: null,
    kind: "link",
    url: "https://example.com/agenda",
    file_key: null,
    file_name: null,
    visible: true,
    position: 0,
    ...fields,
  };
  await engine.db.view_resources.put(row);
  return row;
}

export async function pulledEmbedApp(engine: SyncEngine, webcastId: string, fields: Partial<EmbedAppRow> = {}): Promise<EmbedAppRow> {
  const row: EmbedAppRow = { ...part(webcastId), title: "Quiz", description: null, embed_code: "<p>Quiz</p>", ...fields };
  await engine.db.view_embed_apps.put(row);
  return row;
}
