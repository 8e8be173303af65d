import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { viewerFieldErrors } from "../../../domain/viewers/rules.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { activateLocale } from "../../i18n/i18n.ts";
import { resetViewerPulls, setViewerPull } from "../../local/viewer-pull-state.ts";
import { renderApp } from "../../test/render-app.tsx";
import { session } from "../session/store.ts";
import { input, offlineReplica, queued, seedWebcast } from "../webcasts/test-support.tsx";
import { viewerRow } from "../../../domain/viewers/testing.ts";

/** The webcast's viewers tab on a real Dexie replica: offline (changes queued) and online (REST facts). */
const harness = offlineReplica();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stamp = "2026-11-20T10:00:00.000Z";

/** The signed-in organizer manages viewers (the tab's read rule). */
function grantViewers() {
  harness.user.permissions["viewers.manage"] = [1];
  session.user = { ...harness.user };
}

/** Viewers of `webcastId` as a completed on-demand pull leaves them. */
async function pulledViewers(webcastId: string, people: Partial<ViewerRow>[]): Promise<ViewerRow[]> {
  const rows = people.map(
    (person): ViewerRow => viewerRow({ webcast_id: webcastId, email: `${(person.name ?? "someone").split(" ")[0]?.toLowerCase()}@demo.test`, created_at: stamp, ...person }),
  );
  await harness.engine.db.view_viewers.bulkPut(rows);
  await harness.engine.db.opened_webcasts.put({ webcast_id: webcastId, cursor: 3, synced: 3, opened_at: stamp });
  return rows;
}

const PEOPLE: Partial<ViewerRow>[] = [
  { name: "Cleo Chair", tags: ["press"], invitation_sent: true },
  { name: "Ann Attendee", tags: ["VIP", "board"], control_number: "A-17", registered: true, invitation_sent: true },
  { name: "Bob Builder", vote_weight: 2 },
];

async function openViewers(people: Partial<ViewerRow>[] = PEOPLE, options: { online?: boolean; beforeRender?: (id: string, viewers: ViewerRow[]) => void } = {}) {
  grantViewers();
  const id = await seedWebcast(harness.engine);
  if (options.online) {
    // As once a sync brought the webcast back (the server knows it).
    await harness.engine.db.outbox.clear();
    harness.setOnline(true);
  }
  const viewers = await pulledViewers(id, people);
  options.beforeRender?.(id, viewers);
  await renderApp(`/webcasts/${id}/edit?tab=viewers`);
  const panel = await screen.findByTestId("webcast-panel-viewers");
  const tab = await within(panel).findByTestId("webcast-viewers");
  if (people.length > 0) await waitFor(() => expect(rows()).toHaveLength(Math.min(50, people.length)));
  return { id, viewers, tab };
}

const rows = () => screen.queryAllByTestId("viewer-row");
const names = () => rows().map((row) => within(row).getByTestId("viewer-name").textContent);
const byName = (name: string) => {
  const row = rows().find((candidate) => within(candidate).getByTestId("viewer-name").textContent === name);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe("viewers tab", { timeout: 30_000 }, () => {
  it("lists the viewers by name with counts, and searches and filters them", async () => {
    await openViewers();
    expect(names()).toEqual(["Ann Attendee", "Bob Builder", "Cleo Chair"]);
    expect(screen.getByTestId("viewer-counts").textContent).toBe("3 viewers1 registered2 invited");
    // Offline: the synced flags say who was invited.
    expect(within(byName("Ann Attendee")).getByTestId("viewer-invitation").textContent).toBe("Invitation sent");
    expect(within(byName("Bob Builder")).getByTestId("viewer-invitation").textContent).toBe("Not invited");

    const search = screen.getByTestId("viewer-search");
    fireEvent.change(search, { target: { value: "vip" } });
    await waitFor(() => expect(names()).toEqual(["Ann Attendee"]));
    expect(screen.getByTestId("viewer-matching").textContent).toBe("1 match");
    fireEvent.change(search, { target: { value: "a-17" } });
    await waitFor(() => expect(names()).toEqual(["Ann Attendee"]));
    fireEvent.change(search, { target: { value: "BOB@demo" } });
    await waitFor(() => expect(names()).toEqual(["Bob Builder"]));
    fireEvent.change(search, { target: { value: "" } });
    await waitFor(() => expect(names()).toHaveLength(3));

    fireEvent.change(screen.getByTestId("viewer-filter-registration"), { target: { value: "registered" } });
    await waitFor(() => expect(names()).toEqual(["Ann Attendee"]));
    fireEvent.change(screen.getByTestId("viewer-filter-registration"), { target: { value: "not_registered" } });
    fireEvent.change(screen.getByTestId("viewer-filter-invitation"), { target: { value: "not_sent" } });
    await waitFor(() => expect(names()).toEqual(["Bob Builder"]));
    fireEvent.change(screen.getByTestId("viewer-filter-invitation"), { target: { value: "sent" } });
    await waitFor(() => expect(names()).toEqual(["Cleo Chair"]));
    fireEvent.change(search, { target: { value: "nobody" } });
    expect((await within(screen.getByTestId("webcast-viewers")).findByTestId("empty-state")).textContent).toBe("No viewer matches this search and these filters.");
  });

  it("pages thousands of viewers by 50", async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({ name: `Viewer ${String(index).padStart(3, "0")}`, email: `v${index}@demo.test` }));
    grantViewers();
    const id = await seedWebcast(harness.engine);
    await pulledViewers(id, many);
    await renderApp(`/webcasts/${id}/edit?tab=viewers`);
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(names()[0]).toBe("Viewer 050"));
  });

  it("shows an empty state", async () => {
    grantViewers();
    const id = await seedWebcast(harness.engine);
    await harness.engine.db.opened_webcasts.put({ webcast_id: id, cursor: 3, synced: 3, opened_at: stamp });
    await renderApp(`/webcasts/${id}/edit?tab=viewers`);
    const tab = await screen.findByTestId("webcast-viewers");
    expect((await within(tab).findByTestId("empty-state")).textContent).toMatch("No viewers yet.");
  });

  it("shows the first pull's progress", async () => {
    grantViewers();
    fakeServer({});
    const id = await seedWebcast(harness.engine);
    await harness.engine.db.outbox.clear();
    harness.setOnline(true);
    setViewerPull(id, { status: "pulling", loaded: 1200, total: 5000 });
    await renderApp(`/webcasts/${id}/edit?tab=viewers`);
    const pull = await screen.findByTestId("viewers-pull");
    expect(pull.textContent).toBe("Loading viewers… 1,200 / 5,000");
    const bar = within(pull).getByRole("progressbar") as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1200, 5000]);
    resetViewerPulls();
  });

  it("adds a viewer offline with instant field errors, queuing createViewer", async () => {
    const { id } = await openViewers([]);
    fireEvent.click(screen.getByTestId("viewer-add"));
    const dialog = await screen.findByTestId("viewer-form-dialog");
    // Passwords never sync: offline the field is off, and says why.
    expect((input("password") as HTMLInputElement).disabled).toBe(true);
    expect(dialog.textContent).toMatch("passwords are set by the server and never kept on this device");

    const errors = (name: string) => input(name).closest(".field")?.querySelector("[data-testid=field-errors]")?.textContent ?? "";
    fireEvent.change(input("email"), { target: { value: "not-an-email" } });
    const invalidEmail = viewerFieldErrors({ email: "not-an-email" }, "en").email?.[0] ?? "";
    expect(invalidEmail).not.toBe("");
    await waitFor(() => expect(errors("email")).toBe(invalidEmail));
    fireEvent.change(input("vote_weight"), { target: { value: "0" } });
    await waitFor(() => expect(errors("vote_weight")).toBe(viewerFieldErrors({ vote_weight: 0 }, "en").vote_weight?.[0]));
    fireEvent.click(screen.getByTestId("viewer-form-save"));
    await waitFor(() => expect(errors("name")).toBe(viewerFieldErrors({ name: "" }, "en").name?.[0]));
    expect(await queued(harness.engine, "createViewer")).toEqual([]);

    fireEvent.change(input("name"), { target: { value: "  Dana   Delegate " } });
    fireEvent.change(input("email"), { target: { value: "Dana@Demo.test" } });
    fireEvent.change(input("tags"), { target: { value: "vip, press, VIP" } });
    fireEvent.change(input("control_number"), { target: { value: "D-4" } });
    fireEvent.change(input("vote_weight"), { target: { value: "1,5" } });
    expect(within(screen.getByTestId("viewer-form-tags")).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["vip", "press"]);
    fireEvent.click(screen.getByRole("switch", { name: "Registered" }));
    fireEvent.click(screen.getByTestId("viewer-form-save"));
    await waitFor(() => expect(screen.queryByTestId("viewer-form-dialog")).toBeNull());
    expect(await queued(harness.engine, "createViewer")).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        webcast_id: id,
        name: "Dana Delegate",
        email: "dana@demo.test",
        tags: ["vip", "press"],
        control_number: "D-4",
        vote_weight: 1.5,
        registered: true,
        is_moderator: false,
        now: expect.any(String),
      },
    ]);
    await waitFor(() => expect(names()).toEqual(["Dana Delegate"]));
    expect(byName("Dana Delegate").textContent).toMatch("Not synced yet");
    expect((within(byName("Dana Delegate")).getByTestId("viewer-send-invitation") as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the field errors in French", async () => {
    await activateLocale("fr");
    await openViewers([{ name: "Ann Attendee", email: "ann@demo.test" }]);
    fireEvent.click(screen.getByTestId("viewer-add"));
    await screen.findByTestId("viewer-form-dialog");
    const errors = (name: string) => input(name).closest(".field")?.querySelector("[data-testid=field-errors]")?.textContent ?? "";
    fireEvent.change(input("email"), { target: { value: "pas-un-courriel" } });
    await waitFor(() => expect(errors("email")).toBe(viewerFieldErrors({ email: "pas-un-courriel" }, "fr").email?.[0]));
    fireEvent.click(screen.getByTestId("viewer-form-save"));
    await waitFor(() => expect(errors("name")).toBe(viewerFieldErrors({ name: "" }, "fr").name?.[0]));
    expect(screen.getByRole("button", { name: "Ajouter le participant" })).toBeTruthy();

  });

  it("shows the replica's refusal of a duplicate e-mail on the field", async () => {
    await openViewers([{ name: "Ann Attendee", email: "ann@demo.test" }]);
    fireEvent.click(screen.getByTestId("viewer-add"));
    await screen.findByTestId("viewer-form-dialog");
    const errors = (name: string) => input(name).closest(".field")?.querySelector("[data-testid=field-errors]")?.textContent ?? "";
    fireEvent.change(input("name"), { target: { value: "Ann Again" } });
    fireEvent.change(input("email"), { target: { value: "ANN@demo.test" } });
    fireEvent.click(screen.getByTestId("viewer-form-save"));
    await waitFor(() => expect(errors("email")).toBe("This e-mail address is already a viewer of this webcast."));
    expect(screen.getByTestId("viewer-form-refusal").textContent).toBe("Some fields of the viewer are invalid.");
    expect(await queued(harness.engine, "createViewer")).toEqual([]);
  });

  it("edits a viewer, queuing only the changed fields", async () => {
    const { viewers } = await openViewers();
    const bob = viewers.find((viewer) => viewer.name === "Bob Builder");
    fireEvent.click(within(byName("Bob Builder")).getByTestId("viewer-edit"));
    await screen.findByTestId("viewer-form-dialog");
    expect(input("name").value).toBe("Bob Builder");
    expect(input("vote_weight").value).toBe("2");
    fireEvent.change(input("name"), { target: { value: "Bob the Builder" } });
    fireEvent.change(input("tags"), { target: { value: "crew" } });
    fireEvent.click(screen.getByRole("switch", { name: "Moderator" }));
    fireEvent.click(screen.getByTestId("viewer-form-save"));
    await waitFor(() => expect(screen.queryByTestId("viewer-form-dialog")).toBeNull());
    expect(await queued(harness.engine, "updateViewer")).toEqual([{ id: bob?.id, name: "Bob the Builder", tags: ["crew"], is_moderator: true, now: expect.any(String) }]);
    await waitFor(() => expect(names()).toContain("Bob the Builder"));
    expect(byName("Bob the Builder").textContent).toMatch("Moderator");
  });

  it("deletes the selected viewers after a confirmation saying how many", async () => {
    const { id, viewers } = await openViewers();
    fireEvent.click(within(byName("Ann Attendee")).getByTestId("viewer-select"));
    fireEvent.click(within(byName("Cleo Chair")).getByTestId("viewer-select"));
    expect(screen.getByTestId("viewer-selected-count").textContent).toBe("2 selected");
    fireEvent.click(screen.getByTestId("viewer-delete-selected"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("Delete these 2 viewers?");
    expect(dialog.textContent).toMatch("2 viewers will be deleted from this webcast");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(names()).toEqual(["Bob Builder"]));
    const ids = (name: string) => viewers.find((viewer) => viewer.name === name)?.id;
    const [args] = await queued(harness.engine, "deleteViewers");
    expect(args?.webcast_id).toBe(id);
    expect([...((args?.ids as string[]) ?? [])].sort()).toEqual([ids("Ann Attendee"), ids("Cleo Chair")].sort());
    await waitFor(() => expect(screen.getByTestId("viewer-announcement").textContent).toBe("2 viewers were deleted."));
  });

  it("selects every viewer the filters show, across pages", async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ name: `Viewer ${String(index).padStart(2, "0")}`, email: `v${index}@demo.test` }));
    await openViewers(many);
    fireEvent.click(screen.getByTestId("viewer-select-page"));
    expect(screen.getByTestId("viewer-selected-count").textContent).toBe("50 selected");
    fireEvent.click(screen.getByTestId("viewer-select-matching"));
    expect(screen.getByTestId("viewer-selected-count").textContent).toBe("60 selected");
    fireEvent.click(screen.getByTestId("viewer-delete-selected"));
    expect((await screen.findByRole("dialog")).textContent).toMatch("Delete these 60 viewers?");
  });

  it("online: shows the delivery states, sends an invitation, and exports with the filters", async () => {
    let failed = false;
    const routes = fakeServer({});
    let id = "";
    let viewers: ViewerRow[] = [];
    const rest = (viewer: ViewerRow, status: string) => ({ ...viewer, has_password: false, invitation_status: status });
    await openViewers(PEOPLE, {
      online: true,
      beforeRender: (webcastId, rows) => {
        id = webcastId;
        viewers = rows;
        routes.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(String(input), "http://localhost/");
          const method = (init?.method ?? "GET").toUpperCase();
          const key = `${method} ${url.pathname}`;
          routes.calls.push({ method, path: url.pathname, url: String(input), body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined, headers: new Headers(init?.headers) });
          const bob = viewers.find((viewer) => viewer.name === "Bob Builder") as ViewerRow;
          if (key === `GET /api/webcasts/${id}/viewers`) {
            return json({ data: viewers.map((viewer) => rest(viewer, viewer.name === "Ann Attendee" ? "failed" : viewer.invitation_sent ? "sent" : "none")), meta: { page: 1, per_page: 50, total: 3 } });
          }
          if (key === `POST /api/webcasts/${id}/viewers/${bob.id}/send-invitation`) return json({ data: { ...rest(bob, "sent"), invitation_sent: true } });
          if (key.endsWith("/send-invitation")) {
            if (failed) return json({ message: "The invitation e-mail could not be sent. Please try again.", code: "server_error", requestId: "r" }, 502);
          }
          if (key === `GET /api/webcasts/${id}/viewers/upload-logs`) return json({ data: [] });
          return json({ message: "Not found", code: "not_found", requestId: "t" }, 404);
        });
      },
    });
    await waitFor(() => expect(within(byName("Ann Attendee")).getByTestId("viewer-invitation").textContent).toBe("Invitation failed"));
    expect(screen.queryByTestId("viewers-offline-note")).toBeNull();

    fireEvent.click(within(byName("Bob Builder")).getByTestId("viewer-send-invitation"));
    await waitFor(() => expect(within(byName("Bob Builder")).getByTestId("viewer-invitation").textContent).toBe("Invitation sent"));
    expect(routes.calls.filter((call) => call.path.endsWith("/send-invitation"))[0]?.body).toEqual({ kind: "invitation" });

    failed = true;
    fireEvent.click(within(byName("Ann Attendee")).getByTestId("viewer-send-invitation"));
    expect(await screen.findByText("The invitation e-mail could not be sent. Please try again.")).toBeTruthy();
    expect(routes.calls.filter((call) => call.path.endsWith("/send-invitation"))[1]?.body).toEqual({ kind: "reminder" });

    fireEvent.change(screen.getByTestId("viewer-search"), { target: { value: "vip" } });
    fireEvent.change(screen.getByTestId("viewer-filter-invitation"), { target: { value: "sent" } });
    const csv = screen.getByTestId("viewer-export-csv_semicolon") as HTMLAnchorElement;
    expect(csv.getAttribute("href")).toBe(`/api/webcasts/${id}/participants/export?q=vip&invitation=sent&type=csv_semicolon&lang=en`);
    expect((screen.getByTestId("viewer-export-xlsx") as HTMLAnchorElement).getAttribute("href")).toBe(`/api/webcasts/${id}/participants/export?q=vip&invitation=sent&type=xlsx&lang=en`);

    // Offline again: the exports and invitations say they need a connection.
    await act(async () => harness.setOnline(false));
    await waitFor(() => expect((screen.getByTestId("viewer-export-csv") as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId("viewers-offline-note")).toBeTruthy();
  });

  it("online: removes a viewer's password on Save, after a choice that can be undone", async () => {
    let server: ReturnType<typeof fakeServer> | undefined;
    let ann: ViewerRow | undefined;
    const { id } = await openViewers(PEOPLE, {
      online: true,
      beforeRender: (webcastId, rows) => {
        ann = rows.find((viewer) => viewer.name === "Ann Attendee");
        const rest = (viewer: ViewerRow, hasPassword: boolean) => ({ ...viewer, has_password: hasPassword, invitation_status: viewer.invitation_sent ? "sent" : "none" });
        server = fakeServer({
          [`GET /api/webcasts/${webcastId}/viewers`]: () => json({ data: rows.map((viewer) => rest(viewer, viewer === ann)), meta: { page: 1, per_page: 50, total: rows.length } }),
          [`PATCH /api/webcasts/${webcastId}/viewers/${ann?.id}`]: () => json({ data: rest(ann as ViewerRow, false) }),
          [`GET /api/webcasts/${webcastId}/viewers/upload-logs`]: () => json({ data: [] }),
        });
      },
    });
    const patch = `PATCH /api/webcasts/${id}/viewers/${ann?.id}`;
    // A viewer without a password: nothing to remove.
    fireEvent.click(within(byName("Bob Builder")).getByTestId("viewer-edit"));
    let dialog = await screen.findByTestId("viewer-form-dialog");
    await waitFor(() => expect(within(dialog).getByTestId("viewer-form-password-state").textContent).toBe("No password."));
    expect(within(dialog).queryByTestId("viewer-form-remove-password")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(within(byName("Ann Attendee")).getByTestId("viewer-edit"));
    dialog = await screen.findByTestId("viewer-form-dialog");
    await waitFor(() => expect(within(dialog).getByTestId("viewer-form-password-state").textContent).toBe("A password is set."));
    // The access tab (mounted too) has a field of that name: the dialog's own.
    const passwordField = () => dialog.querySelector<HTMLInputElement>("input[name=password]");
    const remove = within(dialog).getByRole("button", { name: "Remove the password" });
    remove.focus();
    fireEvent.click(remove);
    expect(within(dialog).getByTestId("viewer-form-password-state").textContent).toBe("No password: the current one is removed when you save.");
    // The same button, focus kept, now undoes the choice.
    expect(within(dialog).getByRole("button", { name: "Keep the password" })).toBe(remove);
    expect(document.activeElement).toBe(remove);
    expect(passwordField()?.disabled).toBe(true);
    fireEvent.click(remove);
    expect(within(dialog).getByTestId("viewer-form-password-state").textContent).toBe("A password is set.");
    expect(passwordField()?.disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove the password" }));
    // Cancel forgets the choice.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server?.callsTo(patch)).toHaveLength(0);

    fireEvent.click(within(byName("Ann Attendee")).getByTestId("viewer-edit"));
    dialog = await screen.findByTestId("viewer-form-dialog");
    expect(within(dialog).getByTestId("viewer-form-password-state").textContent).toBe("A password is set.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove the password" }));
    fireEvent.click(screen.getByTestId("viewer-form-save"));
    await waitFor(() => expect(screen.queryByTestId("viewer-form-dialog")).toBeNull());
    expect(server?.callsTo(patch)[0]?.body).toEqual({ name: "Ann Attendee", email: ann?.email, tags: ["VIP", "board"], control_number: "A-17", vote_weight: 1, registered: true, is_moderator: false, password: null });
    expect(await queued(harness.engine, "updateViewer")).toEqual([]);
    // The server's answer is what the dialog knows next.
    fireEvent.click(within(byName("Ann Attendee")).getByTestId("viewer-edit"));
    dialog = await screen.findByTestId("viewer-form-dialog");
    expect(within(dialog).getByTestId("viewer-form-password-state").textContent).toBe("No password.");
    expect(within(dialog).queryByTestId("viewer-form-remove-password")).toBeNull();
  });

  it("shows a refused change from the server with Fix and Dismiss", async () => {
    const { id } = await openViewers([{ name: "Ann Attendee" }]);
    await act(async () => {
      await harness.engine.db.rejected.add({
        mutation_id: uuidv7(),
        mutation: { id: uuidv7(), name: "createViewer", args: { id: uuidv7(), webcast_id: id, name: "Zed", email: "ann@demo.test", now: stamp } },
        error: { code: "validation_failed", message: "Some fields of the viewer are invalid.", errors: { email: ["This e-mail address is already a viewer of this webcast."] } },
        rejected_at: stamp,
      } as never);
    });
    const refused = await screen.findByTestId("viewers-rejected-change");
    expect(refused.textContent).toMatch("New viewer Zed (ann@demo.test)");
    expect(refused.textContent).toMatch("This e-mail address is already a viewer of this webcast.");
    fireEvent.click(within(refused).getByRole("button", { name: "Fix" }));
    await screen.findByTestId("viewer-form-dialog");
    expect(input("name").value).toBe("Zed");
    expect(input("email").closest(".field")?.textContent).toMatch("already a viewer");
    fireEvent.click(within(screen.getByTestId("viewer-form-dialog")).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(await screen.findByTestId("viewers-rejected-change")).getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByTestId("viewers-rejected")).toBeNull());
  });
});
