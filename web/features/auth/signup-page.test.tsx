import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });

function fillForm() {
  type("Organization name", "Acme Webcasts");
  type("First name", "Ada");
  type("Last name", "Lovelace");
  type("E-mail", "ada@acme.test");
  type("Password", "Sup3r-secret!");
  type("Confirm the password", "Sup3r-secret!");
}

afterEach(() => vi.unstubAllGlobals());

describe("sign-up flow", () => {
  it("asks for every field before sending", async () => {
    const server = fakeServer({});
    await renderApp("/users/signup");
    await click("Create my account");
    for (const message of ["Enter the name of your organization.", "Enter your first name.", "Enter your last name.", "Enter your e-mail address."]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByText("The password must be at least 8 characters.")).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it("shows the server's field errors inline (422) and stays on the form", async () => {
    fakeServer({
      "POST /api/users/register": () =>
        json({ message: "Invalid data", code: "validation_failed", errors: { email: ["The e-mail address is invalid."] }, requestId: "r" }, 422),
    });
    await renderApp("/users/signup");
    fillForm();
    await click("Create my account");
    expect(screen.getByText("The e-mail address is invalid.")).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId("signup-page")).toBeTruthy();
  });

  it("registers, then shows 'check your inbox' with a working Resend", async () => {
    const server = fakeServer({
      "POST /api/users/register": () => json({ message: "Check your inbox." }, 201),
      "POST /api/users/register/resend": () => json({ message: "Sent." }),
    });
    await renderApp("/users/signup");
    fillForm();
    fireEvent.change(screen.getByLabelText("Language of your e-mails"), { target: { value: "fr" } });
    await click("Create my account");
    expect(server.callsTo("POST /api/users/register")[0]?.body).toEqual({
      organization_name: "Acme Webcasts",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@acme.test",
      password: "Sup3r-secret!",
      password_confirmation: "Sup3r-secret!",
      communication_language: "fr",
    });
    // The same screen whether the address is new or already has an account (the server answers alike).
    expect(screen.getByTestId("signup-sent").textContent).toContain("We sent an e-mail to ada@acme.test. Open its link to activate your account, then log in.");
    expect(screen.getByTestId("signup-sent").textContent).toContain("If this address already has an account, the e-mail tells you how to log in instead.");

    await click("Resend the e-mail");
    expect(server.callsTo("POST /api/users/register/resend")[0]?.body).toEqual({ email: "ada@acme.test" });
    expect(screen.getByTestId("toast").textContent).toContain("We sent the validation e-mail again.");
  });
});
