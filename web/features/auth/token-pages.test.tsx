import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { resetSession, session } from "../session/store.ts";

const tokenError = (status: number) =>
  json({ message: "Invalid link", code: status === 409 ? "conflict" : "validation_failed", errors: status === 422 ? { token: ["Invalid"] } : undefined, requestId: "r" }, status);

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("account activation", () => {
  it("activates once and offers to log in", async () => {
    const server = fakeServer({ "POST /api/users/activation": () => json({ message: "Activated", email: "ada@acme.test" }) });
    await renderApp("/users/activation/tok-1");
    await vi.waitFor(() => expect(screen.getByTestId("activation-done").textContent).toContain("ada@acme.test"));
    expect(server.callsTo("POST /api/users/activation")).toEqual([expect.objectContaining({ body: { token: "tok-1" } })]);
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
  });

  it("explains an unusable link", async () => {
    fakeServer({ "POST /api/users/activation": () => tokenError(422) });
    await renderApp("/users/activation/used");
    await vi.waitFor(() => expect(screen.getByTestId("activation-invalid")).toBeTruthy());
  });

  it("when signed in, asks to sign out first, then activates", async () => {
    session.user = profileUser();
    let signedIn = true;
    const server = fakeServer({
      "POST /api/users/activation": () => (signedIn ? tokenError(409) : json({ message: "Activated", email: "new@acme.test" })),
      "POST /logout": () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    await renderApp("/users/activation/tok-2");
    await vi.waitFor(() => expect(screen.getByTestId("activation-signed-in")).toBeTruthy());
    expect(screen.getByText("You are already signed in with another account. Sign out to activate this new account.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("activation-done").textContent).toContain("new@acme.test"));
    expect(server.callsTo("POST /logout")).toHaveLength(1);
    expect(session.user).toBeNull();
  });
});

describe("password reset", () => {
  it("checks the token first and shows the expired state with a link to ask again", async () => {
    const server = fakeServer({ "POST /api/password/validate-token": () => tokenError(422) });
    await renderApp("/password/reset/old");
    await vi.waitFor(() => expect(screen.getByTestId("password-reset-invalid")).toBeTruthy());
    expect(server.callsTo("POST /api/password/validate-token")[0]?.body).toEqual({ token: "old" });
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/password/request");
  });

  it("sets the new password and goes to login", async () => {
    const server = fakeServer({
      "POST /api/password/validate-token": () => json({ valid: true, email: "ada@acme.test" }),
      "POST /api/password/reset": () => json({ message: "Done" }),
    });
    const { router } = await renderApp("/password/reset/good");
    await vi.waitFor(() => expect(screen.getByTestId("password-reset-page")).toBeTruthy());
    expect(screen.getByLabelText("E-mail")).toHaveProperty("value", "ada@acme.test");
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "N3w-password!" } });
    fireEvent.change(screen.getByLabelText("Confirm the password"), { target: { value: "N3w-password!" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Change my password" }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(server.callsTo("POST /api/password/reset")[0]?.body).toEqual({
      token: "good",
      email: "ada@acme.test",
      password: "N3w-password!",
      password_confirmation: "N3w-password!",
    });
    expect(screen.getByTestId("toast").textContent).toContain("Your password was changed.");
  });
});

describe("password request", () => {
  it("sends the e-mail and says so without confirming the account exists", async () => {
    const server = fakeServer({ "POST /api/password/email": () => json({ message: "If an account exists…" }) });
    await renderApp("/password/request");
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "who@acme.test" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    });
    expect(server.callsTo("POST /api/password/email")[0]?.body).toEqual({ email: "who@acme.test" });
    expect(screen.getByTestId("password-request-sent").textContent).toContain("If an account exists for who@acme.test");
  });
});
