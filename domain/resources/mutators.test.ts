import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor } from "../sync/types.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { ResourceRow } from "./record.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import { RESOURCE_MUTATORS, isMedium, isResourceFileKey, resourceAnswer, resourceFilePrefix } from "./mutators.ts";
import type { WebcastRow } from "../webcasts/record.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...RESOURCE_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 51);
const alice = organizer(7);
const NOW = "2026-01-02T00:00:00.000Z";
const LATER = "2026-01-03T00:00:00.000Z";
const speaker = (id: number): MutationActor => ({ id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) });

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server" };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  return runMutation(REGISTRY, { name, args }, store.read, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
}

async function apply(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const outcome = await run(store, name, args, options);
  if (outcome.ok) await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
  return outcome;
}

async function applied(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<void> {
  const outcome = await apply(store, name, args, options);
  if (!outcome.ok) throw outcome.rejection;
}

function refusal(outcome: MutationOutcome) {
  if (outcome.ok) throw new Error("expected a refusal");
  return { code: outcome.rejection.code, en: outcome.rejection.messages.en, fr: outcome.rejection.messages.fr, errors: outcome.rejection.errors };
}

async function seed(organization = rules()): Promise<{ store: MemoryServerStore; webcast: WebcastRow }> {
  const store = new MemoryServerStore([[ORGANIZATION_ID, organization]]);
  const id = nextId();
  await applied(store, "createWebcast", webcastArgs(id));
  const webcast = await store.read.get("webcasts", id);
  if (!webcast) throw new Error("unreachable: just created");
  return { store, webcast };
}

const link = (webcast: WebcastRow, fields: Record<string, unknown> = {}) => ({
  id: nextId(),
  organization_id: webcast.organization_id,
  webcast_id: webcast.id,
  title: "Slides",
  kind: "link",
  url: "https://example.com/slides",
  now: NOW,
  ...fields,
});

async function get(store: MemoryServerStore, id: string): Promise<ResourceRow> {
  const row = await store.read.get("resources", id);
  if (!row) throw new Error(`no resource ${id}`);
  return row;
}

describe("createResource", () => {
  it("adds link and e-mail resources anywhere (offline browser included), trimmed, visible, last in order", async () => {
    const { store, webcast } = await seed();
    const first = link(webcast, { title: "  Slides ", description: " ", language: "fr" });
    await applied(store, "createResource", first, { location: "client" });
    expect(await get(store, first.id)).toEqual({
      id: first.id,
      organization_id: ORGANIZATION_ID,
      webcast_id: webcast.id,
      title: "Slides",
      description: null,
      language: "fr",
      kind: "link",
      url: "https://example.com/slides",
      file_key: null,
      file_name: null,
      visible: true,
      position: 0,
      created_at: NOW,
      updated_at: NOW,
    });
    const second = link(webcast, { kind: "email", url: " help@example.com ", visible: false });
    await applied(store, "createResource", second);
    expect(await get(store, second.id)).toMatchObject({ kind: "email", url: "help@example.com", visible: false, position: 1, language: null });
  });

  it("takes a file only from the server's upload, under the resource's own key", async () => {
    const { store, webcast } = await seed();
    const id = nextId();
    const key = `${resourceFilePrefix(webcast.id, id)}${"k".repeat(43)}`;
    const args = { ...link(webcast), id, kind: "file", url: "https://ignored.example", file_key: key, file_name: "deck.pdf" };
    const offline = refusal(await run(store, "createResource", args, { location: "client" }));
    expect(offline).toMatchObject({ code: "forbidden", en: "A file can only be added online: it is uploaded to the server first." });
    expect(offline.fr).toBe("Un fichier ne peut être ajouté qu'en ligne : il est d'abord téléversé sur le serveur.");

    const elsewhere = refusal(await run(store, "createResource", { ...args, file_key: `${resourceFilePrefix(webcast.id, nextId())}${"k".repeat(43)}` }, { locale: "fr" }));
    expect(elsewhere).toMatchObject({ code: "validation_failed", errors: { file: ["Ce fichier n'a pas été téléversé pour cette ressource."] } });

    await applied(store, "createResource", args);
    expect(await get(store, id)).toMatchObject({ kind: "file", url: null, file_key: key, file_name: "deck.pdf" });
    expect(isResourceFileKey(webcast.id, id, key)).toBe(true);
    expect(resourceAnswer(await get(store, id))).toMatchObject({ file_url: `/api/resources/${id}/download`, file_name: "deck.pdf" });
    expect(resourceAnswer(await get(store, id))).not.toHaveProperty("file_key");
  });

  it("gives localized field errors: title, description, link, e-mail, missing file", async () => {
    const { store, webcast } = await seed();
    expect(refusal(await run(store, "createResource", link(webcast, { title: " ", description: "x".repeat(10_001), url: "ftp://example.com" })))).toEqual({
      code: "validation_failed",
      en: "Some fields of the resource are invalid.",
      fr: "Certains champs de la ressource sont invalides.",
      errors: {
        title: ["This field is required"],
        description: ["This field may not be longer than 10000 characters."],
        url: ["This field must be a valid URL."],
      },
    });
    const fr = refusal(await run(store, "createResource", link(webcast, { kind: "email", url: "not-an-address", title: "x".repeat(256) }), { locale: "fr" }));
    expect(fr.errors).toEqual({ title: ["Ce champ ne peut pas dépasser 255 caractères."], url: ["Ce champ doit être une adresse e-mail valide."] });
    expect(refusal(await run(store, "createResource", link(webcast, { url: null }))).errors).toEqual({ url: ["This field is required"] });
    expect(refusal(await run(store, "createResource", link(webcast, { kind: "file", url: null }))).errors).toEqual({ file: ["Choose a file to upload."] });
  });

  it("needs the webcast (deleted: not found) in the organization named, and webcasts.update (a producer speaker is not enough)", async () => {
    const { store, webcast } = await seed();
    const gone = refusal(await run(store, "createResource", link(webcast, { webcast_id: nextId() })));
    expect(gone).toMatchObject({ code: "not_found", en: "This webcast no longer exists: it was deleted.", fr: "Ce webcast n'existe plus : il a été supprimé." });
    expect(refusal(await run(store, "createResource", link(webcast, { organization_id: 2 }))).code).toBe("not_found");

    const producer: WebcastSpeakerRow = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcast.id, user_id: 12, name: "Pat", email: "pat@example.com", is_producer: true, shown_in_lobby: true, position: 0, invited_at: null, created_at: NOW, updated_at: NOW };
    await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: producer.id, organization_id: ORGANIZATION_ID, op: "put", row: producer }], result: { id: nextId(), status: "applied" } });
    for (const actor of [speaker(12), speaker(13), organizer(7, 2)]) {
      const denied = refusal(await run(store, "createResource", link(webcast), { actor, locale: "fr" }));
      expect(denied).toMatchObject({ code: "forbidden", en: "You are not allowed to edit this webcast.", fr: "Vous n'êtes pas autorisé à modifier ce webcast." });
    }
  });

  it("refuses an id already taken", async () => {
    const { store, webcast } = await seed();
    const args = link(webcast);
    await applied(store, "createResource", args);
    expect(refusal(await run(store, "createResource", args))).toMatchObject({ code: "conflict", en: "A resource with this identifier already exists." });
  });
});

describe("updateResource", () => {
  it("patches only the fields given", async () => {
    const { store, webcast } = await seed();
    const args = link(webcast, { description: "Deck" });
    await applied(store, "createResource", args);
    await applied(store, "updateResource", { id: args.id, title: " New title ", visible: false, now: LATER }, { location: "client" });
    expect(await get(store, args.id)).toMatchObject({ title: "New title", description: "Deck", url: "https://example.com/slides", visible: false, updated_at: LATER });
  });

  it("changes kind: a file loses its file for an address; a link becomes a file only through the server's upload", async () => {
    const { store, webcast } = await seed();
    const args = link(webcast);
    await applied(store, "createResource", args);
    const key = `${resourceFilePrefix(webcast.id, args.id)}${"f".repeat(43)}`;
    expect(refusal(await run(store, "updateResource", { id: args.id, kind: "file", now: LATER })).errors).toEqual({ file: ["Choose a file to upload."] });
    expect(refusal(await run(store, "updateResource", { id: args.id, kind: "file", file_key: key, file_name: "a.pdf", now: LATER }, { location: "client" })).code).toBe("forbidden");
    await applied(store, "updateResource", { id: args.id, kind: "file", file_key: key, file_name: "a.pdf", now: LATER });
    expect(await get(store, args.id)).toMatchObject({ kind: "file", url: null, file_key: key, file_name: "a.pdf" });

    // Renaming the file or editing the title works offline: no new object is named.
    await applied(store, "updateResource", { id: args.id, title: "Deck", file_name: "deck.pdf", now: LATER }, { location: "client" });
    expect(await get(store, args.id)).toMatchObject({ title: "Deck", file_key: key, file_name: "deck.pdf" });

    expect(refusal(await run(store, "updateResource", { id: args.id, kind: "link", now: LATER })).errors).toEqual({ url: ["This field is required"] });
    await applied(store, "updateResource", { id: args.id, kind: "email", url: "team@example.com", now: LATER }, { location: "client" });
    expect(await get(store, args.id)).toMatchObject({ kind: "email", url: "team@example.com", file_key: null, file_name: null });
  });

  it("refuses a deleted resource with its own message, and members without webcasts.update", async () => {
    const { store, webcast } = await seed();
    const gone = refusal(await run(store, "updateResource", { id: nextId(), title: "x", now: LATER }, { locale: "fr" }));
    expect(gone).toMatchObject({ code: "not_found", en: "This resource no longer exists: it was deleted.", fr: "Cette ressource n'existe plus : elle a été supprimée." });
    const args = link(webcast);
    await applied(store, "createResource", args);
    expect(refusal(await run(store, "updateResource", { id: args.id, title: "x", now: LATER }, { actor: speaker(12) })).code).toBe("forbidden");
    expect(refusal(await run(store, "updateResource", { id: args.id, url: "javascript:alert(1)", now: LATER })).errors).toEqual({ url: ["This field must be a valid URL."] });
  });
});

describe("max_media (media per webcast)", () => {
  /** Arguments of a file resource as the server's upload route makes them. */
  const file = (webcast: WebcastRow, fields: Record<string, unknown> = {}) => {
    const id = nextId();
    return { ...link(webcast), id, kind: "file", url: null, file_key: `${resourceFilePrefix(webcast.id, id)}${"m".repeat(43)}`, file_name: "deck.pdf", ...fields };
  };

  it("counts the resources that carry an uploaded file, not links or e-mail addresses", () => {
    expect(isMedium({ kind: "file", file_key: "webcasts/x/resources/y/z" })).toBe(true);
    expect(isMedium({ kind: "file", file_key: null })).toBe(false);
    expect(isMedium({ kind: "link", file_key: null })).toBe(false);
    expect(isMedium({ kind: "email", file_key: null })).toBe(false);
  });

  it("accepts files up to the limit, refuses the next one (en and fr); links still pass", async () => {
    const { store, webcast } = await seed(rules({ limits: { max_media: 2 } }));
    await applied(store, "createResource", link(webcast));
    await applied(store, "createResource", file(webcast));
    await applied(store, "createResource", file(webcast)); // the second medium: at the limit
    const en = refusal(await run(store, "createResource", file(webcast)));
    expect(en).toEqual({
      code: "limit_reached",
      en: "Media limit reached: at most 2 media per webcast are allowed.",
      fr: "Limite de médias atteinte : au plus 2 médias par webcast sont permis.",
      errors: { file: ["Media limit reached: at most 2 media per webcast are allowed."] },
    });
    expect(refusal(await run(store, "createResource", file(webcast), { locale: "fr" })).errors).toEqual({ file: ["Limite de médias atteinte : au plus 2 médias par webcast sont permis."] });
    await applied(store, "createResource", link(webcast, { kind: "email", url: "help@example.com" }));
  });

  it("counts per webcast: another webcast's files and deleted ones do not count", async () => {
    const { store, webcast } = await seed(rules({ limits: { max_media: 1 } }));
    const otherId = nextId();
    await applied(store, "createWebcast", webcastArgs(otherId));
    const other = await store.read.get("webcasts", otherId);
    if (!other) throw new Error("unreachable: just created");
    await applied(store, "createResource", file(other));
    const first = file(webcast);
    await applied(store, "createResource", first);
    expect(refusal(await run(store, "createResource", file(webcast))).code).toBe("limit_reached");
    await applied(store, "deleteResource", { id: first.id });
    await applied(store, "createResource", file(webcast));
  });

  it("checks a link turned into a file, not a file replaced by another", async () => {
    const { store, webcast } = await seed(rules({ limits: { max_media: 1 } }));
    const medium = file(webcast);
    await applied(store, "createResource", medium);
    const replaced = `${resourceFilePrefix(webcast.id, medium.id)}${"r".repeat(43)}`;
    await applied(store, "updateResource", { id: medium.id, file_key: replaced, file_name: "v2.pdf", now: LATER });
    expect(await get(store, medium.id)).toMatchObject({ file_key: replaced, file_name: "v2.pdf" });

    const args = link(webcast);
    await applied(store, "createResource", args);
    const key = `${resourceFilePrefix(webcast.id, args.id)}${"f".repeat(43)}`;
    const turned = refusal(await run(store, "updateResource", { id: args.id, kind: "file", file_key: key, file_name: "a.pdf", now: LATER }, { locale: "fr" }));
    expect(turned).toMatchObject({ code: "limit_reached", errors: { file: ["Limite de médias atteinte : au plus 1 médias par webcast sont permis."] } });
    await applied(store, "deleteResource", { id: medium.id });
    await applied(store, "updateResource", { id: args.id, kind: "file", file_key: key, file_name: "a.pdf", now: LATER });
  });

  it("allows no file at 0, and any number without a limit", async () => {
    const none = await seed(rules({ limits: { max_media: 0 } }));
    expect(refusal(await run(none.store, "createResource", file(none.webcast))).en).toBe("Media limit reached: at most 0 media per webcast are allowed.");
    const free = await seed(rules({ limits: { max_media: null } }));
    for (let n = 0; n < 6; n++) await applied(free.store, "createResource", file(free.webcast));
  });
});

describe("setResourcesVisibility and reorderResources", () => {
  it("show or hide several resources at once, skipping ids that are not this webcast's", async () => {
    const { store, webcast } = await seed();
    const other = await seed();
    const [a, b] = [link(webcast), link(webcast)];
    const foreign = link(other.webcast);
    await applied(store, "createResource", a);
    await applied(store, "createResource", b);
    await applied(other.store, "createResource", foreign);
    await applied(
      store,
      "setResourcesVisibility",
      { organization_id: ORGANIZATION_ID, webcast_id: webcast.id, resources: [{ id: a.id, visible: false }, { id: b.id, visible: true }, { id: foreign.id, visible: false }, { id: nextId(), visible: false }], now: LATER },
      { location: "client" },
    );
    expect(await get(store, a.id)).toMatchObject({ visible: false, updated_at: LATER });
    expect(await get(store, b.id)).toMatchObject({ visible: true, updated_at: NOW }); // unchanged: not touched

    await applied(store, "reorderResources", { organization_id: ORGANIZATION_ID, webcast_id: webcast.id, ids: [b.id, a.id], now: LATER });
    expect([(await get(store, a.id)).position, (await get(store, b.id)).position]).toEqual([1, 0]);
  });

  it("need webcasts.update", async () => {
    const { store, webcast } = await seed();
    const a = link(webcast);
    await applied(store, "createResource", a);
    const args = { organization_id: ORGANIZATION_ID, webcast_id: webcast.id, resources: [{ id: a.id, visible: false }], now: LATER };
    expect(refusal(await run(store, "setResourcesVisibility", args, { actor: speaker(12) })).code).toBe("forbidden");
    expect(refusal(await run(store, "reorderResources", { organization_id: ORGANIZATION_ID, webcast_id: webcast.id, ids: [a.id], now: LATER }, { actor: speaker(12) })).code).toBe("forbidden");
    expect(refusal(await run(store, "setResourcesVisibility", { ...args, resources: [] })).code).toBe("invalid_mutation");
  });
});

describe("deleteResource", () => {
  it("deletes; a second delete is refused as gone; needs webcasts.update", async () => {
    const { store, webcast } = await seed();
    const a = link(webcast);
    await applied(store, "createResource", a);
    expect(refusal(await run(store, "deleteResource", { id: a.id }, { actor: speaker(12) })).code).toBe("forbidden");
    await applied(store, "deleteResource", { id: a.id }, { location: "client" });
    expect(await store.read.get("resources", a.id)).toBeUndefined();
    expect(refusal(await run(store, "deleteResource", { id: a.id })).en).toBe("This resource no longer exists: it was deleted.");
  });
});
