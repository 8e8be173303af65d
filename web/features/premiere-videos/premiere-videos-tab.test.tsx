import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { SyncEngine } from "../../local/sync-engine.ts";
import { renderApp } from "../../test/render-app.tsx";
import { libraryReplica, pulledMedia } from "../media/library-testing.ts";
import { queued, seedWebcast } from "../webcasts/test-support.tsx";

// Whole-app renders on a real IndexedDB: slow on a busy machine (a first, cold run took over
// 5 s for one step). web/test/setup.ts sets the default again before the next file.
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 12_000 });

/** The premiere videos tab, offline on a real Dexie replica: every change queues setPremiereVideos. */
const harness = libraryReplica();

const stamp = "2026-11-20T10:00:00.000Z";

async function premiere(engine: SyncEngine, isPremiere = true): Promise<string> {
  const uid = await seedWebcast(engine, "Studio tour");
  await engine.db.view_webcasts.update(uid, { is_premiere: isPremiere });
  return uid;
}

async function listed(engine: SyncEngine, webcastId: string, mediaId: string, position: number): Promise<string> {
  const id = uuidv7();
  await engine.db.view_premiere_videos.put({ id, organization_id: 1, webcast_id: webcastId, media_id: mediaId, position, created_at: stamp, updated_at: stamp });
  return id;
}

const entryTitles = () => screen.queryAllByTestId("premiere-entry").map((entry) => entry.querySelector(".premiere-list__title")?.textContent?.replace(/^\d+\.\s*/, ""));

async function openTab(uid: string) {
  await renderApp(`/webcasts/${uid}/edit?tab=premiere-videos`);
  return screen.findByTestId("premiere-videos");
}

// Whole-app renders: slow on a loaded 2-core machine (5.8 s seen under the full suite).
describe("premiere videos tab", { timeout: 30_000 }, () => {
  it("is only there for a premiere webcast", async () => {
    const uid = await premiere(harness.engine, false);
    await renderApp(`/webcasts/${uid}/edit?tab=premiere-videos`);
    await screen.findByTestId("webcast-panel-details");
    expect(screen.queryByTestId("webcast-tab-premiere-videos")).toBeNull();
    expect(screen.queryByTestId("premiere-videos")).toBeNull();
  });

  it("adds a processed video of the library through the picker, searched by title", async () => {
    const uid = await premiere(harness.engine);
    const tour = await pulledMedia(harness.engine, { title: "Studio tour", duration: 125 });
    await pulledMedia(harness.engine, { title: "Crew interview", description: "Behind the desk" });
    await pulledMedia(harness.engine, { title: "Still processing", status: "processing", duration: null });
    const tab = await openTab(uid);
    // The playlist's live query may still be loading when the tab first shows.
    expect((await within(tab).findByTestId("empty-state")).textContent).toBe("No videos in the playlist yet.");
    expect(within(tab).getByTestId("premiere-upload-link").getAttribute("href")).toBe("/media");
    expect(within(tab).getByText(/Playing them during the premiere comes in a later version/)).toBeTruthy();

    // The button waits for the library's live query too.
    await waitFor(() => expect((within(tab).getByTestId("premiere-add") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(tab).getByTestId("premiere-add"));
    const picker = await screen.findByTestId("media-picker");
    expect(within(picker).getAllByTestId("media-picker-item").map((item) => item.querySelector("strong")?.textContent)).toEqual(["Crew interview", "Studio tour"]);
    fireEvent.change(within(picker).getByTestId("media-picker-search"), { target: { value: "studio" } });
    expect(within(picker).getAllByTestId("media-picker-item")).toHaveLength(1);
    fireEvent.click(within(picker).getByRole("button", { name: "Add “Studio tour”" }));

    await waitFor(() => expect(entryTitles()).toEqual(["Studio tour"]));
    expect(screen.queryByTestId("media-picker")).toBeNull();
    expect(await queued(harness.engine, "setPremiereVideos")).toEqual([{ webcast_id: uid, videos: [{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), media_id: tour.id }], now: expect.any(String) }]);
    expect(screen.getByTestId("premiere-entry").textContent).toMatch("0:02:05");

    // A video already listed is not offered again (the button waits for the playlist's live query again).
    await waitFor(() => expect((within(tab).getByTestId("premiere-add") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(tab).getByTestId("premiere-add"));
    const again = await screen.findByTestId("media-picker");
    expect(within(again).getAllByTestId("media-picker-item").map((item) => item.querySelector("strong")?.textContent)).toEqual(["Crew interview"]);
  });

  it("reorders and removes, each time the whole playlist through setPremiereVideos", async () => {
    const uid = await premiere(harness.engine);
    const [a, b, c] = [await pulledMedia(harness.engine, { title: "Opening" }), await pulledMedia(harness.engine, { title: "Keynote" }), await pulledMedia(harness.engine, { title: "Closing" })];
    const ids = [await listed(harness.engine, uid, a.id, 0), await listed(harness.engine, uid, b.id, 1), await listed(harness.engine, uid, c.id, 2)];
    await openTab(uid);
    await waitFor(() => expect(entryTitles()).toEqual(["Opening", "Keynote", "Closing"]));

    fireEvent.click(screen.getByRole("button", { name: "Move “Opening” down" }));
    await waitFor(() => expect(entryTitles()).toEqual(["Keynote", "Opening", "Closing"]));
    expect((await queued(harness.engine, "setPremiereVideos"))[0]).toEqual({
      webcast_id: uid,
      videos: [
        { id: ids[1], media_id: b.id },
        { id: ids[0], media_id: a.id },
        { id: ids[2], media_id: c.id },
      ],
      now: expect.any(String),
    });
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Move “Opening” down"));

    // Alt + ↑ on a row moves it up.
    fireEvent.keyDown(screen.getAllByTestId("premiere-entry")[2] as HTMLElement, { key: "ArrowUp", altKey: true });
    await waitFor(() => expect(entryTitles()).toEqual(["Keynote", "Closing", "Opening"]));

    fireEvent.click(screen.getByRole("button", { name: "Remove “Keynote” from the playlist" }));
    await waitFor(() => expect(entryTitles()).toEqual(["Closing", "Opening"]));
    const changes = await queued(harness.engine, "setPremiereVideos");
    expect(changes).toHaveLength(3);
    expect(changes[2]).toEqual({ webcast_id: uid, videos: [{ id: ids[2], media_id: c.id }, { id: ids[0], media_id: a.id }], now: expect.any(String) });
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Remove “Closing” from the playlist"));
  });
});
