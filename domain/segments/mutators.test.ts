import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor } from "../sync/types.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { WebcastRow } from "../webcasts/record.ts";
import { SEGMENT_MUTATORS, findSegmentByName, segmentNameErrors } from "./mutators.ts";

const nextId = idSequence(Date.UTC(2026, 0, 1), 61);
const alice = organizer(7);
const NOW = "2026-01-02T09:00:00.000Z";
const REGISTRY = { ...WEBCAST_MUTATORS, ...SEGMENT_MUTATORS };

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server" };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  return runMutation(REGISTRY, { name, args }, store.read, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
}

async function apply(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const outcome = await run(store, name, args, options);
  if (outcome.ok) await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
  return outcome;
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

async function seed(): Promise<{ store: MemoryServerStore; webcast: WebcastRow }> {
  const store = new MemoryServerStore([[ORGANIZATION_ID, rules()]]);
  const id = nextId();
  const created = await apply(store, "createWebcast", webcastArgs(id));
  if (!created.ok) throw created.rejection;
  const webcast = await store.read.get("webcasts", id);
  if (!webcast) throw new Error("unreachable: just created");
  return { store, webcast };
}

const add = (webcast: Pick<WebcastRow, "id" | "organization_id">, name: string, id = nextId()) => ({ id, organization_id: webcast.organization_id, webcast_id: webcast.id, name, now: NOW });

/** A speaker of the organization, flagged producer (or not) on the webcast. */
async function speaker(store: MemoryServerStore, webcast: WebcastRow, isProducer: boolean): Promise<MutationActor> {
  const actor: MutationActor = { id: isProducer ? 30 : 31, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) };
  const row = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcast.id, user_id: actor.id, name: "Sam", email: "sam@demo.test", is_producer: isProducer, shown_in_lobby: true, position: 0, invited_at: null, created_at: NOW, updated_at: NOW };
  await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: row.id, organization_id: ORGANIZATION_ID, op: "put", row }], result: { id: nextId(), status: "applied" } });
  return actor;
}

describe("addSegment", () => {
  it("adds a named segment to the webcast under the client's id, trimmed", async () => {
    const { store, webcast } = await seed();
    const args = add(webcast, "  Board members ");
    expect((await apply(store, "addSegment", args)).ok).toBe(true);
    expect(await store.read.get("segments", args.id)).toEqual({
      id: args.id,
      organization_id: ORGANIZATION_ID,
      webcast_id: webcast.id,
      name: "Board members",
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it("refuses a blank or too long name (en and fr)", async () => {
    const { store, webcast } = await seed();
    expect(refusal(await run(store, "addSegment", add(webcast, "   ")))).toEqual({ code: "validation_failed", en: "The segment is invalid.", fr: "Le segment est invalide.", errors: { name: ["This field is required"] } });
    expect(refusal(await run(store, "addSegment", add(webcast, ""), { locale: "fr" })).errors).toEqual({ name: ["Ce champ est obligatoire"] });
    expect(refusal(await run(store, "addSegment", add(webcast, "x".repeat(101)))).errors).toEqual({ name: ["This field may not be longer than 100 characters."] });
    expect(refusal(await run(store, "addSegment", add(webcast, "x".repeat(101)), { locale: "fr" })).errors).toEqual({ name: ["Ce champ ne peut pas dépasser 100 caractères."] });
    expect((await run(store, "addSegment", add(webcast, "x".repeat(100)))).ok).toBe(true);
  });

  it("keeps names unique in the webcast, whatever their case and spaces; other webcasts may reuse them", async () => {
    const { store, webcast } = await seed();
    expect((await apply(store, "addSegment", add(webcast, "VIP"))).ok).toBe(true);
    const en = refusal(await run(store, "addSegment", add(webcast, " vip ")));
    expect(en).toMatchObject({ code: "validation_failed", errors: { name: ["A segment with this name already exists in this webcast."] } });
    expect(refusal(await run(store, "addSegment", add(webcast, "Vip"), { locale: "fr" })).errors).toEqual({ name: ["Un segment portant ce nom existe déjà dans ce webcast."] });

    const otherId = nextId();
    expect((await apply(store, "createWebcast", webcastArgs(otherId))).ok).toBe(true);
    expect((await run(store, "addSegment", add({ id: otherId, organization_id: ORGANIZATION_ID }, "VIP"))).ok).toBe(true);
  });

  it("refuses an id already taken, a deleted webcast and a webcast outside the given organization", async () => {
    const { store, webcast } = await seed();
    const first = add(webcast, "Press");
    await apply(store, "addSegment", first);
    expect(refusal(await run(store, "addSegment", { ...add(webcast, "Partners"), id: first.id }))).toMatchObject({ code: "conflict", en: "A segment with this identifier already exists." });
    expect(refusal(await run(store, "addSegment", { ...add(webcast, "Partners"), organization_id: OTHER_ORGANIZATION_ID }))).toMatchObject({ code: "not_found" });

    await apply(store, "deleteWebcast", { id: webcast.id });
    const gone = refusal(await run(store, "addSegment", add(webcast, "Partners"), { locale: "fr" }));
    expect(gone).toMatchObject({ code: "not_found", en: "This webcast no longer exists: it was deleted.", fr: "Ce webcast n'existe plus : il a été supprimé." });
  });

  it("needs webcasts.update: another organization's organizer and speakers (producer or not) are refused", async () => {
    const { store, webcast } = await seed();
    const outsider = refusal(await run(store, "addSegment", add(webcast, "Press"), { actor: organizer(8, OTHER_ORGANIZATION_ID) }));
    expect(outsider).toMatchObject({ code: "forbidden", en: "You are not allowed to edit this webcast.", fr: "Vous n'êtes pas autorisé à modifier ce webcast." });
    for (const isProducer of [true, false]) {
      const actor = await speaker(store, webcast, isProducer);
      expect(refusal(await run(store, "addSegment", add(webcast, "Press"), { actor })).code).toBe("forbidden");
    }
  });

  it("gives the browser the same verdict offline (no organization rules needed)", async () => {
    const { store, webcast } = await seed();
    await apply(store, "addSegment", add(webcast, "VIP"));
    const { get, list } = store.read;
    const outcome = await runMutation(REGISTRY, { name: "addSegment", args: add(webcast, "vip") }, { get, list }, { location: "client", actor: alice, locale: "en", now: NOW });
    expect(refusal(outcome).errors).toEqual({ name: ["A segment with this name already exists in this webcast."] });
  });
});

describe("removeSegment", () => {
  it("removes a segment; removing it again is not_found (en and fr), never applied twice", async () => {
    const { store, webcast } = await seed();
    const args = add(webcast, "Press");
    await apply(store, "addSegment", args);
    expect((await apply(store, "removeSegment", { id: args.id })).ok).toBe(true);
    expect(await store.read.get("segments", args.id)).toBeUndefined();
    expect(refusal(await run(store, "removeSegment", { id: args.id }))).toEqual({
      code: "not_found",
      en: "This segment no longer exists: it was deleted.",
      fr: "Ce segment n'existe plus : il a été supprimé.",
      errors: undefined,
    });
    // The name is free again.
    expect((await run(store, "addSegment", add(webcast, "press"))).ok).toBe(true);
  });

  it("needs webcasts.update on its webcast: a producer speaker is refused", async () => {
    const { store, webcast } = await seed();
    const args = add(webcast, "Press");
    await apply(store, "addSegment", args);
    const actor = await speaker(store, webcast, true);
    expect(refusal(await run(store, "removeSegment", { id: args.id }, { actor }))).toMatchObject({ code: "forbidden", en: "You are not allowed to edit this webcast." });
    expect(refusal(await run(store, "removeSegment", { id: args.id }, { actor: organizer(8, OTHER_ORGANIZATION_ID) })).code).toBe("forbidden");
    expect(await store.read.get("segments", args.id)).toBeDefined();
  });

  it("refuses malformed arguments", async () => {
    const { store } = await seed();
    expect(refusal(await run(store, "removeSegment", { id: "press" })).code).toBe("invalid_mutation");
    expect(refusal(await run(store, "removeSegment", { id: nextId(), name: "Press" })).code).toBe("invalid_mutation");
  });
});

describe("segment names", () => {
  it("are found and compared trimmed and case-insensitively", () => {
    const segments = [{ name: "VIP" }, { name: "Board members" }];
    expect(findSegmentByName(segments, "  board MEMBERS ")).toBe(segments[1]);
    expect(findSegmentByName(segments, "Board")).toBeUndefined();
    expect(segmentNameErrors("Press", ["VIP"], "en")).toEqual([]);
    expect(segmentNameErrors("vip", ["VIP"], "en")).toEqual(["A segment with this name already exists in this webcast."]);
  });
});
