import { screen, within } from "@testing-library/react";
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
