import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { offlineReplica, seedWebcast } from "./test-support.tsx";

const harness = offlineReplica();

describe("webcast dashboard", () => {
  it("shows the webcast from the device with its counts and next actions linking to their tabs", async () => {
    const uid = await seedWebcast(harness.engine, "Town hall");
    const now = new Date().toISOString();
    await harness.engine.db.table("view_polls").put({ id: "p1", organization_id: 1, webcast_id: uid, title: "Q1", created_at: now, updated_at: now });
    await renderApp(`/webcasts/${uid}/dashboard`);
    await screen.findByTestId("webcast-dashboard");
    expect(screen.getByTestId("page-title").textContent).toBe("Town hall");
    await waitFor(() => expect(screen.getByTestId("count-polls").textContent).toMatch("1"));
    expect(screen.getByTestId("count-speakers").textContent).toMatch("0");
    // The organizer of the test profile does not manage viewers: not counted.
    expect(screen.queryByTestId("count-viewers")).toBeNull();

    const actions = screen.getByTestId("next-actions");
    expect([...actions.querySelectorAll("li")].map((item) => item.dataset.action)).toEqual(["choose_source", "add_speakers", "add_resources", "set_branding"]);
    expect(within(actions).getByRole("link", { name: /Choose the source/ }).getAttribute("href")).toBe(`/webcasts/${uid}/edit?tab=details`);
    expect(within(actions).getByRole("link", { name: /Brand the webcast/ }).getAttribute("href")).toBe(`/webcasts/${uid}/edit?tab=branding`);
  });

  it("says when the webcast is not on the device", async () => {
    await renderApp("/webcasts/0194c4a0-0000-7000-8000-00000000dead/dashboard");
    expect(await screen.findByTestId("webcast-missing")).toBeTruthy();
  });
});
