import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../api/fake-server.ts";
import { chatMessage, interactionsFrame, question } from "../webcast-room/interaction-fixtures.ts";
import { SENT_SHOWN_MS } from "../webcast-room/interaction-outbox.ts";
import { pendingStorageKey } from "../webcast-room/pending-store.ts";
import { liveFixture } from "../webcast-room/test-support.ts";
import { WEBCAST_ID } from "./fixtures.ts";
import { fakeStage, renderViewerRoom, roomWire } from "./viewer-room-testing.tsx";

/**
 * Questions and chat typed offline (issue #19): queued on the device with their ids, shown as
 * waiting for the network, sent once when the room is reached, kept across a reload of the tab.
 */
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function connected(wire = roomWire()) {
  fakeServer({});
  const view = renderViewerRoom({ socketFactory: wire.factory, Stage: fakeStage().Stage });
  await wire.open();
  await wire.welcome(1, liveFixture({ phase: "live" }));
  await wire.receive(interactionsFrame());
  return { wire, view };
}

/** The network is back: a new connection, the room resumes it from its last event. */
async function reconnect(wire: ReturnType<typeof roomWire>) {
  await wire.open();
  await wire.welcome(1, null);
  await wire.receive(interactionsFrame());
}

const asked = (wire: ReturnType<typeof roomWire>) => wire.commands().filter((message) => message.command.type === "question.ask");

describe("questions and chat typed offline", () => {
  it("queues a question asked offline, shows it waiting for the network, and sends it once when the room is back", async () => {
    const { wire } = await connected();
    await wire.drop();
    type("ask-text", "Will the slides be shared?");
    await act(async () => fireEvent.submit(screen.getByTestId("ask-form")));
    expect(asked(wire)).toHaveLength(0);
    const queued = within(await screen.findByTestId("queued-question.ask"));
    expect(queued.getByTestId("queued-item").textContent).toContain("Will the slides be shared?");
    expect(queued.getByTestId("queued-state").textContent).toBe("Waiting for the network…");
    expect(screen.getByTestId("room-connection").textContent).toContain("Reconnecting…");

    await reconnect(wire);
    expect(asked(wire)).toHaveLength(1);
    const [sent] = asked(wire);
    expect(sent?.command).toEqual({ type: "question.ask", text: "Will the slides be shared?", anonymous: false });
    expect(within(screen.getByTestId("queued-question.ask")).getByTestId("queued-state").textContent).toBe("Sending…");

    // The connection drops before the acknowledgement and comes back: the same id again, applied once by the room.
    await wire.drop();
    await reconnect(wire);
    expect(new Set(asked(wire).map((message) => message.id))).toEqual(new Set([sent?.id]));

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    await wire.receive({ type: "ack", id: sent?.id ?? "", seq: 1, result: question("q1", { text: "Will the slides be shared?", mine: true }) });
    expect(within(screen.getByTestId("queued-question.ask")).getByTestId("queued-state").textContent).toBe("Sent");
    // The wait before the next question (SPEC §5, 10 s) counts from when the room took it.
    expect(screen.getByTestId("ask-status").textContent).toMatch(/seconds before you can ask another question/);
    expect(screen.getByTestId("ask-submit").hasAttribute("disabled")).toBe(true);
    await act(async () => vi.advanceTimersByTime(SENT_SHOWN_MS));
    expect(screen.queryByTestId("queued-question.ask")).toBeNull();
  });

  it("keeps a question queued offline across a reload of the tab, and sends it with the same id", async () => {
    const first = await connected();
    await first.wire.drop();
    type("ask-text", "Is there a replay?");
    await act(async () => fireEvent.submit(screen.getByTestId("ask-form")));
    const key = pendingStorageKey("viewer:viewer-1", WEBCAST_ID);
    const stored = JSON.parse(sessionStorage.getItem(key) ?? "[]") as { id: string }[];
    expect(stored).toHaveLength(1);
    first.view.unmount();

    // The page loads again, still offline: the question is there, waiting.
    const wire = roomWire();
    renderViewerRoom({ socketFactory: wire.factory, Stage: fakeStage().Stage });
    expect((await screen.findByTestId("queued-state")).textContent).toBe("Waiting for the network…");
    expect(screen.getByTestId("queued-item").textContent).toContain("Is there a replay?");

    await wire.open();
    await wire.welcome(1, liveFixture({ phase: "live" }));
    await wire.receive(interactionsFrame());
    expect(asked(wire).map((message) => message.id)).toEqual([stored[0]?.id]);
    expect(asked(first.wire)).toHaveLength(0);

    await wire.receive({ type: "ack", id: stored[0]?.id ?? "", seq: 1, result: question("q2", { text: "Is there a replay?", mine: true }) });
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(screen.getAllByTestId("audience-question")[0]?.textContent).toContain("Is there a replay?");
  });

  it("queues a chat message sent offline and sends it once", async () => {
    const { wire } = await connected();
    await wire.drop();
    type("chat-input", "Hello from the train");
    await act(async () => fireEvent.submit(screen.getByTestId("chat-form")));
    expect(within(screen.getByTestId("queued-chat.send")).getByTestId("queued-state").textContent).toBe("Waiting for the network…");
    await reconnect(wire);
    const chats = wire.commands().filter((message) => message.command.type === "chat.send");
    expect(chats).toHaveLength(1);
    await wire.receive({ type: "ack", id: chats[0]?.id ?? "", seq: 1, result: { message: chatMessage("m1", { body: "Hello from the train", sender_id: "guest:me" }), warning: null } });
    expect(screen.getAllByTestId("chat-body").map((element) => element.textContent)).toEqual(["Hello from the train"]);
  });
});
