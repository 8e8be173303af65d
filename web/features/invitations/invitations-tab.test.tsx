import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeHandler, fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { session } from "../session/store.ts";
import type { InvitationTemplate, InvitationsOverview } from "../viewers/api.ts";
import { input, offlineReplica, seedWebcast } from "../webcasts/test-support.tsx";
import { deliveryPolling } from "./invitations-tab.tsx";
import { viewerRow } from "../../../domain/viewers/testing.ts";
import { PAGE_STREAM_TYPE, encodeStreamBody } from "../../../domain/sync/page-stream.ts";

/** The webcast's invitations tab: the template per language, its preview, saving and sending (online). */
const harness = offlineReplica();

beforeEach(() => {
  deliveryPolling.intervalMs = 20;
});

afterEach(() => {
  deliveryPolling.intervalMs = 2_000;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const template = (locale: InvitationTemplate["locale"], fields: Partial<InvitationTemplate> = {}): InvitationTemplate => ({
  locale,
  title: "You are invited",
  sender_name: "",
  subject: `[${locale}] Invitation: {{webcast_title}}`,
  message: "Hello {{name}},\nJoin {{webcast_title}} on {{webcast_date}}: {{webcast_link}}",
  customized: false,
  ...fields,
});

function overview(fields: Partial<InvitationsOverview> = {}): InvitationsOverview {
  return {
    templates: (["en", "fr", "pt", "es", "de"] as const).map((locale) => template(locale)),
    placeholders: ["name", "email", "webcast_title", "webcast_date", "webcast_link", "organization_name", "sender_name"],
    recipients: { all: 12, registered: 5, not_registered: 7, not_invited: 3 },
    deliveries: { queued: 0, sent: 9, failed: 0 },
    ...fields,
  };
}

async function openInvitations(routes: (id: string) => Record<string, FakeHandler>, options: { online?: boolean } = { online: true }) {
  harness.user.permissions["viewers.manage"] = [1];
  session.user = { ...harness.user };
  const id = await seedWebcast(harness.engine, "Annual meeting");
  await harness.engine.db.outbox.clear();
  // The webcast's viewers are on the device already (pulled when it was opened before).
  await harness.engine.db.opened_webcasts.put({ webcast_id: id, cursor: 1, synced: 1, opened_at: "2026-11-20T10:00:00.000Z" });
  await harness.engine.db.view_viewers.put(viewerRow({ webcast_id: id, name: "Ann Attendee", email: "ann@demo.test", created_at: "2026-11-20T10:00:00.000Z" }));
  await harness.engine.db.view_organizations.put({ id: "1", organization_id: 1, name: "Demo Events", deactivated_at: null, self_serve: false, limits: {}, features: {} });
  if (options.online) harness.setOnline(true);
  // The webcast's viewers pull finds nothing new (a 404 would make the device forget them); the
  // main pull stays unanswered, as in the other tab tests (the replica keeps what it holds).
  const server = fakeServer({
    "GET /api/sync/pull": () => json({ message: "Not found", code: "not_found" }, 404),
    "GET /api/sync/pull/stream": () => new Response(encodeStreamBody("viewers", [{ cursor: 1, changes: [], more: false, reset: false }]), { headers: { "Content-Type": PAGE_STREAM_TYPE } }),
    ...routes(id),
  });
  await renderApp(`/webcasts/${id}/edit?tab=invitations`);
  const panel = await screen.findByTestId("webcast-panel-invitations");
  const tab = await within(panel).findByTestId("webcast-invitations");
  return { id, server, tab };
}

describe("invitations tab", { timeout: 30_000 }, () => {
  it("edits a language's e-mail with a live preview for the first viewer, inserts placeholders and saves", async () => {
    let saved: unknown = null;
    const { id, server, tab } = await openInvitations((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/invitations`]: () => json({ data: overview() }),
      [`POST /api/webcasts/${webcastId}/invitations/customize`]: (call) => {
        saved = call.body;
        const body = call.body as { subject: string };
        if (body.subject.includes("Boom")) return json({ message: "Some fields of the invitation are invalid.", code: "validation_failed", errors: { subject: ["The subject is too loud."] }, requestId: "r" }, 422);
        return json({ data: { ...(call.body as object), customized: true } });
      },
    }));
    const preview = await within(tab).findByTestId("invitation-preview");
    // The first viewer is read from IndexedDB: the sample shows until it is.
    await waitFor(() => expect(within(preview).getByRole("heading").textContent).toBe("Preview for Ann Attendee"));
    // The webcast and the organization come from their own live queries: each may land later.
    await waitFor(() => {
      expect(within(preview).getByTestId("invitation-preview-subject").textContent).toBe("[en] Invitation: Annual meeting");
      expect(within(preview).getByTestId("invitation-preview-sender").textContent).toBe("Demo Events");
      expect(within(preview).getByTestId("invitation-preview-message").textContent).toMatch(/^Hello Ann Attendee,\nJoin Annual meeting on .+: http:\/\/localhost(:\d+)?\/w\//);
    });

    // Another language, then a change seen at once in the preview.
    fireEvent.change(within(tab).getByTestId("invitation-locale"), { target: { value: "fr" } });
    await waitFor(() => expect(within(preview).getByTestId("invitation-preview-subject").textContent).toBe("[fr] Invitation: Annual meeting"));
    fireEvent.change(input("subject"), { target: { value: "Bienvenue " } });
    fireEvent.focus(input("subject"));
    fireEvent.click(within(tab).getByRole("button", { name: "Insert {{name}}" }));
    await waitFor(() => expect(input("subject").value).toBe("Bienvenue {{name}}"));
    expect(within(preview).getByTestId("invitation-preview-subject").textContent).toBe("Bienvenue Ann Attendee");

    // An unknown placeholder: the same field error as the server's, at once.
    fireEvent.change(input("message"), { target: { value: "Hi {{nickname}}" } });
    await waitFor(() => expect(input("message").closest(".field")?.textContent).toMatch("Unknown placeholder: {{nickname}}."));
    expect((within(tab).getByTestId("invitation-save") as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(tab).getByTestId("invitation-save"));
    expect(server.callsTo(`POST /api/webcasts/${id}/invitations/customize`)).toHaveLength(0);

    fireEvent.change(input("message"), { target: { value: "Hi {{name}}, see you at {{webcast_link}}" } });
    fireEvent.click(within(tab).getByTestId("invitation-save"));
    await waitFor(() => expect(saved).toEqual({ locale: "fr", title: "You are invited", sender_name: "", subject: "Bienvenue {{name}}", message: "Hi {{name}}, see you at {{webcast_link}}" }));
    await waitFor(() => expect(within(tab).getByText("This language has your own text.")).toBeTruthy());

    // The server's field errors go under their field.
    fireEvent.change(input("subject"), { target: { value: "Boom" } });
    fireEvent.click(within(tab).getByTestId("invitation-save"));
    await waitFor(() => expect(input("subject").closest(".field")?.textContent).toMatch("The subject is too loud."));
    expect(within(tab).getByTestId("form-alert").textContent).toBe("Some fields of the invitation are invalid.");
  });

  it("sends the invitations to a group after a confirmation saying how many, and follows the deliveries", async () => {
    let sent = false;
    let reads = 0;
    const { id, server, tab } = await openInvitations((webcastId) => ({
      [`GET /api/webcasts/${webcastId}/invitations`]: () => {
        reads += 1;
        if (!sent) return json({ data: overview() });
        return json({ data: overview({ deliveries: reads > 3 ? { queued: 0, sent: 12, failed: 0 } : { queued: 3, sent: 9, failed: 0 } }) });
      },
      [`POST /api/webcasts/${webcastId}/bulk-invitations`]: () => {
        sent = true;
        return json({ data: { queued: 3 } }, 202);
      },
    }));
    const bulk = await within(tab).findByTestId("invitation-bulk");
    expect(within(bulk).getByTestId("invitation-count-not_invited").textContent).toBe("(3)");
    expect(within(bulk).getByTestId("invitation-count-all").textContent).toBe("(12)");
    fireEvent.click(within(bulk).getByTestId("invitation-send"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("3 invitation e-mails will be sent to: Viewers not yet invited.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(server.callsTo(`POST /api/webcasts/${id}/bulk-invitations`)).toHaveLength(1));
    expect(server.callsTo(`POST /api/webcasts/${id}/bulk-invitations`)[0]?.body).toEqual({ recipient_status: "not_invited", kind: "invitation" });
    await waitFor(() => expect(within(bulk).getByTestId("invitation-deliveries").textContent).toBe("Queued: 3Sent: 9Failed: 0"));
    // Read again while e-mails are queued, until none is.
    await waitFor(() => expect(within(bulk).getByTestId("invitation-deliveries").textContent).toBe("Queued: 0Sent: 12Failed: 0"));

    // A reminder to every registered viewer.
    fireEvent.click(within(bulk).getByTestId("invitation-recipients-registered"));
    fireEvent.change(within(bulk).getByTestId("invitation-kind"), { target: { value: "reminder" } });
    fireEvent.click(within(bulk).getByTestId("invitation-send"));
    const reminder = await screen.findByRole("dialog", { name: "Send the reminders?" });
    expect(reminder.textContent).toMatch("5 reminder e-mails will be sent to: Registered viewers.");
    fireEvent.click(within(reminder).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`POST /api/webcasts/${id}/bulk-invitations`)).toHaveLength(1);
  });

  it("says offline that invitations need a connection", async () => {
    const { tab, server } = await openInvitations(() => ({}), { online: false });
    expect(within(tab).getByTestId("invitations-offline").textContent).toMatch("connect to the internet");
    expect(server.calls.filter((call) => call.path.endsWith("/invitations"))).toHaveLength(0);
  });
});
