import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { confirmState } from "../../ui/confirm.ts";
import { session } from "../session/store.ts";
import { pulledEmbedApp } from "../webcasts/content-parts-test-support.ts";
import { pulledOrganization } from "../webcasts/parts-test-support.ts";
import { fieldErrors, offlineReplica, queued, seedWebcast, type } from "../webcasts/test-support.tsx";

/** The embed app tab, offline on a real Dexie replica (changes queued). */
const harness = offlineReplica();

beforeEach(() => {
  confirmState.queue.splice(0);
});

async function openEmbedApps(setup: (id: string) => Promise<unknown> = async () => undefined) {
  const id = await seedWebcast(harness.engine);
  await setup(id);
  await renderApp(`/webcasts/${id}/edit?tab=embed-app`);
  const panel = await screen.findByTestId("webcast-panel-embed-app");
  const tab = await within(panel).findByTestId("embed-apps-tab");
  return { id, tab };
}

const appRows = () => screen.queryAllByTestId("embed-app-row");

describe("webcast embed apps", () => {
  it("creates an app through createEmbedApp, the mutator's field errors on their fields", async () => {
    const { id, tab } = await openEmbedApps();
    expect(within(tab).getByTestId("embed-apps-unknown")).toBeTruthy();
    fireEvent.click(within(tab).getByTestId("embed-app-add"));
    type("embed_code", "x".repeat(20_001));
    expect(within(tab).getByTestId("embed-code-count").textContent).toMatch("20,001 of 20,000 characters");
    fireEvent.click(within(tab).getByTestId("embed-app-save"));
    await within(tab).findByText("Some fields of the embed app are invalid.");
    expect(fieldErrors("embed_title")).toBe("This field is required");
    expect(fieldErrors("embed_code")).toBe("The embed code may have at most 20,000 characters.");
    expect(await queued(harness.engine, "createEmbedApp")).toEqual([]);

    type("embed_title", "Quiz");
    type("embed_code", '<iframe src="https://quiz.example.com/embed"></iframe>');
    expect(fieldErrors("embed_code")).toBe("");
    fireEvent.click(within(tab).getByTestId("embed-app-save"));
    await waitFor(() => expect(appRows()).toHaveLength(1));
    expect(await queued(harness.engine, "createEmbedApp")).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), organization_id: 1, webcast_id: id, title: "Quiz", description: "", embed_code: '<iframe src="https://quiz.example.com/embed"></iframe>', now: expect.any(String) },
    ]);
    expect((appRows()[0] as HTMLElement).textContent).toMatch("Not synced yet");
  });

  it("previews the code on demand, only in a frame sandboxed without allow-same-origin", async () => {
    const code = "<script>document.body.textContent = document.cookie</script>";
    await openEmbedApps(async (webcastId) => pulledEmbedApp(harness.engine, webcastId, { embed_code: code }));
    await waitFor(() => expect(appRows()).toHaveLength(1));
    expect(document.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByTestId("embed-app-preview"));
    const frame = screen.getByTestId("embed-preview") as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms allow-popups");
    expect(frame.getAttribute("sandbox")).not.toMatch("allow-same-origin");
    // The code reaches the frame by message once it has loaded (e2e/security-headers.e2e.ts).
    expect(frame.getAttribute("src")).toBe("/embed-preview.html");
    expect(frame.hasAttribute("srcdoc")).toBe(false);
    expect(screen.getByTestId("embed-app-preview").getAttribute("aria-expanded")).toBe("true");
    // The code is never part of the page itself.
    expect(document.querySelectorAll("script")).toHaveLength(0);
    fireEvent.click(screen.getByTestId("embed-app-preview"));
    expect(screen.queryByTestId("embed-preview")).toBeNull();
  });

  it("hides creation when the organization does not allow embedded apps; editing and deleting stay", async () => {
    let appId = "";
    await openEmbedApps(async (webcastId) => {
      await pulledOrganization(harness.engine, { features: { allow_webcasts: true, allow_embed_integration_in_webcasts: false } });
      appId = (await pulledEmbedApp(harness.engine, webcastId)).id;
    });
    await waitFor(() => expect(screen.queryByTestId("embed-apps-disabled")).not.toBeNull());
    expect(screen.queryByTestId("embed-app-add")).toBeNull();

    fireEvent.click(screen.getByTestId("embed-app-edit"));
    type("embed_description", "Five questions");
    fireEvent.click(screen.getByTestId("embed-app-save"));
    await waitFor(() => expect(screen.queryByTestId("embed-app-form")).toBeNull());
    expect(await queued(harness.engine, "updateEmbedApp")).toEqual([{ id: appId, description: "Five questions", now: expect.any(String) }]);

    fireEvent.click(screen.getByTestId("embed-app-delete"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toMatch("“Quiz”");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(appRows()).toHaveLength(0));
    expect(await queued(harness.engine, "deleteEmbedApp")).toEqual([{ id: appId }]);
  });

  it("is read-only without webcasts.update, the preview included", async () => {
    session.user = profileUser(["sessions.view", "webcasts.view"], { id: harness.user.id });
    const { tab } = await openEmbedApps(async (webcastId) => pulledEmbedApp(harness.engine, webcastId));
    await waitFor(() => expect(appRows()).toHaveLength(1));
    expect(within(tab).getByText("You may view this webcast but not change it.")).toBeTruthy();
    expect(within(tab).queryByTestId("embed-app-add")).toBeNull();
    expect(within(tab).queryByTestId("embed-app-edit")).toBeNull();
    expect(within(tab).queryByTestId("embed-app-delete")).toBeNull();
    fireEvent.click(within(tab).getByTestId("embed-app-preview"));
    expect(within(tab).getByTestId("embed-preview")).toBeTruthy();
  });
});
