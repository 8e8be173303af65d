import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { SERVER_ONLY_MUTATORS } from "../sync/registry.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor } from "../sync/types.ts";
import { slidesFilePrefix } from "../uploads/keys.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { SERVER_ONLY_SLIDES_MUTATORS, SLIDES_MUTATORS } from "./mutators.ts";
import type { SlidesRow } from "./record.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...SLIDES_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 71);
const alice = organizer(7);
const NOW = "2026-01-02T00:00:00.000Z";
const LATER = "2026-01-03T00:00:00.000Z";
const speaker = (id: number): MutationActor => ({ id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) });
const PRODUCER = 12;
const SPEAKER = 13;

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server" };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  return runMutation(REGISTRY, { name, args }, store.read, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
}

async function applied(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<void> {
  const outcome = await run(store, name, args, options);
  if (!outcome.ok) throw outcome.rejection;
  await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

async function addSpeaker(store: MemoryServerStore, webcastId: string, userId: number, isProducer: boolean): Promise<void> {
  const row: WebcastSpeakerRow = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcastId, user_id: userId, name: "Pat", email: `${userId}@example.com`, is_producer: isProducer, shown_in_lobby: true, position: 0, invited_at: null, created_at: NOW, updated_at: NOW };
  await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: row.id, organization_id: ORGANIZATION_ID, op: "put", row }], result: { id: nextId(), status: "applied" } });
}

/** A store with one webcast, its producer speaker (user 12) and a plain speaker (user 13). */
async function seed(): Promise<{ store: MemoryServerStore; webcastId: string }> {
  const store = new MemoryServerStore([
    [ORGANIZATION_ID, rules()],
    [OTHER_ORGANIZATION_ID, rules()],
  ]);
  const webcastId = nextId();
  await applied(store, "createWebcast", webcastArgs(webcastId));
  await addSpeaker(store, webcastId, PRODUCER, true);
  await addSpeaker(store, webcastId, SPEAKER, false);
  return { store, webcastId };
}

const deck = (webcastId: string, fields: Record<string, unknown> = {}) => {
  const id = typeof fields.id === "string" ? fields.id : nextId();
  return { id, webcast_id: webcastId, file_key: `${slidesFilePrefix(webcastId, id)}${"s".repeat(43)}`, file_name: " deck.pdf ", size: 2_000_000, page_count: 24, now: NOW, ...fields };
};

async function get(store: MemoryServerStore, id: string): Promise<SlidesRow> {
  const row = await store.read.get("slides", id);
  if (!row) throw new Error(`no deck ${id}`);
  return row;
}

describe("setSlides (server only)", () => {
  it("sets the webcast's deck, not approved yet", async () => {
    const { store, webcastId } = await seed();
    const args = deck(webcastId);
    await applied(store, "setSlides", args);
    expect(await get(store, args.id)).toEqual({
      id: args.id,
      organization_id: ORGANIZATION_ID,
      webcast_id: webcastId,
      file_key: args.file_key,
      file_name: "deck.pdf",
      size: 2_000_000,
      page_count: 24,
      approved: false,
      approved_at: null,
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it("refuses to run in a browser (en and fr), and is listed as server-only", async () => {
    const { store, webcastId } = await seed();
    expect([...SERVER_ONLY_SLIDES_MUTATORS]).toEqual(["setSlides"]);
    expect(SERVER_ONLY_MUTATORS.has("setSlides")).toBe(true);
    expect(refusal(await run(store, "setSlides", deck(webcastId), { location: "client", locale: "fr" }))).toMatchObject({
      code: "forbidden",
      en: "This change can only be made by the server.",
      fr: "Cette modification ne peut être faite que par le serveur.",
    });
  });

  it("keeps one deck per webcast: a new one replaces the old; the same id again is replaced and approved anew", async () => {
    const { store, webcastId } = await seed();
    const first = deck(webcastId);
    await applied(store, "setSlides", first);
    await applied(store, "approveSlides", { id: first.id, now: LATER });
    const second = deck(webcastId, { page_count: 3 });
    await applied(store, "setSlides", second);
    expect(store.rowsOf("slides").map((row) => row.id)).toEqual([second.id]);

    const again = deck(webcastId, { id: second.id, file_key: `${slidesFilePrefix(webcastId, second.id)}${"t".repeat(43)}`, page_count: 5, now: LATER });
    await applied(store, "approveSlides", { id: second.id, now: LATER });
    await applied(store, "setSlides", again);
    expect(store.rowsOf("slides")).toEqual([expect.objectContaining({ id: second.id, page_count: 5, approved: false, approved_at: null, created_at: NOW, updated_at: LATER })]);
  });

  it("refuses a key outside the deck's own prefix, a blank name (en and fr), and bad page counts", async () => {
    const { store, webcastId } = await seed();
    const id = nextId();
    const otherWebcast = nextId();
    const outside = [
      `${slidesFilePrefix(webcastId, nextId())}${"s".repeat(43)}`, // another deck
      `${slidesFilePrefix(otherWebcast, id)}${"s".repeat(43)}`, // another webcast
      `${slidesFilePrefix(webcastId, id)}deeper/${"s".repeat(43)}`,
      `${slidesFilePrefix(webcastId, id)}short`,
    ];
    for (const key of outside) {
      expect(refusal(await run(store, "setSlides", deck(webcastId, { id, file_key: key }))), key).toEqual({
        code: "validation_failed",
        en: "Some fields of the slides are invalid.",
        fr: "Certains champs des diapositives sont invalides.",
        errors: { file: ["This file was not uploaded for these slides."] },
      });
    }
    const fr = refusal(await run(store, "setSlides", deck(webcastId, { id, file_key: outside[0], file_name: " " }), { locale: "fr" }));
    expect(fr.errors).toEqual({ file: ["Ce fichier n'a pas été téléversé pour ces diapositives."], file_name: ["Ce champ est obligatoire"] });
    for (const page_count of [0, 2_001, 1.5]) expect(refusal(await run(store, "setSlides", deck(webcastId, { page_count }))).code).toBe("invalid_mutation");
    await applied(store, "setSlides", deck(webcastId, { page_count: 2_000 }));
  });

  it("refuses an id that is another webcast's deck, and a deleted webcast", async () => {
    const { store, webcastId } = await seed();
    const otherId = nextId();
    await applied(store, "createWebcast", webcastArgs(otherId));
    const theirs = deck(otherId);
    await applied(store, "setSlides", theirs);
    const taken = refusal(await run(store, "setSlides", deck(webcastId, { id: theirs.id }), { locale: "fr" }));
    expect(taken).toMatchObject({ code: "conflict", en: "These slides belong to another webcast.", fr: "Ces diapositives appartiennent à un autre webcast." });
    expect(refusal(await run(store, "setSlides", deck(nextId()))).en).toBe("This webcast no longer exists: it was deleted.");
  });
});

describe("permissions: slides.manage, a producer permission", () => {
  it("lets the webcast's producer speaker set, approve and delete the deck; not a plain speaker or another organization", async () => {
    const { store, webcastId } = await seed();
    const args = deck(webcastId);
    for (const actor of [speaker(SPEAKER), speaker(99), organizer(7, OTHER_ORGANIZATION_ID)]) {
      expect(refusal(await run(store, "setSlides", args, { actor, locale: "fr" }))).toMatchObject({
        code: "forbidden",
        en: "You are not allowed to edit this webcast.",
        fr: "Vous n'êtes pas autorisé à modifier ce webcast.",
      });
    }
    await applied(store, "setSlides", args, { actor: speaker(PRODUCER) });
    expect(refusal(await run(store, "approveSlides", { id: args.id, now: LATER }, { actor: speaker(SPEAKER) })).code).toBe("forbidden");
    expect(refusal(await run(store, "deleteSlides", { id: args.id }, { actor: speaker(SPEAKER) })).code).toBe("forbidden");
    await applied(store, "approveSlides", { id: args.id, now: LATER }, { actor: speaker(PRODUCER), location: "client" });
    await applied(store, "deleteSlides", { id: args.id }, { actor: speaker(PRODUCER), location: "client" });
    expect(store.rowsOf("slides")).toEqual([]);
  });
});

describe("approveSlides and deleteSlides", () => {
  it("approve once (the first approval's time stays), offline too", async () => {
    const { store, webcastId } = await seed();
    const args = deck(webcastId);
    await applied(store, "setSlides", args);
    await applied(store, "approveSlides", { id: args.id, now: LATER }, { location: "client" });
    expect(await get(store, args.id)).toMatchObject({ approved: true, approved_at: LATER, updated_at: LATER });
    const again = await run(store, "approveSlides", { id: args.id, now: "2026-01-04T00:00:00.000Z" });
    expect(again.ok && again.writes).toEqual([]);
  });

  it("refuse a deleted deck with its own message (en and fr)", async () => {
    const { store, webcastId } = await seed();
    const args = deck(webcastId);
    await applied(store, "setSlides", args);
    await applied(store, "deleteSlides", { id: args.id });
    for (const [name, call] of [
      ["approveSlides", { id: args.id, now: LATER }],
      ["deleteSlides", { id: args.id }],
    ] as const) {
      expect(refusal(await run(store, name, call, { locale: "fr" }))).toMatchObject({
        code: "not_found",
        en: "These slides no longer exist: they were deleted.",
        fr: "Ces diapositives n'existent plus : elles ont été supprimées.",
      });
    }
  });

  it("go with their webcast (the cascade)", async () => {
    const { store, webcastId } = await seed();
    await applied(store, "setSlides", deck(webcastId));
    await applied(store, "deleteWebcast", { id: webcastId });
    expect(store.rowsOf("slides")).toEqual([]);
  });
});
