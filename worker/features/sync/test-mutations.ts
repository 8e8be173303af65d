import type { PendingMutation } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { CreateWebcastArgs } from "../../../domain/webcasts/mutators.ts";

/** Pending webcast mutations as a browser would push them (test-only). */
export function createWebcast(organizationId: number, fields: Partial<CreateWebcastArgs> = {}): PendingMutation {
  const now = new Date().toISOString();
  const args: CreateWebcastArgs = {
    id: uuidv7(),
    organization_id: organizationId,
    event_title: "Launch",
    event_start_date_time: "2026-09-01T14:00:00.000Z",
    duration: 60,
    timezone: "Europe/Paris",
    language: "fr",
    now,
    ...fields,
  };
  return { id: uuidv7(), name: "createWebcast", args, client_time: now };
}

export function deleteWebcast(webcastId: string): PendingMutation {
  return { id: uuidv7(), name: "deleteWebcast", args: { id: webcastId }, client_time: new Date().toISOString() };
}
