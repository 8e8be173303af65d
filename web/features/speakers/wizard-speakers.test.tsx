import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DRAFT_AUTOSAVE_MS } from "../../local/use-draft.ts";
import { renderApp } from "../../test/render-app.tsx";
import { pulledOrganization, pulledSpeakers } from "../webcasts/parts-test-support.ts";
import { offlineReplica, queued, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The wizard's speakers step, offline on a real Dexie replica (the save queues its mutations). */
const harness = offlineReplica();

/** People who already speak in organization 1 (what an offline picker offers). */
async function knownPeople() {
  const other = await seedWebcast(harness.engine, "Earlier webcast");
  await pulledSpeakers(harness.engine, other, [
    { user_id: 21, name: "Paula Presenter", email: "paula@demo.test" },
    { user_id: 22, name: "Carl Chair", email: "carl@demo.test" },
  ]);
}

async function toSpeakersStep() {
  const view = await renderApp("/webcasts/new");
  await screen.findByTestId("webcast-wizard-form");
  type("event_title", "Board meeting");
  fireEvent.click(screen.getByTestId("wizard-next"));
  await screen.findByTestId("step-schedule");
  fireEvent.click(screen.getByTestId("wizard-next"));
  const step = await screen.findByTestId("step-speakers");
  return { ...view, step };
}

const pick = async (name: string) => fireEvent.click(await screen.findByRole("button", { name: `Add ${name} as a speaker` }));
const picked = () => screen.queryAllByTestId("wizard-speaker").map((item) => item.querySelector(".speaker-picker__name")?.textContent);

describe("webcast wizard: speakers step", () => {
  it("keeps the speakers and the producer in the draft and queues setWebcastSpeakers after createWebcast", async () => {
    await knownPeople();
    const { router, step } = await toSpeakersStep();
    expect(within(step).getByTestId("speaker-picker-offline")).toBeTruthy();
    await pick("Paula Presenter");
    await pick("Carl Chair");
    await waitFor(() => expect(picked()).toEqual(["Paula Presenter", "Carl Chair"]));
    expect(within(step).queryAllByTestId("speaker-candidate")).toHaveLength(0);
    fireEvent.click(within(step).getAllByTestId("wizard-producer")[1] as HTMLElement);
    await waitFor(
      async () =>
        expect((await harness.engine.db.drafts.get("webcast:new"))?.details.speakers).toEqual([
          { user_id: 21, name: "Paula Presenter", email: "paula@demo.test", is_producer: false },
          { user_id: 22, name: "Carl Chair", email: "carl@demo.test", is_producer: true },
        ]),
      { timeout: DRAFT_AUTOSAVE_MS * 10 },
    );

    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-access");
    fireEvent.click(screen.getByTestId("wizard-save"));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/webcasts\/[0-9a-f-]+\/edit$/));
    const id = router.state.location.pathname.split("/")[2];

    const names = (await harness.engine.db.outbox.orderBy("seq").toArray()).map((entry) => entry.name);
    expect(names.slice(-2)).toEqual(["createWebcast", "setWebcastSpeakers"]);
    const [args] = await queued(harness.engine, "setWebcastSpeakers");
    expect(args).toEqual({
      webcast_id: id,
      organization_id: 1,
      speakers: [
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), user_id: 21, name: "Paula Presenter", email: "paula@demo.test", is_producer: false, shown_in_lobby: true },
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), user_id: 22, name: "Carl Chair", email: "carl@demo.test", is_producer: true, shown_in_lobby: true },
      ],
      now: expect.any(String),
    });
    const rows = await harness.engine.db.view_webcast_speakers.where("webcast_id").equals(id ?? "").sortBy("position");
    expect(rows.map((row) => [row.name, row.is_producer])).toEqual([
      ["Paula Presenter", false],
      ["Carl Chair", true],
    ]);
    expect(await harness.engine.db.drafts.count()).toBe(0);
  });

  it("validates the step on its own against a known speaker limit and blocks the save", async () => {
    await knownPeople();
    await pulledOrganization(harness.engine, { limits: { max_speakers: 1 } });
    const { step } = await toSpeakersStep();
    await waitFor(() => expect(within(step).getByTestId("speaker-count").textContent).toBe("0 speakers, at most 1 for this webcast"));
    await pick("Paula Presenter");
    await pick("Carl Chair");
    fireEvent.click(screen.getByTestId("wizard-next"));
    await waitFor(() => expect(within(step).getByTestId("field-errors").textContent).toBe("Speaker limit reached: a webcast may have at most 1 speaker."));
    expect(screen.getByTestId("wizard-step-speakers").getAttribute("data-invalid")).toBe("true");
    expect(screen.queryByTestId("step-access")).toBeNull();

    fireEvent.click(screen.getByTestId("wizard-save"));
    const alert = await screen.findByText(/Fix the errors of these steps before saving/);
    expect(alert.closest("[data-testid=form-alert]")?.textContent).toMatch("Speakers");
    expect(await harness.engine.db.outbox.count()).toBe(1); // the seeded webcast only

    fireEvent.click(within(step).getAllByTestId("wizard-speaker-remove")[0] as HTMLElement);
    await waitFor(() => expect(picked()).toEqual(["Carl Chair"]));
    expect(within(step).queryByTestId("field-errors")).toBeNull();
    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-access");
  });
});
