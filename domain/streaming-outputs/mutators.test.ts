import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { permissionsFor } from "../permissions/can.ts";
import { MemoryServerStore } from "../sync/memory-server-store.ts";
import { type MutationOutcome, runMutation } from "../sync/run.ts";
import { ORGANIZATION_ID, OTHER_ORGANIZATION_ID, idSequence, organizer, rules, webcastArgs } from "../sync/testing.ts";
import type { MutationActor, OrganizationRules } from "../sync/types.ts";
import { WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import type { WebcastRow } from "../webcasts/record.ts";
import { STREAMING_OUTPUT_MUTATORS, isOutputUrl, outputsEditable, streamingOutputErrors } from "./mutators.ts";

const nextId = idSequence(Date.UTC(2026, 0, 1), 62);
const alice = organizer(7);
const NOW = "2026-01-02T09:00:00.000Z";
const LATER = "2026-01-02T10:00:00.000Z";
const REGISTRY = { ...WEBCAST_MUTATORS, ...STREAMING_OUTPUT_MUTATORS };
const enabled = () => rules({ features: { allow_rtmp_output: true } });

type Options = { actor?: MutationActor; locale?: UiLocale; location?: "client" | "server"; withRules?: boolean };

function run(store: MemoryServerStore, name: string, args: unknown, options: Options = {}): Promise<MutationOutcome> {
  const { get, list, organization } = store.read;
  const source = options.withRules === false ? { get, list } : { get, list, organization };
  return runMutation(REGISTRY, { name, args }, source, { location: options.location ?? "server", actor: options.actor ?? alice, locale: options.locale ?? "en", now: NOW });
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

/** A store whose organization has `organization`'s rules, and a webcast there (in `state`). */
async function seed(organization: OrganizationRules = enabled(), state: WebcastRow["state"] = "upcoming"): Promise<{ store: MemoryServerStore; webcast: WebcastRow }> {
  const store = new MemoryServerStore([[ORGANIZATION_ID, organization]]);
  const id = nextId();
  const created = await apply(store, "createWebcast", webcastArgs(id));
  if (!created.ok) throw created.rejection;
  await setState(store, id, state);
  const webcast = await store.read.get("webcasts", id);
  if (!webcast) throw new Error("unreachable: just created");
  return { store, webcast };
}

/** Moves the webcast to `state`, as the control room (server) would. */
async function setState(store: MemoryServerStore, id: string, state: WebcastRow["state"]): Promise<void> {
  const row = await store.read.get("webcasts", id);
  if (!row) throw new Error("no webcast");
  await store.commit({ userId: 7, writes: [{ table: "webcasts", id, organization_id: row.organization_id, op: "put", row: { ...row, state } }], result: { id: nextId(), status: "applied" } });
}

const output = (webcast: Pick<WebcastRow, "id" | "organization_id">, fields: Record<string, unknown> = {}) => ({
  id: nextId(),
  organization_id: webcast.organization_id,
  webcast_id: webcast.id,
  rtmp_url: "rtmp://a.rtmp.youtube.com/live2",
  stream_key: "abcd-efgh-ijkl",
  now: NOW,
  ...fields,
});

async function created(store: MemoryServerStore, webcast: WebcastRow, fields: Record<string, unknown> = {}): Promise<string> {
  const args = output(webcast, fields);
  const outcome = await apply(store, "createStreamingOutput", args);
  if (!outcome.ok) throw outcome.rejection;
  return args.id;
}

describe("createStreamingOutput", () => {
  it("adds an output (trimmed, no credentials, not activated unless told)", async () => {
    const { store, webcast } = await seed();
    const args = output(webcast, { rtmp_url: " rtmp://a.rtmp.youtube.com/live2 ", stream_key: " abcd-efgh ", username: " ", password: "" });
    expect((await apply(store, "createStreamingOutput", args)).ok).toBe(true);
    expect(await store.read.get("streaming_outputs", args.id)).toEqual({
      id: args.id,
      organization_id: ORGANIZATION_ID,
      webcast_id: webcast.id,
      rtmp_url: "rtmp://a.rtmp.youtube.com/live2",
      stream_key: "abcd-efgh",
      username: null,
      password: null,
      activated: false,
      created_at: NOW,
      updated_at: NOW,
    });
    const id = await created(store, webcast, { rtmp_url: "rtmps://live-api-s.facebook.com:443/rtmp/", username: " cdn-user ", password: " s3cret ", activated: true });
    expect(await store.read.get("streaming_outputs", id)).toMatchObject({ username: "cdn-user", password: " s3cret ", activated: true });
  });

  it("judges the fields (SPEC §5 stream URL, required, required_with) in en and fr", async () => {
    const { store, webcast } = await seed();
    const en = refusal(await run(store, "createStreamingOutput", output(webcast, { rtmp_url: "https://a.rtmp.youtube.com/live2", stream_key: "ab cd", password: "secret" })));
    expect(en).toEqual({
      code: "validation_failed",
      en: "Some fields of the streaming output are invalid.",
      fr: "Certains champs de la sortie de diffusion sont invalides.",
      errors: {
        rtmp_url: ["The stream URL must start with rtmp:// or rtmps:// and have a path after the service address."],
        stream_key: ["The stream key may not contain spaces."],
        username: ["This field is required when Password is present."],
      },
    });
    const fr = refusal(await run(store, "createStreamingOutput", output(webcast, { rtmp_url: "rtmp://a.rtmp.youtube.com", stream_key: " ", username: "me" }), { locale: "fr" }));
    expect(fr.errors).toEqual({
      rtmp_url: ["L'URL du flux doit commencer par rtmp:// ou rtmps:// et comporter un chemin après l'adresse du service."],
      stream_key: ["Ce champ est obligatoire"],
      password: ["Ce champ est obligatoire lorsque le champ Nom d'utilisateur est rempli."],
    });
    expect(refusal(await run(store, "createStreamingOutput", output(webcast, { rtmp_url: "" }))).errors).toEqual({ rtmp_url: ["This field is required"] });
    const long = refusal(await run(store, "createStreamingOutput", output(webcast, { stream_key: "k".repeat(501), username: "u".repeat(256), password: "p" })));
    expect(long.errors).toEqual({ stream_key: ["This field may not be longer than 500 characters."], username: ["This field may not be longer than 255 characters."] });
  });

  it("needs allow_rtmp_output (en and fr); a browser without the rules lets the server decide", async () => {
    const { store, webcast } = await seed(rules());
    const off = refusal(await run(store, "createStreamingOutput", output(webcast), { locale: "fr" }));
    expect(off).toMatchObject({ code: "forbidden", en: "RTMP outputs are not enabled for this organization.", fr: "Les sorties RTMP ne sont pas activées pour cette organisation." });
    expect((await run(store, "createStreamingOutput", output(webcast), { location: "client", withRules: false })).ok).toBe(true);
    await expect(run(store, "createStreamingOutput", output(webcast), { withRules: false })).rejects.toThrow(/required on the server/);
  });

  it("is locked once the webcast has started streaming (en and fr); resetting is still editable", async () => {
    for (const state of ["starting", "live", "premiering", "stopping", "pre_loop", "end_loop", "archived", "canceled"] as const) {
      const { store, webcast } = await seed(enabled(), state);
      const locked = refusal(await run(store, "createStreamingOutput", output(webcast)));
      expect(locked, state).toMatchObject({ code: "locked", en: "Streaming outputs can only be changed before the webcast goes on air, while it is upcoming." });
      expect(locked.fr).toBe("Les sorties de diffusion ne peuvent être modifiées qu'avant la mise en ondes du webcast, tant qu'il est à venir.");
    }
    const { store, webcast } = await seed(enabled(), "resetting");
    expect((await run(store, "createStreamingOutput", output(webcast))).ok).toBe(true);
  });

  it("refuses an id already taken, a deleted webcast and a webcast outside the given organization", async () => {
    const { store, webcast } = await seed();
    const id = await created(store, webcast);
    expect(refusal(await run(store, "createStreamingOutput", output(webcast, { id }))).code).toBe("conflict");
    expect(refusal(await run(store, "createStreamingOutput", output(webcast, { organization_id: OTHER_ORGANIZATION_ID }))).code).toBe("not_found");
    await apply(store, "deleteWebcast", { id: webcast.id });
    expect(refusal(await run(store, "createStreamingOutput", output(webcast)))).toMatchObject({ code: "not_found", en: "This webcast no longer exists: it was deleted." });
  });

  it("needs webcasts.update: a producer speaker, a plain speaker and another organization are refused", async () => {
    const { store, webcast } = await seed();
    for (const isProducer of [true, false]) {
      const actor: MutationActor = { id: isProducer ? 30 : 31, is_super_admin: false, permissions: permissionsFor([{ organization_id: ORGANIZATION_ID, role: "speaker" }]) };
      const row = { id: nextId(), organization_id: ORGANIZATION_ID, webcast_id: webcast.id, user_id: actor.id, name: "Sam", email: "sam@demo.test", is_producer: isProducer, shown_in_lobby: true, position: 0, invited_at: null, created_at: NOW, updated_at: NOW };
      await store.commit({ userId: 7, writes: [{ table: "webcast_speakers", id: row.id, organization_id: ORGANIZATION_ID, op: "put", row }], result: { id: nextId(), status: "applied" } });
      expect(refusal(await run(store, "createStreamingOutput", output(webcast), { actor }))).toMatchObject({ code: "forbidden", en: "You are not allowed to edit this webcast." });
    }
    expect(refusal(await run(store, "createStreamingOutput", output(webcast), { actor: organizer(8, OTHER_ORGANIZATION_ID) })).code).toBe("forbidden");
  });
});

describe("updateStreamingOutput", () => {
  it("patches the given fields (activated toggles it) and bumps updated_at", async () => {
    const { store, webcast } = await seed();
    const id = await created(store, webcast, { username: "me", password: "pw" });
    expect((await apply(store, "updateStreamingOutput", { id, activated: true, now: LATER })).ok).toBe(true);
    expect((await apply(store, "updateStreamingOutput", { id, stream_key: " new-key ", username: null, password: null, now: LATER })).ok).toBe(true);
    expect(await store.read.get("streaming_outputs", id)).toMatchObject({ rtmp_url: "rtmp://a.rtmp.youtube.com/live2", stream_key: "new-key", username: null, password: null, activated: true, created_at: NOW, updated_at: LATER });
  });

  it("judges the fields it changes, the credentials together (en and fr)", async () => {
    const { store, webcast } = await seed();
    const id = await created(store, webcast, { username: "me", password: "pw" });
    expect(refusal(await run(store, "updateStreamingOutput", { id, rtmp_url: "rtmp://x.test/", now: LATER })).errors).toEqual({
      rtmp_url: ["The stream URL must start with rtmp:// or rtmps:// and have a path after the service address."],
    });
    expect(refusal(await run(store, "updateStreamingOutput", { id, password: "", now: LATER }, { locale: "fr" })).errors).toEqual({
      password: ["Ce champ est obligatoire lorsque le champ Nom d'utilisateur est rempli."],
    });
  });

  it("is refused once it is gone, without the feature, once on air, and for a producer speaker", async () => {
    const { store, webcast } = await seed();
    const id = await created(store, webcast);
    await setState(store, webcast.id, "live");
    expect(refusal(await run(store, "updateStreamingOutput", { id, activated: true, now: LATER }, { locale: "fr" })).code).toBe("locked");
    await setState(store, webcast.id, "upcoming");
    expect(refusal(await run(store, "updateStreamingOutput", { id, activated: true, now: LATER }, { actor: organizer(8, OTHER_ORGANIZATION_ID) })).code).toBe("forbidden");

    const off = new MemoryServerStore([[ORGANIZATION_ID, rules()]]);
    const [webcastRow, outputRow] = [await store.read.get("webcasts", webcast.id), await store.read.get("streaming_outputs", id)];
    if (!webcastRow || !outputRow) throw new Error("no rows");
    const writes = [
      { table: "webcasts", id: webcastRow.id, organization_id: ORGANIZATION_ID, op: "put", row: webcastRow },
      { table: "streaming_outputs", id, organization_id: ORGANIZATION_ID, op: "put", row: outputRow },
    ] as const;
    await off.commit({ userId: 7, writes: [...writes], result: { id: nextId(), status: "applied" } });
    expect(refusal(await run(off, "updateStreamingOutput", { id, activated: true, now: LATER })).en).toBe("RTMP outputs are not enabled for this organization.");
    // Removing what a turned-off flag left behind stays possible.
    expect((await run(off, "deleteStreamingOutput", { id })).ok).toBe(true);

    await apply(store, "deleteStreamingOutput", { id });
    expect(refusal(await run(store, "updateStreamingOutput", { id, activated: true, now: LATER }, { locale: "fr" }))).toMatchObject({
      code: "not_found",
      en: "This streaming output no longer exists: it was deleted.",
      fr: "Cette sortie de diffusion n'existe plus : elle a été supprimée.",
    });
  });
});

describe("deleteStreamingOutput", () => {
  it("removes an output; again is not_found; locked on air; needs webcasts.update", async () => {
    const { store, webcast } = await seed();
    const id = await created(store, webcast);
    const kept = await created(store, webcast);
    expect(refusal(await run(store, "deleteStreamingOutput", { id }, { actor: organizer(8, OTHER_ORGANIZATION_ID) })).code).toBe("forbidden");
    expect((await apply(store, "deleteStreamingOutput", { id })).ok).toBe(true);
    expect(await store.read.get("streaming_outputs", id)).toBeUndefined();
    expect(refusal(await run(store, "deleteStreamingOutput", { id })).code).toBe("not_found");
    await setState(store, webcast.id, "starting");
    expect(refusal(await run(store, "deleteStreamingOutput", { id: kept })).code).toBe("locked");
  });
});

describe("output URLs and editable states", () => {
  it("accept rtmp:// and rtmps:// with a host and a path, nothing else", () => {
    for (const url of ["rtmp://a.rtmp.youtube.com/live2", "RTMPS://live-api-s.facebook.com:443/rtmp/", "rtmp://10.0.0.5:1935/live/app", "rtmp://[2001:db8::1]/live", " rtmp://cdn.test/app "]) expect(isOutputUrl(url), url).toBe(true);
    for (const url of ["rtmp://", "rtmp://host", "rtmp://host/", "rtmp://host//", "rtmp:///live", "rtmp://ho st/live", "http://host/live", "srt://host/live", "rtmp://-bad-/live", "rtmp://host:port/live"]) expect(isOutputUrl(url), url).toBe(false);
  });

  it("judge only the fields asked", () => {
    const row = { rtmp_url: "nope", stream_key: "", username: null, password: null };
    expect(Object.keys(streamingOutputErrors(row, "en"))).toEqual(["rtmp_url", "stream_key"]);
    expect(streamingOutputErrors(row, "en", new Set(["username", "password"]))).toEqual({});
  });

  it("are upcoming and resetting", () => {
    expect(outputsEditable({ state: "upcoming" })).toBe(true);
    expect(outputsEditable({ state: "resetting" })).toBe(true);
    expect(outputsEditable({ state: "pre_loop" })).toBe(false);
  });
});
