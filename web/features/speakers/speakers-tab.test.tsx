import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { renderApp } from "../../test/render-app.tsx";
import { jsonResponse } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { toasts } from "../../ui/toast.ts";
import { mockApi, personJson } from "../organizations/test-support.tsx";
import { session } from "../session/store.ts";
import { pulledOrganization, pulledSpeakers } from "../webcasts/parts-test-support.ts";
import { ORGANIZER_PERMISSIONS, offlineReplica, queued, seedWebcast } from "../webcasts/test-support.tsx";

/** The speakers tab, offline on a real Dexie replica (changes queued), and its online invite. */
const harness = offlineReplica();

afterEach(() => {
  vi.restoreAllMocks();
});

const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const rows = () => screen.getAllByTestId("speaker-row");
const names = () => rows().map((row) => row.querySelector(".speaker-table__name")?.textContent);

async function openSpeakers(people: Parameters<typeof pulledSpeakers>[2] = []) {
  const id = await seedWebcast(harness.engine);
  const speakers = await pulledSpeakers(harness.engine, id, people);
  await renderApp(`/webcasts/${id}/edit?tab=speakers`);
  const panel = await screen.findByTestId("webcast-panel-speakers");
  await within(panel).findByTestId("webcast-speakers");
  if (people.length > 0) await waitFor(() => expect(rows()).toHaveLength(people.length));
  return { id, speakers, panel };
}

async function confirmDialog(button: string) {
  const dialog = await screen.findByRole("dialog");
  fireEvent.click(within(dialog).getByRole("button", { name: button }));
}

describe("webcast speakers tab", () => {
  it("lists the speakers in order with the producer, the lobby and the invitation", async () => {
    await openSpeakers([
      { user_id: 11, name: "Sara Speaker", is_producer: true, invited_at: "2026-11-21T15:30:00.000Z" },
      { user_id: 12, name: "Omar Organizer", shown_in_lobby: false },
    ]);
    expect(names()).toEqual(["Sara Speaker", "Omar Organizer"]);
    const [sara, omar] = rows();
    expect(within(sara as HTMLElement).queryByTestId("producer-badge")).not.toBeNull();
    expect(within(omar as HTMLElement).queryByTestId("producer-badge")).toBeNull();
    expect((within(sara as HTMLElement).getByTestId("speaker-producer") as HTMLInputElement).checked).toBe(true);
    expect((within(omar as HTMLElement).getByTestId("speaker-lobby") as HTMLInputElement).checked).toBe(false);
    expect(within(sara as HTMLElement).getByTestId("speaker-invited").textContent).toMatch(/^Invited .*2026/);
    expect(within(omar as HTMLElement).getByTestId("speaker-invited").textContent).toBe("Not invited");
  });

  it("reorders with the buttons and the keyboard, sending the whole list as setWebcastSpeakers", async () => {
    const { id, speakers } = await openSpeakers([
      { user_id: 11, name: "Sara Speaker" },
      { user_id: 12, name: "Omar Organizer" },
      { user_id: 13, name: "Ada Admin" },
    ]);
    const [sara, omar, ada] = speakers;
    if (!sara || !omar || !ada) throw new Error("seed");
    const saraDown = within(rows()[0] as HTMLElement).getByTestId("speaker-down");
    saraDown.focus();
    fireEvent.click(saraDown);
    await waitFor(() => expect(names()).toEqual(["Omar Organizer", "Sara Speaker", "Ada Admin"]));
    const [first] = await queued(harness.engine, "setWebcastSpeakers");
    expect(first).toEqual({
      webcast_id: id,
      organization_id: 1,
      speakers: [
        { id: omar.id, user_id: 12 },
        { id: sara.id, user_id: 11 },
        { id: ada.id, user_id: 13 },
      ],
      now: expect.any(String),
    });
    // The focus follows the moved speaker; the move is announced.
    await waitFor(() => expect(document.activeElement?.getAttribute("data-speaker")).toBe(sara.id));
    expect(screen.getByTestId("speaker-announcement").textContent).toBe("Sara Speaker moved to position 2.");

    // Alt + ↑ on Ada's row moves her up.
    fireEvent.keyDown(within(rows()[2] as HTMLElement).getByTestId("speaker-up"), { key: "ArrowUp", altKey: true });
    await waitFor(() => expect(names()).toEqual(["Omar Organizer", "Ada Admin", "Sara Speaker"]));
    const [, second] = await queued(harness.engine, "setWebcastSpeakers");
    expect((second?.speakers as { user_id: number }[]).map((entry) => entry.user_id)).toEqual([12, 13, 11]);
    expect((await harness.engine.db.view_webcast_speakers.get(ada.id))?.position).toBe(1);
  });

  it("switches the lobby, names the producer and removes a speaker after confirming", async () => {
    const { speakers } = await openSpeakers([
      { user_id: 11, name: "Sara Speaker", is_producer: true },
      { user_id: 12, name: "Omar Organizer" },
    ]);
    const [sara, omar] = speakers;
    if (!sara || !omar) throw new Error("seed");

    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId("speaker-lobby"));
    await waitFor(async () => expect(await queued(harness.engine, "updateWebcastSpeaker")).toEqual([{ id: sara.id, shown_in_lobby: false, now: expect.any(String) }]));

    const omarProducer = within(rows()[1] as HTMLElement).getByTestId("speaker-producer") as HTMLInputElement;
    await waitFor(() => expect(omarProducer.disabled).toBe(false));
    fireEvent.click(omarProducer);
    await waitFor(async () => expect((await queued(harness.engine, "updateWebcastSpeaker"))[1]).toEqual({ id: omar.id, is_producer: true, now: expect.any(String) }));
    await waitFor(() => expect(within(rows()[1] as HTMLElement).queryByTestId("producer-badge")).not.toBeNull());
    expect(within(rows()[0] as HTMLElement).queryByTestId("producer-badge")).toBeNull();

    const saraRemove = within(rows()[0] as HTMLElement).getByTestId("speaker-remove") as HTMLButtonElement;
    await waitFor(() => expect(saraRemove.disabled).toBe(false));
    fireEvent.click(saraRemove);
    await confirmDialog("Remove");
    await waitFor(() => expect(names()).toEqual(["Omar Organizer"]));
    expect(await queued(harness.engine, "removeWebcastSpeaker")).toEqual([{ id: sara.id }]);
  });

  it("offline, offers the people already speaking in the organization and adds one", async () => {
    const other = await seedWebcast(harness.engine, "Earlier webcast");
    await pulledSpeakers(harness.engine, other, [
      { user_id: 21, name: "Paula Presenter", email: "paula@demo.test" },
      { user_id: 22, name: "Carl Chair", email: "carl@demo.test" },
    ]);
    const { id, speakers } = await openSpeakers([{ user_id: 22, name: "Carl Chair", email: "carl@demo.test" }]);
    const picker = screen.getByTestId("speaker-picker");
    expect(within(picker).getByTestId("speaker-picker-offline").textContent).toMatch("The full list of people needs a connection.");
    // Carl already speaks here: only Paula is offered.
    await waitFor(() => expect(within(picker).getAllByTestId("speaker-candidate").map((item) => item.textContent)).toEqual([expect.stringContaining("Paula Presenter")]));

    fireEvent.click(within(picker).getByRole("button", { name: "Add Paula Presenter as a speaker" }));
    await waitFor(() => expect(names()).toEqual(["Carl Chair", "Paula Presenter"]));
    const [args] = await queued(harness.engine, "setWebcastSpeakers");
    expect(args).toEqual({
      webcast_id: id,
      organization_id: 1,
      speakers: [
        { id: speakers[0]?.id, user_id: 22 },
        { id: UUID, user_id: 21, name: "Paula Presenter", email: "paula@demo.test" },
      ],
      now: expect.any(String),
    });
    // Made here, not synced yet: it cannot be invited before the server knows it.
    const paula = rows()[1] as HTMLElement;
    expect(paula.textContent).toMatch("Not synced yet");
    expect((within(paula).getByTestId("speaker-invite") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("invite-offline").textContent).toMatch("need a connection");
  });

  it("titles the picker one level under the page title (axe heading-order, issue #12)", async () => {
    await openSpeakers();
    expect(screen.getByRole("heading", { level: 2, name: "Add a speaker" })).toBeTruthy();
  });

  it("shows the speaker limit's refusal and queues nothing", async () => {
    const other = await seedWebcast(harness.engine, "Earlier webcast");
    await pulledSpeakers(harness.engine, other, [{ user_id: 21, name: "Paula Presenter" }]);
    await pulledOrganization(harness.engine, { limits: { max_speakers: 1 } });
    await openSpeakers([{ user_id: 11, name: "Sara Speaker" }]);
    expect(screen.getByTestId("speaker-count").textContent).toBe("1 speaker, at most 1 for this webcast");
    fireEvent.click(await screen.findByRole("button", { name: "Add Paula Presenter as a speaker" }));
    expect((await screen.findByTestId("part-refusal")).textContent).toBe("Speaker limit reached: a webcast may have at most 1 speaker.");
    expect(await queued(harness.engine, "setWebcastSpeakers")).toEqual([]);
    expect(names()).toEqual(["Sara Speaker"]);
  });

  it("online, offers the people of the lists the user may read", async () => {
    session.user = profileUser(["speakers.manage", "organizers.manage", ...ORGANIZER_PERMISSIONS] satisfies Permission[], { id: harness.user.id });
    harness.setOnline(true);
    const api = mockApi({
      "GET /api/organizations/1/people": (call) =>
        jsonResponse({
          data: call.query.get("kind") === "speaker" ? [personJson()] : [personJson({ id: 14, name: "Olga Organizer", email: "olga@demo.test", role: "organizer" })],
          meta: { page: 1, per_page: 20, total: 1 },
        }),
    });
    await openSpeakers();
    const picker = screen.getByTestId("speaker-picker");
    await waitFor(() => expect(within(picker).getAllByTestId("speaker-candidate")).toHaveLength(2));
    expect(within(picker).queryByTestId("speaker-picker-offline")).toBeNull();
    expect(within(picker).getAllByTestId("speaker-candidate").map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Sara Speaker.*speaker@demo\.test.*Speaker/),
      expect.stringMatching(/Olga Organizer.*olga@demo\.test.*Organizer/),
    ]);
    expect(api.to("GET /api/organizations/1/people").map((call) => call.query.get("kind")).sort()).toEqual(["organizer", "speaker"]);

    fireEvent.change(within(picker).getByTestId("speaker-search"), { target: { value: "olga" } });
    fireEvent.keyDown(within(picker).getByTestId("speaker-search"), { key: "Enter" });
    await waitFor(() => expect(api.to("GET /api/organizations/1/people").filter((call) => call.query.get("q") === "olga")).toHaveLength(2));
  });

  it("invites a synced speaker online and shows a refused invitation's message", async () => {
    harness.setOnline(true);
    // Every request answered from the start: one left without response would mark the API
    // unreachable (web/api/reachability.ts), and offline the invitation is not offered.
    const api = mockApi({});
    const { id, speakers } = await openSpeakers([
      { user_id: 11, name: "Sara Speaker" },
      { user_id: 12, name: "Omar Organizer" },
    ]);
    const [sara, omar] = speakers;
    if (!sara || !omar) throw new Error("seed");
    api.on(`POST /api/webcasts/${id}/speakers/${sara.id}/invite`, () => jsonResponse({ data: { ...sara, invited_at: "2026-11-22T09:00:00.000Z" } }));
    api.on(`POST /api/webcasts/${id}/speakers/${omar.id}/invite`, () => jsonResponse({ message: "This speaker is not on this webcast.", code: "not_found", requestId: "r" }, 404));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId("speaker-invite"));
    await waitFor(() => expect(toasts.items.map((item) => item.message)).toContain("The invitation was sent to Sara Speaker."));
    expect(within(rows()[0] as HTMLElement).getByTestId("speaker-invited").textContent).toMatch(/^Invited /);
    expect(api.to(`POST /api/webcasts/${id}/speakers/${sara.id}/invite`)).toHaveLength(1);

    fireEvent.click(within(rows()[1] as HTMLElement).getByTestId("speaker-invite"));
    expect(await screen.findByText("This speaker is not on this webcast.")).toBeTruthy();
    expect(within(rows()[1] as HTMLElement).getByTestId("speaker-invited").textContent).toBe("Not invited");

    harness.setOnline(false);
    await waitFor(() => expect((within(rows()[0] as HTMLElement).getByTestId("speaker-invite") as HTMLButtonElement).disabled).toBe(true));
  });

  it("is read-only without webcasts.update", async () => {
    const id = await seedWebcast(harness.engine);
    await pulledSpeakers(harness.engine, id, [{ user_id: 11, name: "Sara Speaker", is_producer: true }]);
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    await renderApp(`/webcasts/${id}/edit?tab=speakers`);
    const panel = await screen.findByTestId("webcast-panel-speakers");
    expect(await within(panel).findByText("You may view this webcast but not change it.")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(panel).queryByTestId("speaker-picker")).toBeNull();
    expect(within(panel).queryByTestId("speaker-remove")).toBeNull();
    expect(within(panel).queryByTestId("speaker-producer")).toBeNull();
    expect(within(panel).getByTestId("producer-badge")).toBeTruthy();
  });
});
