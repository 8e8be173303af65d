import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { MANUAL_ALARMS_KEY } from "../../../durable/viewer-jobs/viewer-jobs.ts";
import { viewerJobsStub } from "../../../durable/stubs.ts";
import type { TestClient } from "../../test/client.ts";
import type { ImportLog } from "./service.ts";

/** Test helpers of the CSV import (workerd only). */

/** A CSV upload body (multipart, field `file`). */
export function csvForm(content: string | Uint8Array, name = "viewers.csv"): FormData {
  const form = new FormData();
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "text/csv" }));
  return form;
}

/** `count` generated rows under a Name,Email header (e-mails `person-<i>@<domain>`). */
export function generatedCsv(count: number, options: { from?: number; domain?: string; name?: (index: number) => string } = {}): string {
  const lines = ["Name,Email,Tags"];
  const from = options.from ?? 0;
  for (let index = from; index < from + count; index++) lines.push(`${options.name?.(index) ?? `Person ${index}`},person-${index}@${options.domain ?? "import.test"},"team, wave ${index % 7}"`);
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The webcast's job object runs its alarms only when a test asks (`runSteps`): its alarms are set an
 * hour ahead. Call before the upload.
 */
export async function manualAlarms(webcastId: string): Promise<void> {
  await runInDurableObject(viewerJobsStub(env, webcastId), async (_instance: unknown, state: DurableObjectState) => {
    state.storage.kv.put(MANUAL_ALARMS_KEY, true);
  });
}

/** Runs the object's alarms one after the other, at most `max`; returns how many ran. */
export async function runSteps(webcastId: string, max = 1_000): Promise<number> {
  const stub = viewerJobsStub(env, webcastId);
  let ran = 0;
  while (ran < max && (await runDurableObjectAlarm(stub))) ran++;
  return ran;
}

export async function upload(client: TestClient, webcastId: string, content: string | Uint8Array, name?: string): Promise<Response> {
  return client.request(`/api/webcasts/${webcastId}/viewers/upload`, { method: "POST", body: csvForm(content, name) });
}

export async function importLogOf(client: TestClient, webcastId: string, importId: string): Promise<ImportLog> {
  const response = await client.get(`/api/webcasts/${webcastId}/viewers/upload-logs/${importId}`);
  if (response.status !== 200) throw new Error(`log: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: ImportLog }).data;
}
