import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { pulledSegments } from "../webcasts/parts-test-support.ts";
import { fieldErrors, offlineReplica, queued, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The access tab's segments, offline on a real Dexie replica (changes queued). */
const harness = offlineReplica();

const segmentNames = () => screen.queryAllByTestId("segment-row").map((row) => row.querySelector(".segment-list__name")?.textContent);

async function openSegments(names: readonly string[] = []) {
  const id = await seedWebcast(harness.engine);
  const rows = await pulledSegments(harness.engine, id, names);
  await renderApp(`/webcasts/${id}/edit?tab=access`);
  const section = await screen.findByTestId("segments-section");
  await waitFor(() => expect(segmentNames()).toHaveLength(names.length));
  return { id, rows, section };
}

describe("webcast segments", () => {
  it("adds a segment through addSegment, offline", async () => {
    const { id, section } = await openSegments(["VIP"]);
    expect(within(section).getByTestId("offline-changes-note")).toBeTruthy();
    type("segment_name", "  Press  ");
    fireEvent.click(within(section).getByTestId("segment-add"));
    await waitFor(() => expect(segmentNames()).toEqual(["Press", "VIP"]));
    expect(await queued(harness.engine, "addSegment")).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), organization_id: 1, webcast_id: id, name: "  Press  ", now: expect.any(String) }]);
    await waitFor(() => expect((document.querySelector('[name="segment_name"]') as HTMLInputElement).value).toBe(""));
    expect(screen.getAllByTestId("segment-row")[0]?.textContent).toMatch("Not synced yet");
    expect(screen.getAllByTestId("segment-row")[1]?.textContent).not.toMatch("Not synced yet");
  });

  it("shows the mutator's refusal on the name (a duplicate, whatever its case; a blank name)", async () => {
    const { section } = await openSegments(["VIP"]);
    type("segment_name", " vip ");
    fireEvent.click(within(section).getByTestId("segment-add"));
    await screen.findByText("The segment is invalid.");
    expect(fieldErrors("segment_name")).toBe("A segment with this name already exists in this webcast.");
    expect(await queued(harness.engine, "addSegment")).toEqual([]);

    // Changing the name hides its error; a blank one is refused too.
    type("segment_name", " ");
    expect(fieldErrors("segment_name")).toBe("");
    fireEvent.click(within(section).getByTestId("segment-add"));
    await waitFor(() => expect(fieldErrors("segment_name")).toBe("This field is required"));
    expect(segmentNames()).toEqual(["VIP"]);
  });

  it("removes a segment after confirming, through removeSegment", async () => {
    const { rows, section } = await openSegments(["VIP", "Press"]);
    expect(segmentNames()).toEqual(["Press", "VIP"]);
    fireEvent.click(within(section).getAllByTestId("segment-remove")[1] as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("“VIP”");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 2000 });
    expect(await queued(harness.engine, "removeSegment")).toEqual([]);

    fireEvent.click(within(section).getAllByTestId("segment-remove")[1] as HTMLElement);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(segmentNames()).toEqual(["Press"]));
    expect(await queued(harness.engine, "removeSegment")).toEqual([{ id: rows[0]?.id }]);
  });

  it("is read-only without webcasts.update", async () => {
    const id = await seedWebcast(harness.engine);
    await pulledSegments(harness.engine, id, ["VIP"]);
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    await renderApp(`/webcasts/${id}/edit?tab=access`);
    const section = await screen.findByTestId("segments-section");
    await waitFor(() => expect(segmentNames()).toEqual(["VIP"]));
    expect(within(section).queryByTestId("segment-remove")).toBeNull();
    expect(within(section).queryByTestId("segment-add")).toBeNull();
  });
});
