import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { isLoggedInFlagSet } from "../session/logged-in-flag.ts";
import { resetSession, session } from "../session/store.ts";

const HEALTH = { status: "ok", version: "1", d1: true, migrations: { applied: 1, total: 1, pending: [], ok: true } };
const user = profileUser(["sessions.view"]);

function serverWithLogin(answer: () => Response) {
  return fakeServer({
    "POST /login": answer,
    "GET /api/profile": () => json({ data: user }),
    "GET /api/health": () => json(HEALTH),
  });
}

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("login form", () => {
  it("is a public screen with links to password help and sign-up", async () => {
    fakeServer({});
    const { router } = await renderApp("/login");
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByTestId("public-layout")).toBeTruthy();
    expect(screen.queryByTestId("app-shell")).toBeNull();
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/password/request");
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/users/signup");
    expect(document.title).toBe("Log in · iGo");
  });

  it("asks for the missing fields without calling the server", async () => {
    const server = serverWithLogin(() => json({ data: user }));
    await renderApp("/login");
    await fillAndSubmit("", "");
    expect(screen.getByText("Enter your e-mail address.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(server.calls).toHaveLength(0);
  });

  it("shows 'Failed to log in!' for wrong credentials and stays signed out", async () => {
    serverWithLogin(() =>
      json({ message: "Failed to log in!", code: "validation_failed", errors: { email: ["Failed to log in!"] }, requestId: "r" }, 422),
    );
    const { router } = await renderApp("/login");
    await fillAndSubmit("organizer@demo.test", "wrong");
    expect(screen.getByRole("alert").textContent).toBe("Failed to log in!");
    // One message, not repeated under the field.
    expect(screen.getAllByText("Failed to log in!")).toHaveLength(1);
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(router.state.location.pathname).toBe("/login");
    expect(isLoggedInFlagSet()).toBe(false);
    expect(session.user).toBeNull();
  });

  it("shows other validation messages under their field", async () => {
    serverWithLogin(() =>
      json({ message: "The given data was invalid.", code: "validation_failed", errors: { email: ["The e-mail address is invalid."] }, requestId: "r" }, 422),
    );
    await renderApp("/login");
    await fillAndSubmit("not-an-email", "x");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("The e-mail address is invalid.")).toBeTruthy();
  });

  it("translates the failure message", async () => {
    serverWithLogin(() => json({ message: "Échec de la connexion !", code: "validation_failed", errors: { email: ["Échec de la connexion !"] }, requestId: "r" }, 422));
    const { activateLocale } = await import("../../i18n/i18n.ts");
    await activateLocale("de");
    await renderApp("/login");
    fireEvent.change(screen.getByLabelText("E-Mail"), { target: { value: "a@b.c" } });
    fireEvent.change(screen.getByLabelText("Passwort"), { target: { value: "x" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    });
    expect(screen.getByRole("alert").textContent).toBe("Anmeldung fehlgeschlagen!");
  });

  it("shows the server's message for too many attempts", async () => {
    serverWithLogin(() => json({ message: "Too many attempts. Please try again later.", code: "too_many_attempts", requestId: "r" }, 429));
    await renderApp("/login");
    await fillAndSubmit("organizer@demo.test", "x");
    expect(screen.getByRole("alert").textContent).toBe("Too many attempts. Please try again later.");
  });

  it("signs in, sets the logged-in flag and honours redirect_url", async () => {
    const server = serverWithLogin(() => json({ data: user }));
    const { router } = await renderApp("/login?redirect_url=%2Fprofile");
    await fillAndSubmit("organizer@demo.test", "Demo-pass-2026!");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(server.callsTo("POST /login")[0]?.body).toEqual({ email: "organizer@demo.test", password: "Demo-pass-2026!", remember: false });
    expect(server.callsTo("POST /login")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-token");
    expect(isLoggedInFlagSet()).toBe(true);
    expect(session.user?.email).toBe("organizer@demo.test");
  });

  it("goes home without redirect_url, and ignores an off-site one", async () => {
    serverWithLogin(() => json({ data: user }));
    const { router } = await renderApp("/login?redirect_url=https%3A%2F%2Fevil.test%2F");
    await fillAndSubmit("organizer@demo.test", "Demo-pass-2026!");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("disables the submit button while sending", async () => {
    let answer: (response: Response) => void = () => {};
    fakeServer({ "POST /login": () => new Promise<Response>((resolve) => (answer = resolve)), "GET /api/health": () => json(HEALTH) });
    await renderApp("/login");
    await fillAndSubmit("organizer@demo.test", "x");
    const button = screen.getByRole("button", { name: "Logging in…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    await act(async () => answer(json({ message: "no", code: "validation_failed", errors: { email: ["no"] }, requestId: "r" }, 422)));
    expect(screen.getByRole("button", { name: "Log in" }).hasAttribute("disabled")).toBe(false);
  });
});
