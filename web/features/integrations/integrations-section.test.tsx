import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WEBHOOK_EVENTS, type Webhook } from "../../../domain/integrations/webhooks.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { toasts } from "../../ui/toast.ts";
import { session } from "../session/store.ts";
import { fieldErrors, input, offlineReplica, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The content tab's integrations (outgoing webhooks, SPEC §7 integrations): online and editors only. */
const harness = offlineReplica();

beforeEach(() => {
  confirmState.queue.splice(0);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SAVED: Webhook = { id: "0194c4a0-0000-7000-8000-00000000aaaa", url: "https://hooks.example.com/crm", events: ["webcast.started", "viewer.registered"], active: true, secret: "s3cr3t-of-the-hook" };

/**
 * As once a sync has brought the webcast back: its createWebcast left the outbox (seedWebcast
 * makes it as offline, unknown to the server until then).
 */
async function markSynced() {
  await act(async () => {
    await harness.engine.db.outbox.clear();
  });
}

async function openSection(id: string) {
  await renderApp(`/webcasts/${id}/edit?tab=content`);
  const panel = await screen.findByTestId("webcast-panel-content");
  return within(panel).findByTestId("integrations-section");
}

/** The messages under a webhook's events (the group's own error list). */
const eventErrors = (index: number) => input(`webhooks.${index}.events.webcast.started`).closest("fieldset")?.querySelector(":scope > [data-testid=field-errors]")?.textContent ?? "";
const checked = (name: string) => input(name).checked;

/** A fetch answer that waits until `release()` is called (to see the sending state). */
function deferred(response: () => Response) {
  let release = () => {};
  const answer = new Promise<Response>((resolve) => {
    release = () => resolve(response());
  });
  return { answer: () => answer, release: () => release() };
}

describe("integrations section", () => {
  it("says offline that integrations need a connection, without asking the server", async () => {
    const routes = fakeServer({});
    const id = await seedWebcast(harness.engine);
    const section = await openSection(id);
    expect(within(section).getByText("You are offline. Integrations need a connection.")).toBeTruthy();
    expect(within(section).queryByTestId("integrations-form")).toBeNull();
    expect(routes.calls.filter((call) => call.path.includes("integrations"))).toEqual([]);
  });

  it("is not shown to a member without webcasts.update (the secrets are the editors')", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    const routes = fakeServer({});
    await renderApp(`/webcasts/${id}/edit?tab=content`);
    await screen.findByTestId("webcast-panel-content");
    expect(screen.queryByTestId("integrations-section")).toBeNull();
    expect(routes.calls.filter((call) => call.path.includes("integrations"))).toEqual([]);
  });

  it("lists the saved webhooks; the secret is masked until shown, and can be copied", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    fakeServer({ [`GET /api/webcasts/${id}/integrations`]: () => json({ data: { webhooks: [SAVED] } }) });
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    const section = await openSection(id);

    expect((await within(section).findAllByTestId("webhook-row")).length).toBe(1);
    expect(input("webhooks.0.url").value).toBe(SAVED.url);
    expect([checked("webhooks.0.events.webcast.started"), checked("webhooks.0.events.webcast.ended"), checked("webhooks.0.events.viewer.registered")]).toEqual([true, false, true]);
    expect(input("webhooks.0.active").checked).toBe(true);
    const secret = within(section).getByTestId("webhook-secret");
    expect(secret.textContent).not.toContain(SAVED.secret);
    const toggle = within(section).getByRole("button", { name: "Show the secret" });
    fireEvent.click(toggle);
    expect(secret.textContent).toBe(SAVED.secret);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(section).getByRole("button", { name: "Copy the secret" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SAVED.secret));
    expect(toasts.items.map((item) => item.message)).toContain("The secret was copied.");
    // Nothing changed yet: nothing to save.
    expect(within(section).getByTestId("integrations-save").hasAttribute("disabled")).toBe(true);
  });

  it("checks the list before sending, with the server's messages under the right fields", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    const routes = fakeServer({ [`GET /api/webcasts/${id}/integrations`]: () => json({ data: { webhooks: [SAVED] } }) });
    const section = await openSection(id);
    await within(section).findAllByTestId("webhook-row");

    fireEvent.click(within(section).getByTestId("webhook-add"));
    expect(document.activeElement).toBe(input("webhooks.1.url"));
    type("webhooks.1.url", "http://hooks.example.com/zapier");
    for (const event of WEBHOOK_EVENTS) fireEvent.click(input(`webhooks.1.events.${event}`));
    fireEvent.click(within(section).getByTestId("integrations-save"));

    expect(fieldErrors("webhooks.1.url")).toBe("Use an https:// address: http:// is accepted only for this machine (localhost, 127.0.0.1, [::1]).");
    expect(eventErrors(1)).toBe("Choose at least one event.");
    expect(input("webhooks.1.url").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(input("webhooks.1.url")));
    expect(fieldErrors("webhooks.0.url")).toBe("");
    expect(routes.callsTo(`POST /api/webcasts/${id}/integrations`)).toEqual([]);
    // Editing a field clears its messages only.
    type("webhooks.1.url", "https://hooks.example.com/zapier");
    expect(fieldErrors("webhooks.1.url")).toBe("");
    expect(eventErrors(1)).toBe("Choose at least one event.");
  });

  it("saves the list, shows the stored one with the new secret, and the server's field errors", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    const added: Webhook = { id: "0194c4a0-0000-7000-8000-00000000bbbb", url: "https://automation.example.com/hook", events: ["webcast.ended"], active: true, secret: "new-secret" };
    let answers = [() => json({ message: "Some webhooks are invalid.", code: "validation_failed", errors: { "webhooks.1.url": ["Another field use this name"] }, requestId: "r" }, 422)];
    const saved = deferred(() => json({ data: { webhooks: [{ ...SAVED, active: false }, added] } }));
    const routes = fakeServer({
      [`GET /api/webcasts/${id}/integrations`]: () => json({ data: { webhooks: [SAVED] } }),
      [`POST /api/webcasts/${id}/integrations`]: () => answers.shift()?.() ?? saved.answer(),
    });
    const section = await openSection(id);
    await within(section).findAllByTestId("webhook-row");

    fireEvent.click(input("webhooks.0.active"));
    fireEvent.click(within(section).getByTestId("webhook-add"));
    type("webhooks.1.url", "https://automation.example.com/hook");
    fireEvent.click(input("webhooks.1.events.webcast.started"));
    fireEvent.click(input("webhooks.1.events.viewer.registered"));
    fireEvent.click(input("webhooks.1.events.question.support_desk"));
    expect(within(section).getByText("A signing secret is created when you save.")).toBeTruthy();

    fireEvent.click(within(section).getByTestId("integrations-save"));
    expect(await within(section).findByText("Another field use this name")).toBeTruthy();
    expect(fieldErrors("webhooks.1.url")).toBe("Another field use this name");

    answers = [];
    fireEvent.click(within(section).getByTestId("integrations-save"));
    await waitFor(() => expect(within(section).getByTestId("integrations-save").textContent).toBe("Saving…"));
    expect(within(section).getByTestId("integrations-save").hasAttribute("disabled")).toBe(true);
    await act(async () => saved.release());

    await waitFor(() => expect(within(section).getAllByTestId("webhook-secret")).toHaveLength(2));
    expect(routes.callsTo(`POST /api/webcasts/${id}/integrations`).at(-1)?.body).toEqual({
      webhooks: [
        { url: SAVED.url, events: SAVED.events, active: false },
        { url: "https://automation.example.com/hook", events: ["webcast.ended"], active: true },
      ],
    });
    expect(fieldErrors("webhooks.1.url")).toBe("");
    expect(input("webhooks.0.active").checked).toBe(false);
    expect(toasts.items.map((item) => item.message)).toContain("Integrations saved. New and changed active webhooks were sent a ping event.");
    expect(within(section).getByTestId("integrations-save").hasAttribute("disabled")).toBe(true);
  });

  it("asks before removing a saved webhook; a new row goes at once; at most 5", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    const routes = fakeServer({
      [`GET /api/webcasts/${id}/integrations`]: () => json({ data: { webhooks: [SAVED] } }),
      [`POST /api/webcasts/${id}/integrations`]: () => json({ data: { webhooks: [] } }),
    });
    const section = await openSection(id);
    await within(section).findAllByTestId("webhook-row");

    fireEvent.click(within(section).getByRole("button", { name: "Remove webhook 1" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(SAVED.url);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 2000 });
    expect(within(section).getAllByTestId("webhook-row")).toHaveLength(1);

    for (let count = 1; count < 5; count++) fireEvent.click(within(section).getByTestId("webhook-add"));
    expect(within(section).getAllByTestId("webhook-row")).toHaveLength(5);
    expect(within(section).getByTestId("webhook-add").hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(section).getByRole("button", { name: "Remove webhook 5" }));
    expect(within(section).getAllByTestId("webhook-row")).toHaveLength(4);
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByTestId("webhook-add")));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(within(section).getByTestId("integrations-discard"));
    expect(within(section).getAllByTestId("webhook-row")).toHaveLength(1);

    fireEvent.click(within(section).getByRole("button", { name: "Remove webhook 1" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(within(section).queryAllByTestId("webhook-row")).toHaveLength(0));
    expect(within(section).getByText("No webhooks.")).toBeTruthy();
    fireEvent.click(within(section).getByTestId("integrations-save"));
    await waitFor(() => expect(routes.callsTo(`POST /api/webcasts/${id}/integrations`)).toHaveLength(1));
    expect(routes.callsTo(`POST /api/webcasts/${id}/integrations`)[0]?.body).toEqual({ webhooks: [] });
  });

  it("shows a failed load with a retry", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    await markSynced();
    let failures = 1;
    fakeServer({
      [`GET /api/webcasts/${id}/integrations`]: () => (failures-- > 0 ? json({ message: "Something went wrong. Please try again.", code: "server_error", requestId: "r" }, 500) : json({ data: { webhooks: [] } })),
    });
    const section = await openSection(id);
    expect(await within(section).findByText("Something went wrong. Please try again.")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "Retry" }));
    expect(await within(section).findByText("No webhooks.")).toBeTruthy();
  });

  it("does not ask for a webcast made offline until it is synced, says why, then loads it (no 404 on the way)", async () => {
    harness.setOnline(true);
    const id = await seedWebcast(harness.engine);
    const routes = fakeServer({ [`GET /api/webcasts/${id}/integrations`]: () => json({ data: { webhooks: [SAVED] } }) });
    const section = await openSection(id);
    expect(await within(section).findByTestId("integrations-not-synced")).toBeTruthy();
    expect(routes.calls.filter((call) => call.path.includes("integrations"))).toEqual([]);
    expect(screen.getByTestId("webcast-panel-content")).toBeTruthy();

    await markSynced();
    expect((await within(section).findAllByTestId("webhook-row")).length).toBe(1);
    expect(within(section).queryByTestId("integrations-not-synced")).toBeNull();
    expect(routes.callsTo(`GET /api/webcasts/${id}/integrations`)).toHaveLength(1);
  });
});
