import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { session } from "../session/store.ts";
import { pulledResource } from "../webcasts/content-parts-test-support.ts";
import { stubUploadNetwork } from "../media/upload-network-testing.ts";
import { FakeUploadServer } from "../uploads/testing.ts";
import { stopUploads } from "../uploads/upload-queue.ts";
import { fieldErrors, input, offlineReplica, queued, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The resources of the content tab, offline on a real Dexie replica (changes queued), and files through the upload client. */
const harness = offlineReplica();

beforeEach(() => {
  confirmState.queue.splice(0);
});
afterEach(() => {
  stopUploads();
  vi.unstubAllGlobals();
});

async function openResources(setup: (id: string) => Promise<unknown> = async () => undefined) {
  const id = await seedWebcast(harness.engine);
  await setup(id);
  await renderApp(`/webcasts/${id}/edit?tab=content`);
  const panel = await screen.findByTestId("webcast-panel-content");
  const section = await within(panel).findByTestId("resources-section");
  return { id, section };
}

const resourceRows = () => screen.queryAllByTestId("resource-row");
const titles = () => resourceRows().map((row) => row.querySelector("strong")?.textContent);


describe("webcast resources", () => {
  it("adds a link through createResource, the mutator's field errors on their fields", async () => {
    const { id, section } = await openResources();
    // The list's live query may still be loading when the section shows.
    expect(await within(section).findByText("No resources.")).toBeTruthy();
    fireEvent.click(within(section).getByTestId("resource-add-link"));
    type("resource_url", "agenda.pdf");
    fireEvent.click(within(section).getByTestId("resource-save"));
    await within(section).findByText("Some fields of the resource are invalid.");
    expect(fieldErrors("resource_title")).toBe("This field is required");
    expect(fieldErrors("resource_url")).toBe("This field must be a valid URL.");
    expect(await queued(harness.engine, "createResource")).toEqual([]);

    type("resource_title", "Agenda");
    type("resource_url", "https://example.com/agenda");
    type("resource_language", "fr");
    expect(fieldErrors("resource_url")).toBe("");
    fireEvent.click(within(section).getByTestId("resource-save"));
    await waitFor(() => expect(resourceRows()).toHaveLength(1));
    expect(await queued(harness.engine, "createResource")).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), organization_id: 1, webcast_id: id, kind: "link", title: "Agenda", description: "", language: "fr", url: "https://example.com/agenda", visible: true, now: expect.any(String) },
    ]);
    const row = resourceRows()[0] as HTMLElement;
    expect(row.textContent).toMatch("Not synced yet");
    expect(within(row).getByRole("link", { name: "https://example.com/agenda" }).getAttribute("rel")).toBe("noopener noreferrer");

    fireEvent.click(await within(section).findByTestId("resource-add-email"));
    type("resource_title", "Support");
    type("resource_url", "help@demo.test");
    fireEvent.click(within(section).getByTestId("resource-save"));
    await waitFor(() => expect(resourceRows()).toHaveLength(2));
    expect((await queued(harness.engine, "createResource"))[1]).toMatchObject({ kind: "email", url: "help@demo.test", language: null });
  });

  it("shows and hides, reorders, edits and deletes through their mutators", async () => {
    let ids: string[] = [];
    const { id } = await openResources(async (webcastId) => {
      const agenda = await pulledResource(harness.engine, webcastId, { title: "Agenda", position: 0 });
      const slides = await pulledResource(harness.engine, webcastId, { title: "Slides", kind: "file", url: null, file_key: "k", file_name: "slides.pdf", position: 1 });
      ids = [agenda.id, slides.id];
    });
    await waitFor(() => expect(titles()).toEqual(["Agenda", "Slides"]));
    expect(within(resourceRows()[1] as HTMLElement).getByTestId("resource-download").getAttribute("href")).toBe(`/api/resources/${ids[1]}/download`);

    fireEvent.click(within(resourceRows()[0] as HTMLElement).getByTestId("resource-visible"));
    await waitFor(async () => expect(await queued(harness.engine, "setResourcesVisibility")).toHaveLength(1));
    expect(await queued(harness.engine, "setResourcesVisibility")).toEqual([{ organization_id: 1, webcast_id: id, resources: [{ id: ids[0], visible: false }], now: expect.any(String) }]);
    await waitFor(() => expect((within(resourceRows()[0] as HTMLElement).getByTestId("resource-visible") as HTMLInputElement).checked).toBe(false));

    await waitFor(() => expect(screen.getAllByTestId("resource-down")[0]?.hasAttribute("disabled")).toBe(false));
    fireEvent.click(screen.getAllByTestId("resource-down")[0] as HTMLElement);
    await waitFor(() => expect(titles()).toEqual(["Slides", "Agenda"]));
    expect(await queued(harness.engine, "reorderResources")).toEqual([{ organization_id: 1, webcast_id: id, ids: [ids[1], ids[0]], now: expect.any(String) }]);

    await waitFor(() => expect(screen.getAllByTestId("resource-edit")[1]?.hasAttribute("disabled")).toBe(false));
    fireEvent.click(screen.getAllByTestId("resource-edit")[1] as HTMLElement);
    type("resource_title", "Programme");
    type("resource_language", "en");
    fireEvent.click(screen.getByTestId("resource-save"));
    await waitFor(() => expect(titles()).toEqual(["Slides", "Programme"]));
    expect(await queued(harness.engine, "updateResource")).toEqual([{ id: ids[0], title: "Programme", language: "en", now: expect.any(String) }]);

    fireEvent.click(screen.getAllByTestId("resource-delete")[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("“Slides”");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(titles()).toEqual(["Programme"]));
    expect(await queued(harness.engine, "deleteResource")).toEqual([{ id: ids[1] }]);
  });

  it("refuses a file over 5 GB when chosen, before any request or anything stored", async () => {
    const server = new FakeUploadServer();
    const network = stubUploadNetwork(server);
    const { section } = await openResources();
    fireEvent.click(within(section).getByTestId("resource-add-file"));
    type("resource_title", "Recording");
    const huge = new File(["x"], "huge.mp4", { type: "video/mp4" });
    Object.defineProperty(huge, "size", { value: 6 * 1024 ** 3 });
    fireEvent.change(input("resource_file"), { target: { files: [huge] } });
    expect(fieldErrors("resource_file")).toBe("The file may not be larger than 5 GB.");
    expect(within(section).getByTestId("resource-save").hasAttribute("disabled")).toBe(true);
    expect(server.requests).toEqual([]);
    expect(network.calls).toEqual([]);
    expect(await harness.engine.db.uploads.count()).toBe(0);
  });

  it("queues a file offline (the editor says it waits), then uploads it and makes the resource through its finishing step", async () => {
    const server = new FakeUploadServer();
    let resourceId = "";
    const network = stubUploadNetwork(server, {
      "POST /api/webcasts/*": ({ body }) => ({ status: 201, body: { data: { ...(body as object), webcast_id: "w", file_name: "slides.pdf", file_url: null, url: null, visible: true, position: 0 } } }),
    });
    const { id, section } = await openResources();
    // Offline: adding a file is offered all the same.
    fireEvent.click(within(section).getByTestId("resource-add-file"));
    type("resource_title", "Slides");
    type("resource_description", "The deck");
    // The resource's own rules first: no title, no upload.
    type("resource_title", "");
    fireEvent.change(input("resource_file"), { target: { files: [new File(["%PDF-1.4 deck"], "slides.pdf", { type: "application/pdf" })] } });
    fireEvent.click(within(section).getByTestId("resource-save"));
    await waitFor(() => expect(fieldErrors("resource_title")).toBe("This field is required"));
    expect(await harness.engine.db.uploads.count()).toBe(0);

    type("resource_title", "Slides");
    expect(within(section).getByText(/You are offline: the file will be uploaded when you are back online/)).toBeTruthy();
    fireEvent.click(within(section).getByTestId("resource-save"));
    const progress = await within(section).findByTestId("upload", {}, { timeout: 5_000 });
    await waitFor(() => expect(progress.textContent).toMatch("Waiting for the network"), { timeout: 5_000 });
    const [stored] = await harness.engine.db.uploads.toArray();
    resourceId = String(stored?.finish.args.id);
    expect(stored).toMatchObject({ kind: "resource", webcast_id: id, target_id: resourceId, file_name: "slides.pdf", status: "queued" });
    expect(stored?.finish).toEqual({ type: "resource.create", args: { uid: id, id: resourceId, title: "Slides", description: "The deck", language: null } });
    expect(server.requests).toEqual([]);
    expect(within(section).getByTestId("resource-save").textContent).toBe("Uploading…");

    // Back online: the file goes up in parts, then the step posts the resource as JSON, once.
    harness.setOnline(true);
    await screen.findByText("The file was uploaded. It appears in the list with the next sync.", {}, { timeout: 10_000 });
    await waitFor(() => expect(within(section).queryByTestId("resource-editor")).toBeNull());
    const serverUpload = [...server.uploads.values()][0]?.answer;
    expect(serverUpload).toMatchObject({ kind: "resource", target_id: resourceId, webcast_id: id, status: "completed" });
    expect(network.callsTo(`POST /api/webcasts/${id}/resources`).map((call) => call.body)).toEqual([
      { kind: "file", id: resourceId, title: "Slides", description: "The deck", language: null, upload_id: serverUpload?.id },
    ]);
    expect(await queued(harness.engine, "createResource")).toEqual([]);
    // The ended upload is let go.
    await waitFor(async () => expect(await harness.engine.db.uploads.count()).toBe(0));
  }, 30_000);

  it("fails the upload with the server's refusal of the resource, and lets the form send again", async () => {
    harness.setOnline(true);
    const server = new FakeUploadServer();
    stubUploadNetwork(server, {
      "POST /api/webcasts/*": () => ({ status: 422, body: { message: "Some fields of the resource are invalid.", code: "validation_failed", errors: { title: ["This field may not be longer than 255 characters."] }, requestId: "r" } }),
    });
    const { section } = await openResources();
    fireEvent.click(within(section).getByTestId("resource-add-file"));
    type("resource_title", "Slides");
    fireEvent.change(input("resource_file"), { target: { files: [new File(["%PDF-1.4 deck"], "slides.pdf", { type: "application/pdf" })] } });
    fireEvent.click(within(section).getByTestId("resource-save"));
    const progress = await within(section).findByTestId("upload", {}, { timeout: 5_000 });
    await waitFor(() => expect(progress.getAttribute("data-state")).toBe("failed"), { timeout: 10_000 });
    expect(progress.textContent).toMatch("This field may not be longer than 255 characters.");
    expect(within(section).getByTestId("resource-save").hasAttribute("disabled")).toBe(false);
    expect(within(section).getByTestId("resource-save").textContent).toBe("Upload the file");
  }, 30_000);

  it("is read-only without webcasts.update", async () => {
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    const { section } = await openResources(async (webcastId) => pulledResource(harness.engine, webcastId, { visible: false }));
    await waitFor(() => expect(resourceRows()).toHaveLength(1));
    expect(within(section).getByTestId("resource-visibility").textContent).toBe("Hidden");
    expect(within(section).queryByTestId("resource-visible")).toBeNull();
    expect(within(section).queryByTestId("resource-edit")).toBeNull();
    expect(within(section).queryByTestId("resource-add-link")).toBeNull();
  });
});
