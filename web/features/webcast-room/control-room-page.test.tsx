import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import type { ClientMessage } from "../../../domain/protocol/client-messages.ts";
import { encodeFrame } from "../../../domain/protocol/frames.ts";
import type { ServerMessage } from "../../../domain/protocol/server-messages.ts";
import type { RoomRole } from "../../../domain/webcast-room/actor.ts";
import type { LiveState } from "../../../domain/webcast-room/live-state.ts";
import { renderInRouter } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { ToastHost } from "../../ui/toast-host.tsx";
import { session } from "../session/store.ts";
import { ORGANIZER_PERMISSIONS, offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import { ControlRoomPage } from "./control-room-page.tsx";
import type { RoomSocket } from "./room-client.ts";
import { liveFixture } from "./test-support.ts";
import type { ControlRoomTab } from "./tabs.ts";

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

const welcome = (role: RoomRole, seq: number, snapshot: LiveState | null): ServerMessage => ({ type: "welcome", protocolVersion: 2, connectionId: "c", role, seq, snapshot, missed: [] });

const PRODUCER: readonly Permission[] = [...ORGANIZER_PERMISSIONS, "control_room.manage", "slides.manage", "polls.manage", "questions.manage"];

async function openRoom({ permissions = PRODUCER, tab = "prepare" as ControlRoomTab, speaker = false } = {}) {
  session.user = profileUser(permissions, { id: harness.user.id });
  const uid = await seedWebcast(harness.engine, "Town hall");
  if (speaker) {
    const now = new Date().toISOString();
    await harness.engine.db.table("view_webcast_speakers").put({
      id: "s1",
      organization_id: 1,
      webcast_id: uid,
      user_id: harness.user.id,
      name: "Sam Speaker",
      email: "sam@demo.test",
      is_producer: false,
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
  await renderInRouter(<Harness />);
  await screen.findByTestId("control-room");
  expect(urls).toEqual([`ws://${location.host}/api/webcasts/${uid}/room`]);
  return { uid, socket };
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
    expect(socket.sent).toEqual([{ type: "hello", protocolVersion: 2, clientId: expect.any(String) }]);
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
    expect(socket.sent).toEqual([{ type: "hello", protocolVersion: 2, clientId: expect.any(String), since: 10 }]);
    await socket.receive({ type: "welcome", protocolVersion: 2, connectionId: "c2", role: "producer", seq: 11, snapshot: null, missed: [{ seq: 11, at: 1, name: "scene.set", patch: { current_scene_layout: "video-only" } }] });
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
    // No stats unless the webcast lets speakers see them.
    expect(screen.queryByTestId("room-tab-stats")).toBeNull();
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
    await socket.receive({ type: "reload", reason: "protocol_outdated", protocolVersion: 3 });
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
});
