import { type Column, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTRACT_HASHES, CONTRACT_VERSION, canonicalJson, mutatorArgumentSchemas } from "../../../domain/sync/contract.ts";
import { SYNC_TABLES } from "../../../domain/sync/tables.ts";
import { embedApps, media, pollingSeries, polls, premiereVideos, resources, segments, slides, streamingOutputs, viewers, webcastSpeakers, webcasts } from "../../db/schema/index.ts";
import { SYNC_MUTATORS } from "./mutators.ts";
import { SYNCED_COLUMNS } from "./organization-table.ts";

/** The D1 columns each pulled row is read from (`SameRows` in tables.ts proves they are the domain rows). */
const ROW_COLUMNS: Record<(typeof SYNC_TABLES)[number], Record<string, Column>> = {
  organizations: SYNCED_COLUMNS,
  webcasts: getTableColumns(webcasts),
  viewers: getTableColumns(viewers),
  webcast_speakers: getTableColumns(webcastSpeakers),
  polls: getTableColumns(polls),
  polling_series: getTableColumns(pollingSeries),
  resources: getTableColumns(resources),
  embed_apps: getTableColumns(embedApps),
  segments: getTableColumns(segments),
  streaming_outputs: getTableColumns(streamingOutputs),
  media: getTableColumns(media),
  slides: getTableColumns(slides),
  premiere_videos: getTableColumns(premiereVideos),
};

function rowShapes(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    SYNC_TABLES.map((table) => [
      table,
      Object.fromEntries(Object.entries(ROW_COLUMNS[table]).map(([key, column]) => [key, { type: column.getSQLType(), data: column.dataType, not_null: column.notNull, enum: column.enumValues ?? null }])),
    ]),
  );
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("sync contract version", () => {
  it("has not changed since its version's hash was recorded", async () => {
    const contract = canonicalJson({ mutators: mutatorArgumentSchemas(SYNC_MUTATORS), rows: rowShapes() });
    const hash = await sha256(contract);
    expect(
      hash,
      `The sync contract (mutator arguments or pulled rows) changed. Bump CONTRACT_VERSION in domain/sync/contract.ts, record ${hash} for it, and say in docs/sync.md how mutations queued by the previous version are taken.`,
    ).toBe(CONTRACT_HASHES[CONTRACT_VERSION]);
  });

  it("covers every synced table and every mutator", () => {
    expect(Object.keys(rowShapes())).toEqual([...SYNC_TABLES]);
    expect(Object.keys(mutatorArgumentSchemas(SYNC_MUTATORS))).toEqual(Object.keys(SYNC_MUTATORS).sort());
  });
});
