import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { PREMIERE_VIDEO_MUTATORS } from "../premiere-videos/mutators.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import type { MutationSource } from "../sync/overlay.ts";
import { SERVER_ONLY_MUTATORS } from "../sync/registry.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import { archiveFilePrefix, mediaFilePrefix } from "../uploads/keys.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { WebcastApiStatus, WebcastRow } from "../webcasts/record.ts";
import { MEDIA_MUTATORS, SERVER_ONLY_MEDIA_MUTATORS } from "./mutators.ts";
import type { MediaRow } from "./record.ts";

const REGISTRY = { ...WEBCAST_MUTATORS, ...MEDIA_MUTATORS, ...PREMIERE_VIDEO_MUTATORS };
const nextId = idSequence(Date.UTC(2026, 0, 1), 61);
const alice = organizer(7);
const NOW = "2026-01-02T00:00:00.000Z";
const LATER = "2026-01-03T00:00:00.000Z";
const speaker = (id: number): MutationActor => ({ id, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) });

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server"; source?: MutationSource };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  return runMutation(REGISTRY, { name, args }, options.source ?? store.read, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
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

function storeOf(organization: OrganizationRules = rules()): MemoryServerStore {
  return new MemoryServerStore([
    [ORGANIZATION_ID, organization],
    [OTHER_ORGANIZATION_ID, rules()],
  ]);
}

const mediaArgs = (fields: Record<string, unknown> = {}) => ({ id: nextId(), organization_id: ORGANIZATION_ID, title: "Intro loop", now: NOW, ...fields });
const fileKey = (mediaId: string, organizationId = ORGANIZATION_ID, name = "v".repeat(43)) => `${mediaFilePrefix(organizationId, mediaId)}${name}`;
const attachArgs = (mediaId: string, fields: Record<string, unknown> = {}) => ({
  id: mediaId,
  file_key: fileKey(mediaId),
  file_name: "intro.mp4",
  size: 1_000_000,
  content_type: "video/mp4",
  poster_key: fileKey(mediaId, ORGANIZATION_ID, "p".repeat(43)),
  now: LATER,
  ...fields,
});

async function get(store: MemoryServerStore, id: string): Promise<MediaRow> {
  const row = await store.read.get("media", id);
  if (!row) throw new Error(`no video ${id}`);
  return row;
}

/** A library video with its file read (status processed). */
async function processedMedia(store: MemoryServerStore): Promise<string> {
  const args = mediaArgs();
  await applied(store, "createMedia", args);
  await applied(store, "attachMediaFile", attachArgs(args.id));
  await applied(store, "setMediaProcessing", { id: args.id, status: "processed", duration: 12.5, width: 1280, height: 720, now: LATER });
  return args.id;
}

/** A webcast written as given (its `state` is the room's: set directly here). */
async function webcast(store: MemoryServerStore, fields: Partial<WebcastRow> = {}): Promise<WebcastRow> {
  const id = nextId();
  await applied(store, "createWebcast", webcastArgs(id, { is_premiere: true }));
  const stored = await store.read.get("webcasts", id);
  if (!stored) throw new Error("unreachable: just created");
  const row = { ...stored, ...fields };
  await store.commit({ userId: 7, writes: [{ table: "webcasts", id, organization_id: ORGANIZATION_ID, op: "put", row }], result: { id: nextId(), status: "applied" } });
  return row;
}

describe("createMedia", () => {
  it("adds a video without its file anywhere (offline browser included), trimmed, with loop defaults", async () => {
    const store = storeOf();
    const args = mediaArgs({ title: "  Intro loop ", description: " " });
    await applied(store, "createMedia", args, { location: "client" });
    expect(await get(store, args.id)).toEqual({
      id: args.id,
      organization_id: ORGANIZATION_ID,
      title: "Intro loop",
      description: null,
      status: "created",
      failure_reason: null,
      duration: null,
      width: null,
      height: null,
      file_key: null,
      file_name: null,
      size: null,
      content_type: null,
      poster_key: null,
      pre_webcast_loop: false,
      post_webcast_loop: false,
      loop_mode: "repeat",
      source: "upload",
      edition: null,
      created_at: NOW,
      updated_at: NOW,
    });
    const loop = mediaArgs({ description: "Before the show", pre_webcast_loop: true, post_webcast_loop: true, loop_mode: "once" });
    await applied(store, "createMedia", loop);
    expect(await get(store, loop.id)).toMatchObject({ description: "Before the show", pre_webcast_loop: true, post_webcast_loop: true, loop_mode: "once" });
  });

  it("gives localized field errors: title required and at most 255, description at most 10,000", async () => {
    const store = storeOf();
    expect(refusal(await run(store, "createMedia", mediaArgs({ title: " ", description: "x".repeat(10_001) })))).toEqual({
      code: "validation_failed",
      en: "Some fields of the video are invalid.",
      fr: "Certains champs de la vidéo sont invalides.",
      errors: { title: ["This field is required"], description: ["This field may not be longer than 10000 characters."] },
    });
    expect(refusal(await run(store, "createMedia", mediaArgs({ title: "x".repeat(256) }), { locale: "fr" })).errors).toEqual({ title: ["Ce champ ne peut pas dépasser 255 caractères."] });
  });

  it("needs media.manage in the organization named", async () => {
    const store = storeOf();
    for (const actor of [speaker(12), organizer(7, OTHER_ORGANIZATION_ID)]) {
      expect(refusal(await run(store, "createMedia", mediaArgs(), { actor, locale: "fr" }))).toMatchObject({
        code: "forbidden",
        en: "You are not allowed to manage the videos of this organization.",
        fr: "Vous n'êtes pas autorisé à gérer les vidéos de cette organisation.",
      });
    }
  });

  it("needs the organization's allow_video_content, judged where its rules are known", async () => {
    const store = storeOf(rules({ features: { allow_video_content: false } }));
    expect(refusal(await run(store, "createMedia", mediaArgs()))).toMatchObject({
      code: "forbidden",
      en: "Video content is not enabled for this organization.",
      fr: "Le contenu vidéo n'est pas activé pour cette organisation.",
    });
    expect(refusal(await run(store, "createMedia", mediaArgs(), { location: "client" })).code).toBe("forbidden");
    // A browser that does not hold the organization's rules lets the server judge.
    const unknown: MutationSource = { get: store.read.get, list: store.read.list };
    expect((await run(store, "createMedia", mediaArgs(), { location: "client", source: unknown })).ok).toBe(true);
  });

  it("refuses an id already taken", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    expect(refusal(await run(store, "createMedia", args))).toMatchObject({ code: "conflict", en: "A video with this identifier already exists.", fr: "Une vidéo avec cet identifiant existe déjà." });
  });
});

describe("updateMedia", () => {
  it("patches only the fields given, offline too", async () => {
    const store = storeOf();
    const args = mediaArgs({ description: "Loop" });
    await applied(store, "createMedia", args);
    await applied(store, "updateMedia", { id: args.id, title: " Outro ", post_webcast_loop: true, loop_mode: "once", now: LATER }, { location: "client" });
    expect(await get(store, args.id)).toMatchObject({ title: "Outro", description: "Loop", pre_webcast_loop: false, post_webcast_loop: true, loop_mode: "once", updated_at: LATER });
  });

  it("refuses a deleted video with its own message, members without media.manage, invalid fields", async () => {
    const store = storeOf();
    const gone = refusal(await run(store, "updateMedia", { id: nextId(), title: "x", now: LATER }, { locale: "fr" }));
    expect(gone).toMatchObject({ code: "not_found", en: "This video no longer exists: it was deleted.", fr: "Cette vidéo n'existe plus : elle a été supprimée." });
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    expect(refusal(await run(store, "updateMedia", { id: args.id, title: "x", now: LATER }, { actor: speaker(12) })).code).toBe("forbidden");
    expect(refusal(await run(store, "updateMedia", { id: args.id, title: "", now: LATER })).errors).toEqual({ title: ["This field is required"] });
  });
});

describe("deleteMedia", () => {
  it("deletes the video and takes it out of every premiere playlist (the cascade)", async () => {
    const store = storeOf();
    const [mediaId, kept] = [await processedMedia(store), await processedMedia(store)];
    const [first, second] = [await webcast(store), await webcast(store)];
    await applied(store, "setPremiereVideos", { webcast_id: first.id, videos: [{ id: nextId(), media_id: mediaId }, { id: nextId(), media_id: kept }], now: NOW });
    await applied(store, "setPremiereVideos", { webcast_id: second.id, videos: [{ id: nextId(), media_id: mediaId }], now: NOW });
    expect(store.rowsOf("premiere_videos")).toHaveLength(3);

    await applied(store, "deleteMedia", { id: mediaId }, { location: "client" });
    expect(await store.read.get("media", mediaId)).toBeUndefined();
    expect(store.rowsOf("premiere_videos").map((row) => row.media_id)).toEqual([kept]);
    // Each playlist entry got its `del` in the change log, before the video's own.
    const dels = store.log.filter((entry) => entry.op === "del").map((entry) => entry.table);
    expect(dels).toEqual(["premiere_videos", "premiere_videos", "media"]);

    expect(refusal(await run(store, "deleteMedia", { id: mediaId })).en).toBe("This video no longer exists: it was deleted.");
  });

  it("is refused while a webcast playing it is live, in every live state; allowed before and after", async () => {
    const store = storeOf();
    const mediaId = await processedMedia(store);
    const row = await webcast(store);
    await applied(store, "setPremiereVideos", { webcast_id: row.id, videos: [{ id: nextId(), media_id: mediaId }], now: NOW });
    const live: WebcastApiStatus[] = ["starting", "pre_loop", "live", "premiering", "stopping", "end_loop"];
    for (const state of live) {
      await store.commit({ userId: 7, writes: [{ table: "webcasts", id: row.id, organization_id: ORGANIZATION_ID, op: "put", row: { ...row, state } }], result: { id: nextId(), status: "applied" } });
      expect(refusal(await run(store, "deleteMedia", { id: mediaId }, { locale: "fr" })), state).toEqual({
        code: "locked",
        en: "This video is used by a webcast that is live: delete it once the webcast is over.",
        fr: "Cette vidéo est utilisée par un webcast en direct : supprimez-la une fois le webcast terminé.",
        errors: undefined,
      });
    }
    for (const state of ["upcoming", "archived", "canceled"] as const) {
      await store.commit({ userId: 7, writes: [{ table: "webcasts", id: row.id, organization_id: ORGANIZATION_ID, op: "put", row: { ...row, state } }], result: { id: nextId(), status: "applied" } });
      expect((await run(store, "deleteMedia", { id: mediaId })).ok, state).toBe(true);
    }
  });

  it("needs media.manage", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    expect(refusal(await run(store, "deleteMedia", { id: args.id }, { actor: speaker(12) })).code).toBe("forbidden");
  });
});

describe("server-only mutators", () => {
  it("are registered under their names and refuse to run in a browser (en and fr)", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    const calls = {
      attachMediaFile: attachArgs(args.id),
      setMediaProcessing: { id: args.id, status: "processing", now: LATER },
      createGalleryMedia: { ...mediaArgs(), file_key: "webcasts/x/archive/y", content_type: "video/mp4", size: 1, duration: 10, edition: { start: 0, end: 10, cuts: [] } },
    };
    expect([...SERVER_ONLY_MEDIA_MUTATORS].sort()).toEqual(Object.keys(calls).sort());
    for (const [name, value] of Object.entries(calls)) {
      expect(SERVER_ONLY_MUTATORS.has(name)).toBe(true);
      expect(refusal(await run(store, name, value, { location: "client", locale: "fr" })), name).toMatchObject({
        code: "forbidden",
        en: "This change can only be made by the server.",
        fr: "Cette modification ne peut être faite que par le serveur.",
      });
    }
  });
});

describe("attachMediaFile", () => {
  it("names the file and poster under the video's prefix: status uploaded, an earlier reading cleared", async () => {
    const store = storeOf();
    const mediaId = await processedMedia(store);
    await applied(store, "setMediaProcessing", { id: mediaId, status: "failed", failure_reason: "Unreadable", now: LATER });
    const replaced = attachArgs(mediaId, { file_key: fileKey(mediaId, ORGANIZATION_ID, "w".repeat(43)), file_name: " take2.mov ", content_type: "video/quicktime", poster_key: null });
    await applied(store, "attachMediaFile", replaced);
    expect(await get(store, mediaId)).toMatchObject({
      status: "uploaded",
      file_key: replaced.file_key,
      file_name: "take2.mov",
      size: 1_000_000,
      content_type: "video/quicktime",
      poster_key: null,
      duration: null,
      width: null,
      height: null,
      failure_reason: null,
    });
  });

  it("refuses keys outside the video's own prefix (another video, another organization, a deeper path), en and fr", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    const other = nextId();
    const outside = [fileKey(other), fileKey(args.id, OTHER_ORGANIZATION_ID), `${mediaFilePrefix(ORGANIZATION_ID, args.id)}deeper/${"v".repeat(43)}`];
    for (const key of outside) {
      expect(refusal(await run(store, "attachMediaFile", attachArgs(args.id, { file_key: key, poster_key: key })))).toEqual({
        code: "validation_failed",
        en: "Some fields of the video are invalid.",
        fr: "Certains champs de la vidéo sont invalides.",
        errors: { file: ["This file was not uploaded for this video."], poster: ["This image was not uploaded for this video."] },
      });
    }
    const fr = refusal(await run(store, "attachMediaFile", attachArgs(args.id, { file_key: fileKey(other), file_name: " " }), { locale: "fr" }));
    expect(fr.errors).toEqual({ file: ["Ce fichier n'a pas été téléversé pour cette vidéo."], file_name: ["Ce champ est obligatoire"] });
  });

  it("needs media.manage and the video; keeps the recording of a gallery video", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    expect(refusal(await run(store, "attachMediaFile", attachArgs(args.id), { actor: speaker(12) })).code).toBe("forbidden");
    expect(refusal(await run(store, "attachMediaFile", attachArgs(nextId()))).code).toBe("not_found");
    const gallery = await galleryMedia(store);
    expect(refusal(await run(store, "attachMediaFile", attachArgs(gallery), { locale: "fr" }))).toMatchObject({
      code: "conflict",
      en: "This video comes from a webcast's recording: its file cannot be replaced.",
      fr: "Cette vidéo provient de l'enregistrement d'un webcast : son fichier ne peut pas être remplacé.",
    });
  });
});

describe("setMediaProcessing", () => {
  it("records processing, then what reading the file found, or why it failed", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    await applied(store, "attachMediaFile", attachArgs(args.id));
    await applied(store, "setMediaProcessing", { id: args.id, status: "processing", now: LATER });
    expect(await get(store, args.id)).toMatchObject({ status: "processing", duration: null });
    await applied(store, "setMediaProcessing", { id: args.id, status: "failed", failure_reason: " No video track ", now: LATER });
    expect(await get(store, args.id)).toMatchObject({ status: "failed", failure_reason: "No video track" });
    await applied(store, "setMediaProcessing", { id: args.id, status: "processed", duration: 61.2, width: 1920, height: 1080, failure_reason: "ignored", now: LATER });
    expect(await get(store, args.id)).toMatchObject({ status: "processed", duration: 61.2, width: 1920, height: 1080, failure_reason: null, updated_at: LATER });
  });

  it("refuses a video without a file (en and fr), bad readings, and members without media.manage", async () => {
    const store = storeOf();
    const args = mediaArgs();
    await applied(store, "createMedia", args);
    expect(refusal(await run(store, "setMediaProcessing", { id: args.id, status: "processing", now: LATER }, { locale: "fr" }))).toMatchObject({
      code: "conflict",
      en: "This video has no file yet: upload one first.",
      fr: "Cette vidéo n'a pas encore de fichier : téléversez-en un d'abord.",
    });
    await applied(store, "attachMediaFile", attachArgs(args.id));
    expect(refusal(await run(store, "setMediaProcessing", { id: args.id, status: "processed", duration: -1, now: LATER })).code).toBe("invalid_mutation");
    expect(refusal(await run(store, "setMediaProcessing", { id: args.id, status: "created", now: LATER })).code).toBe("invalid_mutation");
    expect(refusal(await run(store, "setMediaProcessing", { id: args.id, status: "processing", now: LATER }, { actor: speaker(12) })).code).toBe("forbidden");
  });
});

/** A video of the gallery made from a webcast's recording. */
async function galleryMedia(store: MemoryServerStore): Promise<string> {
  const row = await webcast(store, { state: "archived" });
  const args = galleryArgs(row.id);
  await applied(store, "createGalleryMedia", args);
  return args.id;
}

const galleryArgs = (webcastId: string, fields: Record<string, unknown> = {}) => ({
  id: nextId(),
  organization_id: ORGANIZATION_ID,
  title: " Keynote (edited) ",
  file_key: `${archiveFilePrefix(webcastId)}${"a".repeat(43)}`,
  content_type: "video/mp4",
  size: 50_000_000,
  duration: 3_600,
  edition: { start: 60, end: 3_000, cuts: [{ start: 600, end: 900 }, { start: 1_200, end: 1_300 }] },
  now: NOW,
  ...fields,
});

describe("createGalleryMedia", () => {
  it("adds a processed video over the webcast's recording, played through its edit list", async () => {
    const store = storeOf();
    const row = await webcast(store, { state: "archived" });
    const args = galleryArgs(row.id);
    await applied(store, "createGalleryMedia", args);
    expect(await get(store, args.id)).toEqual({
      id: args.id,
      organization_id: ORGANIZATION_ID,
      title: "Keynote (edited)",
      description: null,
      status: "processed",
      failure_reason: null,
      duration: 3_600,
      width: null,
      height: null,
      file_key: args.file_key,
      file_name: null,
      size: 50_000_000,
      content_type: "video/mp4",
      poster_key: null,
      pre_webcast_loop: false,
      post_webcast_loop: false,
      loop_mode: "repeat",
      source: "archive",
      edition: args.edition,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(refusal(await run(store, "createGalleryMedia", args)).code).toBe("conflict");
  });

  it("takes only the recording of a webcast of the same organization (en and fr)", async () => {
    const store = storeOf();
    const row = await webcast(store);
    const otherId = nextId();
    await applied(store, "createWebcast", webcastArgs(otherId, { organization_id: OTHER_ORGANIZATION_ID }), { actor: organizer(7, OTHER_ORGANIZATION_ID) });
    const keys = [
      `${archiveFilePrefix(otherId)}${"a".repeat(43)}`, // another organization's webcast
      `${archiveFilePrefix(nextId())}${"a".repeat(43)}`, // no such webcast
      `${archiveFilePrefix(row.id)}deeper/${"a".repeat(43)}`,
      `webcasts/${row.id}/resources/${"a".repeat(43)}`,
      `${mediaFilePrefix(ORGANIZATION_ID, nextId())}${"a".repeat(43)}`,
    ];
    for (const key of keys) {
      expect(refusal(await run(store, "createGalleryMedia", galleryArgs(row.id, { file_key: key }))), key).toEqual({
        code: "validation_failed",
        en: "Some fields of the video are invalid.",
        fr: "Certains champs de la vidéo sont invalides.",
        errors: { file: ["This file is not the recording of a webcast of this organization."] },
      });
    }
    const fr = refusal(await run(store, "createGalleryMedia", galleryArgs(row.id, { file_key: keys[0], title: "" }), { locale: "fr" }));
    expect(fr.errors).toEqual({ title: ["Ce champ est obligatoire"], file: ["Ce fichier n'est pas l'enregistrement d'un webcast de cette organisation."] });
  });

  it("judges the edit list by the archive's rule (en and fr), and stores it as the archive does", async () => {
    const store = storeOf();
    const row = await webcast(store);
    const bad = [
      [{ start: 100, end: 100, cuts: [] }, { "edition.start": ["The start must be before the end."] }],
      [{ start: 0, end: 100, cuts: [{ start: 50, end: 40 }] }, { "edition.cuts.0": ["A cut must start before it ends."] }],
      [{ start: 0, end: 100, cuts: [{ start: 50, end: 120 }] }, { "edition.cuts.0": ["A cut must lie between the start and the end."] }],
      [{ start: 0, end: 100, cuts: [{ start: 10, end: 30 }, { start: 20, end: 40 }] }, { "edition.cuts.1": ["This cut overlaps another one."] }],
      [{ start: 0, end: 100, cuts: [{ start: 0, end: 100 }] }, { "edition.cuts": ["The cuts may not remove the whole recording."] }],
    ] as const;
    for (const [edition, errors] of bad) {
      expect(refusal(await run(store, "createGalleryMedia", galleryArgs(row.id, { edition }))), JSON.stringify(edition)).toEqual({
        code: "validation_failed",
        en: "Some fields of the video are invalid.",
        fr: "Certains champs de la vidéo sont invalides.",
        errors,
      });
    }
    expect(Object.keys(refusal(await run(store, "createGalleryMedia", galleryArgs(row.id, { edition: { start: 0, end: 3_601, cuts: [] } }))).errors ?? {})).toEqual(["edition.end"]);
    const fr = refusal(await run(store, "createGalleryMedia", galleryArgs(row.id, { edition: bad[0][0] }), { locale: "fr" }));
    expect(fr.errors).toEqual({ "edition.start": ["Le début doit précéder la fin."] });

    const args = galleryArgs(row.id, { edition: { start: 0.0004, end: 100, cuts: [{ start: 50, end: 60 }, { start: 10, end: 20 }] } });
    await applied(store, "createGalleryMedia", args);
    expect((await get(store, args.id)).edition).toEqual({ start: 0, end: 100, cuts: [{ start: 10, end: 20 }, { start: 50, end: 60 }] });
  });

  it("needs media.manage and allow_video_content", async () => {
    const store = storeOf();
    const row = await webcast(store);
    expect(refusal(await run(store, "createGalleryMedia", galleryArgs(row.id), { actor: speaker(12) })).code).toBe("forbidden");
    const disabled = storeOf(rules({ features: { allow_video_content: false } }));
    const there = await webcast(disabled);
    expect(refusal(await run(disabled, "createGalleryMedia", galleryArgs(there.id))).en).toBe("Video content is not enabled for this organization.");
  });
});
