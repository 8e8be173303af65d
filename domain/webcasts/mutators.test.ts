import { webcastRow } from "./testing.ts";
import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, editor, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import { type MutationActor, type OrganizationRules, type RowQuery, type SyncTable, matchesQuery } from "../sync/types.ts";
import { WEBCAST_MUTATORS } from "./mutators.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "./record.ts";

const nextId = idSequence(Date.UTC(2026, 0, 1), 99);
const alice = organizer(7);

function server(organization: OrganizationRules = rules()) {
  return new MemoryServerStore([[ORGANIZATION_ID, organization]]);
}

function run(store: MemoryServerStore, name: string, args: unknown, options: { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server"; withRules?: boolean } = {}): Promise<MutationOutcome> {
  const { get, list, organization } = store.read;
  const source = options.withRules === false ? { get, list } : { get, list, ...(organization ? { organization } : {}) };
  return runMutation(WEBCAST_MUTATORS, { name, args }, source, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: "2026-01-01T00:00:00.000Z" });
}

/** Runs and commits, as applyPush would; returns the outcome. */
async function apply(store: MemoryServerStore, name: string, args: unknown, options: Parameters<typeof run>[3] = {}): Promise<MutationOutcome> {
  const outcome = await run(store, name, args, options);
  if (outcome.ok) await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
  return outcome;
}

async function seed(store: MemoryServerStore, fields: Partial<WebcastRow> = {}): Promise<WebcastRow> {
  const id = nextId();
  const outcome = await apply(store, "createWebcast", webcastArgs(id, fields.event_start_date_time ? { event_start_date_time: fields.event_start_date_time } : {}));
  if (!outcome.ok) throw outcome.rejection;
  const created = await store.read.get("webcasts", id);
  if (!created) throw new Error("unreachable: the webcast was just created");
  const row: WebcastRow = { ...created, ...fields };
  await store.commit({ userId: 7, writes: [{ table: "webcasts", id, organization_id: row.organization_id, op: "put", row }], result: { id: nextId(), status: "applied" } });
  return row;
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

describe("createWebcast", () => {
  it("creates an upcoming webcast under the client's id, trimmed, with its creation time", async () => {
    const store = server();
    const id = nextId();
    const outcome = await apply(store, "createWebcast", { ...webcastArgs(id), event_title: "  Town hall ", description: "  " });
    expect(outcome.ok).toBe(true);
    expect(await store.read.get("webcasts", id)).toEqual({
      ...DEFAULT_WEBCAST_SETTINGS,
      id,
      organization_id: ORGANIZATION_ID,
      event_title: "Town hall",
      description: null,
      event_start_date_time: "2026-03-10T15:00:00.000Z",
      duration: 60,
      timezone: "America/Toronto",
      language: "en",
      state: "upcoming",
      is_premiere: false,
      is_test: false,
      created_by: 7,
      created_at: "2026-01-01T12:00:00.000Z",
      updated_at: "2026-01-01T12:00:00.000Z",
    });
  });

  it("needs webcasts.create in the organization", async () => {
    const r = refusal(await run(server(), "createWebcast", webcastArgs(nextId()), { actor: organizer(7, 2) }));
    expect(r).toMatchObject({ code: "forbidden", en: "You are not allowed to create webcasts in this organization." });
    expect(r.fr).toContain("webcasts");
  });

  it("follows the organization: exists, active, webcasts and premieres enabled", async () => {
    const missing = new MemoryServerStore();
    expect(refusal(await run(missing, "createWebcast", webcastArgs(nextId())))).toMatchObject({ code: "not_found", en: "This organization does not exist." });
    expect(refusal(await run(server(rules({ deactivated_at: "2026-01-01T00:00:00Z" })), "createWebcast", webcastArgs(nextId()))).en).toMatch(/deactivated/);
    expect(refusal(await run(server(rules({ features: { allow_webcasts: false } })), "createWebcast", webcastArgs(nextId()))).en).toBe("Webcasts are not enabled for this organization.");
    const premiere = refusal(await run(server(rules({ features: { allow_premiere_webcasts: false } })), "createWebcast", webcastArgs(nextId(), { is_premiere: true })));
    expect(premiere).toMatchObject({ code: "forbidden", fr: "Les webcasts en première ne sont pas activés pour cette organisation." });
  });

  it("refuses an id already taken", async () => {
    const store = server();
    const row = await seed(store);
    expect(refusal(await run(store, "createWebcast", webcastArgs(row.id))).code).toBe("conflict");
  });

  it("gives localized field errors: title, description, duration, test duration, max_duration, time zone", async () => {
    const store = server(rules({ limits: { max_duration: 90 } }));
    const args = { ...webcastArgs(nextId()), event_title: " ", description: "x".repeat(10_001), duration: 0, timezone: "Mars/Olympus" };
    expect(refusal(await run(store, "createWebcast", args))).toEqual({
      code: "validation_failed",
      en: "Some fields of the webcast are invalid.",
      fr: "Certains champs du webcast sont invalides.",
      errors: {
        event_title: ["The title is required."],
        description: ["The description may have at most 10,000 characters."],
        duration: ["The duration must be at least 1 minute."],
        timezone: ["This time zone is not known."],
      },
    });
    const fr = refusal(await run(store, "createWebcast", { ...webcastArgs(nextId()), event_title: "x".repeat(256), duration: 30, is_test: true }, { locale: "fr" }));
    expect(fr.errors).toEqual({ event_title: ["Le titre peut compter au plus 255 caractères."], duration: ["Un webcast test peut durer au plus 20 minutes."] });
    expect(refusal(await run(store, "createWebcast", webcastArgs(nextId(), { duration: 91 }))).errors).toEqual({ duration: ["Maximum duration reached: a webcast may last at most 90 minutes."] });
    expect((await run(store, "createWebcast", webcastArgs(nextId(), { duration: 20, is_test: true }))).ok).toBe(true);
  });

  it("counts max_webcasts per calendar month of the start, test webcasts apart", async () => {
    const store = server(rules({ limits: { max_webcasts: 2 } }));
    const march = "2026-03-05T10:00:00.000Z";
    expect((await apply(store, "createWebcast", webcastArgs(nextId(), { event_start_date_time: march }))).ok).toBe(true);
    expect((await apply(store, "createWebcast", webcastArgs(nextId(), { event_start_date_time: "2026-03-31T23:59:00.000Z" }))).ok).toBe(true);
    const third = refusal(await run(store, "createWebcast", webcastArgs(nextId(), { event_start_date_time: march })));
    expect(third).toMatchObject({ code: "limit_reached", en: "Webcast limit reached: at most 2 webcasts per month are allowed." });
    expect((await run(store, "createWebcast", webcastArgs(nextId(), { event_start_date_time: "2026-04-01T00:00:00.000Z" }))).ok).toBe(true);
    expect((await run(store, "createWebcast", webcastArgs(nextId(), { event_start_date_time: march, is_test: true, duration: 15 }))).ok).toBe(true);
  });

  it("counts the month with the source's count when it has one (the server's indexed count), never listing", async () => {
    const store = server(rules({ limits: { max_webcasts: 1 } }));
    await seed(store, { event_start_date_time: "2026-12-31T23:30:00.000Z" });
    await seed(store, { event_start_date_time: "2027-01-01T00:00:00.000Z", is_test: true });
    const queries: unknown[] = [];
    const source = {
      get: store.read.get,
      organization: store.read.organization,
      list: () => Promise.reject(new Error("listed the organization")),
      count: async <T extends SyncTable>(table: T, organizationId: number, query: RowQuery<T>) => {
        queries.push(query);
        return (await store.read.list(table, organizationId)).filter((row) => matchesQuery(row, organizationId, query)).length;
      },
    };
    const create = (start: string) => runMutation(WEBCAST_MUTATORS, { name: "createWebcast", args: webcastArgs(nextId(), { event_start_date_time: start }) }, source, { location: "server", actor: alice, locale: "en", now: "2026-01-01T00:00:00.000Z" });
    expect(refusal(await create("2026-12-01T00:00:00.000Z")).code).toBe("limit_reached");
    expect((await create("2027-01-31T23:59:59.999Z")).ok).toBe(true); // the test webcast does not count
    expect(queries).toEqual([
      { range: { column: "event_start_date_time", from: "2026-12", to: "2027-01" }, equals: { is_test: false } },
      { range: { column: "event_start_date_time", from: "2027-01", to: "2027-02" }, equals: { is_test: false } },
    ]);
    // Without a cap, nothing is counted.
    queries.length = 0;
    const unlimited = server(rules({ limits: { max_webcasts: null } }));
    const free = await runMutation(WEBCAST_MUTATORS, { name: "createWebcast", args: webcastArgs(nextId()) }, { ...source, organization: unlimited.read.organization }, { location: "server", actor: alice, locale: "en", now: "2026-01-01T00:00:00.000Z" });
    expect(free.ok).toBe(true);
    expect(queries).toEqual([]);
  });

  it("refuses malformed arguments as invalid_mutation", async () => {
    const r = refusal(await run(server(), "createWebcast", { ...webcastArgs("not-a-uuid"), state: "live" }));
    expect(r.code).toBe("invalid_mutation");
    expect(Object.keys(r.errors ?? {})).toEqual(expect.arrayContaining(["id"]));
    expect(refusal(await run(server(), "dropTables", {}))).toMatchObject({ code: "invalid_mutation" });
  });

  it("skips the organization's rules on a client that does not know them; the server must know them", async () => {
    const store = new MemoryServerStore();
    expect((await run(store, "createWebcast", webcastArgs(nextId(), { duration: 500 }), { location: "client", withRules: false })).ok).toBe(true);
    await expect(run(store, "createWebcast", webcastArgs(nextId()), { location: "server", withRules: false })).rejects.toThrow(/organization is required/);
  });
});

describe("updateWebcast", () => {
  it("patches only the given fields and bumps updated_at", async () => {
    const store = server();
    const row = await seed(store, { description: "Kept" });
    const outcome = await apply(store, "updateWebcast", { id: row.id, event_title: " New title ", now: "2026-02-01T00:00:00.000Z" });
    expect(outcome.ok).toBe(true);
    expect(await store.read.get("webcasts", row.id)).toEqual({ ...row, event_title: "New title", updated_at: "2026-02-01T00:00:00.000Z" });
  });

  it("refuses a deleted webcast, another organization's editor, and fields that are not editable", async () => {
    const store = server();
    expect(refusal(await run(store, "updateWebcast", { id: nextId(), event_title: "x", now: "2026-02-01T00:00:00.000Z" }))).toMatchObject({
      code: "not_found",
      en: "This webcast no longer exists: it was deleted.",
      fr: "Ce webcast n'existe plus : il a été supprimé.",
    });
    const row = await seed(store);
    expect(refusal(await run(store, "updateWebcast", { id: row.id, event_title: "x", now: "2026-02-01T00:00:00.000Z" }, { actor: organizer(8, 2) })).code).toBe("forbidden");
    expect(refusal(await run(store, "updateWebcast", { id: row.id, state: "live", now: "2026-02-01T00:00:00.000Z" })).code).toBe("invalid_mutation");
  });

  it("locks the schedule and type of an on-air webcast, not its title", async () => {
    const store = server();
    for (const state of ["live", "starting", "premiering"] as const) {
      const row = await seed(store, { state });
      const now = "2026-02-01T00:00:00.000Z";
      expect(refusal(await run(store, "updateWebcast", { id: row.id, duration: 90, now }))).toMatchObject({ code: "locked", en: "This webcast is live: its start time, duration and type can no longer be changed." });
      expect(refusal(await run(store, "updateWebcast", { id: row.id, event_start_date_time: "2026-03-11T15:00:00.000Z", now })).code).toBe("locked");
      expect((await run(store, "updateWebcast", { id: row.id, duration: row.duration, event_title: "Renamed live", now })).ok).toBe(true);
    }
    const looping = await seed(store, { state: "pre_loop" });
    expect((await run(store, "updateWebcast", { id: looping.id, event_start_date_time: "2026-03-10T15:10:00.000Z", now: "2026-02-01T00:00:00.000Z" })).ok).toBe(true);
  });

  it("checks durations, premieres and the monthly limit on what changes", async () => {
    const store = server(rules({ limits: { max_webcasts: 1 }, features: { allow_premiere_webcasts: false } }));
    const now = "2026-02-01T00:00:00.000Z";
    const march = await seed(store);
    const april = await seed(store, { event_start_date_time: "2026-04-10T15:00:00.000Z" });
    expect(refusal(await run(store, "updateWebcast", { id: april.id, event_start_date_time: "2026-03-20T15:00:00.000Z", now })).code).toBe("limit_reached");
    expect((await run(store, "updateWebcast", { id: march.id, event_start_date_time: "2026-03-20T15:00:00.000Z", now })).ok).toBe(true);
    expect(refusal(await run(store, "updateWebcast", { id: march.id, is_test: true, now })).errors).toEqual({ duration: ["A test webcast may last at most 20 minutes."] });
    expect(refusal(await run(store, "updateWebcast", { id: march.id, duration: 0, now })).code).toBe("validation_failed");
    expect(refusal(await run(store, "updateWebcast", { id: march.id, is_premiere: true, now })).code).toBe("forbidden");
  });
});

describe("deleteWebcast", () => {
  it("deletes, and refuses a webcast already gone", async () => {
    const store = server();
    const row = await seed(store);
    expect((await apply(store, "deleteWebcast", { id: row.id })).ok).toBe(true);
    expect(await store.read.get("webcasts", row.id)).toBeUndefined();
    expect(refusal(await run(store, "deleteWebcast", { id: row.id })).code).toBe("not_found");
  });

  it("refuses a live webcast (SPEC §4) and a user without webcasts.delete", async () => {
    const store = server();
    const live = await seed(store, { state: "live" });
    expect(refusal(await run(store, "deleteWebcast", { id: live.id }))).toEqual({ code: "locked", en: "A live webcast cannot be deleted.", fr: "Un webcast en direct ne peut pas être supprimé.", errors: undefined });
    const archived = await seed(store, { state: "archived" });
    expect(refusal(await run(store, "deleteWebcast", { id: archived.id }, { actor: editor(9) })).code).toBe("forbidden");
    expect((await run(store, "deleteWebcast", { id: archived.id })).ok).toBe(true);
  });
});

it("registers every webcast mutator under its own name", () => {
  for (const [name, mutator] of Object.entries(WEBCAST_MUTATORS)) expect(mutator.name).toBe(name);
});

describe("webcast settings (issue #5)", () => {
  it("creates with the default settings and takes given ones", async () => {
    const store = server(rules({ features: { allow_vmr_sources: true } }));
    const id = nextId();
    expect((await apply(store, "createWebcast", { ...webcastArgs(id), source_type: "vmr", privacy: "private", attendee_options: { question_wall: true } })).ok).toBe(true);
    expect(await store.read.get("webcasts", id)).toMatchObject({
      event_type: "video",
      source_type: "vmr",
      privacy: "private",
      theme: "go",
      has_password: false,
      attendee_options: { ask_questions: true, view_resources: true, view_details: true, switch_language: true, poster_overlay: false, question_wall: true },
    });
  });

  it("merges attendee options key by key, so toggles made on two devices both land", async () => {
    const store = server();
    const webcast = await seed(store);
    const now = "2026-01-02T00:00:00.000Z";
    expect((await apply(store, "updateWebcast", { id: webcast.id, attendee_options: { poster_overlay: true }, now })).ok).toBe(true);
    expect((await apply(store, "updateWebcast", { id: webcast.id, attendee_options: { question_wall: true }, now })).ok).toBe(true);
    expect((await store.read.get("webcasts", webcast.id))?.attendee_options).toMatchObject({ poster_overlay: true, question_wall: true, ask_questions: true });
  });

  it("refuses a gated value without its feature, in en and fr, and lets it pass with the feature", async () => {
    const plain = server(rules({ features: { allow_rtmp_mode: false, allow_1080_webcasts: false, allow_replay_download: false } }));
    const webcast = await seed(plain);
    const now = "2026-01-02T00:00:00.000Z";
    expect(refusal(await apply(plain, "updateWebcast", { id: webcast.id, source_type: "rtmp", now }))).toMatchObject({
      code: "forbidden",
      en: "RTMP sources are not enabled for this organization.",
      fr: "Les sources RTMP ne sont pas activées pour cette organisation.",
    });
    expect(refusal(await apply(plain, "updateWebcast", { id: webcast.id, quality: "1080p", now })).en).toBe("Full HD (1080p) webcasts are not enabled for this organization.");
    expect(refusal(await apply(plain, "updateWebcast", { id: webcast.id, vod_download: true, now })).en).toBe("Replay download is not enabled for this organization.");

    const hd = server(rules({ features: { allow_1080_webcasts: true } }));
    const other = await seed(hd);
    expect((await apply(hd, "updateWebcast", { id: other.id, quality: "1080p", now })).ok).toBe(true);
  });

  it("checks the title colour and locks the source while on air", async () => {
    const store = server(rules({ features: { allow_rtmp_mode: true } }));
    const webcast = await seed(store, { state: "live" });
    const now = "2026-01-02T00:00:00.000Z";
    expect(refusal(await apply(store, "updateWebcast", { id: webcast.id, title_color: "blue", now }))).toMatchObject({
      code: "validation_failed",
      errors: { title_color: ["The title colour must look like #1d4ed8."] },
    });
    expect((await apply(store, "updateWebcast", { id: webcast.id, title_color: "#1D4ED8", now })).ok).toBe(true);
    expect((await store.read.get("webcasts", webcast.id))?.title_color).toBe("#1d4ed8");
    expect(refusal(await apply(store, "updateWebcast", { id: webcast.id, source_type: "rtmp", now })).code).toBe("locked");
  });

  it("judges a registration form with the form rules, on create and update, and stores a valid one whole", async () => {
    const store = server();
    const webcast = await seed(store);
    const now = "2026-01-02T00:00:00.000Z";
    const text = (id: string, en: string) => ({ id, type: "text" as const, name: { en }, required: false, options: [], condition: null });
    const duplicate = refusal(await apply(store, "updateWebcast", { id: webcast.id, registration_fields: [text("a", "Company"), text("b", " company")], now }, { locale: "fr" }));
    expect(duplicate).toMatchObject({ code: "validation_failed", fr: "Certains champs du webcast sont invalides.", errors: { "registration_fields.1.name": ["Un autre champ utilise ce nom"] } });
    const form = [
      { id: "w", type: "select" as const, name: { en: "Workshop", fr: "Atelier" }, required: true, options: [{ id: "am", name: { en: "Morning" }, limit: 20, tags: ["am"] }], condition: null },
      { ...text("why", "Why the morning?"), condition: { field_id: "w", operator: "equals" as const, value: "am" } },
    ];
    expect((await apply(store, "updateWebcast", { id: webcast.id, registration_fields: form, now })).ok).toBe(true);
    expect((await store.read.get("webcasts", webcast.id))?.registration_fields).toEqual(form);
    // Other settings leave the stored form alone (it is judged only when given).
    expect((await apply(store, "updateWebcast", { id: webcast.id, sponsors_visible: true, now })).ok).toBe(true);
    expect((await store.read.get("webcasts", webcast.id))?.registration_fields).toEqual(form);
    const created = refusal(await apply(store, "createWebcast", { ...webcastArgs(nextId()), registration_fields: [{ ...text("x", ""), name: {} }] }));
    expect(created.errors).toEqual({ "registration_fields.0.name": ["Enter this value in at least one language."] });
    // The shapes (a limit of 0) are the schema's; the limit's own message is the rule's (form-rules.test.ts).
    expect((await apply(store, "updateWebcast", { id: webcast.id, registration_fields: [{ ...form[0], options: [{ id: "am", name: { en: "M" }, limit: 0, tags: [] }] }], now })).ok).toBe(false);
  });
});

/** A webcast written straight to the store (a fixture: no rule judges it). */
async function stored(store: MemoryServerStore, fields: Partial<WebcastRow> = {}): Promise<WebcastRow> {
  const id = nextId();
  const row = webcastRow({ id, event_title: "Fixture", ...fields });
  await store.commit({ userId: 7, writes: [{ table: "webcasts", id, organization_id: row.organization_id, op: "put", row }], result: { id: nextId(), status: "applied" } });
  return row;
}

const NOW = "2026-02-01T00:00:00.000Z";
const QUOTA_EN = "Test webcast quota reached: at most 5 test webcasts per month are allowed.";
const QUOTA_FR = "Quota de webcasts test atteint : au plus 5 webcasts test par mois sont permis.";

describe("test webcasts' monthly quota (SPEC §5, §9)", () => {
  const test = (start: string) => webcastArgs(nextId(), { is_test: true, duration: 20, event_start_date_time: start });

  it("accepts the 5th test webcast of a month, refuses the 6th (en and fr); other months, organizations and real webcasts do not count", async () => {
    const store = new MemoryServerStore([
      [ORGANIZATION_ID, rules()],
      [2, rules()],
    ]);
    for (let n = 0; n < 3; n++) await stored(store, { is_test: true, duration: 20, event_start_date_time: `2026-03-0${n + 1}T10:00:00.000Z` });
    await stored(store, { is_test: true, duration: 20, event_start_date_time: "2026-03-31T23:59:59.999Z", state: "canceled" }); // still counted
    await stored(store, { is_test: true, event_start_date_time: "2026-02-28T23:59:59.999Z" });
    await stored(store, { is_test: true, event_start_date_time: "2026-04-01T00:00:00.000Z" });
    await stored(store, { is_test: false, event_start_date_time: "2026-03-15T10:00:00.000Z" });
    await stored(store, { is_test: true, organization_id: 2, event_start_date_time: "2026-03-15T10:00:00.000Z" });

    expect((await apply(store, "createWebcast", test("2026-03-20T10:00:00.000Z"))).ok).toBe(true); // the 5th
    expect(refusal(await run(store, "createWebcast", test("2026-03-21T10:00:00.000Z")))).toEqual({ code: "limit_reached", en: QUOTA_EN, fr: QUOTA_FR, errors: undefined });
    expect(refusal(await run(store, "createWebcast", test("2026-03-21T10:00:00.000Z"), { locale: "fr" })).fr).toBe(QUOTA_FR);
    expect((await run(store, "createWebcast", test("2026-04-21T10:00:00.000Z"))).ok).toBe(true);
    expect((await run(store, "createWebcast", webcastArgs(nextId(), { event_start_date_time: "2026-03-21T10:00:00.000Z" }))).ok).toBe(true);
  });

  it("is judged in a browser too, without the organization's rules (from the rows it holds)", async () => {
    const store = server();
    for (let n = 0; n < 5; n++) await stored(store, { is_test: true, duration: 20 });
    expect(refusal(await run(store, "createWebcast", test("2026-03-10T08:00:00.000Z"), { location: "client", withRules: false })).code).toBe("limit_reached");
  });

  it("is checked when a webcast becomes a test or a test moves into a full month, not for other edits", async () => {
    const store = server();
    const tests = [];
    for (let n = 0; n < 5; n++) tests.push(await stored(store, { is_test: true, duration: 20 }));
    const real = await stored(store, { duration: 20 });
    const april = await stored(store, { is_test: true, duration: 20, event_start_date_time: "2026-04-10T15:00:00.000Z" });

    expect(refusal(await run(store, "updateWebcast", { id: real.id, is_test: true, now: NOW }))).toMatchObject({ code: "limit_reached", en: QUOTA_EN });
    expect(refusal(await run(store, "updateWebcast", { id: april.id, event_start_date_time: "2026-03-20T15:00:00.000Z", now: NOW }, { locale: "fr" })).fr).toBe(QUOTA_FR);
    expect((await run(store, "updateWebcast", { id: april.id, event_start_date_time: "2026-04-20T15:00:00.000Z", now: NOW })).ok).toBe(true);
    const [first] = tests;
    if (!first) throw new Error("unreachable");
    expect((await run(store, "updateWebcast", { id: first.id, event_start_date_time: "2026-03-25T15:00:00.000Z", event_title: "Moved in March", now: NOW })).ok).toBe(true);
    // One test leaves March: a place frees up.
    expect((await apply(store, "updateWebcast", { id: first.id, is_test: false, now: NOW })).ok).toBe(true);
    expect((await run(store, "updateWebcast", { id: real.id, is_test: true, now: NOW })).ok).toBe(true);
  });
});

describe("max_simultaneous_webcasts (scheduling time)", () => {
  const at = (start: string, fields: Parameters<typeof webcastArgs>[1] = {}) => webcastArgs(nextId(), { event_start_date_time: start, ...fields });
  const LIMIT_EN = "Simultaneous webcast limit reached: at most 1 webcasts may run at the same time.";
  const LIMIT_FR = "Limite de webcasts simultanés atteinte : au plus 1 webcasts peuvent avoir lieu en même temps.";

  it("refuses a webcast overlapping as many others as the limit (en and fr); touching ends, tests, ended webcasts and other organizations do not count", async () => {
    const store = new MemoryServerStore([
      [ORGANIZATION_ID, rules({ limits: { max_simultaneous_webcasts: 1 } })],
      [2, rules()],
    ]);
    await stored(store, { event_start_date_time: "2026-03-10T15:00:00.000Z", duration: 60 });
    await stored(store, { event_start_date_time: "2026-03-11T15:00:00.000Z", state: "archived" });
    await stored(store, { event_start_date_time: "2026-03-12T15:00:00.000Z", state: "canceled" });
    await stored(store, { event_start_date_time: "2026-03-13T15:00:00.000Z", is_test: true, duration: 20 });
    await stored(store, { event_start_date_time: "2026-03-14T15:00:00.000Z", organization_id: 2 });

    expect(refusal(await run(store, "createWebcast", at("2026-03-10T15:30:00.000Z")))).toEqual({ code: "limit_reached", en: LIMIT_EN, fr: LIMIT_FR, errors: undefined });
    expect(refusal(await run(store, "createWebcast", at("2026-03-10T14:00:00.000Z", { duration: 61 }), { locale: "fr" })).fr).toBe(LIMIT_FR);
    expect((await run(store, "createWebcast", at("2026-03-10T16:00:00.000Z"))).ok).toBe(true);
    expect((await run(store, "createWebcast", at("2026-03-10T14:00:00.000Z", { duration: 60 }))).ok).toBe(true);
    for (const day of ["11", "12", "13", "14"]) expect((await run(store, "createWebcast", at(`2026-03-${day}T15:00:00.000Z`))).ok).toBe(true);
    // A test webcast is not limited by it (its own quota applies).
    expect((await run(store, "createWebcast", at("2026-03-10T15:10:00.000Z", { is_test: true, duration: 20 }))).ok).toBe(true);
  });

  it("lets the count reach limit - 1 others, and counts live webcasts and premieres", async () => {
    const store = server(rules({ limits: { max_simultaneous_webcasts: 2 } }));
    await stored(store, { event_start_date_time: "2026-03-10T15:00:00.000Z", state: "live" });
    expect((await apply(store, "createWebcast", at("2026-03-10T15:30:00.000Z", { is_premiere: true }))).ok).toBe(true);
    expect(refusal(await run(store, "createWebcast", at("2026-03-10T15:45:00.000Z", { duration: 5 }))).en).toBe("Simultaneous webcast limit reached: at most 2 webcasts may run at the same time.");
  });

  it("counts the most webcasts at once, not every overlap: spans that never meet leave a place", async () => {
    const store = server(rules({ limits: { max_simultaneous_webcasts: 2 } }));
    await stored(store, { event_start_date_time: "2026-03-10T09:00:00.000Z", duration: 60 });
    await stored(store, { event_start_date_time: "2026-03-10T10:00:00.000Z", duration: 60 });
    // 9:30–10:30 meets both, but never both at once.
    expect((await apply(store, "createWebcast", at("2026-03-10T09:30:00.000Z", { duration: 60 }))).ok).toBe(true);
    // Now 9:30–10:00 runs two: a third at 9:45 makes three.
    expect(refusal(await run(store, "createWebcast", at("2026-03-10T09:45:00.000Z", { duration: 5 }))).en).toBe("Simultaneous webcast limit reached: at most 2 webcasts may run at the same time.");
    // 10:30–10:45 meets only the 10:00 one (the 9:30 one ended at 10:30).
    expect((await run(store, "createWebcast", at("2026-03-10T10:30:00.000Z", { duration: 15 }))).ok).toBe(true);
  });

  it("is judged by the browser from its rows when it knows the organization's rules", async () => {
    const store = server(rules({ limits: { max_simultaneous_webcasts: 1 } }));
    await stored(store);
    expect(refusal(await run(store, "createWebcast", at("2026-03-10T15:30:00.000Z"), { location: "client" })).code).toBe("limit_reached");
    expect((await run(store, "createWebcast", at("2026-03-10T15:30:00.000Z"), { location: "client", withRules: false })).ok).toBe(true);
  });

  it("re-checks an update only when its span reaches further or it starts to count", async () => {
    const store = server(rules({ limits: { max_simultaneous_webcasts: 1 } }));
    const first = await stored(store, { event_start_date_time: "2026-03-10T15:00:00.000Z", duration: 60 });
    const second = await stored(store, { event_start_date_time: "2026-03-10T16:00:00.000Z", duration: 60 });
    expect(refusal(await run(store, "updateWebcast", { id: second.id, event_start_date_time: "2026-03-10T15:59:00.000Z", now: NOW })).en).toBe(LIMIT_EN);
    expect(refusal(await run(store, "updateWebcast", { id: first.id, duration: 61, now: NOW })).code).toBe("limit_reached");
    expect((await run(store, "updateWebcast", { id: second.id, event_start_date_time: "2026-03-10T16:10:00.000Z", duration: 30, now: NOW })).ok).toBe(true);
    expect((await run(store, "updateWebcast", { id: first.id, duration: 60, event_title: "Same span", now: NOW })).ok).toBe(true);

    // Already overlapping (written before the limit): editing its title or shrinking it passes.
    const third = await stored(store, { event_start_date_time: "2026-03-10T15:30:00.000Z", duration: 60 });
    expect((await run(store, "updateWebcast", { id: third.id, event_title: "Renamed", now: NOW })).ok).toBe(true);
    expect((await run(store, "updateWebcast", { id: third.id, event_start_date_time: "2026-03-10T15:45:00.000Z", duration: 30, now: NOW })).ok).toBe(true);

    // A test made a real webcast starts to count.
    const test = await stored(store, { event_start_date_time: "2026-03-10T15:00:00.000Z", duration: 20, is_test: true });
    expect(refusal(await run(store, "updateWebcast", { id: test.id, is_test: false, now: NOW })).code).toBe("limit_reached");
  });

  it("re-checks a reset: an archived webcast takes a place again", async () => {
    const store = server(rules({ limits: { max_simultaneous_webcasts: 1 } }));
    await stored(store, { event_start_date_time: "2026-03-10T15:00:00.000Z" });
    const archived = await stored(store, { event_start_date_time: "2026-03-10T15:00:00.000Z", state: "archived" });
    expect(refusal(await run(store, "resetWebcast", { id: archived.id, now: NOW })).code).toBe("limit_reached");
    expect((await run(store, "resetWebcast", { id: archived.id, scheduled_start: "2026-03-10T16:00:00.000Z", now: NOW })).ok).toBe(true);
  });

  it("counts with the source's count over the start range reaching back by max_duration, never listing; nothing without a cap", async () => {
    const store = server(rules({ limits: { max_simultaneous_webcasts: 1, max_duration: 90 } }));
    await stored(store, { event_start_date_time: "2026-03-10T14:00:00.000Z", duration: 90 });
    const queries: unknown[] = [];
    const source = (organization: typeof store.read.organization) => ({
      get: store.read.get,
      organization,
      list: () => Promise.reject(new Error("listed the organization")),
      count: async <T extends SyncTable>(table: T, organizationId: number, query: RowQuery<T>) => {
        queries.push(query);
        return (await store.read.list(table, organizationId)).filter((row) => matchesQuery(row, organizationId, query)).length;
      },
    });
    const create = (args: unknown, organization = store.read.organization) => runMutation(WEBCAST_MUTATORS, { name: "createWebcast", args }, source(organization), { location: "server", actor: alice, locale: "en", now: NOW });
    expect(refusal(await create(at("2026-03-10T15:00:00.000Z", { duration: 30 }))).code).toBe("limit_reached");
    expect(queries).toEqual([
      {
        range: { column: "event_start_date_time", from: "2026-03-10T13:30:00.000Z", to: "2026-03-10T15:30:00.000Z" },
        equals: { is_test: false },
        except: { column: "state", values: ["archived", "canceled"] },
        endsAfter: { minutes: "duration", after: "2026-03-10T15:00:00.000Z" },
      },
    ]);
    queries.length = 0;
    expect((await create(at("2026-03-10T15:30:00.000Z", { duration: 30 }))).ok).toBe(true);
    queries.length = 0;
    const unlimited = server(rules({ limits: { max_simultaneous_webcasts: null } }));
    expect((await create(at("2026-03-10T15:00:00.000Z"), unlimited.read.organization)).ok).toBe(true);
    expect(queries).toEqual([]);
  });
});
