import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { session } from "../session/store.ts";
import { pulledResource } from "../webcasts/content-parts-test-support.ts";
import { FakeXhr, fieldErrors, input, offlineReplica, queued, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The resources of the content tab, offline on a real Dexie replica (changes queued), and the online file upload. */
const harness = offlineReplica();

beforeEach(() => {
  confirmState.queue.splice(0);
});
afterEach(() => {
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
    expect(within(section).getByText("No resources.")).toBeTruthy();
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

  it("says offline that a file needs a connection", async () => {
    const { section } = await openResources();
    expect(within(section).getByTestId("resource-add-file").hasAttribute("disabled")).toBe(true);
    expect(within(section).getByTestId("resource-file-offline").textContent).toMatch("adding one needs a connection");
  });

  it("refuses a file over 5 GB before sending, then uploads the fields first and the file last, with progress", async () => {
    harness.setOnline(true);
    fakeServer({});
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { id, section } = await openResources();
    fireEvent.click(within(section).getByTestId("resource-add-file"));
    type("resource_title", "Slides");
    type("resource_description", "The deck");

    const huge = new File(["x"], "huge.mp4", { type: "video/mp4" });
    Object.defineProperty(huge, "size", { value: 6 * 1024 ** 3 });
    fireEvent.change(input("resource_file"), { target: { files: [huge] } });
    expect(fieldErrors("resource_file")).toBe("The file may not be larger than 5 GB.");
    expect(within(section).getByTestId("resource-save").hasAttribute("disabled")).toBe(true);

    fireEvent.change(input("resource_file"), { target: { files: [new File(["%PDF"], "slides.pdf", { type: "application/pdf" })] } });
    expect(fieldErrors("resource_file")).toBe("");
    fireEvent.click(within(section).getByTestId("resource-save"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0] as FakeXhr;
    expect(request.url).toBe(`/api/webcasts/${id}/resources`);
    expect([...(request.body?.keys() ?? [])]).toEqual(["kind", "title", "description", "language", "file"]);
    expect(Object.fromEntries([...(request.body?.entries() ?? [])].slice(0, 4))).toEqual({ kind: "file", title: "Slides", description: "The deck", language: "" });
    expect((request.body?.get("file") as File).name).toBe("slides.pdf");

    act(() => request.progress(3, 4));
    expect((screen.getByTestId("resource-progress") as HTMLProgressElement).value).toBe(0.75);
    // A refusal of the server lands on its field.
    await act(async () => request.respond(422, { message: "Some fields of the resource are invalid.", code: "validation_failed", errors: { title: ["This field may not be longer than 255 characters."] }, requestId: "r" }));
    expect(fieldErrors("resource_title")).toBe("This field may not be longer than 255 characters.");
    expect(screen.queryByTestId("resource-progress")).toBeNull();

    fireEvent.click(within(section).getByTestId("resource-save"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    await act(async () => (FakeXhr.sent[1] as FakeXhr).respond(201, { data: { id: "r1", webcast_id: id, title: "Slides", kind: "file" } }));
    await screen.findByText("The file was uploaded. It appears in the list with the next sync.");
    expect(within(section).queryByTestId("resource-editor")).toBeNull();
    expect(await queued(harness.engine, "createResource")).toEqual([]);
  });

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
