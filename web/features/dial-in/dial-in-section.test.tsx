import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";

/** The access tab's phone dial-in section (SPEC §7 phone/reserve, dial-in/settings): online only. */
const harness = offlineReplica();

afterEach(() => {
  vi.unstubAllGlobals();
});

const NUMBERS = [
  { country: "CA", number: "+1 555 0100", label: "Toll-free" },
  { country: "US", number: "+1 555 0101" },
];
const RESERVED = { enabled: true, numbers: NUMBERS, pin: "012345678" };

/**
 * As once a sync has brought the webcast back: its createWebcast left the outbox (seedWebcast
 * makes it as offline, unknown to the server until then).
 */
async function markSynced() {
  await act(async () => {
    await harness.engine.db.outbox.clear();
  });
}

const dialInCalls = (routes: ReturnType<typeof fakeServer>) => routes.calls.filter((call) => call.path.includes("dial-in"));

async function openSection(id: string) {
  await renderApp(`/webcasts/${id}/edit?tab=access`);
  return screen.findByTestId("dial-in-section");
}

/** A fetch answer that waits until `release()` is called (to see the loading state). */
function deferred(response: () => Response) {
  let release = () => {};
  const answer = new Promise<Response>((resolve) => {
    release = () => resolve(response());
  });
  return { answer: () => answer, release: () => release() };
}

describe("phone dial-in section", () => {
  it("says offline that dial-in needs a connection, without asking the server", async () => {
    const routes = fakeServer({});
    const id = await seedWebcast(harness.engine);
    const section = await openSection(id);
    expect(within(section).getByText("You are offline. Phone dial-in needs a connection.")).toBeTruthy();
    expect(within(section).queryByTestId("dial-in-reserve")).toBeNull();
    expect(routes.calls.filter((call) => call.path.includes("dial-in"))).toEqual([]);
  });

  it("loads the settings, reserves on request and shows the numbers and the PIN", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    const reserve = deferred(() => json({ data: RESERVED }, 201));
    const routes = fakeServer({
      [`GET /api/webcasts/${id}/dial-in/settings`]: () => json({ data: { enabled: false, numbers: [] } }),
      [`POST /api/webcasts/${id}/phone/reserve`]: reserve.answer,
    });
    const section = await openSection(id);
    expect(await within(section).findByText("No dial-in numbers are reserved for this webcast.")).toBeTruthy();

    fireEvent.click(within(section).getByTestId("dial-in-reserve"));
    await waitFor(() => expect(within(section).getByTestId("dial-in-reserve").textContent).toBe("Reserving…"));
    expect(within(section).getByTestId("dial-in-reserve").hasAttribute("disabled")).toBe(true);
    await act(async () => reserve.release());

    expect((await within(section).findByTestId("dial-in-pin")).textContent).toBe("012 345 678");
    const numbers = within(section).getAllByTestId("dial-in-number");
    expect(numbers.map((row) => row.textContent)).toEqual(["Canada (Toll-free)+1 555 0100", "United States+1 555 0101"]);
    expect(numbers[0]?.querySelector("a")?.getAttribute("href")).toBe("tel:+15550100");
    expect(within(section).queryByTestId("dial-in-reserve")).toBeNull();
    expect(routes.callsTo(`POST /api/webcasts/${id}/phone/reserve`)).toHaveLength(1);
  });

  it("shows an existing reservation at once", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    fakeServer({ [`GET /api/webcasts/${id}/dial-in/settings`]: () => json({ data: RESERVED }) });
    const section = await openSection(id);
    expect((await within(section).findByTestId("dial-in-pin")).textContent).toBe("012 345 678");
    expect(within(section).getAllByTestId("dial-in-number")).toHaveLength(2);
    expect(within(section).queryByTestId("dial-in-reserve")).toBeNull();
  });

  it("offers no reservation to a member without webcasts.update", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    fakeServer({ [`GET /api/webcasts/${id}/dial-in/settings`]: () => json({ data: { enabled: false, numbers: [] } }) });
    const section = await openSection(id);
    expect(await within(section).findByText("No dial-in numbers are reserved for this webcast.")).toBeTruthy();
    expect(within(section).queryByTestId("dial-in-reserve")).toBeNull();
  });

  it("shows the server's refusal (no numbers configured) and a failed load with a retry", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    let failures = 1;
    fakeServer({
      [`GET /api/webcasts/${id}/dial-in/settings`]: () => (failures-- > 0 ? json({ message: "Something went wrong. Please try again.", code: "server_error", requestId: "r" }, 500) : json({ data: { enabled: false, numbers: [] } })),
      [`POST /api/webcasts/${id}/phone/reserve`]: () => json({ message: "Phone dial-in is not available: no dial-in numbers are configured on this platform.", code: "conflict", requestId: "r" }, 409),
    });
    const section = await openSection(id);
    expect(await within(section).findByText("Something went wrong. Please try again.")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Retry" }));

    fireEvent.click(await within(section).findByTestId("dial-in-reserve"));
    expect(await within(section).findByText("Phone dial-in is not available: no dial-in numbers are configured on this platform.")).toBeTruthy();
    expect(within(section).getByTestId("dial-in-reserve").hasAttribute("disabled")).toBe(false);
  });

  it("does not ask for a webcast made offline until it is synced, says why, then loads it (no 404 on the way)", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    const routes = fakeServer({ [`GET /api/webcasts/${id}/dial-in/settings`]: () => json({ data: RESERVED }) });
    const section = await openSection(id);
    expect(await within(section).findByTestId("dial-in-not-synced")).toBeTruthy();
    expect(dialInCalls(routes)).toEqual([]);
    expect(screen.getByTestId("webcast-panel-access")).toBeTruthy();

    await markSynced();
    expect((await within(section).findByTestId("dial-in-pin")).textContent).toBe("012 345 678");
    expect(within(section).queryByTestId("dial-in-not-synced")).toBeNull();
    expect(routes.callsTo(`GET /api/webcasts/${id}/dial-in/settings`)).toHaveLength(1);
  });

  it("is neither shown nor asked for to a producer whose role lacks webcasts.view (the server answers 403)", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    // A speaker (sessions.view only), flagged producer on webcasts or not: dial-in settings need webcasts.view.
    session.user = profileUser(["sessions.view"], { id: harness.user.id });
    const routes = fakeServer({});
    await renderApp(`/webcasts/${id}/edit?tab=access`);
    const panel = await screen.findByTestId("webcast-panel-access");
    await waitFor(() => expect(within(panel).getByTestId("segments-section")).toBeTruthy());
    expect(screen.queryByTestId("dial-in-section")).toBeNull();
    expect(dialInCalls(routes)).toEqual([]);
  });
});
