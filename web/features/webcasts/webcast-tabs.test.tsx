import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { session } from "../session/store.ts";
import { fieldErrors, input, offlineReplica, queued, seedWebcast, select, type } from "./test-support.tsx";

/** The edit screen's tabs and the wizard's access steps, offline on a real Dexie replica. */
const harness = offlineReplica();

const SAVED_OFFLINE = "Changes saved on this device. They will be sent when you are back online.";

async function openTab(tab: string): Promise<{ id: string; panel: HTMLElement; router: Awaited<ReturnType<typeof renderApp>>["router"] }> {
  const id = await seedWebcast(harness.engine);
  const { router } = await renderApp(`/webcasts/${id}/edit?tab=${tab}`);
  const panel = await screen.findByTestId(`webcast-panel-${tab}`);
  await waitFor(() => expect(panel.querySelector("form")).not.toBeNull());
  return { id, panel, router };
}

async function saveTab(tab: string) {
  fireEvent.click(screen.getByTestId(`webcast-save-${tab}`));
  await screen.findByText(SAVED_OFFLINE);
}

describe("webcast edit tabs", () => {
  it("switches tabs with the keyboard and keeps the tab in the address", async () => {
    const { router } = await openTab("details");
    const details = screen.getByRole("tab", { name: "Details" });
    expect(details.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(details, { key: "ArrowRight" });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: "access" }));
    expect(screen.getByRole("tab", { name: "Access" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Access" }));
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: "embed-app" }));
    expect(screen.getByTestId("webcast-panel-embed-app").hidden).toBe(false);
    expect(screen.getByTestId("webcast-panel-details").hidden).toBe(true);
  });

  it("details: sends only the changed broadcast settings", async () => {
    const { id } = await openTab("details");
    type("quality", "1080p");
    fireEvent.click(input("screen_sharing"));
    fireEvent.click(screen.getByTestId("webcast-save"));
    await screen.findByText(SAVED_OFFLINE);
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(Object.keys(args ?? {}).sort()).toEqual(["id", "now", "quality", "screen_sharing"]);
    expect(args).toMatchObject({ id, quality: "1080p", screen_sharing: true });
  });

  it("offers only the sources, qualities and replay download the organization allows, once its features are here", async () => {
    const id = await seedWebcast(harness.engine);
    const features = { allow_webcasts: true, allow_rtmp_mode: false, allow_vmr_sources: true, allow_1080_webcasts: false, allow_replay_download: false };
    await harness.engine.db.view_organizations.put({ id: "1", organization_id: 1, name: "Demo Events", deactivated_at: null, self_serve: false, limits: {}, features });
    await renderApp(`/webcasts/${id}/edit`);
    await screen.findByTestId("webcast-details-form");
    await waitFor(() => expect([...select("source_type").options].map((option) => option.value)).toEqual(["", "vmr"]));
    expect([...select("quality").options].map((option) => option.value)).toEqual(["720p"]);
    expect(input("vod_download").disabled).toBe(true);
    expect(input("vod_download").closest(".switch-field")?.textContent).toMatch("Your organization does not allow this.");
  });

  it("details: an on-air webcast keeps its source, quality and event type", async () => {
    const id = await seedWebcast(harness.engine);
    await harness.engine.db.view_webcasts.update(id, { state: "live" });
    await renderApp(`/webcasts/${id}/edit`);
    await screen.findByText("This webcast is on air: its schedule, type and source can no longer change.");
    expect(input("quality").disabled).toBe(true);
    expect(input("source_type").disabled).toBe(true);
    expect(input("event_type").disabled).toBe(true);
    expect(input("replay_enabled").disabled).toBe(false);
  });

  it("access: saves only the changed fields and shows the password state", async () => {
    const { id, panel } = await openTab("access");
    expect(within(panel).getByTestId("password-state").textContent).toBe("No password.");
    type("privacy", "private");
    fireEvent.click(input("sso_required"));
    await saveTab("access");
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(args).toEqual({ id, privacy: "private", sso_required: true, now: expect.any(String) });
    expect(await harness.engine.db.view_webcasts.get(id)).toMatchObject({ privacy: "private", sso_required: true, registration_required: false });
    expect(screen.getByTestId("webcast-save-access").hasAttribute("disabled")).toBe(true);
  });

  it("Q&A: sends the attendee options as a partial object", async () => {
    const { id } = await openTab("qa");
    fireEvent.click(input("question_wall"));
    fireEvent.click(input("anonymous_questions"));
    await saveTab("qa");
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(args).toEqual({ id, attendee_options: { question_wall: true }, anonymous_questions: true, now: expect.any(String) });
    const row = await harness.engine.db.view_webcasts.get(id);
    expect(row?.attendee_options).toEqual({ ask_questions: true, view_resources: true, view_details: true, switch_language: true, poster_overlay: false, question_wall: true });
  });

  it("content: attendee options, display flags and the tag", async () => {
    const { id } = await openTab("content");
    fireEvent.click(input("view_resources"));
    fireEvent.click(input("sponsors_visible"));
    type("tag", "  board  ");
    await saveTab("content");
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(args).toEqual({ id, attendee_options: { view_resources: false }, sponsors_visible: true, tag: "board", now: expect.any(String) });
  });

  it("branding: a refused colour shows the mutator's message on the field, then saves", async () => {
    const { id } = await openTab("branding");
    type("title_color", "#12345");
    fireEvent.click(screen.getByTestId("webcast-save-branding"));
    await screen.findByText("Some fields of the webcast are invalid.");
    expect(fieldErrors("title_color")).toBe("The title colour must look like #1d4ed8.");
    expect(await queued(harness.engine, "updateWebcast")).toEqual([]);

    type("title_color", "#1D4ED8");
    expect(fieldErrors("title_color")).toBe("");
    type("theme", "dark");
    await saveTab("branding");
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(args).toEqual({ id, title_color: "#1D4ED8", theme: "dark", now: expect.any(String) });
    expect((await harness.engine.db.view_webcasts.get(id))?.title_color).toBe("#1d4ed8");
  });

  it("keeps each tab's draft apart, marks dirty tabs and asks before leaving the page", async () => {
    const { id, router } = await openTab("qa");
    fireEvent.click(input("poster_overlay"));
    await waitFor(async () => expect((await harness.engine.db.drafts.get(`webcast:${id}:qa`))?.access).toMatchObject({ poster_overlay: true }), { timeout: 3000 });
    expect(screen.getByRole("tab", { name: /Q&A/ }).textContent).toMatch("(unsaved changes)");

    // Switching tabs does not ask.
    fireEvent.click(screen.getByRole("tab", { name: "Access" }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: "access" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    void router.navigate({ to: "/sessions" });
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("Your draft stays on this device");
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/webcasts/${id}/edit`));
  });

  it("reopens a refused settings change in its tab, with the server's reason on the field", async () => {
    const id = await seedWebcast(harness.engine);
    const mutationId = "0194c4a0-0000-7000-8000-00000000c0de";
    await harness.engine.db.rejected.add({
      mutation_id: mutationId,
      mutation: { id: mutationId, name: "updateWebcast", args: { id, anonymous_questions: true, attendee_options: { poster_overlay: true }, now: new Date().toISOString() }, client_time: new Date().toISOString() },
      error: { code: "validation_failed", message: "Some fields of the webcast are invalid.", errors: { anonymous_questions: ["Anonymous questions are not allowed here."] } },
      rejected_at: new Date().toISOString(),
    });
    const { router } = await renderApp(`/webcasts/${id}/edit?fix=${mutationId}`);
    await screen.findByText(/The server refused this change: Some fields of the webcast are invalid\./);
    expect(screen.getByRole("tab", { name: /Q&A/ }).getAttribute("aria-selected")).toBe("true");
    expect(input("poster_overlay").checked).toBe(true);
    expect(fieldErrors("anonymous_questions")).toBe("Anonymous questions are not allowed here.");

    fireEvent.click(input("anonymous_questions"));
    expect(fieldErrors("anonymous_questions")).toBe("");
    fireEvent.click(screen.getByTestId("webcast-save-qa"));
    await waitFor(async () => expect(await harness.engine.db.rejected.count()).toBe(0));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "qa" }));
    const [args] = await queued(harness.engine, "updateWebcast");
    expect(args).toEqual({ id, attendee_options: { poster_overlay: true }, now: expect.any(String) });
  });

  it("is read-only without webcasts.update", async () => {
    const id = await seedWebcast(harness.engine);
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    await renderApp(`/webcasts/${id}/edit?tab=access`);
    const panel = await screen.findByTestId("webcast-panel-access");
    expect(await within(panel).findByText("You may view this webcast but not change it.")).toBeTruthy();
    expect(input("sso_required").disabled).toBe(true);
    expect(input("title_color").disabled).toBe(true);
    expect(screen.queryByTestId("webcast-save-access")).toBeNull();
    expect(screen.queryByTestId("webcast-save")).toBeNull();
  });
});

describe("webcast wizard: access and attendee options", () => {
  it("carries the access and attendee options steps into createWebcast", async () => {
    const { router } = await renderApp("/webcasts/new");
    await screen.findByTestId("webcast-wizard-form");
    type("event_title", "Shareholders meeting");
    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-schedule");
    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-speakers");
    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-access");
    type("privacy", "private");
    fireEvent.click(input("control_number_required"));
    fireEvent.click(screen.getByTestId("wizard-next"));
    await screen.findByTestId("step-attendee_options");
    expect(screen.queryByTestId("wizard-next")).toBeNull();
    fireEvent.click(input("question_wall"));
    fireEvent.click(input("switch_language"));
    fireEvent.click(screen.getByTestId("wizard-save"));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/webcasts\/[0-9a-f-]+\/edit$/));
    const [args] = await queued(harness.engine, "createWebcast");
    expect(args).toMatchObject({ event_title: "Shareholders meeting", privacy: "private", control_number_required: true, registration_required: false, sso_required: false });
    expect(args?.attendee_options).toEqual({ ask_questions: true, view_resources: true, view_details: true, switch_language: false, poster_overlay: false, question_wall: true });
    const [row] = await harness.engine.db.view_webcasts.toArray();
    expect(row).toMatchObject({ privacy: "private", control_number_required: true });
  });

  it("names the access step when a refused create's error is there", async () => {
    const mutationId = "0194c4a0-0000-7000-8000-00000000ace5";
    const now = new Date(Date.now() + 86_400_000).toISOString();
    await harness.engine.db.rejected.add({
      mutation_id: mutationId,
      mutation: {
        id: mutationId,
        name: "createWebcast",
        args: { id: "0194c4a0-0000-7000-8000-00000000ace6", organization_id: 1, event_title: "Board", event_start_date_time: now, duration: 60, timezone: "UTC", language: "en", sso_required: true, now },
        client_time: now,
      },
      error: { code: "validation_failed", message: "Some fields of the webcast are invalid.", errors: { sso_required: ["This organization has no identity provider."] } },
      rejected_at: now,
    });
    await renderApp(`/webcasts/new?fix=${mutationId}`);
    await screen.findByText(/The server refused this webcast/);
    fireEvent.click(screen.getByTestId("wizard-save"));
    const alert = await screen.findByText(/Fix the errors of these steps before saving/);
    expect(alert.closest("[data-testid=form-alert]")?.textContent).toMatch("Access");
    await screen.findByTestId("step-access");
    expect(input("sso_required").checked).toBe(true);
    expect(fieldErrors("sso_required")).toBe("This organization has no identity provider.");
    expect(screen.getByTestId("wizard-step-access").getAttribute("data-invalid")).toBe("true");
  });
});
