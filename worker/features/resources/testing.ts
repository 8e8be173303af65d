import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { resources } from "../../db/schema/index.ts";
import { newResourceFileKey } from "./files.ts";

/** Test helpers of the resource routes (workerd only). */

/** A link resource written straight to D1 (a fixture, not a change). */
export async function insertResource(webcast: Pick<WebcastRow, "id" | "organization_id">, fields: Partial<ResourceRow> = {}): Promise<ResourceRow> {
  const now = new Date().toISOString();
  const row: ResourceRow = {
    id: uuidv7(),
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    title: "Agenda",
    description: null,
    language: null,
    kind: "link",
    url: "https://example.com/agenda",
    file_key: null,
    file_name: null,
    visible: true,
    position: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db(env.DB).insert(resources).values(row);
  return row;
}

/** A file resource whose file is stored in R2 (a fixture). */
export async function insertFileResource(webcast: Pick<WebcastRow, "id" | "organization_id">, content = "Agenda: 10:00 opening", name = "notes.txt"): Promise<ResourceRow> {
  const id = uuidv7();
  const key = newResourceFileKey(webcast.id, id);
  await env.MEDIA.put(key, content, { httpMetadata: { contentType: "text/plain" } });
  return insertResource(webcast, { id, kind: "file", url: null, file_key: key, file_name: name, title: "Deck" });
}
