import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "../i18n/locales.ts";
import { INVITATION_KINDS, INVITATION_PLACEHOLDERS, type InvitationValues, defaultInvitation, fillPlaceholders, invitationDate, invitationTemplateErrors, renderInvitation, unknownPlaceholders } from "./invitations.ts";

const values: InvitationValues = {
  name: "Zoé",
  email: "zoe@example.test",
  webcast_title: "Annual meeting",
  webcast_date: "Friday, March 6, 2026 10:00 a.m. (America/Toronto)",
  webcast_link: "https://app.test/w/abc?invite=tok",
  organization_name: "Acme",
  sender_name: "",
};

describe("placeholders", () => {
  it("finds unknown ones (spaces inside the braces allowed), each once", () => {
    expect(unknownPlaceholders("Hi {{name}}, {{ first_name }} {{first_name}} {{Name}} {{}}")).toEqual(["first_name", "Name", ""]);
    expect(unknownPlaceholders(INVITATION_PLACEHOLDERS.map((name) => `{{ ${name} }}`).join(" "))).toEqual([]);
    expect(unknownPlaceholders("no braces, {single} ones")).toEqual([]);
  });

  it("fills in one pass: a value holding a placeholder is not expanded, unknown ones stay", () => {
    expect(fillPlaceholders("{{ name }} <{{email}}> {{other}}", { ...values, name: "{{email}}" })).toBe("{{email}} <zoe@example.test> {{other}}");
  });
});

describe("renderInvitation", () => {
  it("fills every text; the sender is the organization unless the template names one", () => {
    const rendered = renderInvitation({ title: "For {{name}}", sender_name: "", subject: "{{webcast_title}}", message: "{{webcast_link}} — {{sender_name}}" }, values);
    expect(rendered).toEqual({ title: "For Zoé", sender_name: "Acme", subject: "Annual meeting", message: "https://app.test/w/abc?invite=tok — Acme" });
    expect(renderInvitation({ title: "", sender_name: "The {{organization_name}} team", subject: "s", message: "{{sender_name}}" }, values).message).toBe("The Acme team");
  });

  it("every default (5 languages, invitation and reminder) uses known placeholders and holds the title, date and personal link", () => {
    for (const locale of UI_LOCALES) {
      for (const kind of INVITATION_KINDS) {
        const template = defaultInvitation(locale, kind);
        expect(invitationTemplateErrors(template, "en"), `${locale} ${kind}`).toEqual({});
        const mail = renderInvitation(template, values);
        expect(mail.subject).toContain("Annual meeting");
        expect(mail.message).toContain("Zoé");
        expect(mail.message).toContain(values.webcast_date);
        expect(mail.message).toContain(values.webcast_link);
        expect(mail.message).toContain("Acme");
        expect(mail.message).not.toMatch(/\{\{/);
      }
    }
    expect(defaultInvitation("fr").subject).toBe("Invitation : {{webcast_title}}");
  });
});

describe("invitationTemplateErrors", () => {
  it("refuses unknown placeholders, empty subject or message, long texts (en, fr)", () => {
    const errors = invitationTemplateErrors({ subject: "", message: "Hello {{first_name}}", title: "x".repeat(256) }, "en");
    expect(errors.subject).toEqual(["This field is required"]);
    expect(errors.message?.[0]).toMatch(/^Unknown placeholder: \{\{first_name\}\}\. Use \{\{name\}\}, /);
    expect(errors.title).toHaveLength(1);
    expect(invitationTemplateErrors({ message: "{{prenom}}" }, "fr").message?.[0]).toMatch(/^Variable inconnue : \{\{prenom\}\}\./);
  });
});

describe("invitationDate", () => {
  it("writes the start in the webcast's zone and the language, with the zone", () => {
    expect(invitationDate("2026-03-06T15:00:00Z", "America/Toronto", "en")).toMatch(/March 6, 2026.*10:00.*\(America\/Toronto\)$/);
    expect(invitationDate("2026-03-06T15:00:00Z", "Europe/Paris", "fr")).toMatch(/6 mars 2026.*16 h 00.*\(Europe\/Paris\)$/);
    expect(invitationDate("2026-03-06T15:00:00Z", "Not/AZone", "en")).toBe("2026-03-06T15:00:00Z");
  });
});
