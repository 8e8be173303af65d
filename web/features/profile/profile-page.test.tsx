import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ref } from "valtio";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { LocalDatabase } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { freshUserId } from "../../local/testing.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { resetSession, session } from "../session/store.ts";
import { FakeNetwork, FakeUploadServer } from "../uploads/testing.ts";
import { type QueueUploadRequest, UploadEngine } from "../uploads/upload-engine.ts";

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

const user = profileUser([], { phone: "+1 514 555 0100", company: "Demo Events" });

let server: FakeUploadServer;
let db: LocalDatabase;

beforeEach(() => {
  session.user = user;
  db = new LocalDatabase(freshUserId());
  activeSync.db = ref(db);
  server = new FakeUploadServer();
  uploads.engine = new UploadEngine({ db, http: server, network: new FakeNetwork(), locale: () => "en", backoff: { first: 5, max: 20 } });
});
afterEach(() => {
  uploads.engine?.stop();
  uploads.engine = null;
  activeSync.db = null;
  db.close();
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("profile", () => {
  it("shows the user's fields and saves the changes", async () => {
    const server = fakeServer({
      "PATCH /api/profile": ({ body }) => json({ data: { ...user, ...(typeof body === "object" ? body : {}), name: "Orla Producer", last_name: "Producer" } }),
    });
    await renderApp("/profile");
    expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "organizer@demo.test");
    expect(screen.getByLabelText("Phone")).toHaveProperty("value", "+1 514 555 0100");
    const save = screen.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);

    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "Producer" } });
    fireEvent.change(screen.getByLabelText("Communication language"), { target: { value: "fr" } });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(server.callsTo("PATCH /api/profile")[0]?.body).toEqual({
      first_name: "Orla",
      last_name: "Producer",
      phone: "+1 514 555 0100",
      company: "Demo Events",
      title: "",
      organization: "",
      role: "",
      communication_language: "fr",
    });
    expect(screen.getByTestId("toast").textContent).toBe("Your profile was saved.×");
    expect(session.user?.name).toBe("Orla Producer");
    expect(screen.getByTestId("user-menu-button").textContent).toContain("Orla Producer");
  });

  it("needs a first and last name, and shows server field errors inline", async () => {
    fakeServer({
      "PATCH /api/profile": () => json({ message: "Invalid", code: "validation_failed", errors: { phone: ["The phone number is too long."] }, requestId: "r" }, 422),
    });
    await renderApp("/profile");
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: " " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(screen.getByText("Enter your first name.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Orla" } });
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "1".repeat(60) } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(screen.getByText("The phone number is too long.")).toBeTruthy();
  });

  it("asks before leaving with unsaved changes (SPEC §4)", async () => {
    fakeServer({ "GET /api/health": () => json({ status: "ok", version: "1", d1: true, migrations: { applied: 1, total: 1, pending: [], ok: true } }) });
    const { router } = await renderApp("/profile");
    fireEvent.change(screen.getByLabelText("Company"), { target: { value: "Elsewhere Inc." } });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    });
    const dialog = await screen.findByRole("dialog", { name: "Leave this page?" });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    });
    expect(router.state.location.pathname).toBe("/profile");
    expect(screen.getByLabelText("Company")).toHaveProperty("value", "Elsewhere Inc.");

    await new Promise((resolve) => setTimeout(resolve, 550));
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    });
    await act(async () => {
      fireEvent.click(within(await screen.findByRole("dialog", { name: "Leave this page?" })).getByRole("button", { name: "Leave" }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("refuses a non-image photo before uploading, and previews an image", async () => {
    fakeServer({});
    await renderApp("/profile");
    const input = screen.getByLabelText("Choose a photo");
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(screen.getByText("Choose a JPEG, PNG, GIF, WebP or AVIF image.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upload the photo" }).hasAttribute("disabled")).toBe(true);

    fireEvent.change(input, { target: { files: [new File(["x".repeat(6 * 1024 * 1024)], "big.png", { type: "image/png" })] } });
    expect(screen.getByText("The photo may not be larger than 5 MB.")).toBeTruthy();

    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(["png"], "me.png", { type: "image/png" })] } });
    });
    expect(screen.getByTestId("photo-preview").getAttribute("alt")).toBe("Preview of the new photo");
    expect(screen.getByRole("button", { name: "Upload the photo" }).hasAttribute("disabled")).toBe(false);
  });

  it("sends the photo through the upload path with its progress, then makes it the photo", async () => {
    const photo = "/api/profile/photo/1/abcdefghijklmnopqrstuvwxyz";
    const routes = fakeServer({ "POST /api/profile/photo": () => json({ data: { ...user, photo } }) });
    await renderApp("/profile");
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Choose a photo"), { target: { files: [new File([PNG], "me.png", { type: "image/png" })] } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Upload the photo" }));
    });
    await waitFor(() => expect(routes.callsTo("POST /api/profile/photo")).toHaveLength(1));
    const [started] = server.requests.filter((request) => request.method === "POST" && request.path === "/api/uploads");
    expect(started?.body).toMatchObject({ kind: "photo", file_name: "me.png", size: PNG.length });
    expect(started?.body).not.toHaveProperty("organization_id");
    const [upload] = [...server.uploads.values()];
    expect(routes.callsTo("POST /api/profile/photo")[0]?.body).toEqual({ upload_id: upload?.answer.id });
    await waitFor(() => expect(session.user?.photo).toBe(photo));
    expect(screen.queryByTestId("photo-preview")).toBeNull();
    const listed = within(screen.getByTestId("uploads-list"));
    expect(listed.getByText("me.png")).toBeTruthy();
    await waitFor(() => expect(listed.getByTestId("upload").textContent).toContain("Uploaded"));
    expect(screen.getAllByTestId("toast").some((toast) => toast.textContent?.startsWith("Your photo was updated."))).toBe(true);
  }, 15_000);

  it("refuses a photo whose bytes are no image before any request", async () => {
    fakeServer({});
    await renderApp("/profile");
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Choose a photo"), { target: { files: [new File(["<svg onload='alert(1)'/>"], "me.png", { type: "image/png" })] } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Upload the photo" }));
    });
    await waitFor(() => expect(screen.getByText("This file is not a JPEG, PNG, GIF, WebP or AVIF image.")).toBeTruthy());
    expect(server.requests).toEqual([]);
    expect(screen.queryByTestId("uploads-list")).toBeNull();
  });
});
