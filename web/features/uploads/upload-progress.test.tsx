import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ref } from "valtio";
import { fakeServer } from "../../api/fake-server.ts";
import { activateLocale } from "../../i18n/i18n.ts";
import { LocalDatabase, type StoredUpload } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { freshUserId } from "../../local/testing.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { confirmState } from "../../ui/confirm.ts";
import { videoFile } from "./testing.ts";
import { type LiveUpload, uploadLive } from "./upload-live.ts";
import { UploadProgress, formatDuration } from "./upload-progress.tsx";
import { stopUploads } from "./upload-queue.ts";
import { UploadsList } from "./uploads-list.tsx";

const TARGET = "01900000-0000-7000-8000-000000000001";
const GB = 1024 ** 3;
const MB = 1024 ** 2;

let db: LocalDatabase;

function upload(overrides: Partial<StoredUpload> = {}): StoredUpload {
  return {
    id: "01900000-0000-7000-8000-0000000000a1",
    upload_id: "01900000-0000-7000-8000-0000000000b1",
    kind: "video",
    organization_id: 7,
    webcast_id: null,
    target_id: TARGET,
    file: null,
    file_name: "talk.mp4",
    size: Math.round(1.2 * GB),
    last_modified: 1_700_000_000_000,
    type: "video/mp4",
    finish: { type: "test.finish", args: {} },
    status: "uploading",
    uploaded_bytes: 0,
    error: null,
    created_at: "2026-05-01T10:00:00.000Z",
    updated_at: "2026-05-01T10:00:00.000Z",
    ...overrides,
  };
}

function live(id: string, values: Partial<LiveUpload>): void {
  uploadLive[id] = { sent: 0, total: 0, speed: null, seconds_left: null, waiting: null, ...values };
}

beforeEach(() => {
  db = new LocalDatabase(freshUserId());
  activeSync.db = ref(db);
  confirmState.queue = [];
  for (const id of Object.keys(uploadLive)) delete uploadLive[id];
});

afterEach(() => {
  stopUploads();
  activeSync.db = null;
  db.close();
});

describe("UploadProgress", () => {
  it("shows the name, a real progress bar and sent · speed · time left", () => {
    const item = upload();
    live(item.id, { sent: 12.5 * MB, total: item.size, speed: 8.1 * MB, seconds_left: 110 });
    renderWithI18n(<UploadProgress upload={item} />);
    expect(screen.getByText("talk.mp4")).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: "Upload of talk.mp4" });
    expect(bar.tagName).toBe("PROGRESS");
    expect(bar.getAttribute("max")).toBe(String(item.size));
    expect(bar.getAttribute("value")).toBe(String(12.5 * MB));
    expect(screen.getByTestId("upload").textContent).toContain("Uploading · 12.5 MB of 1.2 GB · 8.1 MB/s · 2 min left");
    expect(screen.getByRole("button", { name: "Cancel" }).getAttribute("type")).toBe("button");
  });

  it("in French: units and words of the reader", async () => {
    await activateLocale("fr");
    const item = upload();
    live(item.id, { sent: 12.5 * MB, total: item.size, speed: 8.1 * MB, seconds_left: 40 });
    renderWithI18n(<UploadProgress upload={item} />);
    // Intl puts a no-break space between a number and its unit in French.
    expect(screen.getByTestId("upload").textContent?.replace(/[\u00a0\u202f]/g, " ")).toContain("Téléversement en cours · 12,5 Mo sur 1,2 Go · 8,1 Mo/s · encore 40 s");
  });

  it.each([
    ["waiting for the network", upload(), { waiting: "network" } as const, "Waiting for the network"],
    ["retrying after a server error", upload(), { waiting: "server" } as const, "The server is busy: trying again"],
    ["queued", upload({ status: "queued", upload_id: null }), undefined, "Waiting to start"],
    ["finishing", upload({ status: "finishing", uploaded_bytes: Math.round(1.2 * GB) }), {}, "Finishing"],
  ])("says when it is %s", (_, item, values, text) => {
    if (values) live(item.id, values);
    renderWithI18n(<UploadProgress upload={item} />);
    expect(screen.getByTestId("upload").textContent).toContain(text);
    expect(screen.getByRole("progressbar")).toBeTruthy();
  });

  it("done: full bar, and it can be removed from the list", async () => {
    const item = upload({ status: "done", uploaded_bytes: Math.round(1.2 * GB) });
    await db.uploads.put(item);
    renderWithI18n(<UploadProgress upload={item} />);
    expect(screen.getByTestId("upload").textContent).toContain("Uploaded · 1.2 GB of 1.2 GB");
    expect(screen.getByRole("progressbar").getAttribute("value")).toBe(String(item.size));
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    fakeServer({});
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Remove from the list" }));
    });
    await waitFor(async () => expect(await db.uploads.count()).toBe(0));
  });

  it("failed: the server's message, no bar", () => {
    renderWithI18n(<UploadProgress upload={upload({ status: "failed", error: "This file is not a video." })} />);
    expect(screen.getByRole("alert").textContent).toBe("This file is not a video.");
    expect(screen.getByTestId("upload").textContent).toContain("Not uploaded");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("needs the file again: a file input that takes only the same file", async () => {
    const item = upload({ size: 3_000, uploaded_bytes: 1_024 });
    await db.uploads.put(item);
    live(item.id, { waiting: "file", sent: 1_024, total: 3_000 });
    const server = fakeServer({});
    renderWithI18n(<UploadProgress upload={item} />);
    expect(screen.getByTestId("upload").textContent).toContain("Paused: this device did not keep the file");
    const input = screen.getByLabelText("Choose “talk.mp4” again to finish uploading it");
    await act(async () => {
      fireEvent.change(input, { target: { files: [videoFile(3_000, "other.mp4")] } });
    });
    expect(await screen.findByText("This is not the same file: choose “talk.mp4” again.")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("Cancel asks first; Escape keeps the upload, accepting cancels it and tells the server", async () => {
    const item = upload();
    await db.uploads.put(item);
    const server = fakeServer({ [`DELETE /api/uploads/${item.upload_id}`]: () => new Response(null, { status: 204 }) });
    renderWithI18n(
      <>
        <UploadsList targetId={TARGET} />
        <ConfirmHost />
      </>,
    );
    const cancel = await screen.findByRole("button", { name: "Cancel" });
    await act(async () => {
      fireEvent.click(cancel);
    });
    expect(screen.getByRole("dialog", { name: "Cancel this upload?" }).textContent).toContain("“talk.mp4” will not be uploaded");
    await act(async () => {
      fireEvent.keyDown(document, { key: "Escape" });
    });
    expect((await db.uploads.get(item.id))?.status).toBe("uploading");
    expect(server.calls).toEqual([]);

    confirmState.queue = [];
    await act(async () => {
      fireEvent.click(cancel);
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("dialog", { name: "Cancel this upload?" }), { key: "Enter" });
    });
    await waitFor(async () => expect((await db.uploads.get(item.id))?.status).toBe("canceled"));
    await waitFor(() => expect(server.callsTo(`DELETE /api/uploads/${item.upload_id}`)).toHaveLength(1));
    // A canceled upload leaves the list.
    await waitFor(() => expect(screen.queryByTestId("uploads-list")).toBeNull());
  });
});

describe("UploadsList", () => {
  it("lists this device's uploads of a kind and target, newest first; nothing when none", async () => {
    const { container } = renderWithI18n(<UploadsList kind="video" targetId={TARGET} />);
    await act(async () => undefined);
    expect(container.innerHTML).toBe("");

    await act(async () => {
      await db.uploads.bulkPut([
        upload({ id: "a", file_name: "old.mp4", created_at: "2026-05-01T09:00:00.000Z", status: "done" }),
        upload({ id: "b", file_name: "new.mp4", created_at: "2026-05-01T11:00:00.000Z" }),
        upload({ id: "c", file_name: "canceled.mp4", status: "canceled" }),
        upload({ id: "d", file_name: "elsewhere.mp4", target_id: "01900000-0000-7000-8000-000000000002" }),
        upload({ id: "e", file_name: "image.png", kind: "image" }),
      ]);
    });
    const list = await screen.findByRole("list", { name: "Uploads from this device" });
    expect([...list.querySelectorAll("strong")].map((name) => name.textContent)).toEqual(["new.mp4", "old.mp4"]);
  });
});

describe("formatDuration", () => {
  it("reads as seconds, minutes, or hours and minutes", () => {
    expect([0.2, 40, 61, 150, 3_600, 4_000].map((seconds) => formatDuration(seconds, "en"))).toEqual(["1 sec", "40 sec", "2 min", "3 min", "1 hr", "1 hr 7 min"]);
  });
});
