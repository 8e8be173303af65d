import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IdentityProviderSettings } from "../../../domain/sso/index.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderWithI18n } from "../../test/render.tsx";
import { toasts } from "../../ui/toast.ts";
import { SsoSettings } from "./sso-settings.tsx";

const SAVED: IdentityProviderSettings = {
  mode: "restricted",
  issuer: "https://id.acme.test",
  client_id: "igo",
  has_client_secret: true,
  domains: ["acme.test", "eu.acme.test"],
};
const OFF: IdentityProviderSettings = { mode: "off", issuer: null, client_id: null, has_client_secret: false, domains: [] };

function server(initial: IdentityProviderSettings, patch: (body: unknown) => Response = (body) => json({ data: { ...SAVED, ...(body as object), has_client_secret: true } })) {
  return fakeServer({
    "GET /api/organizations/7/sso": () => json({ data: initial }),
    "PATCH /api/organizations/7/sso": (call) => patch(call.body),
  });
}

async function renderSettings() {
  renderWithI18n(<SsoSettings organizationId={7} />);
  await screen.findByTestId("sso-settings");
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.items.splice(0);
});

describe("organization SSO settings", () => {
  it("shows the saved provider, never a secret", async () => {
    server(SAVED);
    await renderSettings();
    expect((screen.getByRole("radio", { name: /Restricted/ }) as HTMLInputElement).checked).toBe(true);
    expect(field("Issuer").value).toBe("https://id.acme.test");
    expect(field("Client ID").value).toBe("igo");
    expect(field("Client secret").value).toBe("");
    expect(screen.getByText("A secret is saved. Leave empty to keep it.")).toBeTruthy();
    expect(field("E-mail domains").value).toBe("acme.test\neu.acme.test");
    expect(field("Redirect URI").value).toMatch(/\/api\/sso\/callback$/);
  });

  it("saves without a secret (the stored one is kept) and confirms", async () => {
    const api = server(SAVED);
    await renderSettings();
    fireEvent.click(screen.getByRole("radio", { name: /Open/ }));
    change("E-mail domains", "acme.test\n  Other.test \n");
    await save();
    expect(api.callsTo("PATCH /api/organizations/7/sso")[0]?.body).toEqual({
      mode: "open",
      issuer: "https://id.acme.test",
      client_id: "igo",
      domains: ["acme.test", "Other.test"],
    });
    expect(toasts.items.map((item) => item.message)).toEqual(["Single sign-on settings saved."]);
  });

  it("sends a new secret when one is typed, then empties the field", async () => {
    const api = server(SAVED);
    await renderSettings();
    change("Client secret", "new-secret");
    await save();
    expect(api.callsTo("PATCH /api/organizations/7/sso")[0]?.body).toMatchObject({ client_secret: "new-secret" });
    expect(field("Client secret").value).toBe("");
  });

  it("checks the rules before calling the server (required fields, domain syntax, a secret to turn on)", async () => {
    const api = server(OFF);
    await renderSettings();
    expect(screen.getByText("Never shown again once saved.")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: /Open/ }));
    change("E-mail domains", "acme.test\nbad_domain");
    await save();
    expect(screen.getAllByText("This field is required when single sign-on is on.")).toHaveLength(2);
    expect(screen.getByText("Enter the client secret to turn single sign-on on.")).toBeTruthy();
    expect(screen.getByText("bad_domain: Invalid domain name. Please use the syntax: example.com")).toBeTruthy();
    expect(api.callsTo("PATCH /api/organizations/7/sso")).toHaveLength(0);
  });

  it("shows the server's field errors, a domain error next to its domain", async () => {
    const message = "This domain already signs in through another organization's identity provider.";
    server(SAVED, () => json({ message: "The given data was invalid.", code: "validation_failed", errors: { "domains.1": [message] }, requestId: "r" }, 422));
    await renderSettings();
    await save();
    expect(screen.getByText(`eu.acme.test: ${message}`)).toBeTruthy();
    expect(field("E-mail domains").getAttribute("aria-invalid")).toBe("true");
  });

  it("speaks German", async () => {
    server(SAVED);
    const { activateLocale } = await import("../../i18n/i18n.ts");
    await activateLocale("de");
    await renderSettings();
    expect(screen.getByRole("radio", { name: /Eingeschränkt/ })).toBeTruthy();
    await activateLocale("en");
  });
});
