import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ViewerResource } from "../../../domain/viewer-page/resources.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { WEBCAST_ID, publicWebcast } from "./fixtures.ts";
import { fakeStage, renderViewerRoom, roomWire } from "./viewer-room-testing.tsx";

/** The resources in the viewer room (issue #19 item 4): read with the room token when the attendee option view_resources allows it. */
const RESOURCES = `GET /api/watch/${WEBCAST_ID}/resources`;
const SIGNED = "/api/files/eyJrIjoid2ViY2FzdHMvLi4uIn0.c2lnbmF0dXJl";

const items: ViewerResource[] = [
  { id: "r1", title: "Agenda", description: "The day's schedule", kind: "link", url: "https://example.com/agenda" },
  { id: "r2", title: "Slides", description: null, kind: "file", url: SIGNED, file_name: "deck.pdf" },
  { id: "r3", title: "Write to us", description: null, kind: "email", url: "mailto:team%2Bq3@example.com" },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function room(options: { view_resources?: boolean } = {}) {
  const webcast = publicWebcast({ state: "live" });
  const view_resources = options.view_resources ?? true;
  renderViewerRoom({ socketFactory: roomWire().factory, Stage: fakeStage().Stage, webcast: { ...webcast, attendee_options: { ...webcast.attendee_options, view_resources } } });
}

describe("the viewer room's resources", () => {
  it("lists them in order with the room token: the file downloads through its signed URL, the link opens in a new tab, the address in the mail app", async () => {
    const server = fakeServer({ [RESOURCES]: () => json({ data: items }) });
    room();
    const section = await screen.findByTestId("viewer-resources");
    expect(within(section).getByRole("heading", { level: 3 }).textContent).toBe("Resources");
    await waitFor(() => expect(within(section).getAllByTestId("viewer-resource")).toHaveLength(3));
    const [call] = server.callsTo(RESOURCES);
    expect(call?.headers.get("Authorization")).toBe("Bearer rt-1");
    expect(call?.url).toContain("language=en");
    expect(call?.url).not.toContain("token=");

    const links = within(section).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Agenda (opens in a new tab)", "Slides deck.pdf", "Write to us"]);
    const [link, file, mail] = links;
    expect(link?.getAttribute("href")).toBe("https://example.com/agenda");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(file?.getAttribute("href")).toBe(SIGNED);
    expect(file?.getAttribute("download")).toBe("deck.pdf");
    expect(file?.getAttribute("target")).toBeNull();
    expect(mail?.getAttribute("href")).toBe("mailto:team%2Bq3@example.com");
    expect(section.textContent).toContain("team+q3@example.com");
    expect(section.textContent).toContain("The day's schedule");
    expect(section.textContent).toContain("deck.pdf");
  });

  it("is not there, and not asked for, when the attendee option view_resources is off", async () => {
    const server = fakeServer({ [RESOURCES]: () => json({ data: items }) });
    room({ view_resources: false });
    await screen.findByTestId("fake-stage");
    expect(screen.queryByTestId("viewer-resources")).toBeNull();
    expect(server.callsTo(RESOURCES)).toHaveLength(0);
  });

  it("says when there are none", async () => {
    fakeServer({ [RESOURCES]: () => json({ data: [] }) });
    room();
    expect((await screen.findByTestId("viewer-resources-empty")).textContent).toBe("No resources.");
  });

  it("shows why they could not be read, and reads them again on Try again", async () => {
    let fail = true;
    const server = fakeServer({
      [RESOURCES]: () =>
        fail ? json({ message: "Your access to this webcast has expired: reload the page to watch.", code: "unauthenticated", requestId: "r" }, 401) : json({ data: items.slice(0, 1) }),
    });
    room();
    const error = await screen.findByTestId("viewer-resources-error");
    expect(error.getAttribute("role")).toBe("alert");
    expect(error.textContent).toContain("Your access to this webcast has expired: reload the page to watch.");
    fail = false;
    fireEvent.click(within(error).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getAllByTestId("viewer-resource")).toHaveLength(1));
    expect(server.callsTo(RESOURCES)).toHaveLength(2);
  });
});
