import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import { EMBED_APP_MUTATORS, embedAppAnswer } from "./mutators.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import type { WebcastRow } from "../webcasts/record.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...EMBED_APP_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 52);
const alice = organizer(7);
const NOW = "2026-01-02T00:00:00.000Z";
const LATER = "2026-01-03T00:00:00.000Z";
const speaker = (id: number): MutationActor => ({ id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) });
const enabled = () => rules({ features: { allow_embed_integration_in_webcasts: true } });

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server"; withRules?: boolean };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const { get, list, organization } = store.read;
  const source = options.withRules === false ? { get, list } : { get, list, ...(organization ? { organization } : {}) };
  return runMutation(REGISTRY, { name, args }, source, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
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

async function seed(organization: OrganizationRules = enabled()): Promise<{ store: MemoryServerStore; webcast: WebcastRow }> {
  const store = new MemoryServerStore([[ORGANIZATION_ID, organization]]);
  const id = nextId();
  await applied(store, "createWebcast", webcastArgs(id));
  const webcast = await store.read.get("webcasts", id);
  if (!webcast) throw new Error("unreachable: just created");
  return { store, webcast };
}

const CODE = '<iframe src="https://app.example.com/widget"></iframe>';
const app = (webcast: WebcastRow, fields: Record<string, unknown> = {}) => ({
  id: nextId(),
  organization_id: webcast.organization_id,
  webcast_id: webcast.id,
  title: "Live poll",
  embed_code: CODE,
  now: NOW,
  ...fields,
});

describe("createEmbedApp", () => {
  it("stores the embed code as text, title trimmed, blank description null", async () => {
    const { store, webcast } = await seed();
    const args = app(webcast, { title: " Live poll ", description: " ", embed_code: ` ${CODE}\n` });
    await applied(store, "createEmbedApp", args);
    const row = await store.read.get("embed_apps", args.id);
    expect(row).toEqual({ id: args.id, organization_id: ORGANIZATION_ID, webcast_id: webcast.id, title: "Live poll", description: null, embed_code: CODE, created_at: NOW, updated_at: NOW });
    if (row) expect(embedAppAnswer(row)).not.toHaveProperty("organization_id");
  });

  it("needs allow_embed_integration_in_webcasts where the rules are known (always on the server)", async () => {
    const { store, webcast } = await seed(rules());
    const off = refusal(await run(store, "createEmbedApp", app(webcast), { locale: "fr" }));
    expect(off).toEqual({
      code: "forbidden",
      en: "Embedded apps are not enabled for this organization's webcasts.",
      fr: "Les applications intégrées ne sont pas activées pour les webcasts de cette organisation.",
      errors: undefined,
    });
    // A browser that does not know the organization's rules lets the server decide.
    expect((await run(store, "createEmbedApp", app(webcast), { location: "client", withRules: false })).ok).toBe(true);
    await expect(run(store, "createEmbedApp", app(webcast), { withRules: false })).rejects.toThrow(/required on the server/);
  });

  it("gives localized field errors: title, description, embed code required and at most 20,000 characters", async () => {
    const { store, webcast } = await seed();
    expect(refusal(await run(store, "createEmbedApp", app(webcast, { title: "", description: "x".repeat(10_001), embed_code: "  " })))).toEqual({
      code: "validation_failed",
      en: "Some fields of the embed app are invalid.",
      fr: "Certains champs de l'application intégrée sont invalides.",
      errors: { title: ["This field is required"], description: ["This field may not be longer than 10000 characters."], embed_code: ["This field is required"] },
    });
    const fr = refusal(await run(store, "createEmbedApp", app(webcast, { embed_code: "x".repeat(20_001) }), { locale: "fr" }));
    expect(fr.errors).toEqual({ embed_code: ["Le code d'intégration peut compter au plus 20 000 caractères."] });
    const en = refusal(await run(store, "createEmbedApp", app(webcast, { embed_code: "x".repeat(20_001) })));
    expect(en.errors).toEqual({ embed_code: ["The embed code may have at most 20,000 characters."] });
    expect((await run(store, "createEmbedApp", app(webcast, { embed_code: "x".repeat(20_000) }))).ok).toBe(true);
  });

  it("needs the webcast and webcasts.update (a producer speaker is not enough); an id taken is a conflict", async () => {
    const { store, webcast } = await seed();
    expect(refusal(await run(store, "createEmbedApp", app(webcast, { webcast_id: nextId() }))).en).toBe("This webcast no longer exists: it was deleted.");
    expect(refusal(await run(store, "createEmbedApp", app(webcast, { organization_id: 2 }))).code).toBe("not_found");
    const producer: WebcastSpeakerRow = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcast.id, user_id: 12, name: "Pat", email: "pat@example.com", is_producer: true, shown_in_lobby: true, position: 0, invited_at: null, created_at: NOW, updated_at: NOW };
    await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: producer.id, organization_id: ORGANIZATION_ID, op: "put", row: producer }], result: { id: nextId(), status: "applied" } });
    const denied = refusal(await run(store, "createEmbedApp", app(webcast), { actor: speaker(12), locale: "fr" }));
    expect(denied).toMatchObject({ code: "forbidden", fr: "Vous n'êtes pas autorisé à modifier ce webcast." });
    const args = app(webcast);
    await applied(store, "createEmbedApp", args);
    expect(refusal(await run(store, "createEmbedApp", args))).toMatchObject({ code: "conflict", en: "An embed app with this identifier already exists." });
  });
});

describe("updateEmbedApp and deleteEmbedApp", () => {
  it("patch the given fields and delete, also once the feature is switched off", async () => {
    const { store, webcast } = await seed();
    const args = app(webcast, { description: "Vote here" });
    await applied(store, "createEmbedApp", args);
    store.organizations.set(ORGANIZATION_ID, rules());
    await applied(store, "updateEmbedApp", { id: args.id, title: "Quiz", now: LATER }, { location: "client" });
    expect(await store.read.get("embed_apps", args.id)).toMatchObject({ title: "Quiz", description: "Vote here", embed_code: CODE, updated_at: LATER });
    expect(refusal(await run(store, "updateEmbedApp", { id: args.id, embed_code: "x".repeat(20_001), now: LATER })).errors).toEqual({ embed_code: ["The embed code may have at most 20,000 characters."] });
    expect(refusal(await run(store, "deleteEmbedApp", { id: args.id }, { actor: speaker(12) })).code).toBe("forbidden");
    await applied(store, "deleteEmbedApp", { id: args.id });
    expect(await store.read.get("embed_apps", args.id)).toBeUndefined();
    const gone = refusal(await run(store, "updateEmbedApp", { id: args.id, title: "x", now: LATER }, { locale: "fr" }));
    expect(gone).toMatchObject({ code: "not_found", en: "This embed app no longer exists: it was deleted.", fr: "Cette application intégrée n'existe plus : elle a été supprimée." });
    expect(refusal(await run(store, "deleteEmbedApp", { id: args.id })).code).toBe("not_found");
  });
});
