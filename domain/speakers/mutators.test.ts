import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { OrganizationRole } from "../permissions/permissions.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { WebcastSpeakerRow } from "./record.ts";
import { SPEAKER_MUTATORS, type SpeakerEntry, maySpeak } from "./mutators.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...SPEAKER_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 55);
const alice = organizer(7);
const NOW = "2026-02-01T10:00:00.000Z";
const LATER = "2026-02-02T10:00:00.000Z";
const speakerActor = (id: number): MutationActor => ({ id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) });

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server"; withRules?: boolean };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const { get, list, organization, memberRole } = store.read;
  const location = options.location ?? "server";
  // Memberships are known on the server only (the browser has no such lookup).
  const members = location === "server" && memberRole ? { memberRole } : {};
  const source = options.withRules === false ? { get, list, ...members } : { get, list, ...(organization ? { organization } : {}), ...members };
  return runMutation(REGISTRY, { name, args }, source, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
}

async function apply(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const outcome = await run(store, name, args, options);
  if (outcome.ok) await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
  return outcome;
}

async function seed(organization: OrganizationRules = rules(), members?: ReadonlyMap<string, OrganizationRole>): Promise<{ store: MemoryServerStore; webcastId: string }> {
  const store = new MemoryServerStore([[ORGANIZATION_ID, organization]], members);
  const webcastId = nextId();
  const created = await apply(store, "createWebcast", webcastArgs(webcastId));
  if (!created.ok) throw created.rejection;
  return { store, webcastId };
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

const person = (userId: number, fields: Partial<SpeakerEntry> = {}): SpeakerEntry => ({ id: nextId(), user_id: userId, name: `Person ${userId}`, email: `p${userId}@example.test`, ...fields });
const setArgs = (webcastId: string, speakers: SpeakerEntry[], now = NOW) => ({ webcast_id: webcastId, organization_id: ORGANIZATION_ID, speakers, now });

async function speakersOf(store: MemoryServerStore, webcastId: string): Promise<WebcastSpeakerRow[]> {
  return (await store.read.list("webcast_speakers", ORGANIZATION_ID)).filter((row) => row.webcast_id === webcastId).sort((a, b) => a.position - b.position);
}

describe("setWebcastSpeakers", () => {
  it("on the server, adds only members with a speaking role (a crafted push cannot name anyone); the browser leaves that to the server", async () => {
    const members = new Map<string, OrganizationRole>([
      [`${ORGANIZATION_ID}:7`, "organizer"],
      [`${ORGANIZATION_ID}:21`, "speaker"],
      [`${ORGANIZATION_ID}:22`, "viewer"],
    ]);
    const { store, webcastId } = await seed(rules(), members);
    const refused = refusal(await apply(store, "setWebcastSpeakers", setArgs(webcastId, [person(21), person(22), person(99)])));
    expect(refused.errors).toEqual({
      "speakers.1.user_id": ["This person is not a speaker, organizer, admin or owner of the organization."],
      "speakers.2.user_id": ["This person is not a speaker, organizer, admin or owner of the organization."],
    });
    expect((await apply(store, "setWebcastSpeakers", setArgs(webcastId, [person(21), person(7)]))).ok).toBe(true);
    expect((await run(store, "setWebcastSpeakers", setArgs(webcastId, [person(99)]), { location: "client" })).ok).toBe(true);
  });

  it("adds the listed people in list order, with their copied name and e-mail", async () => {
    const { store, webcastId } = await seed();
    const ann = person(11, { name: "  Ann Lee ", email: " Ann@Example.test", is_producer: true });
    const bob = person(12, { shown_in_lobby: false });
    expect((await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann, bob]))).ok).toBe(true);
    expect(await speakersOf(store, webcastId)).toEqual([
      {
        id: ann.id,
        organization_id: ORGANIZATION_ID,
        webcast_id: webcastId,
        user_id: 11,
        name: "Ann Lee",
        email: "ann@example.test",
        is_producer: true,
        shown_in_lobby: true,
        position: 0,
        invited_at: null,
        created_at: NOW,
        updated_at: NOW,
      },
      expect.objectContaining({ id: bob.id, user_id: 12, is_producer: false, shown_in_lobby: false, position: 1 }),
    ]);
  });

  it("updates, reorders and removes, writing only what changed", async () => {
    const { store, webcastId } = await seed();
    const [ann, bob, cid] = [person(11), person(12), person(13)];
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann, bob, cid]));
    const outcome = await run(store, "setWebcastSpeakers", setArgs(webcastId, [{ id: cid.id, user_id: 13 }, { id: ann.id, user_id: 11, shown_in_lobby: false }], LATER));
    if (!outcome.ok) throw outcome.rejection;
    // bob deleted, cid moved, ann moved and hidden: three writes, nothing else touched.
    expect(outcome.writes.map((write) => [write.id, write.op])).toEqual([
      [bob.id, "del"],
      [cid.id, "put"],
      [ann.id, "put"],
    ]);
    await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
    const rows = await speakersOf(store, webcastId);
    expect(rows.map((row) => [row.user_id, row.position, row.shown_in_lobby, row.updated_at])).toEqual([
      [13, 0, true, LATER],
      [11, 1, false, LATER],
    ]);
    // Saving the same list again changes nothing.
    const again = await run(store, "setWebcastSpeakers", setArgs(webcastId, [{ id: cid.id, user_id: 13 }, { id: ann.id, user_id: 11 }], LATER));
    expect(again.ok && again.writes).toEqual([]);
  });

  it("keeps one producer: a named producer replaces the kept one; two named are refused (en, fr)", async () => {
    const { store, webcastId } = await seed();
    const [ann, bob] = [person(11, { is_producer: true }), person(12)];
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann, bob]));
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [{ id: ann.id, user_id: 11 }, { id: bob.id, user_id: 12, is_producer: true }]));
    expect((await speakersOf(store, webcastId)).map((row) => row.is_producer)).toEqual([false, true]);

    const two = setArgs(webcastId, [{ id: ann.id, user_id: 11, is_producer: true }, { id: bob.id, user_id: 12, is_producer: true }]);
    expect(refusal(await run(store, "setWebcastSpeakers", two))).toEqual({
      code: "validation_failed",
      en: "Some speakers of the webcast are invalid.",
      fr: "Certains conférenciers du webcast sont invalides.",
      errors: { "speakers.1.is_producer": ["A webcast has one producer at most."] },
    });
    expect(refusal(await run(store, "setWebcastSpeakers", two, { locale: "fr" })).errors).toEqual({ "speakers.1.is_producer": ["Un webcast a au plus un producteur."] });
  });

  it("gives field errors: the same person twice, missing name and e-mail, an invalid e-mail, another webcast's speaker", async () => {
    const { store, webcastId } = await seed();
    const otherWebcast = nextId();
    await apply(store, "createWebcast", webcastArgs(otherWebcast));
    const elsewhere = person(20);
    await apply(store, "setWebcastSpeakers", setArgs(otherWebcast, [elsewhere]));

    const list = [person(11), person(11), { id: nextId(), user_id: 12, name: " ", email: "nope" }, { id: nextId(), user_id: 13 }, { ...elsewhere, user_id: 14 }];
    const en = refusal(await run(store, "setWebcastSpeakers", setArgs(webcastId, list)));
    expect(en.code).toBe("validation_failed");
    expect(en.errors).toEqual({
      "speakers.1.user_id": ["This person is already in the list of speakers."],
      "speakers.2.name": ["This field is required"],
      "speakers.2.email": [expect.stringMatching(/e-?mail/i)],
      "speakers.3.name": ["This field is required"],
      "speakers.3.email": ["This field is required"],
      "speakers.4.id": ["This speaker belongs to another webcast."],
    });
    const fr = refusal(await run(store, "setWebcastSpeakers", setArgs(webcastId, list), { locale: "fr" }));
    expect(fr.errors?.["speakers.1.user_id"]).toEqual(["Cette personne figure déjà dans la liste des conférenciers."]);
    expect(fr.errors?.["speakers.4.id"]).toEqual(["Ce conférencier appartient à un autre webcast."]);
  });

  it("refuses to change the person of a kept speaker", async () => {
    const { store, webcastId } = await seed();
    const ann = person(11);
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann]));
    expect(refusal(await run(store, "setWebcastSpeakers", setArgs(webcastId, [{ id: ann.id, user_id: 12 }]))).errors).toEqual({
      "speakers.0.user_id": ["A speaker stays the same person: remove them and add the other person."],
    });
  });

  it("keeps invited_at when a person is removed and added again in the same list", async () => {
    const { store, webcastId } = await seed();
    const ann = person(11);
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann]));
    await apply(store, "markSpeakerInvited", { id: ann.id, now: LATER });
    const again = person(11);
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [again]));
    expect(await speakersOf(store, webcastId)).toEqual([expect.objectContaining({ id: again.id, invited_at: LATER })]);
  });

  it("applies max_speakers per webcast when the list grows (en, fr), not when it shrinks", async () => {
    const { store, webcastId } = await seed(rules({ limits: { max_speakers: 2 } }));
    const [ann, bob] = [person(11), person(12)];
    expect((await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann, bob]))).ok).toBe(true);
    const three = setArgs(webcastId, [ann, bob, person(13)]);
    expect(refusal(await run(store, "setWebcastSpeakers", three))).toEqual({
      code: "limit_reached",
      en: "Speaker limit reached: a webcast may have at most 2 speakers.",
      fr: "Limite de conférenciers atteinte : un webcast peut compter au plus 2 conférenciers.",
      errors: { speakers: ["Speaker limit reached: a webcast may have at most 2 speakers."] },
    });
    expect(refusal(await run(store, "setWebcastSpeakers", three, { locale: "fr" })).errors).toEqual({ speakers: ["Limite de conférenciers atteinte : un webcast peut compter au plus 2 conférenciers."] });
    // A browser without the organization's rules lets it through (the server judges).
    expect((await run(store, "setWebcastSpeakers", three, { location: "client", withRules: false })).ok).toBe(true);
    // The limit lowered below the list: shrinking or editing still works.
    store.organizations.set(ORGANIZATION_ID, rules({ limits: { max_speakers: 1 } }));
    expect((await run(store, "setWebcastSpeakers", setArgs(webcastId, [{ ...ann, shown_in_lobby: false }, bob]))).ok).toBe(true);
  });

  it("needs webcasts.update: a producer speaker or a plain speaker may not change the list", async () => {
    const { store, webcastId } = await seed();
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [person(8, { is_producer: true }), person(9)]));
    for (const actor of [speakerActor(8), speakerActor(9), organizer(7, 2)]) {
      const r = refusal(await run(store, "setWebcastSpeakers", setArgs(webcastId, []), { actor }));
      expect(r).toMatchObject({ code: "forbidden", en: "You are not allowed to edit this webcast.", fr: "Vous n'êtes pas autorisé à modifier ce webcast." });
    }
  });

  it("refuses a deleted webcast and a wrong organization", async () => {
    const { store, webcastId } = await seed();
    expect(refusal(await run(store, "setWebcastSpeakers", { ...setArgs(webcastId, []), organization_id: 2 })).code).toBe("not_found");
    await apply(store, "deleteWebcast", { id: webcastId });
    expect(refusal(await run(store, "setWebcastSpeakers", setArgs(webcastId, [person(11)])))).toMatchObject({ code: "not_found", en: "This webcast no longer exists: it was deleted." });
  });
});

describe("updateWebcastSpeaker", () => {
  it("moves the producer flag and toggles the lobby", async () => {
    const { store, webcastId } = await seed();
    const [ann, bob] = [person(11, { is_producer: true }), person(12)];
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann, bob]));
    expect((await apply(store, "updateWebcastSpeaker", { id: bob.id, is_producer: true, shown_in_lobby: false, now: LATER })).ok).toBe(true);
    expect((await speakersOf(store, webcastId)).map((row) => [row.user_id, row.is_producer, row.shown_in_lobby, row.updated_at])).toEqual([
      [11, false, true, LATER],
      [12, true, false, LATER],
    ]);
  });

  it("refuses a removed speaker (en, fr) and a producer speaker", async () => {
    const { store, webcastId } = await seed();
    const ann = person(8, { is_producer: true });
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann]));
    expect(refusal(await run(store, "updateWebcastSpeaker", { id: ann.id, shown_in_lobby: false, now: LATER }, { actor: speakerActor(8) })).code).toBe("forbidden");
    await apply(store, "removeWebcastSpeaker", { id: ann.id });
    expect(refusal(await run(store, "updateWebcastSpeaker", { id: ann.id, shown_in_lobby: false, now: LATER }))).toEqual({
      code: "not_found",
      en: "This speaker is no longer on this webcast: they were removed.",
      fr: "Ce conférencier ne fait plus partie de ce webcast : il a été retiré.",
      errors: undefined,
    });
  });
});

describe("removeWebcastSpeaker", () => {
  it("removes one speaker; a producer speaker may not", async () => {
    const { store, webcastId } = await seed();
    const [ann, bob] = [person(8, { is_producer: true }), person(12)];
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann, bob]));
    expect(refusal(await run(store, "removeWebcastSpeaker", { id: bob.id }, { actor: speakerActor(8) })).code).toBe("forbidden");
    expect((await apply(store, "removeWebcastSpeaker", { id: bob.id })).ok).toBe(true);
    expect((await speakersOf(store, webcastId)).map((row) => row.user_id)).toEqual([8]);
  });
});

describe("markSpeakerInvited", () => {
  it("records the invitation time on the server only", async () => {
    const { store, webcastId } = await seed();
    const ann = person(11);
    await apply(store, "setWebcastSpeakers", setArgs(webcastId, [ann]));
    expect(refusal(await run(store, "markSpeakerInvited", { id: ann.id, now: LATER }, { location: "client" }))).toMatchObject({ code: "forbidden", en: "This change can only be made by the server." });
    expect((await apply(store, "markSpeakerInvited", { id: ann.id, now: LATER })).ok).toBe(true);
    expect((await speakersOf(store, webcastId))[0]).toMatchObject({ invited_at: LATER, updated_at: LATER });
  });
});

describe("maySpeak", () => {
  it("admits the people lists' roles, not operators or viewers", () => {
    expect(["speaker", "organizer", "admin", "owner"].every((role) => maySpeak(role as "speaker"))).toBe(true);
    expect(maySpeak("operator") || maySpeak("viewer")).toBe(false);
  });
});
