import { describe, expect, it } from "vitest";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { VIEWER_MUTATORS } from "./mutators.ts";
import type { ViewerRow } from "./record.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...VIEWER_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 91);
const alice = organizer(7);
const NOW = "2026-02-01T10:00:00.000Z";
const speaker: MutationActor = { id: 8, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) };

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server" };

async function apply(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const { get, list, organization, count } = store.read;
  const outcome = await runMutation(REGISTRY, { name, args }, { get, list, count, ...(organization ? { organization } : {}) }, {
    location: options.location ?? "server",
    actor: options.actor ?? alice,
    locale: options.locale ?? "en",
    now: NOW,
  });
  if (outcome.ok) await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
  return outcome;
}

async function seed(organization: OrganizationRules = rules(), is_test = false) {
  const store = new MemoryServerStore([[ORGANIZATION_ID, organization]]);
  const webcastId = nextId();
  const created = await apply(store, "createWebcast", webcastArgs(webcastId, is_test ? { is_test, duration: 20 } : {}));
  if (!created.ok) throw created.rejection;
  return { store, webcastId };
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

const viewer = (webcastId: string, fields: Record<string, unknown> = {}) => ({ id: nextId(), webcast_id: webcastId, name: "Ada Lovelace", email: "ada@example.test", now: NOW, ...fields });

async function viewersOf(store: MemoryServerStore, webcastId: string): Promise<ViewerRow[]> {
  return (await store.read.list("viewers", ORGANIZATION_ID)).filter((row) => row.webcast_id === webcastId);
}

describe("createViewer", () => {
  it("adds a cleaned viewer: trimmed name, e-mail in lower case, tags without duplicates, vote weight 1", async () => {
    const { store, webcastId } = await seed();
    const args = viewer(webcastId, { name: "  Ada   Lovelace ", email: " Ada@Example.TEST ", tags: ["VIP", " vip ", "", "press"], control_number: " 42 " });
    expect((await apply(store, "createViewer", args)).ok).toBe(true);
    expect(await viewersOf(store, webcastId)).toEqual([
      expect.objectContaining({ id: args.id, name: "Ada Lovelace", email: "ada@example.test", tags: ["VIP", "press"], control_number: "42", vote_weight: 1, registered: false, invitation_sent: false, reminder_sent: false, is_moderator: false }),
    ]);
  });

  it("refuses invalid fields with the spec's messages, in the user's language", async () => {
    const { store, webcastId } = await seed();
    const en = refusal(await apply(store, "createViewer", viewer(webcastId, { name: " ", email: "not-an-email", vote_weight: 0 })));
    expect(en.code).toBe("validation_failed");
    expect(en.errors).toEqual({
      name: ["This field is required"],
      email: ["This field must be a valid e-mail address."],
      vote_weight: ["The vote weight must be a number greater than 0 and at most 1,000,000."],
    });
    const fr = refusal(await apply(store, "createViewer", viewer(webcastId, { name: "", email: "" }), { locale: "fr" }));
    expect(fr.errors?.email?.[0]).toMatch(/obligatoire/);
  });

  it("refuses a second viewer with the same e-mail in the webcast, not in another webcast", async () => {
    const { store, webcastId } = await seed();
    expect((await apply(store, "createViewer", viewer(webcastId))).ok).toBe(true);
    expect(refusal(await apply(store, "createViewer", viewer(webcastId, { email: "ADA@example.test" }))).errors).toEqual({ email: ["This e-mail address is already a viewer of this webcast."] });
    const other = nextId();
    expect((await apply(store, "createWebcast", webcastArgs(other))).ok).toBe(true);
    expect((await apply(store, "createViewer", viewer(other))).ok).toBe(true);
  });

  it("stops at max_viewers, and at 50 on a test webcast", async () => {
    const { store, webcastId } = await seed(rules({ limits: { max_viewers: 2 } }));
    for (const email of ["a@x.test", "b@x.test"]) expect((await apply(store, "createViewer", viewer(webcastId, { email }))).ok).toBe(true);
    const refused = refusal(await apply(store, "createViewer", viewer(webcastId, { email: "c@x.test" })));
    expect(refused).toMatchObject({ code: "limit_reached", en: "Viewer limit reached: at most 2 viewers are allowed." });
    expect(refused.fr).toMatch(/^Limite de participants atteinte/);

    const test = await seed(rules({ limits: { max_viewers: null } }), true);
    for (let n = 0; n < 50; n++) expect((await apply(test.store, "createViewer", viewer(test.webcastId, { email: `v${n}@x.test` }))).ok).toBe(true);
    expect(refusal(await apply(test.store, "createViewer", viewer(test.webcastId, { email: "late@x.test" }))).code).toBe("limit_reached");
  });

  it("needs viewers.manage: a speaker may not add viewers", async () => {
    const { store, webcastId } = await seed();
    expect(refusal(await apply(store, "createViewer", viewer(webcastId), { actor: speaker })).code).toBe("forbidden");
  });
});

describe("updateViewer", () => {
  it("writes only the changed fields and judges only them", async () => {
    const { store, webcastId } = await seed();
    const args = viewer(webcastId);
    await apply(store, "createViewer", args);
    const later = "2026-02-03T10:00:00.000Z";
    expect((await apply(store, "updateViewer", { id: args.id, tags: ["board"], vote_weight: 2.5, registered: true, is_moderator: true, now: later })).ok).toBe(true);
    const [row] = await viewersOf(store, webcastId);
    expect(row).toMatchObject({ name: "Ada Lovelace", tags: ["board"], vote_weight: 2.5, registered: true, is_moderator: true, updated_at: later });
    expect(refusal(await apply(store, "updateViewer", { id: args.id, email: "bad", now: later })).errors).toEqual({ email: ["This field must be a valid e-mail address."] });
  });

  it("lets a viewer keep their e-mail (another spelling) but not take another viewer's", async () => {
    const { store, webcastId } = await seed();
    const ada = viewer(webcastId);
    const bob = viewer(webcastId, { name: "Bob", email: "bob@example.test" });
    await apply(store, "createViewer", ada);
    await apply(store, "createViewer", bob);
    expect((await apply(store, "updateViewer", { id: ada.id, email: "ADA@example.test", now: NOW })).ok).toBe(true);
    expect(refusal(await apply(store, "updateViewer", { id: bob.id, email: "ada@example.test", now: NOW })).errors).toEqual({ email: ["This e-mail address is already a viewer of this webcast."] });
  });

  it("says a deleted viewer is gone", async () => {
    const { store } = await seed();
    expect(refusal(await apply(store, "updateViewer", { id: nextId(), name: "X", now: NOW }))).toMatchObject({ code: "not_found", en: "This viewer no longer exists: it was deleted." });
  });
});

describe("deleteViewers", () => {
  it("deletes several at once, skips those already deleted, refuses another webcast's", async () => {
    const { store, webcastId } = await seed();
    const rows = [viewer(webcastId, { email: "a@x.test" }), viewer(webcastId, { email: "b@x.test" }), viewer(webcastId, { email: "c@x.test" })];
    for (const row of rows) await apply(store, "createViewer", row);
    expect((await apply(store, "deleteViewers", { webcast_id: webcastId, ids: [rows[0]?.id, rows[1]?.id, nextId()] })).ok).toBe(true);
    expect((await viewersOf(store, webcastId)).map((row) => row.email)).toEqual(["c@x.test"]);

    const other = nextId();
    await apply(store, "createWebcast", webcastArgs(other));
    expect(refusal(await apply(store, "deleteViewers", { webcast_id: other, ids: [rows[2]?.id] })).errors).toEqual({ "viewer_ids.0": ["This viewer no longer exists: it was deleted."] });
    expect(await viewersOf(store, webcastId)).toHaveLength(1);
  });
});

describe("markViewersInvited", () => {
  it("runs on the server only and sets the invitation or reminder flag", async () => {
    const { store, webcastId } = await seed();
    const args = viewer(webcastId);
    await apply(store, "createViewer", args);
    expect(refusal(await apply(store, "markViewersInvited", { webcast_id: webcastId, ids: [args.id], kind: "invitation", now: NOW }, { location: "client" })).code).toBe("forbidden");
    expect((await apply(store, "markViewersInvited", { webcast_id: webcastId, ids: [args.id], kind: "invitation", now: NOW })).ok).toBe(true);
    expect((await apply(store, "markViewersInvited", { webcast_id: webcastId, ids: [args.id], kind: "reminder", now: NOW })).ok).toBe(true);
    expect((await viewersOf(store, webcastId))[0]).toMatchObject({ invitation_sent: true, reminder_sent: true });
  });
});
