import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { pollingSeries, polls, webcastSpeakers } from "../../db/schema/index.ts";

/** Test helpers of the poll routes (workerd only): rows written straight to D1 (fixtures, not changes). */

type Parent = Pick<WebcastRow, "id" | "organization_id">;

export async function insertPoll(webcast: Parent, fields: Partial<PollRow> = {}): Promise<PollRow> {
  const now = new Date().toISOString();
  const row: PollRow = {
    id: uuidv7(),
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    series_id: null,
    title: "Favourite colour?",
    description: null,
    language: "en",
    options: [
      { id: "red", text: "Red" },
      { id: "blue", text: "Blue" },
    ],
    recommended_option_id: null,
    multiple_choice: false,
    display: "fluid",
    position: 0,
    status: "unpublished",
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db(env.DB).insert(polls).values(row);
  return row;
}

export async function insertSeries(webcast: Parent, fields: Partial<PollingSeriesRow> = {}): Promise<PollingSeriesRow> {
  const now = new Date().toISOString();
  const row: PollingSeriesRow = { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, title: "Quiz", description: null, position: 0, created_at: now, updated_at: now, ...fields };
  await db(env.DB).insert(pollingSeries).values(row);
  return row;
}

/** Makes a member a speaker of the webcast, its producer unless told otherwise. */
export async function insertSpeaker(webcast: Parent, user: { id: number; email: string }, isProducer = true): Promise<void> {
  const now = new Date().toISOString();
  const row: WebcastSpeakerRow = {
    id: uuidv7(),
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    user_id: user.id,
    name: user.email,
    email: user.email,
    is_producer: isProducer,
    shown_in_lobby: true,
    position: 0,
    invited_at: null,
    created_at: now,
    updated_at: now,
  };
  await db(env.DB).insert(webcastSpeakers).values(row);
}
