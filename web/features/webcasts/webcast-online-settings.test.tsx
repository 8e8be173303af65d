import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, fakeServer } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { FakeXhr, fieldErrors, input, offlineReplica, seedWebcast, type } from "./test-support.tsx";

/** The parts of the access and branding tabs that need a connection: the password and the images. */
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

describe("branding images", () => {
  it("says offline that uploads need a connection", async () => {
    const { panel } = await openTab("branding");
    expect(within(panel).getByText("You are offline. Uploading or removing images needs a connection.")).toBeTruthy();
    expect(screen.getByTestId("branding-upload").hasAttribute("disabled")).toBe(true);
  });

  it("checks a picked image, uploads it with progress and shows the server's image", async () => {
    harness.setOnline(true);
    fakeServer({});
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { id, panel } = await openTab("branding");
    const logo = within(panel).getByTestId("branding-logo");

    fireEvent.change(input("logo"), { target: { files: [new File(["x"], "logo.svg", { type: "image/svg+xml" })] } });
    expect(within(logo).getByTestId("field-errors").textContent).toMatch(/image/i);
    expect(screen.getByTestId("branding-upload").hasAttribute("disabled")).toBe(true);

    await act(async () => {
      fireEvent.change(input("logo"), { target: { files: [new File(["png"], "logo.png", { type: "image/png" })] } });
    });
    expect(within(logo).queryByTestId("field-errors")).toBeNull();
    fireEvent.click(screen.getByTestId("branding-upload"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0] as FakeXhr;
    expect(request.url).toBe(`/api/webcasts/${id}/branding`);
    expect((request.body?.get("logo") as File).name).toBe("logo.png");
    expect(request.body?.has("remove_logo")).toBe(false);

    act(() => request.progress(5, 10));
    expect((screen.getByTestId("branding-progress") as HTMLProgressElement).value).toBe(0.5);
    const url = `/api/webcasts/${id}/branding/logo-abcdefghijklmnopqrstuvwxyz`;
    await act(async () => request.respond(200, { data: { id, logo_url: url, cover_url: null, banner_url: null } }));
    await screen.findByText("The images were saved.");
    await waitFor(() => expect(within(screen.getByTestId("branding-logo")).getByRole("img").getAttribute("src")).toBe(url));
    expect(screen.queryByTestId("branding-progress")).toBeNull();
  });
});
