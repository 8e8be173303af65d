import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";

/** /w/{webcastId}?invite=<token>: a viewer's personal link, public. */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const WEBCAST = "0194c4a0-0000-7000-8000-00000000c0de";

describe("invitation landing page", { timeout: 30_000 }, () => {
  it("greets the invited viewer with the webcast's title and start in their time zone", async () => {
    const server = fakeServer({
      "GET /api/invitations/good-token": () => json({ data: { webcast: { id: WEBCAST, title: "Annual meeting", start: "2026-12-01T15:00:00.000Z", timezone: "America/Toronto" }, viewer: { name: "Ann Attendee" } } }),
    });
    await renderApp(`/w/${WEBCAST}?invite=good-token`);
    expect((await screen.findByTestId("invitation-landing-greeting")).textContent).toBe("Hello Ann Attendee, you are invited.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Annual meeting");
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const expected = new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "short", timeZone: zone }).format(new Date("2026-12-01T15:00:00.000Z"));
    expect(screen.getByTestId("invitation-landing-date").textContent).toBe(`${expected} (${zone})`);
    expect(screen.getByTestId("invitation-landing-note").textContent).toBe("Keep this page: the webcast opens here at its start time.");
    expect(screen.getByTestId("public-layout")).toBeTruthy();
    expect(server.callsTo("GET /api/invitations/good-token")).toHaveLength(1);
  });

  it("shows the server's message for an expired or invalid link", async () => {
    fakeServer({
      "GET /api/invitations/old-token": () =>
        json({ message: "This invitation link has expired or is invalid. Ask the organizer to send you a new invitation.", code: "not_found", requestId: "r" }, 404),
    });
    await renderApp(`/w/${WEBCAST}?invite=old-token`);
    await waitFor(() =>
      expect(screen.getByTestId("invitation-landing-error").textContent).toBe("This invitation link has expired or is invalid. Ask the organizer to send you a new invitation."),
    );
  });

  it("asks for the e-mail's link without a token", async () => {
    fakeServer({});
    await renderApp(`/w/${WEBCAST}`);
    expect((await screen.findByTestId("invitation-landing-error")).textContent).toMatch("Use the link from the e-mail.");
  });
});
