import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import type { ClientMessage } from "../../../domain/protocol/client-messages.ts";
import { encodeFrame } from "../../../domain/protocol/frames.ts";
import { PROTOCOL_VERSION } from "../../../domain/protocol/version.ts";
import type { ServerMessage } from "../../../domain/protocol/server-messages.ts";
import type { RoomRole } from "../../../domain/webcast-room/actor.ts";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderInRouter } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { ToastHost } from "../../ui/toast-host.tsx";
import { toasts } from "../../ui/toast.ts";
import { session } from "../session/store.ts";
import { ORGANIZER_PERMISSIONS, fieldErrors, input, offlineReplica, seedWebcast, select } from "../webcasts/test-support.tsx";
import { ControlRoomPage } from "./control-room-page.tsx";
import type { RoomSocket } from "./room-client.ts";
import { chatMessage, interactionsFrame, question, tally } from "./interaction-fixtures.ts";
import { liveFixture } from "./test-support.ts";
import type { ControlRoomTab } from "./tabs.ts";
import { deckRow, putDeck } from "../slides/testing.ts";

// pdf.js cannot draw in happy-dom: a deck is "open" at once, drawing does nothing (the slides tab's own tests: slides-tab.test.tsx).
const pdf = vi.hoisted(() => ({
  openedDeck: vi.fn((_key: string) => ({ numPages: 5 })),
  deckDocument: vi.fn(),
  renderPage: vi.fn(async () => 0.5625),
  cancelRender: vi.fn(),
  countPdfPages: vi.fn(async () => 5),
}));
vi.mock("../slides/pdf-document.ts", () => pdf);

const harness = offlineReplica();

/** A room socket driven by the test: what the page sends, and the room's frames on demand. */
class FakeRoomSocket implements RoomSocket {
  sent: ClientMessage[] = [];
  connected = false;
  reconnects = 0;
  private listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  /** A closed socket drops what is written to it, like a dead connection. */
  send(data: string): void {
    if (this.connected) this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    this.drop();
  }
  reconnect(): void {
    this.reconnects += 1;
    this.drop();
  }
  // valtio tells React in a microtask: each step settles inside an async act.
  async open(): Promise<void> {
    await act(async () => {
      this.connected = true;
      this.emit("open");
    });
  }
  async cut(): Promise<void> {
    await act(async () => this.drop());
  }
  drop(): void {
    if (!this.connected) return;
    this.connected = false;
    this.emit("close");
  }
  async receive(message: ServerMessage): Promise<void> {
    await act(async () => this.emit("message", encodeFrame(message)));
  }
  commands() {
    return this.sent.filter((message): message is Extract<ClientMessage, { type: "command" }> => message.type === "command");
  }
}

const welcome = (role: RoomRole, seq: number, snapshot: VisibleLiveState | null): ServerMessage => ({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c", role, seq, snapshot, missed: [] });

const PRODUCER: readonly Permission[] = [...ORGANIZER_PERMISSIONS, "control_room.manage", "slides.manage", "polls.manage", "questions.manage"];

async function openRoom({ permissions = PRODUCER, tab = "prepare" as ControlRoomTab, speaker = false, producer = false, uid: existing = undefined as string | undefined } = {}) {
  session.user = profileUser(permissions, { id: harness.user.id });
  const uid = existing ?? (await seedWebcast(harness.engine, "Town hall"));
  if (speaker || producer) {
    const now = new Date().toISOString();
    await harness.engine.db.table("view_webcast_speakers").put({
      id: "s1",
      organization_id: 1,
      webcast_id: uid,
      user_id: harness.user.id,
      name: "Sam Speaker",
      email: "sam@demo.test",
      is_producer: producer,
      shown_in_lobby: true,
      position: 0,
      invited_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  const socket = new FakeRoomSocket();
  const urls: string[] = [];
  const factory = (url: string) => {
    urls.push(url);
    return socket;
  };
  function Harness() {
    const [current, setCurrent] = useState<ControlRoomTab>(tab);
    return (
      <>
        <ControlRoomPage uid={uid} tab={current} onTabChange={setCurrent} socketFactory={factory} />
        <ConfirmHost />
        <ToastHost />
      </>
    );
  }
  const { unmount } = await renderInRouter(<Harness />);
  await screen.findByTestId("control-room");
  expect(urls).toEqual([`ws://${location.host}/api/webcasts/${uid}/room`]);
  return { uid, socket, unmount };
}

async function answerDialog(button: string) {
  const dialog = await screen.findByRole("dialog");
  fireEvent.click(within(dialog).getByRole("button", { name: button }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

const connection = () => screen.getByTestId("room-connection");
const key = (init: KeyboardEventInit) => act(async () => void fireEvent.keyDown(document.body, init));
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));

describe("control room", () => {
  it("says hello, shows the room's state, and starts only after the confirmation", async () => {
    const { socket } = await openRoom({ tab: "go-live" });
    expect(connection().dataset.state).toBe("connecting");
    await socket.open();
    expect(socket.sent).toEqual([{ type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: expect.any(String) }]);
    await socket.receive(welcome("producer", 4, liveFixture({ phase: "ready", source: "rtmp" })));
    expect(connection().dataset.state).toBe("connected");
    expect(screen.getByTestId("room-stage").textContent).toBe("Ready");

    fireEvent.click(screen.getByTestId("room-start"));
    await answerDialog("Cancel");
    expect(socket.commands()).toEqual([]);

    fireEvent.click(screen.getByTestId("room-start"));
    await answerDialog("Start");
    const [start] = socket.commands();
    expect(start?.command).toEqual({ type: "control.start" });
    expect(screen.getByTestId("room-pending").textContent).toBe("1 change waiting for the room");

    await socket.receive({ type: "event", seq: 5, at: 1, name: "control.start", patch: { phase: "starting" } });
    await socket.receive({ type: "ack", id: start?.id ?? "", seq: 5 });
    expect(screen.queryByTestId("room-pending")).toBeNull();
    expect(screen.getByTestId("room-stage").textContent).toBe("Starting");
    expect(screen.getByTestId("room-stop")).toHaveProperty("disabled", false);
  });

  it("queues what is done while disconnected, resumes from its last event and sends it again with the same id", async () => {
    const { socket } = await openRoom({ tab: "slides" });
    await socket.open();
    await socket.receive(welcome("producer", 10, liveFixture({ phase: "live", current_slide_index: 2 })));
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 3");

    await socket.cut();
    expect(connection().dataset.state).toBe("reconnecting");
    await click(screen.getByTestId("room-slide-next"));
    expect(socket.commands()).toEqual([]);
    expect(screen.getByTestId("room-pending").textContent).toBe("1 change waiting for the room");
    expect(screen.getByTestId("room-slide-target").textContent).toContain("going to slide 4");

    socket.sent = [];
    await socket.open();
    expect(socket.sent).toEqual([{ type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: expect.any(String), since: 10 }]);
    await socket.receive({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c2", role: "producer", seq: 11, snapshot: null, missed: [{ seq: 11, at: 1, name: "scene.set", patch: { current_scene_layout: "video-only" } }] });
    const [resent] = socket.commands();
    expect(resent?.command).toEqual({ type: "slide.set", index: 3 });
    // Lost in the cut after being sent? Sent again after the next welcome, same id: the room applies it once.
    await socket.cut();
    await socket.open();
    await socket.receive(welcome("producer", 11, null));
    expect(socket.commands().map((message) => message.id)).toEqual([resent?.id, resent?.id]);
    await socket.receive({ type: "event", seq: 12, at: 1, name: "slide.set", patch: { current_slide_index: 3 } });
    await socket.receive({ type: "ack", id: resent?.id ?? "", seq: 12 });
    await socket.receive({ type: "ack", id: resent?.id ?? "", seq: 12 });
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 4");
    expect(screen.queryByTestId("room-pending")).toBeNull();
  });

  it("reconnects on a gap in the events", async () => {
    const { socket } = await openRoom();
    await socket.open();
    await socket.receive(welcome("producer", 3, liveFixture()));
    await socket.receive({ type: "event", seq: 5, at: 1, name: "phase.prepared", patch: { phase: "prepared" } });
    expect(socket.reconnects).toBe(1);
    expect(screen.getByTestId("room-stage").textContent).toBe("Upcoming");
    socket.sent = [];
    await socket.open();
    expect(socket.sent[0]).toMatchObject({ type: "hello", since: 3 });
  });

  it("changes the slide with the arrow and page keys, and asks before going live with Shift+L", async () => {
    const { socket } = await openRoom({ tab: "prepare" });
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "ready", source: "vmr", current_slide_index: 0 })));
    await key({ key: "ArrowLeft" });
    expect(socket.commands()).toEqual([]);
    await key({ key: "ArrowRight" });
    await key({ key: "PageDown" });
    await key({ key: "PageUp" });
    expect(socket.commands().map((message) => message.command)).toEqual([
      { type: "slide.set", index: 1 },
      { type: "slide.set", index: 2 },
      { type: "slide.set", index: 1 },
    ]);
    // Keys typed in a field or moving between tabs are theirs.
    await act(async () => void fireEvent.keyDown(screen.getByTestId("room-tab-prepare"), { key: "ArrowRight" }));
    expect(socket.commands()).toHaveLength(3);

    await key({ key: "L", shiftKey: true });
    await answerDialog("Cancel");
    expect(socket.commands()).toHaveLength(3);
    await key({ key: "L", shiftKey: true });
    await answerDialog("Start");
    expect(socket.commands().at(-1)?.command).toEqual({ type: "control.start" });
  });

  it("shows a refusal and settles the command", async () => {
    const { socket } = await openRoom();
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "upcoming" })));
    await click(screen.getByTestId("room-prepare"));
    const [prepare] = socket.commands();
    await socket.receive({ type: "error", code: "wrong_phase", message: "This cannot be done at this stage of the webcast.", id: prepare?.id ?? "" });
    expect(await screen.findByText("Prepare: This cannot be done at this stage of the webcast.")).toBeTruthy();
    expect(screen.queryByTestId("room-pending")).toBeNull();
  });

  it("lets a speaker follow, read-only", async () => {
    const { socket } = await openRoom({ permissions: ["sessions.view"], speaker: true, tab: "go-live" });
    await socket.open();
    await socket.receive(welcome("speaker", 1, liveFixture({ phase: "ready" })));
    expect(screen.getByTestId("room-readonly")).toBeTruthy();
    expect(screen.getByTestId("go-live-readonly")).toBeTruthy();
    expect(screen.queryByTestId("room-start")).toBeNull();
    // No audience figures unless the webcast lets speakers see them: the stats tab says why.
    await click(screen.getByTestId("room-tab-stats"));
    expect(screen.getByTestId("room-stats-hidden")).toBeTruthy();
    expect(screen.queryByTestId("room-stats")).toBeNull();
    fireEvent.click(screen.getByTestId("room-tab-slides"));
    expect(screen.queryByTestId("room-slide-next")).toBeNull();
    await key({ key: "ArrowRight" });
    await key({ key: "L", shiftKey: true });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByTestId("room-tab-display"));
    for (const button of within(screen.getByTestId("scene-layouts")).getAllByRole("button")) expect(button).toHaveProperty("disabled", true);
    expect(socket.commands()).toEqual([]);
  });

  it("disables the adaptive layout with its reason below two speakers", async () => {
    const { socket } = await openRoom({ tab: "display" });
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "live", speakers_connected: [7] })));
    const adaptive = within(screen.getByTestId("conference-layouts")).getByRole("button", { name: "Adaptive composition" });
    expect(adaptive).toHaveProperty("disabled", true);
    expect(screen.getByTestId("adaptive-reason").textContent).toContain("at least 2 speakers connected (1 now)");
    await click(within(screen.getByTestId("scene-layouts")).getByRole("button", { name: "Video only" }));
    await click(screen.getByTestId("toggle-question_wall"));
    expect(socket.commands().map((message) => message.command)).toEqual([
      { type: "scene.set", layout: "video-only" },
      { type: "toggle.set", name: "question_wall", enabled: true },
    ]);
  });

  it("asks for a reload when the room runs newer code, and stops reconnecting", async () => {
    const { socket } = await openRoom();
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture()));
    await socket.receive({ type: "reload", reason: "protocol_outdated", protocolVersion: PROTOCOL_VERSION + 1 });
    expect(screen.getByTestId("room-reload").textContent).toContain("reload this page");
    expect(connection().dataset.state).toBe("closed");
    expect(socket.connected).toBe(false);
    await key({ key: "ArrowRight" });
    expect(socket.commands()).toEqual([]);
  });

  it("refuses people who neither produce nor speak", async () => {
    session.user = profileUser(["sessions.view"], { id: harness.user.id });
    const uid = await seedWebcast(harness.engine, "Town hall");
    const sockets: string[] = [];
    await renderInRouter(
      <ControlRoomPage
        uid={uid}
        tab={undefined}
        onTabChange={() => {}}
        socketFactory={(url) => {
          sockets.push(url);
          return new FakeRoomSocket();
        }}
      />,
    );
    expect(await screen.findByTestId("control-room-forbidden")).toBeTruthy();
    // No socket for someone the room would refuse.
    expect(sockets).toEqual([]);
  });

  it("jumps to a slide from its thumbnail, and stops at the deck's last page (the button and the keys)", async () => {
    const { uid, socket } = await openRoom({ tab: "slides" });
    await putDeck(harness.engine.db, deckRow(uid, { page_count: 5 }));
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "live", current_slide_index: 4 })));
    const strip = await screen.findByTestId("slide-thumbnails");
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 5 of 5");
    expect(screen.getByTestId("room-slide-next")).toHaveProperty("disabled", true);
    await key({ key: "ArrowRight" });
    await key({ key: "PageDown" });
    expect(socket.commands()).toEqual([]);

    await click(within(strip).getByRole("button", { name: "Go to slide 2" }));
    expect(socket.commands().map((message) => message.command)).toEqual([{ type: "slide.set", index: 1 }]);
    expect(screen.getByTestId("room-slide-target").textContent).toContain("going to slide 2");
    // The slide asked for already: nothing more to send.
    await click(within(strip).getByRole("button", { name: "Go to slide 2" }));
    expect(socket.commands()).toHaveLength(1);
    await socket.receive({ type: "event", seq: 2, at: 1, name: "slide.set", patch: { current_slide_index: 1 } });
    await socket.receive({ type: "ack", id: socket.commands()[0]?.id ?? "", seq: 2 });
    expect(screen.getByTestId("room-slide").textContent).toBe("Slide 2 of 5");
    expect(within(strip).getByRole("button", { name: "Go to slide 2" }).getAttribute("aria-current")).toBe("true");
    await key({ key: "ArrowRight" });
    expect(socket.commands().at(-1)?.command).toEqual({ type: "slide.set", index: 2 });
  });

  it("restores the changes made offline before the page was closed, and sends them after the welcome", async () => {
    const first = await openRoom({ tab: "slides" });
    await first.socket.open();
    await first.socket.receive(welcome("producer", 10, liveFixture({ phase: "live", current_slide_index: 2 })));
    await first.socket.cut();
    await click(screen.getByTestId("room-slide-next"));
    expect(first.socket.commands()).toEqual([]);
    first.unmount();

    // The same browser opens the control room again.
    const { socket } = await openRoom({ tab: "slides", uid: first.uid });
    expect(screen.getByTestId("room-pending").textContent).toBe("1 change waiting for the room");
    expect(screen.getByTestId("room-restored").textContent).toContain("1 change made before this page was last closed still waits for the room's answer");
    await socket.open();
    expect(socket.sent).toEqual([{ type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: expect.any(String) }]);
    await socket.receive(welcome("producer", 12, liveFixture({ phase: "live", current_slide_index: 2 })));
    const [resent] = socket.commands();
    expect(resent?.command).toEqual({ type: "slide.set", index: 3 });
    await socket.receive({ type: "event", seq: 13, at: 1, name: "slide.set", patch: { current_slide_index: 3 } });
    await socket.receive({ type: "ack", id: resent?.id ?? "", seq: 13 });
    expect(screen.queryByTestId("room-pending")).toBeNull();
    expect(screen.queryByTestId("room-restored")).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});

describe("control room reset", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function archivedRoom() {
    const room = await openRoom({ tab: "prepare" });
    harness.setOnline(true);
    await room.socket.open();
    await room.socket.receive(welcome("producer", 1, liveFixture({ phase: "archived" })));
    return room;
  }

  it("keeps the start time through the room, after the confirmation", async () => {
    const { socket } = await archivedRoom();
    await click(screen.getByTestId("room-reset"));
    await answerDialog("Cancel");
    expect(socket.commands()).toEqual([]);
    await click(screen.getByTestId("room-reset"));
    expect(within(await screen.findByRole("dialog")).getByText(/The start time stays as it is\./)).toBeTruthy();
    await answerDialog("Reset");
    expect(socket.commands().map((message) => message.command)).toEqual([{ type: "room.reset", keep_start: true }]);
  });

  it("reschedules: the new start in the chosen zone goes to POST reset, after the confirmation", async () => {
    const { uid, socket } = await archivedRoom();
    const server = fakeServer({ [`POST /api/webcasts/${uid}/reset`]: () => json({ data: { state: liveFixture({ phase: "resetting" }), seq: 2 } }) });
    await click(screen.getByTestId("room-reset-reschedule"));
    // Starts from the webcast's own start and time zone.
    expect(select("reset_timezone").value).toBe("UTC");
    expect(input("reset_start_date").value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByTestId("room-reset").textContent).toBe("Reset and reschedule…");
    fireEvent.change(input("reset_start_date"), { target: { value: "2099-07-01" } });
    fireEvent.change(input("reset_start_time"), { target: { value: "09:30" } });
    fireEvent.change(select("reset_timezone"), { target: { value: "Europe/Paris" } });

    await click(screen.getByTestId("room-reset"));
    await answerDialog("Cancel");
    expect(server.callsTo(`POST /api/webcasts/${uid}/reset`)).toEqual([]);

    await click(screen.getByTestId("room-reset"));
    expect(within(await screen.findByRole("dialog")).getByText(/The webcast will start on Jul 1, 2099/)).toBeTruthy();
    await answerDialog("Reset");
    await waitFor(() => expect(server.callsTo(`POST /api/webcasts/${uid}/reset`)).toHaveLength(1));
    expect(server.callsTo(`POST /api/webcasts/${uid}/reset`)[0]?.body).toEqual({ scheduled_start: "2099-07-01T07:30:00Z", timezone: "Europe/Paris" });
    // Not a socket command: the call resets the room, whose events come over the socket.
    expect(socket.commands()).toEqual([]);
    await waitFor(() => expect(toasts.items.map((item) => item.message)).toContain("The webcast is being reset. Its new start: Jul 1, 2099, 9:30 AM GMT+2."));
    expect(document.querySelector(`[name="reset_start_date"]`)).toBeNull();
    await socket.receive({ type: "event", seq: 2, at: 1, name: "room.reset", patch: { phase: "resetting" } });
    expect(screen.getByTestId("room-stage").textContent).toBe("Resetting");
  });

  it("shows the form's and the server's field errors next to the fields, and other refusals as notices", async () => {
    const { uid } = await archivedRoom();
    const answers: Response[] = [
      json({ message: "The given data was invalid.", code: "validation_failed", errors: { scheduled_start: ["The date must be after now (server)."] } }, 422),
      json({ message: "This cannot be done at this stage of the webcast.", code: "conflict" }, 409),
    ];
    const server = fakeServer({ [`POST /api/webcasts/${uid}/reset`]: () => answers.shift() ?? json({}, 500) });
    await click(screen.getByTestId("room-reset-reschedule"));

    // Checked here first: no dialog, no call.
    fireEvent.change(input("reset_start_time"), { target: { value: "" } });
    await click(screen.getByTestId("room-reset"));
    expect(fieldErrors("reset_start_time")).toBe("This field is required");
    fireEvent.change(input("reset_start_date"), { target: { value: "2020-01-01" } });
    fireEvent.change(input("reset_start_time"), { target: { value: "10:00" } });
    await click(screen.getByTestId("room-reset"));
    expect(fieldErrors("reset_start_date")).toBe("This date must be in the future.");
    expect(screen.queryByRole("dialog")).toBeNull();

    // The server's, in the user's language, under the date and linked to it.
    fireEvent.change(input("reset_start_date"), { target: { value: "2099-01-01" } });
    await click(screen.getByTestId("room-reset"));
    await answerDialog("Reset");
    await waitFor(() => expect(fieldErrors("reset_start_date")).toBe("The date must be after now (server)."));
    const date = input("reset_start_date");
    expect(date.getAttribute("aria-invalid")).toBe("true");
    const describedBy = date.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy.split(" ").at(-1) ?? "")?.textContent).toBe("The date must be after now (server).");
    // Editing the start clears them.
    fireEvent.change(input("reset_start_time"), { target: { value: "11:00" } });
    expect(fieldErrors("reset_start_date")).toBe("");

    await click(screen.getByTestId("room-reset"));
    await answerDialog("Reset");
    await waitFor(() => expect(toasts.items.map((item) => item.message)).toContain("This cannot be done at this stage of the webcast."));
    expect(server.callsTo(`POST /api/webcasts/${uid}/reset`)).toHaveLength(2);
    // Still there to try again.
    expect(input("reset_start_date").value).toBe("2099-01-01");
  });

  it("offers rescheduling only to who may edit the webcast: a producer speaker keeps the start time", async () => {
    const { socket } = await openRoom({ permissions: ["sessions.view"], producer: true, tab: "prepare" });
    harness.setOnline(true);
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "archived" })));
    const reschedule = screen.getByTestId("room-reset-reschedule");
    expect(reschedule).toHaveProperty("disabled", true);
    expect(document.getElementById(reschedule.getAttribute("aria-describedby") ?? "")?.textContent).toContain("Only those who may edit the webcast can give it a new start");
    await click(screen.getByTestId("room-reset"));
    await answerDialog("Reset");
    expect(socket.commands().map((message) => message.command)).toEqual([{ type: "room.reset", keep_start: true }]);
  });

  it("needs the network to reschedule: offline, the button is disabled and says why", async () => {
    const { socket } = await archivedRoom();
    await click(screen.getByTestId("room-reset-reschedule"));
    expect(screen.getByTestId("room-reset")).toHaveProperty("disabled", false);
    await act(async () => harness.setOnline(false));
    const button = screen.getByTestId("room-reset");
    expect(button).toHaveProperty("disabled", true);
    const explanation = screen.getByTestId("room-reschedule-offline");
    expect(button.getAttribute("aria-describedby")).toContain(explanation.id);
    expect(explanation.textContent).toContain("Rescheduling needs a connection");

    // Back online: once the room has welcomed us again.
    await act(async () => harness.setOnline(true));
    expect(screen.getByTestId("room-reset")).toHaveProperty("disabled", true);
    await socket.open();
    await socket.receive(welcome("producer", 1, null));
    expect(screen.getByTestId("room-reset")).toHaveProperty("disabled", false);
    // Online but the room's socket is down: no.
    await socket.cut();
    expect(screen.getByTestId("room-reset")).toHaveProperty("disabled", true);
    // Keeping the start works offline: queued like any command.
    await click(screen.getByTestId("room-reset-keep"));
    expect(screen.getByTestId("room-reset")).toHaveProperty("disabled", false);
    expect(screen.queryByTestId("room-reschedule-offline")).toBeNull();
  });
});

describe("control room stats and premiere", () => {
  it("shows the audience to the producer, and to a speaker only when the webcast shares it", async () => {
    const { socket } = await openRoom({ permissions: ["sessions.view"], speaker: true, tab: "stats" });
    await socket.open();
    const { live_viewers: _viewers, peak_viewers: _peak, ...hidden } = liveFixture({ phase: "live", speakers_see_stats: false });
    await socket.receive(welcome("speaker", 1, hidden));
    expect(screen.getByTestId("room-stats-hidden").textContent).toContain("The producer has not shared the audience figures with speakers");
    expect(screen.queryByTestId("stat-viewers")).toBeNull();

    // The producer shares them: the room sends the flag and the figures.
    await socket.receive({ type: "event", seq: 2, at: 1, name: "settings.stats", patch: { speakers_see_stats: true, live_viewers: 12, peak_viewers: 30 } });
    expect(screen.queryByTestId("room-stats-hidden")).toBeNull();
    expect(screen.getByTestId("stat-viewers").textContent).toBe("12 Viewers now");
    expect(screen.getByTestId("stat-peak").textContent).toBe("30 Peak since going live");
  });

  it("always shows the audience to the producer", async () => {
    const { socket } = await openRoom({ tab: "stats" });
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "live", live_viewers: 5, peak_viewers: 9, speakers_see_stats: false })));
    expect(screen.getByTestId("stat-viewers").textContent).toBe("5 Viewers now");
    expect(screen.queryByTestId("room-stats-hidden")).toBeNull();
  });

  it("says when a premiere waits for a place on air, and when the room tries again", async () => {
    const { socket } = await openRoom({ tab: "go-live" });
    await socket.open();
    const retryAt = Date.UTC(2099, 0, 1, 14, 3);
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "prepared", is_premiere: true, premiere_retry_at: retryAt })));
    expect(screen.getByTestId("room-stage").textContent).toBe("Prepared Waiting to go live");
    const waiting = screen.getByTestId("room-premiere-waiting");
    expect(waiting.textContent).toContain("going live is temporarily not possible");
    const next = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit" }).format(retryAt);
    expect(waiting.textContent).toContain(`Next try at ${next}.`);
    expect(waiting.querySelector("time")?.getAttribute("datetime")).toBe(new Date(retryAt).toISOString());
    await click(screen.getByTestId("room-tab-prepare"));
    expect(screen.getByTestId("room-premiere-waiting")).toBeTruthy();

    // A place is free: the premiere starts, the waiting goes.
    await socket.receive({ type: "event", seq: 2, at: 1, name: "premiere.started", patch: { phase: "starting", premiere_retry_at: null } });
    expect(screen.getByTestId("room-stage").textContent).toBe("Starting");
    expect(screen.queryByTestId("room-premiere-waiting")).toBeNull();
  });
});

describe("control room interactions", () => {
  it("shows every poll with its live badge and live tally, and merges the tally frames", async () => {
    const { uid, socket } = await openRoom({ tab: "polls" });
    const now = new Date().toISOString();
    await harness.engine.db.table("view_polls").put({
      id: "p1",
      organization_id: 1,
      webcast_id: uid,
      series_id: null,
      title: "Lunch?",
      description: null,
      language: "en",
      options: [
        { id: "p1-a", text: "Yes" },
        { id: "p1-b", text: "No" },
      ],
      recommended_option_id: "p1-a",
      multiple_choice: false,
      display: "fluid",
      position: 0,
      status: "unpublished",
      created_at: now,
      updated_at: now,
    });
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "live", current_polling: { type: "poll", id: "p1", status: 1 } })));
    await socket.receive(interactionsFrame({ tallies: [tally("p1", {}, [1, 1])] }));
    const poll = await screen.findByTestId("room-poll");
    expect(within(poll).getByTestId("poll-badge").textContent).toBe("Open");
    expect(within(poll).getAllByTestId("option-percent").map((cell) => cell.textContent)).toEqual(["50 %", "50 %"]);
    expect(within(poll).getAllByRole("button").map((button) => button.dataset.action)).toEqual(["close", "show_results", "dismiss"]);

    await socket.receive({ type: "tally", tallies: [tally("p1", { status: "closed", badge: "compiling", compiling: true }, [3, 1])] });
    expect(within(poll).getByTestId("poll-badge").textContent).toBe("Compiling results");
    expect(within(poll).getAllByTestId("option-voters").map((cell) => cell.textContent)).toEqual(["3", "1"]);
    await click(within(poll).getByRole("button", { name: "Show results: Lunch?" }));
    expect(socket.commands().at(-1)?.command).toEqual({ type: "polling.set", kind: "poll", id: "p1", action: "show_results" });
  });

  it("shows a speaker only the questions pushed to them, the latest pushed first, and the question wall", async () => {
    const { socket } = await openRoom({ permissions: ["sessions.view"], speaker: true, tab: "questions" });
    await socket.open();
    await socket.receive(welcome("speaker", 1, liveFixture({ phase: "live" })));
    expect(screen.getByTestId("questions-loading")).toBeTruthy();
    await socket.receive(
      interactionsFrame({
        questions: [question("q1", { text: "First pushed?", pushed_to_speakers: true, pushed_at: 1 }), question("q2", { text: "Second pushed?", pushed_to_speakers: true, pushed_at: 2 })],
      }),
    );
    expect(screen.queryByTestId("moderation-queue")).toBeNull();
    const list = screen.getByTestId("speaker-questions");
    expect(within(list).getAllByRole("listitem").map((item) => item.querySelector(".question__text")?.textContent)).toEqual(["Second pushed?", "First pushed?"]);

    await click(screen.getByTestId("question-wall-open"));
    const wall = screen.getByTestId("question-wall");
    expect(within(wall).getByText("Second pushed?")).toBeTruthy();
    await key({ key: "Escape" });
    expect(screen.queryByTestId("question-wall")).toBeNull();
  });

  it("gives moderators the queue, its actions through the room, and the chat", async () => {
    const { socket } = await openRoom({ tab: "questions" });
    await socket.open();
    await socket.receive(welcome("producer", 1, liveFixture({ phase: "live" })));
    await socket.receive(interactionsFrame({ questions: [question("q1", { text: "Lunch?" })], chat: [chatMessage("m1", { body: "<b>hi</b>" })] }));
    const queue = screen.getByTestId("moderation-queue");
    await click(within(queue).getByTestId("action-push"));
    const [command] = socket.commands();
    expect(command?.command).toEqual({ type: "question.moderate", question_id: "q1", action: { type: "push_to_speakers" } });
    await socket.receive({ type: "ack", id: command?.id ?? "", seq: 1, result: question("q1", { text: "Lunch?", pushed_to_speakers: true, pushed_at: 5 }) });
    expect(within(queue).getByTestId("question-pushed")).toBeTruthy();
    expect(within(screen.getByTestId("room-chat")).getByTestId("chat-body").textContent).toBe("<b>hi</b>");
  });
});
