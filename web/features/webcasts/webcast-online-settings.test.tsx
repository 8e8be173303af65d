import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, fakeServer } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { fieldErrors, input, offlineReplica, seedWebcast, type } from "./test-support.tsx";

/** The part of the access tab that needs a connection: the password (the branding images: web/features/branding). */
const harness = offlineReplica();

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTab(tab: string, seeded?: string) {
  const id = seeded ?? (await seedWebcast(harness.engine));
  await renderApp(`/webcasts/${id}/edit?tab=${tab}`);
  const panel = await screen.findByTestId(`webcast-panel-${tab}`);
  await waitFor(() => expect(panel.querySelector("form")).not.toBeNull());
  return { id, panel };
}


describe("access password", () => {
  it("says offline that the password needs a connection", async () => {
    const { panel } = await openTab("access");
    expect(within(panel).getByTestId("password-state").textContent).toBe("No password.");
    expect(within(panel).getByText("You are offline. Setting or removing the password needs a connection.")).toBeTruthy();
    expect(input("password").disabled).toBe(true);
  });

  it("checks the password rule, then sets it online through access-controls", async () => {
    harness.setOnline(true);
    const seeded = await seedWebcast(harness.engine);
    const routes = fakeServer({ [`PATCH /api/webcasts/${seeded}/access-controls`]: () => json({ data: { id: seeded, has_password: true } }) });
    const { id, panel } = await openTab("access", seeded);

    type("password", "short");
    type("password_confirmation", "short");
    fireEvent.click(screen.getByTestId("password-save"));
    expect(fieldErrors("password")).toMatch("The password must be at least 8 characters.");
    expect(routes.callsTo(`PATCH /api/webcasts/${id}/access-controls`)).toHaveLength(0);

    type("password", "Secret-2026");
    type("password_confirmation", "Secret-2026");
    fireEvent.click(screen.getByTestId("password-save"));
    await waitFor(() => expect(within(panel).getByTestId("password-state").textContent).toBe("A password is set."));
    expect(routes.callsTo(`PATCH /api/webcasts/${id}/access-controls`)[0]?.body).toEqual({ password: "Secret-2026" });
    expect(input("password").value).toBe("");
    expect(screen.getByTestId("password-remove")).toBeTruthy();
  });
});
