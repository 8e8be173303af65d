import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { webcastMediaCount } from "../media/limits.ts";
import { MEDIA_MUTATORS } from "../media/mutators.ts";
import { permissionsFor } from "../permissions/can.ts";
import { RESOURCE_MUTATORS, resourceFilePrefix } from "../resources/mutators.ts";
import type { WebcastSpeakerRow } from "../speakers/record.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import { mediaFilePrefix } from "../uploads/keys.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { PREMIERE_VIDEO_MUTATORS } from "./mutators.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...MEDIA_MUTATORS, ...RESOURCE_MUTATORS, ...PREMIERE_VIDEO_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 81);
const alice = organizer(7);
const NOW = "2026-01-02T00:00:00.000Z";
const LATER = "2026-01-03T00:00:00.000Z";
const speaker = (id: number): MutationActor => ({ id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) });

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

/** A library video of `organizationId`, with its file read (processed) unless `status` says how far it got. */
async function video(store: MemoryServerStore, status: "created" | "uploaded" | "processed" = "processed", organizationId = ORGANIZATION_ID): Promise<string> {
  const id = nextId();
  const actor = organizer(7, organizationId);
  await applied(store, "createMedia", { id, organization_id: organizationId, title: "Clip", now: NOW }, { actor });
  if (status === "created") return id;
  const file_key = `${mediaFilePrefix(organizationId, id)}${"v".repeat(43)}`;
  await applied(store, "attachMediaFile", { id, file_key, file_name: "clip.mp4", size: 10, content_type: "video/mp4", poster_key: null, now: NOW }, { actor });
  if (status === "processed") await applied(store, "setMediaProcessing", { id, status: "processed", duration: 30, now: NOW }, { actor });
  return id;
}

async function seed(organization: OrganizationRules = rules(), premiere = true): Promise<{ store: MemoryServerStore; webcastId: string }> {
  const store = new MemoryServerStore([
    [ORGANIZATION_ID, organization],
    [OTHER_ORGANIZATION_ID, rules()],
  ]);
  const webcastId = nextId();
  await applied(store, "createWebcast", webcastArgs(webcastId, { is_premiere: premiere }));
  return { store, webcastId };
}

const entries = (...mediaIds: string[]) => mediaIds.map((media_id) => ({ id: nextId(), media_id }));
const playlist = (store: MemoryServerStore) => store.rowsOf("premiere_videos").sort((a, b) => a.position - b.position);

describe("setPremiereVideos", () => {
  it("sets the playlist in order, offline too; then keeps, moves, swaps, drops and adds, writing only what changed", async () => {
    const { store, webcastId } = await seed();
    const [a, b, c, d] = [await video(store), await video(store), await video(store), await video(store)];
    const first = entries(a, b, c);
    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: first, now: NOW }, { location: "client" });
    expect(playlist(store)).toEqual(
      first.map((entry, position) => ({ id: entry.id, organization_id: ORGANIZATION_ID, webcast_id: webcastId, media_id: entry.media_id, position, created_at: NOW, updated_at: NOW })),
    );

    const [ea, eb, ec] = first;
    if (!ea || !eb || !ec) throw new Error("unreachable");
    const added = { id: nextId(), media_id: c };
    // a stays first; b is dropped; c's entry now plays d; a new entry plays c.
    const outcome = await run(store, "setPremiereVideos", { webcast_id: webcastId, videos: [ea, { id: ec.id, media_id: d }, added], now: LATER });
    if (!outcome.ok) throw outcome.rejection;
    expect(outcome.writes.map((write) => [write.op, write.id])).toEqual([
      ["del", eb.id],
      ["put", ec.id],
      ["put", added.id],
    ]);
    await store.commit({ userId: 7, writes: outcome.writes, result: { id: nextId(), status: "applied" } });
    expect(playlist(store).map((row) => [row.id, row.media_id, row.position, row.updated_at])).toEqual([
      [ea.id, a, 0, NOW],
      [ec.id, d, 1, LATER],
      [added.id, c, 2, LATER],
    ]);

    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: [], now: LATER });
    expect(playlist(store)).toEqual([]);
  });

  it("needs a premiere webcast (en and fr), that still exists", async () => {
    const { store, webcastId } = await seed(rules(), false);
    const a = await video(store);
    expect(refusal(await run(store, "setPremiereVideos", { webcast_id: webcastId, videos: entries(a), now: NOW }, { locale: "fr" }))).toMatchObject({
      code: "conflict",
      en: "This webcast is not a premiere: it plays no videos.",
      fr: "Ce webcast n'est pas une première : il ne diffuse pas de vidéos.",
    });
    expect(refusal(await run(store, "setPremiereVideos", { webcast_id: nextId(), videos: [], now: NOW })).code).toBe("not_found");
  });

  it("gives localized errors per entry: a video twice, an entry twice or another webcast's, a video not in the library or not processed", async () => {
    const { store, webcastId } = await seed();
    const otherWebcast = nextId();
    await applied(store, "createWebcast", webcastArgs(otherWebcast, { is_premiere: true }));
    const [ready, uploaded, created, foreign] = [await video(store), await video(store, "uploaded"), await video(store, "created"), await video(store, "processed", OTHER_ORGANIZATION_ID)];
    const [theirs] = entries(ready);
    if (!theirs) throw new Error("unreachable");
    await applied(store, "setPremiereVideos", { webcast_id: otherWebcast, videos: [theirs], now: NOW });

    const repeated = { id: nextId(), media_id: ready };
    const args = {
      webcast_id: webcastId,
      videos: [repeated, { id: nextId(), media_id: ready }, { ...repeated, media_id: uploaded }, { id: nextId(), media_id: created }, { id: nextId(), media_id: foreign }, { id: nextId(), media_id: nextId() }, { id: theirs.id, media_id: ready }],
      now: NOW,
    };
    expect(refusal(await run(store, "setPremiereVideos", args))).toEqual({
      code: "validation_failed",
      en: "Some videos of the premiere are invalid.",
      fr: "Certaines vidéos de la première sont invalides.",
      errors: {
        "videos.1.media_id": ["This video appears twice in the list."],
        "videos.2.id": ["This entry appears twice in the list."],
        "videos.2.media_id": ["This video is not ready yet: wait until it is processed."],
        "videos.3.media_id": ["This video is not ready yet: wait until it is processed."],
        "videos.4.media_id": ["This video is not in the organization's library."],
        "videos.5.media_id": ["This video is not in the organization's library."],
        "videos.6.id": ["This entry belongs to another webcast."],
        "videos.6.media_id": ["This video appears twice in the list."],
      },
    });
    const fr = refusal(await run(store, "setPremiereVideos", { ...args, videos: args.videos.slice(3, 4) }, { locale: "fr" }));
    expect(fr.errors).toEqual({ "videos.0.media_id": ["Cette vidéo n'est pas encore prête : attendez la fin de son traitement."] });
    expect(refusal(await run(store, "setPremiereVideos", { ...args, videos: entries(...Array.from({ length: 101 }, () => ready)) })).code).toBe("invalid_mutation");
  });

  it("needs webcasts.update: a producer speaker is not enough", async () => {
    const { store, webcastId } = await seed();
    const a = await video(store);
    const producer: WebcastSpeakerRow = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcastId, user_id: 12, name: "Pat", email: "pat@example.com", is_producer: true, shown_in_lobby: true, position: 0, invited_at: null, created_at: NOW, updated_at: NOW };
    await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: producer.id, organization_id: ORGANIZATION_ID, op: "put", row: producer }], result: { id: nextId(), status: "applied" } });
    for (const actor of [speaker(12), organizer(7, OTHER_ORGANIZATION_ID)]) {
      expect(refusal(await run(store, "setPremiereVideos", { webcast_id: webcastId, videos: entries(a), now: NOW }, { actor })).code).toBe("forbidden");
    }
  });

  it("go with their webcast (the cascade)", async () => {
    const { store, webcastId } = await seed();
    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: entries(await video(store)), now: NOW });
    await applied(store, "deleteWebcast", { id: webcastId });
    expect(store.rowsOf("premiere_videos")).toEqual([]);
  });
});

describe("max_media counts premiere videos and resource files together", () => {
  const file = (webcastId: string) => {
    const id = nextId();
    return { id, organization_id: ORGANIZATION_ID, webcast_id: webcastId, title: "Deck", kind: "file", file_key: `${resourceFilePrefix(webcastId, id)}${"m".repeat(43)}`, file_name: "deck.pdf", now: NOW };
  };

  it("one rule: files among resources plus premiere videos", () => {
    expect(webcastMediaCount([{ kind: "file", file_key: "k" }, { kind: "link", file_key: null }, { kind: "file", file_key: null }], 2)).toBe(3);
  });

  it("refuses a playlist that grows past the limit with the webcast's files (en and fr); a list over a lowered limit may shrink", async () => {
    const { store, webcastId } = await seed(rules({ limits: { max_media: 3 } }));
    const [a, b, c] = [await video(store), await video(store), await video(store)];
    await applied(store, "createResource", file(webcastId));
    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: entries(a, b), now: NOW }); // 1 file + 2 videos: at the limit
    const over = { webcast_id: webcastId, videos: entries(a, b, c), now: LATER };
    expect(refusal(await run(store, "setPremiereVideos", over))).toEqual({
      code: "limit_reached",
      en: "Media limit reached: at most 3 media per webcast are allowed.",
      fr: "Limite de médias atteinte : au plus 3 médias par webcast sont permis.",
      errors: { videos: ["Media limit reached: at most 3 media per webcast are allowed."] },
    });
    expect(refusal(await run(store, "setPremiereVideos", over, { locale: "fr" })).errors).toEqual({ videos: ["Limite de médias atteinte : au plus 3 médias par webcast sont permis."] });
    // Swapping a video for another adds none.
    const [kept] = playlist(store);
    if (!kept) throw new Error("unreachable");
    const ea = { id: kept.id, media_id: kept.media_id };
    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: [ea, { id: nextId(), media_id: c }], now: LATER });

    // The limit lowered under what the webcast holds: it may still shrink.
    store.organizations.set(ORGANIZATION_ID, rules({ limits: { max_media: 1 } }));
    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: [ea], now: LATER });
    expect(playlist(store)).toHaveLength(1);
  });

  it("refuses a resource file when premiere videos fill the limit", async () => {
    const { store, webcastId } = await seed(rules({ limits: { max_media: 2 } }));
    await applied(store, "setPremiereVideos", { webcast_id: webcastId, videos: entries(await video(store), await video(store)), now: NOW });
    const refused = refusal(await run(store, "createResource", file(webcastId), { locale: "fr" }));
    expect(refused).toMatchObject({ code: "limit_reached", errors: { file: ["Limite de médias atteinte : au plus 2 médias par webcast sont permis."] } });
    // A link stores nothing: still allowed.
    await applied(store, "createResource", { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcastId, title: "Site", kind: "link", url: "https://example.com", now: NOW });
  });
});
