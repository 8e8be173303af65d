import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { ORGANIZER_PERMISSIONS, offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";

const harness = offlineReplica();

/** The browser socket partysocket opens, never connected: the route is rendered through the real client. */
const opened: string[] = [];
class NeverOpenSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  constructor(readonly url: string) {
    super();
    opened.push(url);
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

beforeEach(() => {
  opened.length = 0;
  vi.stubGlobal("WebSocket", NeverOpenSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PRODUCER: readonly Permission[] = [...ORGANIZER_PERMISSIONS, "control_room.manage", "slides.manage", "polls.manage", "questions.manage"];

describe("control room route", () => {
  it("opens full screen, outside the app shell, from the dashboard of someone who runs the control room", async () => {
    session.user = profileUser(PRODUCER, { id: harness.user.id });
    const uid = await seedWebcast(harness.engine, "Town hall");
    const { router } = await renderApp(`/webcasts/${uid}/dashboard`);
    const link = await screen.findByTestId("open-control-room");
    expect(link.getAttribute("href")).toBe(`/webcasts/${uid}/control-room`);
    await act(async () => void fireEvent.click(link));
    await screen.findByTestId("control-room");
    expect(router.state.location.pathname).toBe(`/webcasts/${uid}/control-room`);
    expect(screen.queryByTestId("app-shell")).toBeNull();
    expect(screen.getByTestId("room-connection").dataset.state).toBe("connecting");
    expect(opened).toEqual([`ws://${location.host}/api/webcasts/${uid}/room`]);

    // A tab is part of the address.
    await act(async () => void fireEvent.click(screen.getByTestId("room-tab-slides")));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "slides" }));
  });

  it("offers no control room link to someone who does not run it", async () => {
    const uid = await seedWebcast(harness.engine, "Town hall");
    await renderApp(`/webcasts/${uid}/dashboard`);
    await screen.findByTestId("webcast-dashboard");
    expect(screen.queryByTestId("open-control-room")).toBeNull();
  });

  it("runs its own quick tour", async () => {
    session.user = profileUser(PRODUCER, { id: harness.user.id });
    const uid = await seedWebcast(harness.engine, "Town hall");
    await renderApp(`/webcasts/${uid}/control-room`);
    const start = await screen.findByTestId("room-tour-start");
    await act(async () => void fireEvent.click(start));
    const tour = await screen.findByTestId("quick-tour");
    expect(tour.dataset.step).toBe("room-stage");
    expect(screen.getByTestId("quick-tour-progress").textContent).toBe("Step 1 of 4");
    for (const step of ["room-connection", "room-tabs", "room-shortcuts"]) {
      await act(async () => void fireEvent.click(screen.getByTestId("quick-tour-next")));
      expect(screen.getByTestId("quick-tour").dataset.step).toBe(step);
    }
    await act(async () => void fireEvent.click(screen.getByTestId("quick-tour-next")));
    expect(screen.queryByTestId("quick-tour")).toBeNull();
    expect(localStorage.getItem("igo.tour.control-room")).toBe("done");
    // The home screen's tour is remembered apart.
    expect(localStorage.getItem("igo.tour.home")).toBeNull();
  });
});
