import { describe, expect, it } from "vitest";
import type { PublicWebcast } from "./api.ts";
import { escapeHtml } from "../http/html.ts";
import { firstScreenHtml, firstScreenLocale, firstScreenMeta, inlineJson } from "./first-screen.ts";
import { publicWebcast } from "./testing.ts";

const NOW = Date.parse("2026-12-01T14:00:00.000Z");

function webcast(overrides: Partial<PublicWebcast> = {}): PublicWebcast {
  return publicWebcast({
    description: "Results of the year.",
    timezone: "Europe/Paris",
    language: "fr",
    branding: { theme: "go", title_color: null, logo_url: null, cover_url: "/api/webcasts/x/branding/cover", banner_url: null },
    access: { methods: ["guest"], registration_required: false, registration_fields: [], password_required: false, control_number_required: false, segment_restricted: false },
    server_now: new Date(NOW).toISOString(),
    ...overrides,
  });
}

describe("the viewer page's first screen", () => {
  it("escapes the organizer's words everywhere", () => {
    const html = firstScreenHtml(webcast({ title: `<img src=x onerror="alert(1)">&'`, description: "</section><script>alert(2)</script>" }), { locale: "en", now: NOW });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;");
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });

  it("shows the title, the state's headline in the viewer's language, the start in the webcast's zone and the 16:9 stage with the poster", () => {
    const html = firstScreenHtml(webcast(), { locale: "fr", now: NOW });
    expect(html).toContain('<h1 class="page-title viewer-page__title">Annual meeting</h1>');
    expect(html).toContain("À venir");
    expect(html).toContain("mardi 1 décembre 2026");
    expect(html).toContain("(Europe/Paris)");
    expect(html).toMatch(/<div class="viewer-page__stage" data-kind="not_started"><img class="viewer-page__poster" src="\/api\/webcasts\/x\/branding\/cover" alt="" width="1600" height="900"/);
    expect(html).not.toContain("style=");
    expect(firstScreenHtml(webcast({ state: "live" }), { locale: "de", now: NOW })).toContain("Jetzt live");
    expect(firstScreenHtml(webcast({ state: "canceled" }), { locale: "en", now: NOW })).not.toContain("viewer-page__stage");
    expect(firstScreenHtml(webcast({ start: null, end: null, description: null }), { locale: "en", now: NOW })).not.toMatch(/viewer-page__schedule|viewer-page__description/);
  });

  it("inlines JSON that no text can break out of", () => {
    const json = inlineJson({ title: "</script><!-- & \u2028" });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ title: "</script><!-- & \u2028" });
  });

  it("speaks the web's language rule: ?lang=, the stored choice, then French for a French browser, else English", () => {
    expect(firstScreenLocale({ query: "de", cookie: "fr", acceptLanguage: "fr-FR" })).toBe("de");
    expect(firstScreenLocale({ query: null, cookie: "pt", acceptLanguage: "fr-FR" })).toBe("pt");
    expect(firstScreenLocale({ query: null, cookie: null, acceptLanguage: "fr-CA,fr;q=0.9" })).toBe("fr");
    expect(firstScreenLocale({ query: null, cookie: null, acceptLanguage: "de-DE" })).toBe("en");
  });

  it("previews a shared link with an absolute image", () => {
    expect(firstScreenMeta(webcast({ description: "  " }), "https://igo.test")).toEqual({ title: "Annual meeting", description: null, image: "https://igo.test/api/webcasts/x/branding/cover" });
  });
});
