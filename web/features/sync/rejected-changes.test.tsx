import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../test/render.tsx";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import { RejectedChanges } from "./rejected-changes.tsx";
import { viewerRow } from "../../../domain/viewers/testing.ts";

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

describe("rejected changes of a webcast's viewers", () => {
  const now = new Date().toISOString();
  const reject = (n: number, name: string, args: Record<string, unknown>, message: string) =>
    harness.engine.db.rejected.add({
      mutation_id: `0194c4a0-0000-7000-8000-00000000d00${n}`,
      mutation: { id: `0194c4a0-0000-7000-8000-00000000d00${n}`, name, args, client_time: now },
      error: { code: "validation_failed", message },
      rejected_at: now,
    });

  it("names the webcast (from the arguments or the viewer's row) and opens its viewers tab; a refused deletion is only dismissed", async () => {
    const uid = await seedWebcast(harness.engine, "Annual meeting");
    const viewerId = "0194c4a0-0000-7000-8000-00000000e001";
    // updateViewer names the viewer only: its webcast is the row's.
    await harness.engine.db.view_viewers.put(viewerRow({ id: viewerId, webcast_id: uid, name: "Ann Attendee", email: "ann@demo.test", created_at: now }));
    await reject(1, "createViewer", { id: "0194c4a0-0000-7000-8000-00000000e002", webcast_id: uid, name: "Zed", email: "ann@demo.test", now }, "Some fields of the viewer are invalid.");
    await reject(2, "updateViewer", { id: viewerId, vote_weight: 0, now }, "Some fields of the viewer are invalid.");
    await reject(3, "deleteViewers", { webcast_id: uid, ids: [viewerId, "0194c4a0-0000-7000-8000-00000000e003"] }, "Some fields of the viewer are invalid.");
    await renderInRouter(<RejectedChanges />);
    await waitFor(() => expect(screen.getAllByTestId("rejected-change")).toHaveLength(3));
    // The webcast's title comes once the live query has read the rows.
    await waitFor(() => expect(screen.getAllByTestId("rejected-change")[0]?.textContent).toMatch("“Annual meeting”"));
    const [created, updated, deleted] = screen.getAllByTestId("rejected-change") as [HTMLElement, HTMLElement, HTMLElement];
    expect(created.textContent).toMatch("New viewer of the webcast “Annual meeting”");
    expect(within(created).getByRole("link", { name: "Fix" }).getAttribute("href")).toBe(`/webcasts/${uid}/edit?tab=viewers`);
    expect(updated.textContent).toMatch("Changes to a viewer of the webcast “Annual meeting”");
    expect(within(updated).getByRole("link", { name: "Fix" }).getAttribute("href")).toBe(`/webcasts/${uid}/edit?tab=viewers`);
    expect(deleted.textContent).toMatch("Deletion of 2 viewers of the webcast “Annual meeting”");
    expect(within(deleted).queryByRole("link")).toBeNull();
    expect(within(deleted).getByRole("button", { name: "Dismiss" })).toBeTruthy();
  });

  it("without the webcast on this device, names the kind only and offers no Fix", async () => {
    const gone = "0194c4a0-0000-7000-8000-00000000e0ff";
    await reject(4, "createViewer", { id: "0194c4a0-0000-7000-8000-00000000e004", webcast_id: gone, name: "Zed", email: "zed@demo.test", now }, "This webcast no longer exists.");
    await reject(5, "updateViewer", { id: "0194c4a0-0000-7000-8000-00000000e005", name: "Zed", now }, "This viewer no longer exists.");
    await reject(6, "deleteViewers", { webcast_id: gone, ids: ["0194c4a0-0000-7000-8000-00000000e006"] }, "This webcast no longer exists.");
    await renderInRouter(<RejectedChanges />);
    await waitFor(() => expect(screen.getAllByTestId("rejected-change")).toHaveLength(3));
    const [created, updated, deleted] = screen.getAllByTestId("rejected-change") as [HTMLElement, HTMLElement, HTMLElement];
    const what = (item: HTMLElement) => item.querySelector(".rejected-changes__what")?.textContent;
    expect([what(created), what(updated), what(deleted)]).toEqual(["New viewer", "Changes to a viewer", "Deletion of a viewer"]);
    for (const item of [created, updated, deleted]) {
      expect(within(item).queryByRole("link")).toBeNull();
      expect(within(item).getByRole("button", { name: "Dismiss" })).toBeTruthy();
    }
  });
});
