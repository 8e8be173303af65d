import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { videoFile } from "../uploads/testing.ts";
import { queued } from "../webcasts/test-support.tsx";
import { libraryReplica, pulledMedia } from "./library-testing.ts";

// Reading a real poster frame needs a browser's decoders: the facts are given here.
vi.mock("./video-probe.ts", () => ({ readVideoFacts: async () => ({ duration: 12, poster: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" }), not_decodable: false }) }));

// Whole-app renders on a real IndexedDB: slow on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

/** /media on a real Dexie replica, offline (changes queued), as an organizer holding media.manage. */
const harness = libraryReplica();

const cards = () => screen.queryAllByTestId("media-card");
const titles = () => cards().map((card) => card.querySelector("h2")?.textContent);

async function openLibrary() {
  await renderApp("/media");
  return screen.findByTestId("media-page");
}

describe("video library", () => {
  it("lists the organization's videos newest first, with their length, state, failure and loops, and searches them", async () => {
    await pulledMedia(harness.engine, { title: "Welcome loop", description: "Plays before the show", duration: 3725.4, pre_webcast_loop: true, loop_mode: "once", created_at: "2026-11-01T10:00:00.000Z" });
    await pulledMedia(harness.engine, { title: "Broken export", status: "failed", failure_reason: "not_decodable", duration: null, created_at: "2026-11-03T10:00:00.000Z" });
    await pulledMedia(harness.engine, { title: "Keynote", status: "created", duration: null, file_key: null, created_at: "2026-11-02T10:00:00.000Z" });
    await pulledMedia(harness.engine, { title: "Elsewhere", organization_id: 2 });
    await openLibrary();
    await waitFor(() => expect(titles()).toEqual(["Broken export", "Keynote", "Welcome loop"]));

    const [broken, keynote, welcome] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(broken).getByTestId("media-status").textContent).toBe("Failed");
    expect(within(broken).getByTestId("media-failure").textContent).toBe("Browsers cannot play this video: export it as MP4 (H.264) and upload it again.");
    expect(within(keynote).getByTestId("media-status").textContent).toBe("Waiting for its file");
    expect(within(welcome).getByTestId("media-status").textContent).toBe("Ready");
    expect(within(welcome).getByTestId("media-duration").textContent).toBe("1:02:05");
    expect(within(welcome).getByTestId("media-duration").getAttribute("datetime")).toBe("PT1H2M5S");
    expect(within(welcome).getByTestId("media-pre-loop").textContent).toBe("Pre-webcast loop · Once");
    expect(within(welcome).queryByTestId("media-post-loop")).toBeNull();
    // Offline: no signed URL, a placeholder instead of the poster, and no preview.
    expect(within(welcome).getByTestId("media-poster-placeholder")).toBeTruthy();
    expect(within(welcome).queryByTestId("media-preview")).toBeNull();
    expect(within(welcome).getByRole("button", { name: "Edit Welcome loop" })).toBeTruthy();

    fireEvent.change(screen.getByTestId("media-search"), { target: { value: "before THE show" } });
    expect(titles()).toEqual(["Welcome loop"]);
    fireEvent.change(screen.getByTestId("media-search"), { target: { value: "nothing like it" } });
    expect(screen.getByTestId("empty-state").textContent).toBe("No video matches “nothing like it”.");
  });

  it("says when the library is empty", async () => {
    await openLibrary();
    expect((await screen.findByTestId("empty-state")).textContent).toMatch("No videos yet.");
    expect(screen.getByTestId("media-add")).toBeTruthy();
  });

  it("explains that video content is off for the organization, without offering to add", async () => {
    const features = { allow_video_content: false };
    await harness.engine.db.view_organizations.put({ id: "1", organization_id: 1, name: "Demo Events", deactivated_at: null, self_serve: false, limits: {}, features });
    await pulledMedia(harness.engine);
    await openLibrary();
    const disabled = await screen.findByTestId("media-disabled");
    expect(disabled.textContent).toMatch("Video content is not enabled for Demo Events.");
    expect(screen.queryByTestId("media-add")).toBeNull();
    expect(cards()).toEqual([]);
  });

  it("edits a video offline: only the changed fields are queued through updateMedia", async () => {
    const video = await pulledMedia(harness.engine, { title: "Intro", description: "Old" });
    await openLibrary();
    fireEvent.click(await screen.findByTestId("media-edit"));
    const dialog = await screen.findByTestId("media-editor");
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Title"));
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByTestId("media-save"));
    await within(dialog).findByText("Some fields of the video are invalid.");
    expect(within(dialog).getByTestId("field-errors").textContent).toBe("This field is required");
    expect(await queued(harness.engine, "updateMedia")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Opening" } });
    fireEvent.click(within(dialog).getByRole("switch", { name: "Post-webcast loop" }));
    fireEvent.change(within(dialog).getByLabelText("As a loop, it plays"), { target: { value: "once" } });
    fireEvent.click(within(dialog).getByTestId("media-save"));
    await waitFor(() => expect(screen.queryByTestId("media-editor")).toBeNull());
    expect(await queued(harness.engine, "updateMedia")).toEqual([{ id: video.id, title: "Opening", post_webcast_loop: true, loop_mode: "once", now: expect.any(String) }]);
    await waitFor(() => expect(titles()).toEqual(["Opening"]));
    expect(screen.getByTestId("media-post-loop").textContent).toBe("Post-webcast loop · Once");
    expect(screen.getByTestId("media-pending")).toBeTruthy();
  });

  it("deletes only once confirmed, and shows the refusal of a video a live webcast plays", async () => {
    const kept = await pulledMedia(harness.engine, { title: "Kept" });
    const live = await pulledMedia(harness.engine, { title: "On air", created_at: "2026-11-21T10:00:00.000Z" });
    const webcastId = "0196a0de-0009-7000-8000-000000000000";
    const { seedWebcast } = await import("../webcasts/test-support.tsx");
    const uid = await seedWebcast(harness.engine, "Launch");
    await harness.engine.db.view_webcasts.update(uid, { state: "live", is_premiere: true });
    await harness.engine.db.view_premiere_videos.put({ id: webcastId, organization_id: 1, webcast_id: uid, media_id: live.id, position: 0, created_at: kept.created_at, updated_at: kept.created_at });
    await openLibrary();
    await waitFor(() => expect(titles()).toEqual(["On air", "Kept"]));

    const deleteOf = (title: string) => within(cards().find((card) => card.querySelector("h2")?.textContent === title) as HTMLElement).getByTestId("media-delete");
    fireEvent.click(deleteOf("Kept"));
    let dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("“Kept” and its file will be deleted.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await queued(harness.engine, "deleteMedia")).toEqual([]);

    fireEvent.click(deleteOf("Kept"));
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(titles()).toEqual(["On air"]));
    expect(await queued(harness.engine, "deleteMedia")).toEqual([{ id: kept.id }]);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(deleteOf("On air"));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByTestId("part-refusal")).textContent).toBe("This video is used by a webcast that is live: delete it once the webcast is over.");
    expect(titles()).toEqual(["On air"]);
  });

  it("refuses a 6 GB file before any request or change, with the spec's size message", async () => {
    const server = fakeServer({});
    await openLibrary();
    const huge = new File(["x"], "huge.mp4", { type: "video/mp4" });
    Object.defineProperty(huge, "size", { value: 6 * 1024 ** 3 });
    fireEvent.change(await screen.findByTestId("media-file"), { target: { files: [huge] } });
    expect((await screen.findByTestId("media-file-errors")).textContent).toBe("“huge.mp4” was not added: The file may not be larger than 5 GB.");
    expect(server.calls).toEqual([]);
    expect(await harness.engine.db.outbox.count()).toBe(0);
    expect(await harness.engine.db.uploads.count()).toBe(0);
    expect(cards()).toEqual([]);
  });

  it("adds a video offline: its row through createMedia, its file queued with the step that attaches it", async () => {
    const server = fakeServer({});
    await openLibrary();
    fireEvent.change(await screen.findByTestId("media-file"), { target: { files: [videoFile(5_000, "Town hall.final.mp4")] } });
    await waitFor(() => expect(titles()).toEqual(["Town hall.final"]));
    await waitFor(async () => expect(await harness.engine.db.uploads.count()).toBe(1));
    const [created] = await queued(harness.engine, "createMedia");
    expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), organization_id: 1, title: "Town hall.final", description: null, pre_webcast_loop: false, post_webcast_loop: false, loop_mode: "repeat", now: expect.any(String) });
    const [upload] = await harness.engine.db.uploads.toArray();
    expect(upload).toMatchObject({ kind: "video", organization_id: 1, webcast_id: null, target_id: created?.id, file_name: "Town hall.final.mp4", status: "queued" });
    expect(upload?.finish.type).toBe("media.attach");
    expect(upload?.finish.args).toMatchObject({ media_id: created?.id, not_decodable: false });

    const card = cards()[0] as HTMLElement;
    expect(within(card).getByTestId("media-status").textContent).toBe("Waiting for its file");
    expect(within(card).getByTestId("media-pending")).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId("upload").textContent).toMatch("Waiting for the network"));
    expect(screen.getByTestId("media-announcement").textContent).toBe("“Town hall.final.mp4” was added; its file is being uploaded.");
    expect(server.calls).toEqual([]);
  });
});
