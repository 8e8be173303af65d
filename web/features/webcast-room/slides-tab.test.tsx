import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import type { RoomCommandType } from "../../../domain/webcast-room/commands.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { session } from "../session/store.ts";
import { deckRow, putDeck } from "../slides/testing.ts";
import { ORGANIZER_PERMISSIONS, offlineReplica, queued, seedWebcast } from "../webcasts/test-support.tsx";
import { SlidesTab, type SlidesTabProps } from "./slides-tab.tsx";
import { liveFixture } from "./test-support.ts";

// pdf.js cannot draw in happy-dom: every deck is "open" at once, drawing does nothing.
const pdf = vi.hoisted(() => ({
  document: { numPages: 12 },
  openedDeck: vi.fn((_key: string) => pdf.document),
  deckDocument: vi.fn(),
  renderPage: vi.fn(async () => 0.5625),
  cancelRender: vi.fn(),
  countPdfPages: vi.fn(async () => 12),
}));
vi.mock("../slides/pdf-document.ts", () => pdf);

const harness = offlineReplica();
const MANAGER: readonly Permission[] = [...ORGANIZER_PERMISSIONS, "control_room.manage", "slides.manage"];

interface Options {
  permissions?: readonly Permission[];
  current?: number;
  target?: number;
  deck?: Parameters<typeof deckRow>[1] | null;
  mayCommand?: boolean;
}

async function openTab({ permissions = MANAGER, current = 0, target = current, deck = {}, mayCommand = true }: Options = {}) {
  session.user = profileUser(permissions, { id: harness.user.id });
  // The device's mutators run as the engine's user.
  if (permissions.includes("slides.manage")) harness.user.permissions["slides.manage"] = [1];
  const uid = await seedWebcast(harness.engine, "Town hall");
  const webcast = (await harness.engine.db.rows("view", "webcasts").get(uid)) as WebcastRow;
  const row = deck === null ? null : deckRow(uid, deck);
  if (row) await putDeck(harness.engine.db, row);
  const actions = { previousSlide: vi.fn(), nextSlide: vi.fn(), goToSlide: vi.fn() };
  const props: SlidesTabProps = {
    webcast,
    speakers: [],
    live: liveFixture({ phase: "live", current_slide_index: current }),
    role: mayCommand ? "producer" : "speaker",
    connected: true,
    mayEditWebcast: false,
    may: (_type: RoomCommandType) => mayCommand,
    send: vi.fn(),
    pendingTypes: new Set(),
    interactions: null,
    request: vi.fn(),
    addOlderChat: vi.fn(),
    targetSlide: target,
    ...actions,
  };
  renderWithI18n(
    <>
      <SlidesTab {...props} />
      <ConfirmHost />
    </>,
  );
  if (row) await screen.findByTestId("deck-approval");
  else if (deck === null) await screen.findByTestId("deck-none");
  return { uid, row, actions };
}

describe("slides tab", () => {
  it("shows the room's slide large from the deck, the next one beside it, and says the deck is not approved yet", async () => {
    await openTab({ current: 2 });
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 3 of 12");
    expect(within(screen.getByTestId("room-slide-stage")).getByRole("img", { name: "Slide 3 of 12" })).toBeTruthy();
    expect(within(screen.getByTestId("room-slide-next-preview")).getByRole("img", { name: "Slide 4 of 12" })).toBeTruthy();
    expect(screen.getByTestId("deck-approval").textContent).toBe("Not approved yet Viewers see the slides once approved.");
    expect(screen.getByTestId("room-deck").textContent).toContain("Quarterly review.pdf");
    expect(screen.getByTestId("room-deck").textContent).toContain("12 pages");
  });

  it("jumps with a thumbnail (goToSlide with its index) and marks the current one", async () => {
    const { actions } = await openTab({ current: 1 });
    const strip = screen.getByTestId("slide-thumbnails");
    expect(within(strip).getAllByRole("button")).toHaveLength(12);
    expect(within(strip).getByRole("button", { name: "Go to slide 2" }).getAttribute("aria-current")).toBe("true");
    fireEvent.click(within(strip).getByRole("button", { name: "Go to slide 7" }));
    expect(actions.goToSlide).toHaveBeenCalledWith(6);
  });

  it("disables Next at the deck's last page", async () => {
    await openTab({ current: 11 });
    expect(screen.getByTestId("room-slide-next")).toHaveProperty("disabled", true);
    expect(screen.getByTestId("room-slide-previous")).toHaveProperty("disabled", false);
    expect(screen.queryByTestId("room-slide-next-preview")).toBeNull();
  });

  it("approves the deck through its mutator (on the device at once, queued for the server)", async () => {
    const { row } = await openTab();
    await act(async () => void fireEvent.click(screen.getByTestId("deck-approve")));
    await waitFor(() => expect(screen.getByTestId("deck-approval").dataset.approved).toBe("true"));
    expect(screen.getByTestId("deck-approval").textContent).toBe("Approved");
    expect(screen.queryByTestId("deck-approve")).toBeNull();
    expect(await queued(harness.engine, "approveSlides")).toEqual([{ id: row?.id, now: expect.any(String) }]);
  });

  it("deletes the deck only after the confirmation", async () => {
    const { row } = await openTab();
    fireEvent.click(screen.getByTestId("deck-delete"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("“Quarterly review.pdf” is removed from this webcast");
    await act(async () => void fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await queued(harness.engine, "deleteSlides")).toEqual([]);

    fireEvent.click(screen.getByTestId("deck-delete"));
    await act(async () => void fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" })));
    await waitFor(async () => expect(await queued(harness.engine, "deleteSlides")).toEqual([{ id: row?.id }]));
    expect(await screen.findByTestId("deck-none")).toBeTruthy();
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 1");
  });

  it("without a deck: the slide number alone, an invitation to upload one, no thumbnails", async () => {
    await openTab({ deck: null, current: 4 });
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 5");
    expect(screen.getByTestId("deck-none").textContent).toContain("No slides yet: upload the deck as a PDF.");
    expect(screen.getByTestId("deck-upload")).toBeTruthy();
    expect(screen.queryByTestId("slide-thumbnails")).toBeNull();
    expect(screen.queryByTestId("room-slide-stage")).toBeNull();
    expect(screen.getByTestId("room-slide-next")).toHaveProperty("disabled", false);
  });

  it("lets a speaker see the slide and the next one, but neither steer nor manage the deck", async () => {
    await openTab({ permissions: ["sessions.view"], mayCommand: false, current: 0, deck: { approved: true } });
    expect(screen.getByRole("img", { name: "Slide 1 of 12" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Slide 2 of 12" })).toBeTruthy();
    expect(screen.getByTestId("deck-approval").textContent).toBe("Approved");
    for (const id of ["room-slide-next", "room-slide-previous", "slide-thumbnails", "deck-approve", "deck-delete", "deck-upload"]) expect(screen.queryByTestId(id), id).toBeNull();
  });
});
