import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor } from "../sync/types.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { PollRow } from "./record.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import { POLL_MUTATORS } from "./mutators.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...POLL_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 77);
const alice = organizer(7);
const NOW = "2026-02-01T10:00:00.000Z";
const LATER = "2026-02-02T10:00:00.000Z";

function speaker(id: number): MutationActor {
  return { id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) };
}

function run(store: MemoryServerStore, name: string, args: unknown, options: { actor?: MutationActor; locale?: UiLocale } = {}): Promise<MutationOutcome> {
  return runMutation(REGISTRY, { name, args }, store.read, { location: "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
}

async function apply(store: MemoryServerStore, name: string, args: unknown, options: Parameters<typeof run>[3] = {}): Promise<void> {
  const outcome = await run(store, name, args, options);
  if (!outcome.ok) throw outcome.rejection;
  await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

/** A store with one webcast (language en); returns both. */
async function withWebcast() {
  const store = new MemoryServerStore([[ORGANIZATION_ID, rules()]]);
  const webcastId = nextId();
  await apply(store, "createWebcast", webcastArgs(webcastId));
  return { store, webcastId };
}

const options = (...texts: string[]) => texts.map((text, index) => ({ id: `o${index + 1}`, text }));

function pollArgs(webcastId: string, fields: Record<string, unknown> = {}) {
  return { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcastId, title: "Favourite colour?", options: options("Red", "Blue"), now: NOW, ...fields };
}

async function poll(store: MemoryServerStore, id: string): Promise<PollRow> {
  const row = await store.read.get("polls", id);
  if (!row) throw new Error(`no poll ${id}`);
  return row;
}

async function makeProducer(store: MemoryServerStore, webcastId: string, userId: number, isProducer = true): Promise<void> {
  const row: WebcastSpeakerRow = {
    id: nextId(),
    organization_id: ORGANIZATION_ID,
    webcast_id: webcastId,
    user_id: userId,
    name: "Pablo Producer",
    email: "producer@demo.test",
    is_producer: isProducer,
    shown_in_lobby: true,
    position: 0,
    invited_at: null,
    created_at: NOW,
    updated_at: NOW,
  };
  await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: row.id, organization_id: ORGANIZATION_ID, op: "put", row }], result: { id: nextId(), status: "applied" } });
}

describe("createPoll", () => {
  it("creates an unpublished poll, trimmed, last in the list, in the webcast's language by default", async () => {
    const { store, webcastId } = await withWebcast();
    const first = pollArgs(webcastId, { title: "  Favourite colour? ", description: "  ", options: [{ id: "a", text: " Red " }, { id: "b", text: "Blue" }], recommended_option_id: "b" });
    await apply(store, "createPoll", first);
    expect(await poll(store, first.id)).toEqual({
      id: first.id,
      organization_id: ORGANIZATION_ID,
      webcast_id: webcastId,
      series_id: null,
      title: "Favourite colour?",
      description: null,
      language: "en",
      options: [{ id: "a", text: "Red" }, { id: "b", text: "Blue" }],
      recommended_option_id: "b",
      multiple_choice: false,
      display: "fluid",
      position: 0,
      status: "unpublished",
      created_at: NOW,
      updated_at: NOW,
    });
    const second = pollArgs(webcastId, { language: "fr", multiple_choice: true, display: "paginated" });
    await apply(store, "createPoll", second);
    expect(await poll(store, second.id)).toMatchObject({ language: "fr", multiple_choice: true, display: "paginated", position: 1 });
  });

  it("gives localized field errors: title, options (count, blank, duplicates), recommended option, series", async () => {
    const { store, webcastId } = await withWebcast();
    const en = refusal(
      await run(store, "createPoll", pollArgs(webcastId, { title: " ", options: [{ id: "a", text: "Yes" }, { id: "b", text: " yes " }, { id: "c", text: "" }], recommended_option_id: "z", series_id: nextId() })),
    );
    expect(en).toEqual({
      code: "validation_failed",
      en: "Some fields of the poll are invalid.",
      fr: "Certains champs du sondage sont invalides.",
      errors: {
        title: ["This field is required"],
        "options.2.text": ["This field is required"],
        "options.1.text": ["Another field use this name"],
        recommended_option_id: ["The recommended option must be one of the poll's options."],
        series_id: ["This polling series does not exist in this webcast."],
      },
    });
    const fr = refusal(await run(store, "createPoll", pollArgs(webcastId, { title: "x".repeat(256), options: options("Oui") }), { locale: "fr" }));
    expect(fr.errors).toEqual({ title: ["Ce champ ne peut pas dépasser 255 caractères."], options: ["Un sondage doit avoir au moins 2 options."] });
    const many = refusal(await run(store, "createPoll", pollArgs(webcastId, { options: options(...Array.from({ length: 21 }, (_, i) => `Choice ${i}`)) })));
    expect(many.errors).toEqual({ options: ["A poll may have at most 20 options."] });
    const sameIds = refusal(await run(store, "createPoll", pollArgs(webcastId, { options: [{ id: "a", text: "Yes" }, { id: "a", text: "No" }] }), { locale: "fr" }));
    expect(sameIds.errors).toEqual({ "options.1.id": ["Chaque option doit avoir son propre identifiant."] });
  });

  it("needs polls.manage: a plain speaker is refused, the webcast's producer speaker may", async () => {
    const { store, webcastId } = await withWebcast();
    const refused = refusal(await run(store, "createPoll", pollArgs(webcastId), { actor: speaker(40) }));
    expect(refused).toMatchObject({ code: "forbidden", en: "You are not allowed to edit this webcast.", fr: "Vous n'êtes pas autorisé à modifier ce webcast." });
    await makeProducer(store, webcastId, 41, false);
    expect(refusal(await run(store, "createPoll", pollArgs(webcastId), { actor: speaker(41) })).code).toBe("forbidden");
    await makeProducer(store, webcastId, 42);
    expect((await run(store, "createPoll", pollArgs(webcastId), { actor: speaker(42) })).ok).toBe(true);
    expect(refusal(await run(store, "createPoll", pollArgs(webcastId), { actor: organizer(7, 2) })).code).toBe("forbidden");
  });

  it("refuses a deleted webcast, another organization's id, and an id already taken", async () => {
    const { store, webcastId } = await withWebcast();
    expect(refusal(await run(store, "createPoll", pollArgs(nextId())))).toMatchObject({ code: "not_found", en: "This webcast no longer exists: it was deleted." });
    expect(refusal(await run(store, "createPoll", pollArgs(webcastId, { organization_id: 2 }))).code).toBe("not_found");
    const args = pollArgs(webcastId);
    await apply(store, "createPoll", args);
    expect(refusal(await run(store, "createPoll", args))).toMatchObject({ code: "conflict", fr: "Un sondage avec cet identifiant existe déjà." });
    expect(refusal(await run(store, "createPoll", { ...pollArgs(webcastId), status: "open" })).code).toBe("invalid_mutation");
  });
});

describe("updatePoll", () => {
  it("patches the given fields, replaces the options as a whole and keeps the status", async () => {
    const { store, webcastId } = await withWebcast();
    const args = pollArgs(webcastId, { description: "Kept", recommended_option_id: "o2" });
    await apply(store, "createPoll", args);
    const before = await poll(store, args.id);
    await apply(store, "updatePoll", { id: args.id, title: " Renamed ", options: [{ id: "o2", text: "Blue" }, { id: "o3", text: "Green" }], now: LATER });
    expect(await poll(store, args.id)).toEqual({ ...before, title: "Renamed", options: [{ id: "o2", text: "Blue" }, { id: "o3", text: "Green" }], updated_at: LATER });
    // The recommended option removed with its option: cleared, unless a new one is named.
    await apply(store, "updatePoll", { id: args.id, options: [{ id: "o3", text: "Green" }, { id: "o4", text: "Cyan" }], now: LATER });
    expect((await poll(store, args.id)).recommended_option_id).toBeNull();
    await apply(store, "updatePoll", { id: args.id, recommended_option_id: "o4", description: " ", now: LATER });
    expect(await poll(store, args.id)).toMatchObject({ recommended_option_id: "o4", description: null, status: "unpublished" });
  });

  it("judges only the fields that change, in en and fr", async () => {
    const { store, webcastId } = await withWebcast();
    const args = pollArgs(webcastId);
    await apply(store, "createPoll", args);
    const en = refusal(await run(store, "updatePoll", { id: args.id, options: options("Same", "same"), recommended_option_id: "nope", now: LATER }));
    expect(en.errors).toEqual({ "options.1.text": ["Another field use this name"], recommended_option_id: ["The recommended option must be one of the poll's options."] });
    const fr = refusal(await run(store, "updatePoll", { id: args.id, title: "", series_id: nextId(), now: LATER }, { locale: "fr" }));
    expect(fr).toMatchObject({ fr: "Certains champs du sondage sont invalides.", errors: { title: ["Ce champ est obligatoire"], series_id: ["Cette série de sondages n'existe pas dans ce webcast."] } });
  });

  it("locks the options and choice mode of an open poll (423), other fields stay editable", async () => {
    const { store, webcastId } = await withWebcast();
    const args = pollArgs(webcastId);
    await apply(store, "createPoll", args);
    const open = { ...(await poll(store, args.id)), status: "open" as const };
    await store.commit({ userId: 7, writes: [{ table: "polls", id: args.id, organization_id: ORGANIZATION_ID, op: "put", row: open }], result: { id: nextId(), status: "applied" } });
    const locked = refusal(await run(store, "updatePoll", { id: args.id, options: options("Red", "Green"), now: LATER }));
    expect(locked).toMatchObject({ code: "locked", en: "This poll is open: close it before changing its options or its choice mode." });
    expect(refusal(await run(store, "updatePoll", { id: args.id, multiple_choice: true, now: LATER }, { locale: "fr" })).fr).toBe("Ce sondage est ouvert : fermez-le avant de modifier ses options ou son mode de choix.");
    await apply(store, "updatePoll", { id: args.id, title: "Still open", options: options("Red", "Blue"), display: "paginated", now: LATER });
    expect(await poll(store, args.id)).toMatchObject({ title: "Still open", display: "paginated", status: "open" });
  });

  it("refuses a deleted poll and a plain speaker", async () => {
    const { store, webcastId } = await withWebcast();
    expect(refusal(await run(store, "updatePoll", { id: nextId(), title: "x", now: LATER }))).toMatchObject({ code: "not_found", en: "This poll no longer exists: it was deleted.", fr: "Ce sondage n'existe plus : il a été supprimé." });
    const args = pollArgs(webcastId);
    await apply(store, "createPoll", args);
    expect(refusal(await run(store, "updatePoll", { id: args.id, title: "x", now: LATER }, { actor: speaker(40) })).code).toBe("forbidden");
  });
});

describe("deletePoll", () => {
  it("deletes a poll unless it is open", async () => {
    const { store, webcastId } = await withWebcast();
    const args = pollArgs(webcastId);
    await apply(store, "createPoll", args);
    const open = { ...(await poll(store, args.id)), status: "open" as const };
    await store.commit({ userId: 7, writes: [{ table: "polls", id: args.id, organization_id: ORGANIZATION_ID, op: "put", row: open }], result: { id: nextId(), status: "applied" } });
    expect(refusal(await run(store, "deletePoll", { id: args.id }))).toMatchObject({ code: "locked", en: "This poll is open: close it before deleting it.", fr: "Ce sondage est ouvert : fermez-le avant de le supprimer." });
    expect(refusal(await run(store, "deletePoll", { id: args.id }, { actor: speaker(40) })).code).toBe("forbidden");
    await store.commit({ userId: 7, writes: [{ table: "polls", id: args.id, organization_id: ORGANIZATION_ID, op: "put", row: { ...open, status: "closed" } }], result: { id: nextId(), status: "applied" } });
    await apply(store, "deletePoll", { id: args.id });
    expect(await store.read.get("polls", args.id)).toBeUndefined();
    expect(refusal(await run(store, "deletePoll", { id: args.id })).code).toBe("not_found");
  });
});

describe("polling series", () => {
  const seriesArgs = (webcastId: string, fields: Record<string, unknown> = {}) => ({ id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcastId, title: "Quiz", now: NOW, ...fields });

  it("creates, renames and validates a series (en and fr)", async () => {
    const { store, webcastId } = await withWebcast();
    const args = seriesArgs(webcastId, { title: " Quiz ", description: "Warm-up" });
    await apply(store, "createPollingSeries", args);
    expect(await store.read.get("polling_series", args.id)).toEqual({ id: args.id, organization_id: ORGANIZATION_ID, webcast_id: webcastId, title: "Quiz", description: "Warm-up", position: 0, created_at: NOW, updated_at: NOW });
    await apply(store, "updatePollingSeries", { id: args.id, description: null, now: LATER });
    expect(await store.read.get("polling_series", args.id)).toMatchObject({ title: "Quiz", description: null, updated_at: LATER });
    expect(refusal(await run(store, "createPollingSeries", seriesArgs(webcastId, { title: "" })))).toEqual({
      code: "validation_failed",
      en: "Some fields of the polling series are invalid.",
      fr: "Certains champs de la série de sondages sont invalides.",
      errors: { title: ["This field is required"] },
    });
    expect(refusal(await run(store, "updatePollingSeries", { id: args.id, title: "x".repeat(256), now: LATER }, { locale: "fr" })).errors).toEqual({ title: ["Ce champ ne peut pas dépasser 255 caractères."] });
    expect(refusal(await run(store, "updatePollingSeries", { id: nextId(), title: "x", now: LATER }, { locale: "fr" })).fr).toBe("Cette série de sondages n'existe plus : elle a été supprimée.");
    expect(refusal(await run(store, "createPollingSeries", args)).code).toBe("conflict");
    expect(refusal(await run(store, "createPollingSeries", seriesArgs(webcastId), { actor: speaker(40) })).code).toBe("forbidden");
  });

  it("puts polls in a series; deleting the series keeps its polls, out of any series, in the same change", async () => {
    const { store, webcastId } = await withWebcast();
    const series = seriesArgs(webcastId);
    await apply(store, "createPollingSeries", series);
    const inSeries = pollArgs(webcastId, { series_id: series.id });
    const moved = pollArgs(webcastId);
    const alone = pollArgs(webcastId);
    for (const args of [inSeries, moved, alone]) await apply(store, "createPoll", args);
    await apply(store, "updatePoll", { id: moved.id, series_id: series.id, now: NOW });
    expect((await poll(store, moved.id)).series_id).toBe(series.id);

    const outcome = await run(store, "deletePollingSeries", { id: series.id, now: LATER });
    if (!outcome.ok) throw outcome.rejection;
    expect(outcome.writes.map((write) => [write.table, write.id, write.op])).toEqual(
      expect.arrayContaining([
        ["polls", inSeries.id, "put"],
        ["polls", moved.id, "put"],
        ["polling_series", series.id, "del"],
      ]),
    );
    expect(outcome.writes).toHaveLength(3);
    await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
    expect(await poll(store, inSeries.id)).toMatchObject({ series_id: null, updated_at: LATER });
    expect(await poll(store, alone.id)).toMatchObject({ series_id: null, updated_at: NOW });
    expect(await store.read.get("polling_series", series.id)).toBeUndefined();
  });
});

describe("reorderPolls and reorderPollingSeries", () => {
  it("puts the listed ids first, skips unknown ones, keeps the rest after them, writes only what moves", async () => {
    const { store, webcastId } = await withWebcast();
    const [a, b, c] = [pollArgs(webcastId), pollArgs(webcastId), pollArgs(webcastId)];
    for (const args of [a, b, c]) await apply(store, "createPoll", args);
    const outcome = await run(store, "reorderPolls", { organization_id: ORGANIZATION_ID, webcast_id: webcastId, ids: [c.id, nextId(), a.id, c.id], now: LATER });
    if (!outcome.ok) throw outcome.rejection;
    expect(outcome.writes.map((write) => write.id)).toEqual([c.id, a.id, b.id]);
    await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
    expect(await Promise.all([c, a, b].map(async (args) => (await poll(store, args.id)).position))).toEqual([0, 1, 2]);
    expect(refusal(await run(store, "reorderPolls", { organization_id: ORGANIZATION_ID, webcast_id: webcastId, ids: [], now: LATER }, { actor: speaker(40) })).code).toBe("forbidden");

    const s1 = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcastId, title: "One", now: NOW };
    const s2 = { ...s1, id: nextId(), title: "Two" };
    for (const args of [s1, s2]) await apply(store, "createPollingSeries", args);
    await apply(store, "reorderPollingSeries", { organization_id: ORGANIZATION_ID, webcast_id: webcastId, ids: [s2.id], now: LATER });
    expect((await store.read.get("polling_series", s2.id))?.position).toBe(0);
    expect((await store.read.get("polling_series", s1.id))?.position).toBe(1);
  });
});
