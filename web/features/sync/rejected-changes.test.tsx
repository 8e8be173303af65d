import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../test/render.tsx";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import { RejectedChanges } from "./rejected-changes.tsx";

const harness = offlineReplica();

describe("rejected changes", () => {
  it("names a refused change to a webcast's part and opens the tab where it is done", async () => {
    const uid = await seedWebcast(harness.engine, "Town hall");
    const now = new Date().toISOString();
    await harness.engine.db.rejected.add({
      mutation_id: "0194c4a0-0000-7000-8000-00000000a001",
      mutation: { id: "0194c4a0-0000-7000-8000-00000000a001", name: "addSegment", args: { id: "0194c4a0-0000-7000-8000-00000000a002", webcast_id: uid, name: "VIP", now }, client_time: now },
      error: { code: "validation_failed", message: "A segment with this name already exists in this webcast." },
      rejected_at: now,
    });
    await renderInRouter(<RejectedChanges />);
    const item = await screen.findByTestId("rejected-change");
    expect(item.textContent).toMatch("A change to a webcast's segments");
    expect(item.textContent).toMatch("A segment with this name already exists in this webcast.");
    expect(within(item).getByRole("link", { name: "Fix" }).getAttribute("href")).toBe(`/webcasts/${uid}/edit?tab=access`);
  });
});

describe("rejected changes of the video library", () => {
  const now = new Date().toISOString();
  const reject = (n: number, name: string, args: Record<string, unknown>, message: string) =>
    harness.engine.db.rejected.add({
      mutation_id: `0194c4a0-0000-7000-8000-00000000b00${n}`,
      mutation: { id: `0194c4a0-0000-7000-8000-00000000b00${n}`, name, args, client_time: now },
      error: { code: "validation_failed", message },
      rejected_at: now,
    });

  it("opens a premiere's tab for its playlist, the library for a video; a refused deletion is only dismissed", async () => {
    const uid = await seedWebcast(harness.engine, "Studio tour");
    await reject(1, "setPremiereVideos", { webcast_id: uid, videos: [], now }, "This webcast is not a premiere: it plays no videos.");
    await reject(2, "createMedia", { id: "0194c4a0-0000-7000-8000-00000000c001", organization_id: 1, title: "Teaser", now }, "Video content is not enabled for this organization.");
    await reject(3, "updateMedia", { id: "0194c4a0-0000-7000-8000-00000000c002", title: "", now }, "Some fields of the video are invalid.");
    await reject(4, "deleteMedia", { id: "0194c4a0-0000-7000-8000-00000000c003" }, "This video is used by a webcast that is live: delete it once the webcast is over.");
    await renderInRouter(<RejectedChanges />);
    await waitFor(() => expect(screen.getAllByTestId("rejected-change")).toHaveLength(4));
    const [playlist, created, updated, deleted] = screen.getAllByTestId("rejected-change") as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(playlist.textContent).toMatch("A change to a premiere's videos");
    expect(within(playlist).getByRole("link", { name: "Fix" }).getAttribute("href")).toBe(`/webcasts/${uid}/edit?tab=premiere-videos`);
    expect(created.textContent).toMatch("New video “Teaser”");
    expect(within(created).getByRole("link", { name: "Fix" }).getAttribute("href")).toBe("/media");
    expect(updated.textContent).toMatch("Changes to a video");
    expect(within(updated).getByRole("link", { name: "Fix" }).getAttribute("href")).toBe("/media");
    expect(deleted.textContent).toMatch("Deletion of a video");
    expect(deleted.textContent).toMatch("This video is used by a webcast that is live");
    expect(within(deleted).queryByRole("link")).toBeNull();
    expect(within(deleted).getByRole("button", { name: "Dismiss" })).toBeTruthy();
  });
});
