import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import {
  applyIdentityProviderUpdate,
  emailDomain,
  identityProviderSettings,
  identityProviderUpdateSchema,
  isDomainName,
  isIssuerUrl,
  storedIdentityProvider,
} from "./identity-provider.ts";

describe("identity provider settings", () => {
  it("accepts https issuers, and http only on this machine", () => {
    expect(isIssuerUrl("https://login.example.com/tenant/v2.0")).toBe(true);
    expect(isIssuerUrl("http://localhost:8080")).toBe(true);
    expect(isIssuerUrl("http://127.0.0.1:4000")).toBe(true);
    expect(isIssuerUrl("http://login.example.com")).toBe(false);
    expect(isIssuerUrl("https://login.example.com/?tenant=1")).toBe(false);
    expect(isIssuerUrl("ftp://example.com")).toBe(false);
    expect(isIssuerUrl("not a url")).toBe(false);
  });

  it("checks domains with the SPEC §5 domain rule", () => {
    expect(isDomainName("example.com")).toBe(true);
    expect(isDomainName("a.b.c.d.e.example.travel")).toBe(true);
    expect(isDomainName("a.b.c.d.e.f.example.com")).toBe(false);
    expect(isDomainName("localhost")).toBe(false);
    expect(isDomainName("exa mple.com")).toBe(false);
    expect(isDomainName("-bad.com")).toBe(false);
    expect(emailDomain("Jane@Example.COM")).toBe("example.com");
    expect(emailDomain("no-at-sign")).toBe("");
  });

  it("requires issuer, client id and a domain unless off; lower-cases domains and refuses duplicates (en, fr)", () => {
    const off = validate(identityProviderUpdateSchema("en"), { mode: "off" }, "en");
    expect(off).toEqual({ ok: true, data: { mode: "off", domains: [] } });
    const missing = validate(identityProviderUpdateSchema("en"), { mode: "restricted", issuer: "", client_id: " " }, "en");
    expect(missing.ok ? {} : missing.errors).toEqual({
      issuer: ["This field is required when single sign-on is on."],
      client_id: ["This field is required when single sign-on is on."],
      domains: ["This field is required when single sign-on is on."],
    });
    const duplicates = validate(identityProviderUpdateSchema("fr"), { mode: "off", domains: ["Example.com", "example.COM", "x"] }, "fr");
    expect(duplicates.ok ? {} : duplicates.errors).toEqual({
      "domains.2": ["Nom de domaine invalide. Veuillez utiliser la syntaxe : example.com"],
      "domains.1": ["Ce domaine a déjà été ajouté"],
    });
    const ok = validate(identityProviderUpdateSchema("en"), { mode: "open", issuer: "https://id.example.com", client_id: "app", domains: [" Example.com "] }, "en");
    expect(ok).toEqual({ ok: true, data: { mode: "open", issuer: "https://id.example.com", client_id: "app", domains: ["example.com"] } });
  });

  it("keeps the stored secret unless a new one comes, and needs one to turn on", () => {
    const current = { mode: "open" as const, issuer: "https://id.example.com", client_id: "app", client_secret: "enc-1", domains: ["example.com"] };
    const update = { mode: "restricted" as const, issuer: "https://id.example.com", client_id: "app", domains: ["example.com"] };
    expect(applyIdentityProviderUpdate(current, update, null, "en")).toEqual({ ok: true, data: { ...update, client_secret: "enc-1" } });
    expect(applyIdentityProviderUpdate(current, update, "enc-2", "en")).toEqual({ ok: true, data: { ...update, client_secret: "enc-2" } });
    expect(applyIdentityProviderUpdate(null, update, null, "fr")).toEqual({
      ok: false,
      errors: { client_secret: ["Ce champ est obligatoire lorsque la connexion unique (SSO) est activée."] },
    });
    expect(applyIdentityProviderUpdate(null, { mode: "off", domains: [] }, null, "en")).toMatchObject({ ok: true });
  });

  it("reads the stored column defensively and shows it without the secret", () => {
    expect(storedIdentityProvider(null)).toBeNull();
    expect(storedIdentityProvider({ mode: "sometimes" })).toBeNull();
    const stored = storedIdentityProvider({ mode: "restricted", issuer: "https://id.example.com", client_id: "app", client_secret: "enc", domains: ["Example.com"] });
    expect(stored?.domains).toEqual(["example.com"]);
    expect(identityProviderSettings(stored)).toEqual({ mode: "restricted", issuer: "https://id.example.com", client_id: "app", has_client_secret: true, domains: ["example.com"] });
    expect(identityProviderSettings(null)).toEqual({ mode: "off", issuer: null, client_id: null, has_client_secret: false, domains: [] });
  });
});
