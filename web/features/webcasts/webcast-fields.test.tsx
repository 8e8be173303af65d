import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { fieldErrors, input, offlineReplica, seedWebcast, type } from "./test-support.tsx";

/** Issue #12: the start instant's errors show under the start date, the first field of the pair. */
const harness = offlineReplica();

/** The texts the field's aria-describedby points to. */
const describedBy = (name: string) =>
  (input(name).getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

async function wizardScheduleStep() {
  await renderApp("/webcasts/new");
  await screen.findByTestId("webcast-wizard-form");
  type("event_title", "Annual meeting");
  fireEvent.click(screen.getByTestId("wizard-next"));
  await screen.findByTestId("step-schedule");
}

describe("webcast form: where the start's errors show", () => {
  it("puts 'the start is in the past' under the start date, linked to it, not under the time", async () => {
    await wizardScheduleStep();
    type("start_date", "2020-01-06");
    type("start_time", "10:00");
    fireEvent.click(screen.getByTestId("wizard-save"));
    await waitFor(() => expect(fieldErrors("start_date")).not.toBe(""));
    const message = fieldErrors("start_date");
    expect(input("start_date").getAttribute("aria-invalid")).toBe("true");
    expect(describedBy("start_date")).toContain(message);
    expect(fieldErrors("start_time")).toBe("");
    expect(input("start_time").getAttribute("aria-invalid")).toBeNull();
    expect(await harness.engine.db.view_webcasts.count()).toBe(0);
  });

  it("keeps the time's own errors (missing) under the time", async () => {
    await wizardScheduleStep();
    type("start_time", "");
    fireEvent.click(screen.getByTestId("wizard-save"));
    await waitFor(() => expect(fieldErrors("start_time")).not.toBe(""));
    expect(describedBy("start_time")).toContain(fieldErrors("start_time"));
    expect(fieldErrors("start_date")).toBe("");
  });

  it("shows the server's event_start_date_time error of a refused change under the start date", async () => {
    const id = await seedWebcast(harness.engine);
    await harness.engine.db.rejected.add({
      mutation_id: "0194c4a0-0000-7000-8000-00000000d47e",
      mutation: { id: "0194c4a0-0000-7000-8000-00000000d47e", name: "updateWebcast", args: { id, event_start_date_time: "2020-01-06T10:00:00.000Z", now: new Date().toISOString() }, client_time: new Date().toISOString() },
      error: { code: "validation_failed", message: "Some fields of the webcast are invalid.", errors: { event_start_date_time: ["The start must be in the future."] } },
      rejected_at: new Date().toISOString(),
    });
    await renderApp(`/webcasts/${id}/edit?fix=0194c4a0-0000-7000-8000-00000000d47e`);
    await screen.findByText(/The server refused this change/);
    expect(fieldErrors("start_date")).toBe("The start must be in the future.");
    expect(describedBy("start_date")).toContain("The start must be in the future.");
    expect(fieldErrors("start_time")).toBe("");
  });
});
