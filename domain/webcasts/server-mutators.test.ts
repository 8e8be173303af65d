import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import { SERVER_ONLY_WEBCAST_MUTATORS, WEBCAST_MUTATORS } from "./mutators.ts";
import type { WebcastRow } from "./record.ts";
import { brandingName, brandingPrefix } from "../branding/images.ts";

/** The mutators of the REST settings calls (issue #5): access, branding, reset, billing. */

const nextId = idSequence(Date.UTC(2026, 0, 1), 77);
const alice = organizer(7);
const NOW = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-02T00:00:00.000Z";
const backOffice: MutationActor = { id: 9, is_super_admin: false, permissions: permissionsFor([], ["back_office"], [ORGANIZATION_ID]) };
const owner: MutationActor = { id: 8, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "owner" }]) };

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server" };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  return runMutation(WEBCAST_MUTATORS, { name, args }, store.read, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
}

async function apply(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const outcome = await run(store, name, args, options);
  if (outcome.ok) await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
  return outcome;
}

async function seed(organization: OrganizationRules = rules(), fields: Partial<WebcastRow> = {}): Promise<{ store: MemoryServerStore; row: WebcastRow }> {
  const store = new MemoryServerStore([[ORGANIZATION_ID, organization]]);
  const id = nextId();
  const created = await apply(store, "createWebcast", webcastArgs(id));
  if (!created.ok) throw created.rejection;
  const stored = await store.read.get("webcasts", id);
  if (!stored) throw new Error("unreachable: just created");
  const row = { ...stored, ...fields };
  await store.commit({ userId: 7, writes: [{ table: "webcasts", id, organization_id: ORGANIZATION_ID, op: "put", row }], result: { id: nextId(), status: "applied" } });
  return { store, row };
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

const key = (id: string, kind: string) => `${brandingPrefix(id)}${kind}-abcdefghijklmnop1234`;

describe("server-only mutators", () => {
  it("are registered under their names and refuse to run in a browser", async () => {
    const { store, row } = await seed();
    const args = {
      setWebcastAccess: { id: row.id, has_password: true, now: LATER },
      setWebcastBranding: { id: row.id, theme: "dark", now: LATER },
      resetWebcast: { id: row.id, now: LATER },
    };
    expect([...SERVER_ONLY_WEBCAST_MUTATORS].sort()).toEqual(Object.keys(args).sort());
    for (const [name, value] of Object.entries(args)) {
      expect(WEBCAST_MUTATORS[name as keyof typeof args].name).toBe(name);
      expect(refusal(await run(store, name, value, { location: "client" }))).toMatchObject({ code: "forbidden", en: "This change can only be made by the server." });
    }
    expect((await run(store, "setWebcastBilling", { id: row.id, billing_enabled: true, now: LATER }, { location: "client", actor: backOffice })).ok).toBe(true);
  });
});

describe("setWebcastAccess", () => {
  it("sets the access flags and has_password in one change, leaving what is not given", async () => {
    const { store, row } = await seed(rules(), { registration_required: true });
    expect((await apply(store, "setWebcastAccess", { id: row.id, privacy: "private", sso_required: true, has_password: true, now: LATER })).ok).toBe(true);
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ privacy: "private", sso_required: true, has_password: true, registration_required: true, control_number_required: false, updated_at: LATER });
    await apply(store, "setWebcastAccess", { id: row.id, has_password: false, now: LATER });
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ privacy: "private", has_password: false });
  });

  it("needs webcasts.update and an existing webcast; refuses unknown fields", async () => {
    const { store, row } = await seed();
    const speaker: MutationActor = { id: 5, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) };
    expect(refusal(await run(store, "setWebcastAccess", { id: row.id, privacy: "private", now: LATER }, { actor: speaker, locale: "fr" }))).toMatchObject({ code: "forbidden", fr: "Vous n'êtes pas autorisé à modifier ce webcast." });
    expect(refusal(await run(store, "setWebcastAccess", { id: nextId(), privacy: "private", now: LATER })).code).toBe("not_found");
    expect(refusal(await run(store, "setWebcastAccess", { id: row.id, password: "Secret1!", now: LATER })).code).toBe("invalid_mutation");
  });
});

describe("setWebcastBranding", () => {
  it("sets theme, title colour and the webcast's own image keys; null removes one", async () => {
    const { store, row } = await seed(rules(), { banner_key: "old" });
    const outcome = await apply(store, "setWebcastBranding", { id: row.id, theme: "dark", title_color: " #1D4ED8 ", logo_key: key(row.id, "logo"), banner_key: null, now: LATER });
    expect(outcome.ok).toBe(true);
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ theme: "dark", title_color: "#1d4ed8", logo_key: key(row.id, "logo"), cover_key: null, banner_key: null, updated_at: LATER });
  });

  it("refuses a key of another webcast or of another kind, and a bad colour, in en and fr", async () => {
    const { store, row } = await seed();
    const other = nextId();
    const en = refusal(await run(store, "setWebcastBranding", { id: row.id, logo_key: key(other, "logo"), cover_key: key(row.id, "banner"), now: LATER }));
    expect(en).toMatchObject({ code: "validation_failed", errors: { logo: ["This image was not stored for this webcast."], cover: ["This image was not stored for this webcast."] } });
    const fr = refusal(await run(store, "setWebcastBranding", { id: row.id, title_color: "blue", now: LATER }, { locale: "fr" }));
    expect(fr).toMatchObject({ code: "validation_failed", errors: { title_color: ["La couleur du titre doit ressembler à #1d4ed8."] } });
  });

  it("names keys: only `webcasts/<uid>/branding/<kind>-<random>`", () => {
    const id = nextId();
    expect(brandingName(id, key(id, "cover"))).toBe("cover-abcdefghijklmnop1234");
    expect(brandingName(id, key(id, "cover"), "logo")).toBeNull();
    expect(brandingName(id, `${brandingPrefix(id)}cover-short`)).toBeNull();
    expect(brandingName(id, `${brandingPrefix(id)}../x/cover-abcdefghijklmnop1234`)).toBeNull();
    expect(brandingName(id, `profile-photos/1/abcdefghijklmnop1234`)).toBeNull();
  });
});

describe("resetWebcast", () => {
  it("puts the webcast back to upcoming, at a new start and zone, or keeping its start", async () => {
    const { store, row } = await seed(rules(), { state: "archived" });
    expect((await apply(store, "resetWebcast", { id: row.id, scheduled_start: "2026-03-20T14:00:00.000Z", timezone: "Europe/Paris", now: LATER })).ok).toBe(true);
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ state: "upcoming", event_start_date_time: "2026-03-20T14:00:00.000Z", timezone: "Europe/Paris", updated_at: LATER });

    const kept = await seed(rules(), { state: "end_loop" });
    expect((await apply(kept.store, "resetWebcast", { id: kept.row.id, scheduled_start: null, now: LATER })).ok).toBe(true);
    expect(await kept.store.read.get("webcasts", kept.row.id)).toMatchObject({ state: "upcoming", event_start_date_time: kept.row.event_start_date_time, timezone: kept.row.timezone });
  });

  it("refuses a start that is not after now and an unknown zone, in en and fr", async () => {
    const { store, row } = await seed(rules(), { state: "archived" });
    const en = refusal(await run(store, "resetWebcast", { id: row.id, scheduled_start: "2025-12-31T23:00:00.000Z", timezone: "Mars/Olympus", now: LATER }));
    expect(en).toMatchObject({ code: "validation_failed", en: "Some fields of the webcast are invalid.", errors: { scheduled_start: ["This date must be in the future."], timezone: ["This time zone is not known."] } });
    const fr = refusal(await run(store, "resetWebcast", { id: row.id, scheduled_start: NOW, now: LATER }, { locale: "fr" }));
    expect(fr.errors).toEqual({ scheduled_start: ["Cette date doit être dans le futur."] });
  });

  it("refuses a webcast on air or canceled (423), and a move into a full month", async () => {
    const live = await seed(rules(), { state: "live" });
    expect(refusal(await run(live.store, "resetWebcast", { id: live.row.id, now: LATER }))).toMatchObject({ code: "locked", en: "This webcast is on air: stop it before resetting it." });
    const canceled = await seed(rules(), { state: "canceled" });
    expect(refusal(await run(canceled.store, "resetWebcast", { id: canceled.row.id, now: LATER }, { locale: "fr" }))).toMatchObject({ code: "locked", fr: "Un webcast annulé ne peut pas être réinitialisé." });

    const full = await seed(rules({ limits: { max_webcasts: 1 } }), { state: "archived" });
    const other = nextId();
    expect((await apply(full.store, "createWebcast", webcastArgs(other, { event_start_date_time: "2026-04-10T15:00:00.000Z" }))).ok).toBe(true);
    expect(refusal(await run(full.store, "resetWebcast", { id: full.row.id, scheduled_start: "2026-04-20T15:00:00.000Z", now: LATER })).code).toBe("limit_reached");
    expect((await run(full.store, "resetWebcast", { id: full.row.id, scheduled_start: "2026-03-20T15:00:00.000Z", now: LATER })).ok).toBe(true);
  });
});

describe("setWebcastBilling", () => {
  it("needs organizations.administer: the back office and super admins, not the owner", async () => {
    const { store, row } = await seed();
    expect((await apply(store, "setWebcastBilling", { id: row.id, billing_enabled: true, now: LATER }, { actor: backOffice })).ok).toBe(true);
    expect(await store.read.get("webcasts", row.id)).toMatchObject({ billing_enabled: true, updated_at: LATER });
    const refused = refusal(await run(store, "setWebcastBilling", { id: row.id, billing_enabled: false, now: LATER }, { actor: owner }));
    expect(refused).toMatchObject({ code: "forbidden", en: "You are not allowed to change the billing of this webcast." });
    expect(refusal(await run(store, "setWebcastBilling", { id: nextId(), billing_enabled: false, now: LATER }, { actor: backOffice })).code).toBe("not_found");
  });
});
