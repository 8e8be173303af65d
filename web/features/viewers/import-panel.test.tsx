import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeHandler, fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { session } from "../session/store.ts";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import type { ImportLog } from "./api.ts";
import { importPolling } from "./import-panel.tsx";

/** The CSV import of the viewers tab: upload, follow, cancel, the result and the history (online). */
const harness = offlineReplica();

beforeEach(() => {
  importPolling.intervalMs = 20;
});

afterEach(() => {
  importPolling.intervalMs = 1_000;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const IMPORT_ID = "0194c4a0-0000-7000-8000-00000000beef";

function log(fields: Partial<ImportLog>): ImportLog {
  return {
    id: IMPORT_ID,
    status: "importing",
    file_name: "people.csv",
    file_size: 2_000,
    total_rows: null,
    processed_rows: 0,
    created_rows: 0,
    updated_rows: 0,
    error_rows: 0,
    bytes_done: 500,
    rows_per_second: null,
    failure: null,
    errors: [],
    created_at: "2026-11-20T10:00:00.000Z",
    started_at: "2026-11-20T10:00:00.000Z",
    finished_at: null,
    user: { id: 1, name: "Olga Organizer" },
    ...fields,
  };
}

const PROCESSING = log({ status: "processing", total_rows: 1_000, processed_rows: 400, created_rows: 380, updated_rows: 10, error_rows: 10, rows_per_second: 120.4, bytes_done: 800 });
const DONE = log({
  status: "imported_with_errors",
  total_rows: 1_000,
  processed_rows: 1_000,
  created_rows: 960,
  updated_rows: 25,
  error_rows: 15,
  finished_at: "2026-11-20T10:01:00.000Z",
  errors: [
    { row: 4, errors: { email: ["The e-mail address is invalid."] } },
    { row: 9, errors: { name: ["The name field is required."], vote_weight: ["The vote weight must be a number greater than 0 and at most 1,000,000."] } },
  ],
});

/** Opens the viewers tab online with these routes (the webcast's id in their paths as `{id}`). */
async function openImport(routes: (id: string) => Record<string, FakeHandler>) {
  harness.user.permissions["viewers.manage"] = [1];
  session.user = { ...harness.user };
  const id = await seedWebcast(harness.engine);
  await harness.engine.db.outbox.clear();
  await harness.engine.db.opened_webcasts.put({ webcast_id: id, cursor: 1, synced: 1, opened_at: "2026-11-20T10:00:00.000Z" });
  harness.setOnline(true);
  const server = fakeServer(routes(id));
  await renderApp(`/webcasts/${id}/edit?tab=viewers`);
  const panel = await screen.findByTestId("viewer-import");
  return { id, server, panel };
}

/** Answers each GET of the import's log with the next of `logs` (the last one repeated). */
function sequence(logs: ImportLog[]): FakeHandler {
  let index = 0;
  return () => json({ data: logs[Math.min(index++, logs.length - 1)] });
}

function chooseFile(panel: HTMLElement, file = new File(["Name,E-mail\nAnn,ann@demo.test\n"], "people.csv", { type: "text/csv" })) {
  fireEvent.change(within(panel).getByTestId("viewer-import-file"), { target: { files: [file] } });
}

describe("viewers CSV import", { timeout: 30_000 }, () => {
  it("uploads a file, follows it (importing → processing 40 % → imported with errors) and shows the result", async () => {
    let logs: ImportLog[] = [];
    const { id, server, panel } = await openImport((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: logs }),
      [`POST /api/webcasts/${webcastId}/viewers/upload`]: () => json({ data: log({}) }, 202),
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs/${IMPORT_ID}`]: sequence([PROCESSING, PROCESSING, PROCESSING, DONE]),
    }));
    expect(await within(panel).findByTestId("viewer-import-history-empty")).toBeTruthy();
    expect(within(panel).getByTestId("viewer-import-sample").getAttribute("download")).toBe("viewers-sample.csv");
    expect(decodeURIComponent(within(panel).getByTestId("viewer-import-sample").getAttribute("href") ?? "")).toMatch("Name,E-mail,Tags,Control number,Vote weight,Password");

    chooseFile(panel);
    expect(panel.textContent).toMatch("Chosen: people.csv");
    logs = [DONE];
    fireEvent.click(within(panel).getByTestId("viewer-import-upload"));
    // The file goes as multipart form data.
    await waitFor(() => expect(server.callsTo(`POST /api/webcasts/${id}/viewers/upload`)).toHaveLength(1));
    const body = server.callsTo(`POST /api/webcasts/${id}/viewers/upload`)[0]?.body;
    expect(body instanceof FormData && (body.get("file") as File).name).toBe("people.csv");

    const current = await within(panel).findByTestId("viewer-import-current");
    await waitFor(() => expect(within(current).getByTestId("viewer-import-state").textContent).toBe("Importing the viewers"));
    const bar = within(current).getByTestId("viewer-import-progress") as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([400, 1000]);
    expect(within(current).getByTestId("viewer-import-facts").textContent).toBe("400 / 1,000 rows · 120 rows per second");
    expect(within(current).getByTestId("viewer-import-cancel")).toBeTruthy();

    await waitFor(() => expect(within(current).getByTestId("viewer-import-state").textContent).toBe("Imported with errors"), { timeout: 5_000 });
    expect(within(current).getByTestId("viewer-import-summary").textContent).toBe("Created: 960Updated: 25Errors: 15");
    expect(within(current).queryByTestId("viewer-import-cancel")).toBeNull();
    const errorRows = within(current)
      .getAllByTestId("viewer-import-error-row")
      .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));
    expect(errorRows).toEqual([
      ["4", "E-mail", "The e-mail address is invalid."],
      ["9", "Name", "The name field is required."],
      ["9", "Vote weight", "The vote weight must be a number greater than 0 and at most 1,000,000."],
    ]);
    expect(within(current).getByTestId("viewer-import-errors-download").getAttribute("href")).toBe(`/api/webcasts/${id}/viewers/upload-logs/${IMPORT_ID}/errors?type=csv`);
    // The history is read again once the import is over.
    await waitFor(() => expect(within(panel).getAllByTestId("viewer-import-log")).toHaveLength(1));
    expect(within(panel).getByTestId("viewer-import-log").textContent).toMatch("Imported with errors");
  });

  it("cancels a running import after confirming", async () => {
    const CANCELED = log({ ...PROCESSING, status: "canceled", finished_at: "2026-11-20T10:00:30.000Z" });
    let state = PROCESSING;
    const { id, server, panel } = await openImport((webcastId) => ({
      // An import already running when the tab opens is followed.
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: [state] }),
      // Once canceled, the server says so to a poll too (one in flight must not bring "processing" back).
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs/${IMPORT_ID}`]: () => json({ data: state }),
      [`DELETE /api/webcasts/${webcastId}/viewers/upload-logs/${IMPORT_ID}`]: () => {
        state = CANCELED;
        return json({ data: CANCELED }, 202);
      },
    }));
    const cancel = await within(panel).findByTestId("viewer-import-cancel");
    fireEvent.click(cancel);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("Cancel this import?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the import" }));
    await waitFor(() => expect(within(panel).getByTestId("viewer-import-state").textContent).toBe("Canceled"));
    expect(server.callsTo(`DELETE /api/webcasts/${id}/viewers/upload-logs/${IMPORT_ID}`)).toHaveLength(1);
    expect(within(panel).getByTestId("viewer-import-summary").textContent).toBe("Created: 380Updated: 10Errors: 10");
  });

  it("shows the server's refusals verbatim (another file running, invalid CSV)", { timeout: 15_000 }, async () => {
    let answer = json({ message: "Another file is being processed. Please wait until it has finished to upload a new one.", code: "conflict", requestId: "r" }, 409);
    const { panel } = await openImport((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: [] }),
      [`POST /api/webcasts/${webcastId}/viewers/upload`]: () => answer,
    }));
    await within(panel).findByTestId("viewer-import-history-empty");
    fireEvent.click(within(panel).getByTestId("viewer-import-upload"));
    expect((await within(panel).findByTestId("viewer-import-error")).textContent).toBe("Choose a CSV file first.");
    chooseFile(panel);
    fireEvent.click(within(panel).getByTestId("viewer-import-upload"));
    await waitFor(() => expect(within(panel).getByTestId("viewer-import-error").textContent).toBe("Another file is being processed. Please wait until it has finished to upload a new one."));
    answer = json({ message: "Invalid CSV file", code: "validation_failed", errors: { file: ["Invalid CSV file", "The file is empty."] }, requestId: "r" }, 422);
    fireEvent.click(within(panel).getByTestId("viewer-import-upload"));
    await waitFor(() => expect(within(panel).getByTestId("viewer-import-error").textContent).toBe("Invalid CSV file"));
    expect(panel.textContent).toMatch("The file is empty.");
  });

  it("deletes a finished log after confirming", async () => {
    let deleted = false;
    const { id, server, panel } = await openImport((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: deleted ? [] : [DONE] }),
      [`DELETE /api/webcasts/${webcastId}/viewers/upload-logs/${IMPORT_ID}`]: () => {
        deleted = true;
        return json({ data: { deleted: 1 } });
      },
    }));
    fireEvent.click(await within(panel).findByTestId("viewer-import-log-delete"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(panel).getByTestId("viewer-import-history-empty")).toBeTruthy());
    expect(server.callsTo(`DELETE /api/webcasts/${id}/viewers/upload-logs/${IMPORT_ID}`)).toHaveLength(1);
  });

  it("deletes every finished log at once after confirming; a running import stays", async () => {
    const RUNNING = log({ ...PROCESSING, id: "0194c4a0-0000-7000-8000-00000000c0de", file_name: "more.csv" });
    const FAILED = log({ id: "0194c4a0-0000-7000-8000-00000000fa11", status: "failed", file_name: "broken.csv", finished_at: "2026-11-19T10:00:00.000Z", failure: { message: "Invalid CSV file" } });
    let logs = [RUNNING, DONE, FAILED];
    const { id, server, panel } = await openImport((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: logs }),
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs/${RUNNING.id}`]: () => json({ data: RUNNING }),
      [`DELETE /api/webcasts/${webcastId}/viewers/upload-logs`]: () => {
        logs = [RUNNING];
        return json({ data: { deleted: 2 } });
      },
    }));
    const deleteAll = `DELETE /api/webcasts/${id}/viewers/upload-logs`;
    await waitFor(() => expect(within(panel).getAllByTestId("viewer-import-log")).toHaveLength(3));
    const button = within(panel).getByRole("button", { name: "Delete finished logs" });

    // Declining deletes nothing.
    fireEvent.click(button);
    let dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("Delete the finished import logs?");
    expect(dialog.textContent).toMatch("a running import goes on");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(deleteAll)).toHaveLength(0);

    fireEvent.click(button);
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(panel).getAllByTestId("viewer-import-log")).toHaveLength(1));
    expect(server.callsTo(deleteAll)).toHaveLength(1);
    // The history was read again from the server.
    await waitFor(() => expect(server.callsTo(`GET /api/webcasts/${id}/viewers/upload-logs`).length).toBeGreaterThanOrEqual(2));
    expect(within(panel).getByTestId("viewer-import-log").textContent).toMatch("more.csv");
    // Only a running import is left: nothing finished to delete.
    expect(within(panel).queryByRole("button", { name: "Delete finished logs" })).toBeNull();
  });

  it("offers no bulk deletion without a finished log", async () => {
    const { panel } = await openImport((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: [] }),
    }));
    await within(panel).findByTestId("viewer-import-history-empty");
    expect(within(panel).queryByTestId("viewer-import-logs-delete-finished")).toBeNull();
  });

  it("says offline that importing needs a connection", async () => {
    harness.user.permissions["viewers.manage"] = [1];
    session.user = { ...harness.user };
    const id = await seedWebcast(harness.engine);
    await renderApp(`/webcasts/${id}/edit?tab=viewers`);
    const panel = await screen.findByTestId("viewer-import");
    expect(within(panel).getByTestId("viewer-import-offline").textContent).toMatch("connect to the internet to import viewers");
    expect((within(panel).getByTestId("viewer-import-file") as HTMLInputElement).disabled).toBe(true);
    expect((within(panel).getByTestId("viewer-import-upload") as HTMLButtonElement).disabled).toBe(true);
  });
});
