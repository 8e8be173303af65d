import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { activateLocale } from "../../i18n/i18n.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { resetSession, session } from "../session/store.ts";

const messagesOf = (testId: string) => [...within(screen.getByTestId(testId)).queryAllByRole("listitem")].map((li) => li.textContent);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /Change my password|Changer mon mot de passe/ }));
  });

beforeEach(() => {
  session.user = profileUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("change password (SPEC §5 rule in the browser)", () => {
  it("shows the rule messages as the new password is typed", async () => {
    fakeServer({});
    await renderApp("/settings/password");
    expect(messagesOf("new-password")).toEqual([]);
    type("New password", "abc");
    expect(messagesOf("new-password")).toEqual([
      "The password must be at least 8 characters.",
      "The password must contain at least one uppercase letter.",
      "The password must contain at least one digit.",
      "The password must contain at least one special character.",
    ]);
    expect(screen.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    type("New password", "Abcdefg1!");
    expect(messagesOf("new-password")).toEqual([]);
    type("Confirm the new password", "Abcdefg1?");
    expect(messagesOf("new-password-confirmation")).toEqual(["The password confirmation does not match."]);
  });

  it("gives the rule in the interface language (Spanish here)", async () => {
    fakeServer({});
    await activateLocale("es");
    await renderApp("/settings/password");
    type("Nueva contraseña", "abcdefgh");
    expect(messagesOf("new-password")).toContain("La contraseña debe contener al menos una letra mayúscula.");
  });

  it("does not send an invalid form, and says what is missing", async () => {
    const server = fakeServer({});
    await renderApp("/settings/password");
    await submit();
    expect(screen.getByText("Enter your current password.")).toBeTruthy();
    expect(messagesOf("new-password")).toContain("The password must be at least 8 characters.");
    expect(server.callsTo("POST /api/password/update")).toHaveLength(0);
  });

  it("shows the server's field errors inline and a toast on success", async () => {
    let attempt = 0;
    const server = fakeServer({
      "POST /api/password/update": () =>
        ++attempt === 1
          ? json({ message: "Invalid data", code: "validation_failed", errors: { current_password: ["The current password is incorrect."] }, requestId: "r" }, 422)
          : json({ message: "Password updated." }),
    });
    await renderApp("/settings/password");
    type("Current password", "wrong");
    type("New password", "Abcdefg1!");
    type("Confirm the new password", "Abcdefg1!");
    await submit();
    expect(screen.getByText("The current password is incorrect.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    type("Current password", "Demo-pass-2026!");
    await submit();
    expect(server.callsTo("POST /api/password/update")[1]?.body).toEqual({
      current_password: "Demo-pass-2026!",
      password: "Abcdefg1!",
      password_confirmation: "Abcdefg1!",
    });
    expect(screen.getByTestId("toast").textContent).toContain("Your password was changed.");
    expect(screen.getByLabelText("Current password")).toHaveProperty("value", "");
  });
});
