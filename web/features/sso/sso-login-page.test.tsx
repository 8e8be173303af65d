import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { resetSession, session } from "../session/store.ts";

const PROVIDER = "https://id.example.test/authorize?client_id=igo&state=s";

async function submit(email: string, button = "Continue") {
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: email } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: button }));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("/login/sso", () => {
  it("is a public screen of its own (not nested in /login) with a way back to the password login", async () => {
    fakeServer({});
    const { router } = await renderApp("/login/sso?redirect_url=%2Fprofile");
    expect(router.state.location.pathname).toBe("/login/sso");
    expect(screen.getByTestId("sso-login-page")).toBeTruthy();
    expect(screen.queryByTestId("login-page")).toBeNull();
    expect(screen.queryByTestId("app-shell")).toBeNull();
    expect(screen.getByRole("link", { name: "Log in with a password" }).getAttribute("href")).toBe("/login?redirect_url=%2Fprofile");
    expect(document.title).toBe("Log in with SSO · iGo");
  });

  it("starts the provider login with the e-mail and redirect_url, then leaves for the provider", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const server = fakeServer({ "POST /api/sso/start": () => json({ redirect: PROVIDER }) });
    await renderApp("/login/sso?redirect_url=%2Fprofile");
    await submit(" jane@acme.test ");
    expect(server.callsTo("POST /api/sso/start")[0]?.body).toEqual({ email: "jane@acme.test", redirect_url: "/profile" });
    expect(server.callsTo("POST /api/sso/start")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-token");
    expect(assign).toHaveBeenCalledWith(PROVIDER);
    expect(screen.getByRole("button", { name: "Redirecting…" }).hasAttribute("disabled")).toBe(true);
  });

  it("checks the e-mail before calling the server", async () => {
    const server = fakeServer({});
    await renderApp("/login/sso");
    await submit("");
    expect(screen.getByText("Enter your e-mail address.")).toBeTruthy();
    await submit("not-an-email");
    expect(screen.getByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(server.callsTo("POST /api/sso/start")).toHaveLength(0);
  });

  it("says when no single sign-on is set up for the domain", async () => {
    const message = "No single sign-on is set up for this e-mail address. Sign in with your password instead.";
    fakeServer({ "POST /api/sso/start": () => json({ message, code: "validation_failed", errors: { email: [message] }, requestId: "r" }, 422) });
    const { router } = await renderApp("/login/sso");
    await submit("jane@nowhere.test");
    expect(screen.getByRole("alert").textContent).toBe("No single sign-on is set up for this e-mail address. Log in with your password instead.");
    expect(router.state.location.pathname).toBe("/login/sso");
  });

  it("shows the SPEC §8 message when the callback refused the user, and a generic one when it failed", async () => {
    fakeServer({});
    await renderApp("/login/sso?error=invalid_user");
    expect(screen.getByRole("alert").textContent).toBe("Invalid user. Please contact your administrator.");
  });

  it("shows a generic failure, and ignores an unknown error value", async () => {
    fakeServer({});
    const failed = await renderApp("/login/sso?error=failed");
    expect(screen.getByRole("alert").textContent).toBe("Single sign-on failed. Please try again.");
    failed.unmount();
    await renderApp("/login/sso?error=whatever");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("speaks French", async () => {
    fakeServer({});
    const { activateLocale } = await import("../../i18n/i18n.ts");
    await activateLocale("fr");
    await renderApp("/login/sso?error=invalid_user");
    expect(screen.getByRole("alert").textContent).toBe("Utilisateur invalide. Veuillez contacter votre administrateur.");
    await activateLocale("en");
  });
});
