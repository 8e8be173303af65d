import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type TestClient, clientFor } from "../../worker/test/client.ts";
import { cloneDemoEvents } from "../../worker/features/organizations/route-cases.ts";
import type { ImportLog } from "../../worker/features/viewer-imports/service.ts";
import { generatedCsv, importLogOf, manualAlarms, runSteps, upload } from "../../worker/features/viewer-imports/testing.ts";
import { insertWebcast } from "../../worker/features/webcasts/testing.ts";
import { viewerJobsStub } from "../stubs.ts";
import { IMPORT_STEP_ATTEMPTS } from "./viewer-jobs.ts";

let organizer: TestClient;
let organizationId: number;

beforeAll(async () => {
  organizer = await clientFor("organizer@demo.test");
  organizationId = await cloneDemoEvents();
});

async function startImport(webcastId: string, csv: string): Promise<ImportLog> {
  const response = await upload(organizer, webcastId, csv);
  expect(response.status).toBe(202);
  return ((await response.json()) as { data: ImportLog }).data;
}

describe("ViewerJobs", { timeout: 30_000 }, () => {
  it("runs an import on its own alarms, one step after the other, to its end", async () => {
    const webcast = await insertWebcast(organizationId);
    const log = await startImport(webcast.id, generatedCsv(12_000));
    await vi.waitFor(async () => expect((await importLogOf(organizer, webcast.id, log.id)).status).toBe("imported"), { timeout: 30_000, interval: 100 });
    const done = await importLogOf(organizer, webcast.id, log.id);
    expect(done).toMatchObject({ total_rows: 12_000, processed_rows: 12_000, created_rows: 12_000 });
    // Nothing left to do: no alarm set, the object's scratch space emptied.
    await runInDurableObject(viewerJobsStub(env, webcast.id), async (_instance: unknown, state: DurableObjectState) => {
      expect(await state.storage.getAlarm()).toBeNull();
      expect(state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM import_emails").one().n).toBe(0);
    });
  }, 60_000);

  it("retries a failing step with backoff, then marks the import failed with what went in counted", async () => {
    const webcast = await insertWebcast(organizationId);
    await manualAlarms(webcast.id);
    const log = await startImport(webcast.id, generatedCsv(3));
    // A file that says it is larger than it is: reading past its end fails in R2 at every attempt.
    await env.DB.prepare("UPDATE viewer_imports SET status = 'processing', file_size = 50000000, bytes_done = 0, reader_state = ? WHERE id = ?")
      .bind(JSON.stringify({ version: 1, offset: 40_000_000, encoding: "utf-8", delimiter: ",", newline: "\r\n", header: ["Name", "Email", "Tags"], columns: { name: 0, email: 1, tags: 2 }, row: 1 }), log.id)
      .run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      for (let attempt = 1; attempt < IMPORT_STEP_ATTEMPTS; attempt++) {
        expect(await runSteps(webcast.id, 1)).toBe(1);
        expect((await importLogOf(organizer, webcast.id, log.id)).status).toBe("processing");
      }
      expect(await runSteps(webcast.id)).toBe(1);
    } finally {
      errors.mockRestore();
    }
    const failed = await importLogOf(organizer, webcast.id, log.id);
    expect(failed.status).toBe("failed");
    expect(failed.failure?.message).toMatch(/server error/);
    expect(failed.finished_at).not.toBeNull();
  });

  it("takes its webcast from its name when a caller leaves it out (the invitations' wake-up)", async () => {
    const webcast = await insertWebcast(organizationId);
    const stub = viewerJobsStub(env, webcast.id);
    await manualAlarms(webcast.id);
    await stub.kickInvitations();
    await runInDurableObject(stub, async (_instance: unknown, state: DurableObjectState) => {
      expect(state.storage.kv.get("webcast_id")).toBe(webcast.id);
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
    expect(await runSteps(webcast.id)).toBe(1);
  });
});
