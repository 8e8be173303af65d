import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { session } from "../session/store.ts";
import { pulledPoll, pulledSeries } from "../webcasts/content-parts-test-support.ts";
import { pulledSpeakers } from "../webcasts/parts-test-support.ts";
import { fieldErrors, input, offlineReplica, queued, seedWebcast, select, type } from "../webcasts/test-support.tsx";

/** The polls tab, offline on a real Dexie replica (changes queued). */
const harness = offlineReplica();

// A dialog of the previous test may still be fading out (SPEC §9: it closes 500 ms after the choice).
beforeEach(() => {
  confirmState.queue.splice(0);
});

/** The signed-in organizer (and the engine's actor: same permissions object) may manage polls. */
function grantPolls() {
  harness.user.permissions["polls.manage"] = [1];
  session.user = { ...harness.user };
}

async function openPolls(setup: (id: string) => Promise<unknown> = async () => undefined) {
  const id = await seedWebcast(harness.engine);
  await setup(id);
  const { router } = await renderApp(`/webcasts/${id}/edit?tab=polls`);
  const panel = await screen.findByTestId("webcast-panel-polls");
  await within(panel).findByTestId("polls-tab");
  return { id, panel, router };
}

const pollRows = () => screen.queryAllByTestId("poll-row");
const radios = () => [...document.querySelectorAll<HTMLInputElement>('input[name="poll_recommended"]')];

async function confirmDialog(button: string) {
  const dialog = await screen.findByRole("dialog");
  fireEvent.click(within(dialog).getByRole("button", { name: button }));
  return dialog;
}

describe("webcast polls", () => {
  it("creates a poll through createPoll, the mutator's option errors under the right inputs", async () => {
    grantPolls();
    const { id, panel } = await openPolls();
    fireEvent.click(within(panel).getByTestId("poll-add"));
    type("poll_title", "Favourite colour?");
    type("poll_option_0", "Red");
    type("poll_option_1", " red ");
    fireEvent.click(within(panel).getByTestId("poll-option-add"));
    fireEvent.click(within(panel).getByTestId("poll-save"));
    await screen.findByText("Some fields of the poll are invalid.");
    expect(fieldErrors("poll_option_0")).toBe("");
    expect(fieldErrors("poll_option_1")).toBe("Another field use this name");
    expect(fieldErrors("poll_option_2")).toBe("This field is required");
    expect(await queued(harness.engine, "createPoll")).toEqual([]);

    // A changed option drops its error; the others keep theirs.
    type("poll_option_1", "Blue");
    expect(fieldErrors("poll_option_1")).toBe("");
    expect(fieldErrors("poll_option_2")).toBe("This field is required");
    type("poll_option_2", "Green");
    fireEvent.click(radios()[1] as HTMLInputElement);
    fireEvent.click(input("poll_multiple_choice"));
    type("poll_display", "paginated");
    type("poll_language", "fr");
    fireEvent.click(within(panel).getByTestId("poll-save"));
    await waitFor(() => expect(pollRows()).toHaveLength(1));

    const [args] = await queued(harness.engine, "createPoll");
    const options = args?.options as { id: string; text: string }[];
    expect(options.map((option) => option.text)).toEqual(["Red", "Blue", "Green"]);
    expect(args).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organization_id: 1,
      webcast_id: id,
      title: "Favourite colour?",
      description: "",
      language: "fr",
      options,
      recommended_option_id: options[1]?.id,
      multiple_choice: true,
      display: "paginated",
      series_id: null,
      now: expect.any(String),
    });
    const row = pollRows()[0] as HTMLElement;
    expect(within(row).getByTestId("poll-status").textContent).toBe("Unpublished");
    expect(row.textContent).toMatch("Not synced yet");
    expect(row.querySelector("[data-recommended]")?.textContent).toMatch("Blue");
  });

  it("edits only the changed fields; an open poll keeps its options and choice mode and cannot be deleted", async () => {
    grantPolls();
    let pollId = "";
    await openPolls(async (id) => (pollId = (await pulledPoll(harness.engine, id, { status: "open" })).id));
    await waitFor(() => expect(pollRows()).toHaveLength(1));
    const row = pollRows()[0] as HTMLElement;
    expect(within(row).getByTestId("poll-status").textContent).toBe("Open");
    expect(within(row).getByTestId("poll-open-note")).toBeTruthy();
    expect(within(row).getByTestId("poll-delete").hasAttribute("disabled")).toBe(true);

    fireEvent.click(within(row).getByTestId("poll-edit"));
    expect(screen.getByTestId("poll-locked").textContent).toMatch("its options and its choice mode are locked");
    expect(input("poll_option_0").disabled).toBe(true);
    expect(input("poll_multiple_choice").disabled).toBe(true);
    expect(screen.getByTestId("poll-option-add").hasAttribute("disabled")).toBe(true);
    // The title and the recommended option stay editable.
    type("poll_title", "Your favourite colour?");
    fireEvent.click(radios()[0] as HTMLInputElement);
    fireEvent.click(screen.getByTestId("poll-save"));
    await waitFor(() => expect(screen.queryByTestId("poll-editor")).toBeNull());
    expect(await queued(harness.engine, "updatePoll")).toEqual([{ id: pollId, title: "Your favourite colour?", recommended_option_id: "opt-red", now: expect.any(String) }]);
  });

  it("locks the editor when the poll opens meanwhile and sends none of its option changes", async () => {
    grantPolls();
    let pollId = "";
    await openPolls(async (id) => (pollId = (await pulledPoll(harness.engine, id)).id));
    await waitFor(() => expect(pollRows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId("poll-edit"));
    type("poll_option_1", "Green");
    // The control room opens it on another device: the editor locks what it can no longer change.
    await harness.engine.db.view_polls.update(pollId, { status: "open" });
    await waitFor(() => expect(screen.queryByTestId("poll-locked")).not.toBeNull());
    fireEvent.click(screen.getByTestId("poll-save"));
    await waitFor(() => expect(screen.queryByTestId("poll-editor")).toBeNull());
    // Nothing about the options was sent: the options and choice mode are not part of a locked save.
    expect(await queued(harness.engine, "updatePoll")).toEqual([]);
  });

  it("groups polls by series, reorders with the buttons and the keyboard, deletes after confirming", async () => {
    grantPolls();
    let ids: string[] = [];
    let seriesId = "";
    const { id } = await openPolls(async (webcastId) => {
      seriesId = (await pulledSeries(harness.engine, webcastId)).id;
      const first = await pulledPoll(harness.engine, webcastId, { title: "First", position: 0 });
      const second = await pulledPoll(harness.engine, webcastId, { title: "Second", position: 1 });
      const inSeries = await pulledPoll(harness.engine, webcastId, { title: "In series", position: 2, series_id: seriesId });
      ids = [first.id, second.id, inSeries.id];
    });
    await waitFor(() => expect(pollRows()).toHaveLength(3));
    const series = screen.getByTestId("series-section");
    expect(within(series).getAllByTestId("poll-row").map((row) => row.querySelector("strong")?.textContent)).toEqual(["In series"]);
    const standalone = screen.getByTestId("standalone-polls");
    expect(within(standalone).getAllByTestId("poll-row").map((row) => row.querySelector("strong")?.textContent)).toEqual(["First", "Second"]);

    fireEvent.click(within(standalone).getAllByTestId("poll-down")[0] as HTMLElement);
    await waitFor(() => expect(within(standalone).getAllByTestId("poll-row").map((row) => row.querySelector("strong")?.textContent)).toEqual(["Second", "First"]));
    expect(await queued(harness.engine, "reorderPolls")).toEqual([{ organization_id: 1, webcast_id: id, ids: [ids[1], ids[0], ids[2]], now: expect.any(String) }]);
    // The focus follows the moved poll (its ↓ is now disabled, so its ↑).
    await waitFor(() => expect(document.activeElement?.getAttribute("data-move-id")).toBe(ids[0]));
    expect(screen.getByTestId("polls-announcement").textContent).toBe("“First” moved to position 2.");

    fireEvent.keyDown(within(standalone).getAllByTestId("poll-row")[1] as HTMLElement, { key: "ArrowUp", altKey: true });
    await waitFor(async () => expect(await queued(harness.engine, "reorderPolls")).toHaveLength(2));
    expect((await queued(harness.engine, "reorderPolls"))[1]?.ids).toEqual(ids);

    await waitFor(() => expect(within(series).getByTestId("poll-delete").hasAttribute("disabled")).toBe(false));
    fireEvent.click(within(series).getByTestId("poll-delete"));
    const dialog = await confirmDialog("Delete");
    expect(dialog.textContent).toMatch("“In series”");
    await waitFor(() => expect(pollRows()).toHaveLength(2));
    expect(await queued(harness.engine, "deletePoll")).toEqual([{ id: ids[2] }]);
  });

  it("titles its series and standalone polls one level under the page title (axe heading-order, issue #12)", async () => {
    grantPolls();
    await openPolls(async (webcastId) => {
      const series = await pulledSeries(harness.engine, webcastId);
      await pulledPoll(harness.engine, webcastId, { title: "In series", position: 0, series_id: series.id });
    });
    await waitFor(() => expect(pollRows()).toHaveLength(1));
    const levels = [...screen.getByTestId("polls-tab").querySelectorAll("h1, h2, h3, h4")].map((heading) => heading.tagName);
    expect(levels.length).toBeGreaterThanOrEqual(2);
    expect(levels.every((tag) => tag === "H2")).toBe(true);
  });

  it("creates, edits and deletes a polling series; its polls stay, standalone", async () => {
    grantPolls();
    const { id, panel } = await openPolls();
    fireEvent.click(within(panel).getByTestId("series-add"));
    fireEvent.click(within(panel).getByTestId("series-save"));
    await screen.findByText("Some fields of the polling series are invalid.");
    expect(fieldErrors("series_title")).toBe("This field is required");
    type("series_title", "Morning");
    fireEvent.click(within(panel).getByTestId("series-save"));
    const section = await within(panel).findByTestId("series-section");
    const [created] = await queued(harness.engine, "createPollingSeries");
    expect(created).toEqual({ id: expect.any(String), organization_id: 1, webcast_id: id, title: "Morning", description: "", now: expect.any(String) });

    // A poll added from the series belongs to it.
    fireEvent.click(within(section).getByTestId("series-poll-add"));
    expect(select("poll_series").value).toBe(created?.id);
    type("poll_title", "Coffee or tea?");
    type("poll_option_0", "Coffee");
    type("poll_option_1", "Tea");
    fireEvent.click(within(section).getByTestId("poll-save"));
    await waitFor(() => expect(within(section).queryAllByTestId("poll-row")).toHaveLength(1));
    expect((await queued(harness.engine, "createPoll"))[0]?.series_id).toBe(created?.id);

    fireEvent.click(within(section).getByTestId("series-edit"));
    type("series_description", "Before the break");
    fireEvent.click(within(section).getByTestId("series-save"));
    await waitFor(() => expect(within(section).queryByTestId("series-form")).toBeNull());
    expect(within(section).getByText("Before the break")).toBeTruthy();
    expect(await queued(harness.engine, "updatePollingSeries")).toEqual([{ id: created?.id, description: "Before the break", now: expect.any(String) }]);

    fireEvent.click(within(section).getByTestId("series-delete"));
    const dialog = await confirmDialog("Delete");
    expect(dialog.textContent).toMatch("Its polls are kept, as standalone polls.");
    await waitFor(() => expect(screen.queryByTestId("series-section")).toBeNull());
    expect(await queued(harness.engine, "deletePollingSeries")).toEqual([{ id: created?.id, now: expect.any(String) }]);
    expect(within(screen.getByTestId("standalone-polls")).getAllByTestId("poll-row")).toHaveLength(1);
  });

  it("links the exports online and disables them offline", async () => {
    grantPolls();
    const { id } = await openPolls();
    expect(screen.getByTestId("poll-exports-offline").textContent).toMatch("need a connection");
    expect(screen.getByTestId("poll-export-xlsx").hasAttribute("disabled")).toBe(true);
    harness.setOnline(true);
    await waitFor(() => expect(screen.getByTestId("poll-export-xlsx").getAttribute("href")).toBe(`/api/webcasts/${id}/polls/export?type=xlsx&lang=en`));
    expect(screen.getByTestId("poll-export-csv").getAttribute("href")).toBe(`/api/webcasts/${id}/polls/export?type=csv&lang=en`);
    expect(screen.getByTestId("poll-export-csv_semicolon").getAttribute("href")).toBe(`/api/webcasts/${id}/polls/export?type=csv_semicolon&lang=en`);
    expect(screen.queryByTestId("poll-exports-offline")).toBeNull();
  });

  it("is not offered without polls.manage (the read rule: a plain speaker reads no polls); the address opens the details", async () => {
    const id = await seedWebcast(harness.engine);
    await pulledPoll(harness.engine, id);
    await renderApp(`/webcasts/${id}/edit?tab=polls`);
    await screen.findByTestId("webcast-panel-details");
    expect(screen.queryByTestId("webcast-panel-polls")).toBeNull();
    expect(screen.queryByTestId("webcast-tab-polls")).toBeNull();
  });

  it("lets the webcast's producer speaker manage its polls", async () => {
    session.user = profileUser(["sessions.view"], { id: harness.user.id });
    const { id, panel } = await openPolls(async (webcastId) => pulledSpeakers(harness.engine, webcastId, [{ user_id: harness.user.id, name: "Pat Producer", is_producer: true }]));
    fireEvent.click(await within(panel).findByTestId("poll-add"));
    type("poll_title", "Ready?");
    type("poll_option_0", "Yes");
    type("poll_option_1", "No");
    fireEvent.click(within(panel).getByTestId("poll-save"));
    await waitFor(() => expect(pollRows()).toHaveLength(1));
    expect(await queued(harness.engine, "createPoll")).toEqual([expect.objectContaining({ webcast_id: id, title: "Ready?" })]);
  });
});
