import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { FakeNetwork, FakeUploadServer } from "../uploads/testing.ts";
import { type QueueUploadRequest, UploadEngine } from "../uploads/upload-engine.ts";
import { input, offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";

/** The branding tab's images: picked, checked, sent through the upload path, then named in POST …/branding. */
const harness = offlineReplica();

// The app's upload client runs here on an engine with the /api/uploads contract in memory.
const uploads = vi.hoisted(() => ({ engine: null as UploadEngine | null }));
vi.mock("../uploads/upload-queue.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../uploads/upload-queue.ts")>()),
  queueUpload: (request: QueueUploadRequest) => {
    if (!uploads.engine) throw new Error("no upload engine");
    return uploads.engine.queue(request);
  },
  resumeUploads: async () => undefined,
  installUploads: () => () => undefined,
}));

// A 1×1 PNG: its first bytes say PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (char) => char.charCodeAt(0));

let server: FakeUploadServer;

beforeEach(() => {
  server = new FakeUploadServer();
  uploads.engine = new UploadEngine({ db: harness.engine.db, http: server, network: new FakeNetwork(), locale: () => "en", backoff: { first: 5, max: 20 } });
});

afterEach(() => {
  uploads.engine?.stop();
  uploads.engine = null;
  vi.unstubAllGlobals();
});

async function openBranding(seeded?: string) {
  const id = seeded ?? (await seedWebcast(harness.engine));
  await renderApp(`/webcasts/${id}/edit?tab=branding`);
  const panel = await screen.findByTestId("webcast-panel-branding");
  await waitFor(() => expect(panel.querySelector("form")).not.toBeNull());
  return { id, panel };
}

async function choose(name: string, file: File) {
  await act(async () => {
    fireEvent.change(input(name), { target: { files: [file] } });
  });
}

describe("branding images", () => {
  it("says offline that uploads need a connection", async () => {
    const { panel } = await openBranding();
    expect(within(panel).getByText("You are offline. Uploading or removing images needs a connection.")).toBeTruthy();
    expect(screen.getByTestId("branding-upload").hasAttribute("disabled")).toBe(true);
  });

  it("checks a picked image, sends it through the upload path with its progress, then shows the server's image", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    const url = `/api/webcasts/${id}/branding/image-abcdefghijklmnopqrstuvwxyz`;
    const routes = fakeServer({
      [`POST /api/webcasts/${id}/branding`]: () => json({ data: { uid: id, updated_at: "2999-01-01T00:00:00.000Z", logo_url: url, cover_url: null, banner_url: null } }),
    });
    const { panel } = await openBranding(id);
    const logo = within(panel).getByTestId("branding-logo");

    await choose("logo", new File(["x"], "logo.svg", { type: "image/svg+xml" }));
    expect(within(logo).getByTestId("field-errors").textContent).toMatch(/image/i);
    expect(screen.getByTestId("branding-upload").hasAttribute("disabled")).toBe(true);

    await choose("logo", new File([PNG], "logo.png", { type: "image/png" }));
    expect(within(logo).queryByTestId("field-errors")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId("branding-upload"));
    });

    // The upload of kind branding for the webcast, listed with its progress while it goes.
    await waitFor(() => expect(routes.callsTo(`POST /api/webcasts/${id}/branding`)).toHaveLength(1));
    const [started] = server.requests.filter((request) => request.method === "POST" && request.path === "/api/uploads");
    expect(started?.body).toMatchObject({ kind: "branding", target_id: id, webcast_id: id, file_name: "logo.png", size: PNG.length });
    const [upload] = [...server.uploads.values()];
    expect(upload?.answer.status).toBe("completed");
    expect(routes.callsTo(`POST /api/webcasts/${id}/branding`)[0]?.body).toEqual({ logo_upload_id: upload?.answer.id });
    await waitFor(() => expect(within(screen.getByTestId("branding-logo")).getByRole("img").getAttribute("src")).toBe(url));
    const listed = within(screen.getByTestId("uploads-list"));
    expect(listed.getByText("logo.png")).toBeTruthy();
    await waitFor(() => expect(listed.getByTestId("upload").textContent).toContain("Uploaded"));
  }, 15_000);

  it("refuses a file whose bytes are no image before any request", async () => {
    harness.setOnline(true);
    fakeServer({});
    const { panel } = await openBranding();
    await choose("banner", new File(["%PDF-1.7 not an image"], "banner.png", { type: "image/png" }));
    await act(async () => {
      fireEvent.click(screen.getByTestId("branding-upload"));
    });
    await waitFor(() => expect(within(within(panel).getByTestId("branding-banner")).getByTestId("field-errors").textContent).toBe("This file is not a JPEG, PNG, GIF, WebP or AVIF image."));
    expect(server.requests).toEqual([]);
    expect(screen.queryByTestId("uploads-list")).toBeNull();
  });
});
