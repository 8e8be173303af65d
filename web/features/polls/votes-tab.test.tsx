import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { resetReachability } from "../../api/reachability.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import type { PollResultsItem } from "./votes-tab.tsx";

/** The webcast's votes tab: the polls' results from the server, online only. */
const harness = offlineReplica();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The signed-in organizer may manage polls (the tab's read rule). */
function grantPolls() {
  harness.user.permissions["polls.manage"] = [1];
  session.user = { ...harness.user };
}

/** As once a sync brought the webcast back (the server knows it). */
async function markSynced() {
  await act(async () => {
    await harness.engine.db.outbox.clear();
  });
}

async function openVotes(id: string) {
  await renderApp(`/webcasts/${id}/edit?tab=votes`);
  const panel = await screen.findByTestId("webcast-panel-votes");
  return within(panel).findByTestId("votes-tab");
}

const RESULTS: PollResultsItem = {
  poll_id: "0194c4a0-0000-7000-8000-00000000aaaa",
  title: "Favourite colour?",
  status: "closed",
  series_id: null,
  series_title: null,
  multiple_choice: false,
  voters: 2,
  weight: 3,
  options: [
    { option_id: "red", text: "Red", voters: 1, weight: 1, percent: 33, recommended: false },
    { option_id: "blue", text: "Blue", voters: 1, weight: 2, percent: 67, recommended: true },
  ],
};

describe("votes tab", () => {
  it("lists each poll's results (voters, weighted votes, percent, the recommended option) with the exports", async () => {
    harness.setOnline(true);
    grantPolls();
    const id = await seedWebcast(harness.engine);
    await markSynced();
    const routes = fakeServer({ [`GET /api/webcasts/${id}/polls/results`]: () => json({ data: [RESULTS, { ...RESULTS, poll_id: "quiet", title: "Nobody?", status: "open", voters: 0, weight: 0 }] }) });
    const tab = await openVotes(id);
    const [voted, quiet] = await within(tab).findAllByTestId("votes-poll");
    expect(within(voted as HTMLElement).getByText("Favourite colour?")).toBeTruthy();
    expect(within(voted as HTMLElement).getAllByTestId("option-percent").map((cell) => cell.textContent)).toEqual(["33 %", "67 %"]);
    expect(within(voted as HTMLElement).getAllByTestId("option-voters").map((cell) => cell.textContent)).toEqual(["1", "1"]);
    expect(within(voted as HTMLElement).getAllByTestId("option-weight").map((cell) => cell.textContent)).toEqual(["1", "2"]);
    expect(voted?.querySelector("[data-recommended=true]")?.textContent).toContain("Recommended");
    expect(within(quiet as HTMLElement).getByTestId("votes-none").textContent).toBe("No votes yet.");
    expect(within(tab).getByTestId("results-export-csv").getAttribute("href")).toBe(`/api/webcasts/${id}/polls/export?type=csv&lang=en`);
    // The organizer (webcasts.update) gets the ballot log too.
    expect(within(tab).getByTestId("ballot-log-export-xlsx").getAttribute("href")).toBe(`/api/webcasts/${id}/polls/ballots/export?type=xlsx&lang=en`);
    fireEvent.click(within(tab).getByTestId("votes-refresh"));
    await waitFor(() => expect(routes.callsTo(`GET /api/webcasts/${id}/polls/results`)).toHaveLength(2));
  });

  it("says offline that the votes need a connection, without asking the server", async () => {
    grantPolls();
    const id = await seedWebcast(harness.engine);
    const routes = fakeServer({});
    const tab = await openVotes(id);
    expect(within(tab).getByTestId("votes-offline").textContent).toBe("You are offline. The votes are counted by the server: connect to the internet to see them.");
    expect(routes.calls).toEqual([]);
    expect((within(tab).getByTestId("results-export-xlsx") as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers the ballot log to the organizer only: a member managing polls without webcasts.update gets the results export alone", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    session.user = profileUser(["sessions.view", "webcasts.view", "polls.manage"], { id: harness.user.id });
    fakeServer({ [`GET /api/webcasts/${id}/polls/results`]: () => json({ data: [RESULTS] }) });
    const tab = await openVotes(id);
    await within(tab).findAllByTestId("votes-poll");
    expect(within(tab).getByTestId("results-export-xlsx")).toBeTruthy();
    expect(within(tab).queryByTestId("ballot-log-export-xlsx")).toBeNull();
  });

  it("shows the offline message when the server cannot be reached, and loads once it answers again", async () => {
    harness.setOnline(true);
    grantPolls();
    const id = await seedWebcast(harness.engine);
    await markSynced();
    let reachable = false;
    const routes = fakeServer({ [`GET /api/webcasts/${id}/polls/results`]: () => json({ data: [RESULTS] }) });
    routes.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return String(input).includes("/polls/results") ? json({ data: [RESULTS] }) : json({}, 404);
    });
    const tab = await openVotes(id);
    expect((await within(tab).findByTestId("votes-offline")).textContent).toContain("connect to the internet");
    expect(within(tab).queryByTestId("votes-poll")).toBeNull();
    // The server answers again (another request got through): the tab loads by itself.
    reachable = true;
    act(() => resetReachability());
    expect(await within(tab).findAllByTestId("votes-poll")).toHaveLength(1);
  });
});
