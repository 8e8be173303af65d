import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { accessControlsBody, createWebcastBody, formSpeakers, isPatchOverride, nestFormSpeakers, resetBody, updateFields, updateWebcastForm } from "./rest.ts";
import { brandingImageError, brandingTextForm, removes } from "../branding/rest.ts";
import { DEFAULT_WEBCAST_SETTINGS } from "./record.ts";
import { webcastRow } from "./testing.ts";
import { timezoneShort, webcastJson } from "./webcast-json.ts";
import { brandingPrefix, brandingImageUrl } from "../branding/images.ts";

const row = webcastRow({
  id: "0194c4a0-0000-7000-8000-000000000001",
  organization_id: 3,
  event_start_date_time: "2026-01-10T15:00:00.000Z",
  duration: 90,
  timezone: "America/Toronto",
});

describe("webcastJson", () => {
  it("names the row as SPEC §3 does, with its end, zone abbreviation and organization", () => {
    const resource = webcastJson(row, "Demo Events");
    expect(resource).toMatchObject({ uid: row.id, organization: { id: 3, name: "Demo Events" }, event_end_date_time: "2026-01-10T16:30:00.000Z", timezone_short: "EST" });
    expect(resource).not.toHaveProperty("id");
    expect(resource).not.toHaveProperty("created_by");
  });

  it("carries the settings, images as URLs of this webcast's keys only", () => {
    const logo = `${brandingPrefix(row.id)}logo-abcdefghijklmnopqrstu`;
    const resource = webcastJson({ ...row, logo_key: logo, banner_key: "profile-photos/1/x", has_password: true }, null);
    expect(resource).toMatchObject({ has_password: true, privacy: "public", attendee_options: DEFAULT_WEBCAST_SETTINGS.attendee_options, theme: "go" });
    expect([resource.logo_url, resource.cover_url, resource.banner_url]).toEqual([`/api/webcasts/${row.id}/branding/logo-abcdefghijklmnopqrstu`, null, null]);
    expect(resource).not.toHaveProperty("logo_key");
    expect(resource.registration_fields).toEqual([]);
    expect(brandingImageUrl(row.id, null)).toBeNull();
  });

  it("falls back to the zone's name when the runtime does not know it", () => {
    expect(timezoneShort("Mars/Olympus", 0)).toBe("Mars/Olympus");
  });
});

describe("createWebcastBody", () => {
  it("is createWebcast's arguments without the id and the time, strict", () => {
    const body = { organization_id: 1, event_title: "x", event_start_date_time: "2026-01-01T00:00:00Z", duration: 5, timezone: "UTC", language: "fr" };
    expect(validate(createWebcastBody, body, "en").ok).toBe(true);
    const refused = validate(createWebcastBody, { ...body, id: row.id, state: "live" }, "en");
    expect(refused.ok).toBe(false);
  });
});

describe("updateWebcastForm", () => {
  it("reads form strings: numbers, booleans, a blank description as null; only the fields sent", () => {
    const parsed = validate(updateWebcastForm, { _method: "PATCH", duration: "45", is_test: "on", is_premiere: "0", description: " " }, "en");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(updateFields(parsed.data)).toEqual({ duration: 45, is_test: true, is_premiere: false, description: null });
  });

  it("refuses non-numbers, unknown fields and files, with localized messages", () => {
    const en = validate(updateWebcastForm, { _method: "PATCH", duration: "1h", colour: "red" }, "en");
    expect(en.ok).toBe(false);
    if (!en.ok) expect(Object.keys(en.errors)).toEqual(expect.arrayContaining(["duration", "_"]));
    const fr = validate(updateWebcastForm, { _method: "PATCH", language: "de" }, "fr");
    if (fr.ok) throw new Error("expected a refusal");
    expect(fr.errors.language).toEqual(["Cette valeur ne fait pas partie des choix permis."]);
  });

  it("recognizes the override in any case", () => {
    expect(["PATCH", "patch", "Patch"].map(isPatchOverride)).toEqual([true, true, true]);
    expect([undefined, "PUT", ["PATCH"]].map(isPatchOverride)).toEqual([false, false, false]);
  });
});

describe("updateWebcastForm settings", () => {
  it("reads settings and attendee_options[key] form keys into the mutator's values", () => {
    const parsed = validate(updateWebcastForm, { _method: "PATCH", quality: "1080p", source_type: "", tag: "", sponsors_visible: "on", "attendee_options[question_wall]": "1" }, "en");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(updateFields(parsed.data)).toEqual({ quality: "1080p", source_type: null, tag: null, sponsors_visible: true, attendee_options: { question_wall: true } });
  });

  it("refuses billing_enabled and unknown attendee options", () => {
    expect(validate(updateWebcastForm, { _method: "PATCH", billing_enabled: "1" }, "en").ok).toBe(false);
    expect(validate(updateWebcastForm, { _method: "PATCH", "attendee_options[chat]": "1" }, "en").ok).toBe(false);
  });

  it("reads registration_fields as the whole form in JSON text; shapes are the schema's", () => {
    const form = [{ id: "f", type: "checkbox", name: { en: "Member" }, required: false, options: [], condition: null }];
    const parsed = validate(updateWebcastForm, { _method: "PATCH", registration_fields: JSON.stringify(form) }, "en");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(updateFields(parsed.data)).toEqual({ registration_fields: form });
    const emptied = validate(updateWebcastForm, { _method: "PATCH", registration_fields: "[]" }, "en");
    expect(emptied.ok && updateFields(emptied.data)).toEqual({ registration_fields: [] });
    const notJson = validate(updateWebcastForm, { _method: "PATCH", registration_fields: "{oops" }, "en");
    expect(notJson.ok ? null : Object.keys(notJson.errors)).toEqual(["registration_fields"]);
    const badType = validate(updateWebcastForm, { _method: "PATCH", registration_fields: JSON.stringify([{ ...form[0], type: "date" }]) }, "en");
    expect(badType.ok ? null : Object.keys(badType.errors)).toEqual(["registration_fields.0.type"]);
  });
});

describe("speakers in the webcast forms", () => {
  it("JSON: a list of { id, is_producer? } user ids, strict", () => {
    const body = { organization_id: 1, event_title: "x", event_start_date_time: "2026-01-01T00:00:00Z", duration: 5, timezone: "UTC", language: "fr" };
    expect(validate(createWebcastBody, { ...body, speakers: [{ id: 12, is_producer: true }, { id: 13 }] }, "en").ok).toBe(true);
    const refused = validate(createWebcastBody, { ...body, speakers: [{ id: "12" }, { user_id: 13 }] }, "en");
    if (refused.ok) throw new Error("expected a refusal");
    expect(Object.keys(refused.errors).sort()).toEqual(["speakers.0.id", "speakers.1", "speakers.1.id"]);
  });

  it("form: gathers speakers[i][field] keys in index order; a blank speakers empties; absent leaves the speakers alone", () => {
    expect(nestFormSpeakers({ _method: "PATCH", "speakers[1][id]": "13", "speakers[0][is_producer]": "on", "speakers[0][id]": "12", "attendee_options[question_wall]": "1" })).toEqual({
      _method: "PATCH",
      "attendee_options[question_wall]": "1",
      speakers: [{ is_producer: "on", id: "12" }, { id: "13" }],
    });
    const parsed = validate(updateWebcastForm, { _method: "PATCH", "speakers[0][id]": "12", "speakers[0][is_producer]": "on", "speakers[1][id]": "13", "speakers[1][is_producer]": "0" }, "en");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(formSpeakers(parsed.data)).toEqual([{ id: 12, is_producer: true }, { id: 13, is_producer: false }]);
    expect(updateFields(parsed.data)).toEqual({});

    const emptied = validate(updateWebcastForm, { _method: "PATCH", speakers: "" }, "en");
    expect(emptied.ok && formSpeakers(emptied.data)).toEqual([]);
    const untouched = validate(updateWebcastForm, { _method: "PATCH", event_title: "x" }, "en");
    expect(untouched.ok && formSpeakers(untouched.data)).toBeUndefined();
  });

  it("form: refuses holes, non-numeric ids, unknown speaker fields and keys that do not fit (French too)", () => {
    const refused = validate(updateWebcastForm, { _method: "PATCH", "speakers[1][id]": "0", "speakers[2][id]": "4", "speakers[2][name]": "Eve", "speakers[01][id]": "3" }, "fr");
    if (refused.ok) throw new Error("expected a refusal");
    expect(Object.keys(refused.errors).sort()).toEqual(["_", "speakers.0", "speakers.1.id", "speakers.2"]);
    expect(refused.errors["speakers.0"]).toEqual(["Ce champ est obligatoire"]);
    expect(validate(updateWebcastForm, { _method: "PATCH", speakers: "12" }, "en").ok).toBe(false);
  });
});

describe("settings bodies", () => {
  it("access controls: the SPEC §5 password rule in en and fr, null removes", () => {
    expect(validate(accessControlsBody("en"), { password: null, privacy: "private" }, "en").ok).toBe(true);
    const fr = validate(accessControlsBody("fr"), { password: "Abcdefgh1" }, "fr");
    if (fr.ok) throw new Error("expected a refusal");
    expect(fr.errors.password).toEqual(["Le mot de passe doit contenir au moins un caractère spécial."]);
  });

  it("reset: an instant with its zone, or null", () => {
    expect(validate(resetBody, { scheduled_start: "2026-05-01T10:00:00-04:00", timezone: "America/Toronto" }, "en").ok).toBe(true);
    expect(validate(resetBody, { scheduled_start: null }, "en").ok).toBe(true);
    expect(validate(resetBody, { scheduled_start: "2026-05-01 10:00" }, "en").ok).toBe(false);
  });

  it("branding: image type and size, theme a name, remove_<image> as a form boolean", () => {
    expect(brandingImageError({ size: 1000, type: "image/png" }, "en")).toBeNull();
    expect(brandingImageError({ size: 1000, type: "image/svg+xml" }, "fr")).toBe("L'image doit être un fichier JPEG, PNG, GIF, WebP ou AVIF.");
    expect(brandingImageError({ size: 6 * 1024 * 1024, type: "image/jpeg" }, "en")).toBe("The file may not be larger than 5 MB.");
    const theme = validate(brandingTextForm("en"), { theme: "go dark" }, "en");
    if (theme.ok) throw new Error("expected a refusal");
    expect(theme.errors.theme).toEqual(["This field may only contain letters, digits, dashes and underscores."]);
    expect([removes({ remove_logo: "1" }, "logo"), removes({ remove_logo: "0" }, "logo"), removes({}, "cover")]).toEqual([true, false, false]);
  });
});
