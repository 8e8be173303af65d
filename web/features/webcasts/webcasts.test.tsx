import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { addMonths, dayOf } from "../../../domain/webcasts/calendar.ts";
import { DRAFT_AUTOSAVE_MS } from "../../local/use-draft.ts";
import { renderApp } from "../../test/render-app.tsx";
import { browserTimeZone } from "./form-support.ts";
import { fieldErrors, input, offlineReplica, seedWebcast as seed, type } from "./test-support.tsx";

/**
 * The webcast screens on a real (fake-indexeddb) Dexie replica with an engine that is not
 * started, as offline: saving runs the mutators locally and queues them.
 */
const harness = offlineReplica();
const seedWebcast = (title?: string) => seed(harness.engine, title);

describe("webcast wizard", () => {
  it("validates each step, refuses to save while a step has errors, then creates the webcast offline", async () => {
    const { router } = await renderApp("/webcasts/new");
    await screen.findByTestId("webcast-wizard-form");

    // Step 1 validates on its own: an empty title keeps the wizard there.
    fireEvent.click(screen.getByTestId("wizard-next"));
    await waitFor(() => expect(fieldErrors("event_title")).toBe("The title is required."));
    expect(screen.getByTestId("wizard-step-general").getAttribute("data-invalid")).toBe("true");
    type("event_title", "Annual meeting");
    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-schedule");

    // An error on step 2 blocks saving; the wizard names the step.
    type("duration", "1.5");
    fireEvent.click(screen.getByTestId("wizard-save"));
    const alert = await screen.findByText(/Fix the errors of these steps before saving/);
    expect(alert.closest("[data-testid=form-alert]")?.textContent).toMatch("Date and time");
    expect(fieldErrors("duration")).toBe("The duration must be a whole number of minutes.");
    expect(await harness.engine.db.view_webcasts.count()).toBe(0);

    type("duration", "45");
    fireEvent.click(screen.getByTestId("wizard-save"));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/webcasts\/[0-9a-f-]+\/edit$/));
    const [row] = await harness.engine.db.view_webcasts.toArray();
    expect(row).toMatchObject({ event_title: "Annual meeting", duration: 45, organization_id: 1, state: "upcoming" });
    expect((await harness.engine.db.outbox.toArray()).map((entry) => entry.name)).toEqual(["createWebcast"]);
    expect(await harness.engine.db.drafts.count()).toBe(0);
    expect(await screen.findByTestId("webcast-pending")).toBeTruthy();
  });

  it("autosaves the draft, restores it after a reload, and clears both payloads on request", async () => {
    const first = await renderApp("/webcasts/new");
    await screen.findByTestId("webcast-wizard-form");
    type("event_title", "Half-typed");
    await waitFor(async () => expect((await harness.engine.db.drafts.get("webcast:new"))?.details).toMatchObject({ event_title: "Half-typed" }), { timeout: DRAFT_AUTOSAVE_MS * 10 });
    first.unmount();

    await renderApp("/webcasts/new");
    await screen.findByText("Your draft was restored.");
    expect(input("event_title").value).toBe("Half-typed");

    fireEvent.click(screen.getByTestId("wizard-clear"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(input("event_title").value).toBe(""));
    expect(await harness.engine.db.drafts.get("webcast:new")).toBeUndefined();
  });
});

describe("webcast edit form", () => {
  it("saves only the changed fields through updateWebcast", async () => {
    const id = await seedWebcast();
    await renderApp(`/webcasts/${id}/edit`);
    await screen.findByTestId("webcast-details-form");
    type("event_title", "Town hall (rescheduled)");
    fireEvent.click(screen.getByTestId("webcast-save"));
    await screen.findByText("Changes saved on this device. They will be sent when you are back online.");
    const update = (await harness.engine.db.outbox.toArray()).find((entry) => entry.name === "updateWebcast");
    expect(update?.args).toMatchObject({ id, event_title: "Town hall (rescheduled)" });
    expect(Object.keys(update?.args as object).sort()).toEqual(["event_title", "id", "now"]);
    expect((await harness.engine.db.view_webcasts.get(id))?.event_title).toBe("Town hall (rescheduled)");
  });

  it("reopens a refused change with the server's reason and field errors, and replaces it when saved", async () => {
    const id = await seedWebcast();
    await harness.engine.db.rejected.add({
      mutation_id: "0194c4a0-0000-7000-8000-00000000beef",
      mutation: { id: "0194c4a0-0000-7000-8000-00000000beef", name: "updateWebcast", args: { id, duration: 500, now: new Date().toISOString() }, client_time: new Date().toISOString() },
      error: { code: "validation_failed", message: "Some fields of the webcast are invalid.", errors: { duration: ["The duration may not exceed 240 minutes."] } },
      rejected_at: new Date().toISOString(),
    });
    await renderApp(`/webcasts/${id}/edit?fix=0194c4a0-0000-7000-8000-00000000beef`);
    await screen.findByText(/The server refused this change: Some fields of the webcast are invalid\./);
    expect(input("duration").value).toBe("500");
    expect(fieldErrors("duration")).toBe("The duration may not exceed 240 minutes.");

    type("duration", "90");
    expect(fieldErrors("duration")).toBe("");
    fireEvent.click(screen.getByTestId("webcast-save"));
    await waitFor(async () => expect(await harness.engine.db.rejected.count()).toBe(0));
    const update = (await harness.engine.db.outbox.toArray()).find((entry) => entry.name === "updateWebcast");
    expect(update?.args).toMatchObject({ id, duration: 90 });
  });

  it("deletes after confirmation", async () => {
    const id = await seedWebcast();
    const { router } = await renderApp(`/webcasts/${id}/edit`);
    fireEvent.click(await screen.findByTestId("webcast-delete"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sessions"));
    expect(await harness.engine.db.view_webcasts.get(id)).toBeUndefined();
  });
});

describe("sessions list", () => {
  it("lists the replica's webcasts with search and status groups", async () => {
    await seedWebcast("Town hall");
    await seedWebcast("Assemblée générale");
    await renderApp("/sessions");
    await waitFor(() => expect(screen.getAllByTestId("session-item")).toHaveLength(2));
    expect(screen.getByTestId("status-upcoming").textContent).toMatch("2");

    const search = screen.getByRole("searchbox");
    fireEvent.change(search, { target: { value: "assemblee" } });
    fireEvent.submit(search.closest("form") as HTMLFormElement);
    await waitFor(() => expect(screen.getAllByTestId("session-item")).toHaveLength(1));
    expect(screen.getByTestId("session-item").textContent).toMatch("Assemblée générale");

    fireEvent.click(screen.getByTestId("status-after"));
    expect(await screen.findByText("No session matches these filters.")).toBeTruthy();
    await act(async () => {});
  });
});

/** The calendar items in the days of `date`'s month (not the other months' days that fill the grid). */
const itemsInMonth = (date: string) => [...document.querySelectorAll(`[data-day^="${date.slice(0, 7)}"] [data-testid=calendar-item]`)];

describe("sessions calendar", () => {
  it("shows a webcast on its day in month and week views, and moves between months", async () => {
    const id = await seedWebcast("Board meeting");
    const row = await harness.engine.db.view_webcasts.get(id);
    const day = dayOf(row?.event_start_date_time ?? "", browserTimeZone());
    const { router } = await renderApp(`/sessions/calendar?date=${day}`);
    const cell = await waitFor(() => {
      const found = document.querySelector(`[data-day="${day}"]`);
      if (!found?.querySelector("[data-testid=calendar-item]")) throw new Error("not yet");
      return found as HTMLElement;
    });
    expect(within(cell).getByTestId("calendar-item").textContent).toMatch("Board meeting");

    fireEvent.click(screen.getByTestId("calendar-week"));
    await waitFor(() => expect(screen.getByTestId("calendar-grid").querySelectorAll("td")).toHaveLength(7));
    expect(screen.getByTestId("calendar-item").getAttribute("href")).toBe(`/webcasts/${id}/edit`);

    fireEvent.click(screen.getByTestId("calendar-month"));
    fireEvent.click(await screen.findByRole("button", { name: "Next month" }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: "month", date: addMonths(day, 1) }));
    // Not among the next month's own days (near a month's end, its day shows greyed in the grid's first row).
    expect(itemsInMonth(addMonths(day, 1))).toHaveLength(0);
  });

  it("shows a webcast moved into the displayed month without a reload", async () => {
    const id = await seedWebcast("Board meeting");
    const start = (await harness.engine.db.view_webcasts.get(id))?.event_start_date_time ?? "";
    const day = dayOf(start, browserTimeZone());
    const nextMonth = addMonths(day, 1);
    const { router } = await renderApp(`/sessions/calendar?date=${nextMonth}`);
    await waitFor(() => expect(screen.getByTestId("calendar-grid")).toBeTruthy());
    expect(itemsInMonth(nextMonth)).toHaveLength(0);

    // Moved into the displayed month, it appears there without a reload.
    const moved = new Date(start);
    moved.setUTCDate(moved.getUTCDate() + (Date.parse(`${nextMonth}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
    await harness.engine.mutate("updateWebcast", { id, event_start_date_time: moved.toISOString(), now: new Date().toISOString() });
    const cell = await waitFor(() => {
      const found = document.querySelector(`[data-day="${nextMonth}"]`);
      if (!found?.querySelector("[data-testid=calendar-item]")) throw new Error("not yet");
      return found as HTMLElement;
    });
    expect(within(cell).getByTestId("calendar-item").textContent).toMatch("Board meeting");
    expect(router.state.location.search).toMatchObject({ date: nextMonth });
  });
});

