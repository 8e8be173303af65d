import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { resetSession, session } from "../session/store.ts";

const HEALTH = { status: "ok", version: "1", d1: true, migrations: { applied: 1, total: 1, pending: [], ok: true } };
/** Just activated and signed in after self sign-up: owner of the organization named at sign-up. */
const newOwner = profileUser(["organizations.view", "organizations.update"], {
  email: "grace@acme.test",
  name: "Grace Hopper",
  accounts: [{ id: 7, name: "Acme Webinars", role: "owner", deactivated: false }],
  onboarding_required: true,
});
const done = { ...newOwner, onboarding_required: false, accounts: [{ id: 7, name: "Acme Live", role: "owner" as const, deactivated: false }] };

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  });

beforeEach(() => {
  session.user = newOwner;
  session.status = "ready";
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("onboarding page", () => {
  it("starts from what sign-up knows, sends the settings, refreshes the user and lands on home", async () => {
    const server = fakeServer({ "POST /api/onboarding": () => json({ data: done }), "GET /api/health": () => json(HEALTH) });
    const { router } = await renderApp("/onboarding");
    expect(screen.getByTestId("onboarding-page")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Set up your organization");
    expect(field("Organization name").value).toBe("Acme Webinars");
    expect(field("Contact e-mail").value).toBe("grace@acme.test");

    fireEvent.change(field("Organization name"), { target: { value: "Acme Live" } });
    fireEvent.change(field("Phone"), { target: { value: "+1 514 555-0123" } });
    await submit();

    expect(server.callsTo("POST /api/onboarding")[0]?.body).toEqual({ name: "Acme Live", email: "grace@acme.test", phone: "+1 514 555-0123" });
    expect(session.user?.onboarding_required).toBe(false);
    expect(session.user?.accounts[0]?.name).toBe("Acme Live");
    expect(router.state.location.pathname).toBe("/home");
  });

  it("is where the route guard holds a user who must onboard", async () => {
    fakeServer({ "GET /api/health": () => json(HEALTH) });
    for (const path of ["/home", "/profile", "/organizations"]) {
      const { router, unmount } = await renderApp(path);
      expect(router.state.location.pathname).toBe("/onboarding");
      expect(screen.getByTestId("onboarding-page")).toBeTruthy();
      unmount();
    }
  });

  it("requires the name before asking the server, with the message tied to the field and focus on it", async () => {
    const server = fakeServer({ "GET /api/health": () => json(HEALTH) });
    const { router } = await renderApp("/onboarding");
    fireEvent.change(field("Organization name"), { target: { value: "   " } });
    fireEvent.change(field("Contact e-mail"), { target: { value: "not-an-address" } });
    await submit();

    const name = field("Organization name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const described = document.getElementById(name.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe("The organization name is required.");
    expect(screen.getByText("This field must be a valid e-mail address.")).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(server.callsTo("POST /api/onboarding")).toHaveLength(0);
    expect(router.state.location.pathname).toBe("/onboarding");

    // Editing a field clears its message.
    fireEvent.change(name, { target: { value: "Acme" } });
    expect(screen.queryByText("The organization name is required.")).toBeNull();
  });

  it("shows the server's field errors inline and focuses the first one", async () => {
    fakeServer({
      "POST /api/onboarding": () =>
        json({ message: "Invalid", code: "validation_failed", errors: { phone: ["Numéro de téléphone invalide."] }, requestId: "r" }, 422),
      "GET /api/health": () => json(HEALTH),
    });
    const { router } = await renderApp("/onboarding");
    fireEvent.change(field("Phone"), { target: { value: "+1 514 555-0123" } });
    await submit();
    expect(screen.getByText("Numéro de téléphone invalide.")).toBeTruthy();
    expect(document.activeElement).toBe(field("Phone"));
    expect(session.user?.onboarding_required).toBe(true);
    expect(router.state.location.pathname).toBe("/onboarding");
  });

  it("goes home when the server says there is no setup left (409)", async () => {
    const server = fakeServer({
      "POST /api/onboarding": () => json({ message: "Your account has no setup left to finish.", code: "conflict", requestId: "r" }, 409),
      "GET /api/profile": () => json({ data: done }),
      "GET /api/health": () => json(HEALTH),
    });
    const { router } = await renderApp("/onboarding");
    await submit();
    expect(server.callsTo("GET /api/profile")).toHaveLength(1);
    expect(session.user?.onboarding_required).toBe(false);
    expect(router.state.location.pathname).toBe("/home");
  });
});
