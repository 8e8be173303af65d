import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { hasFeature } from "../organizations/index.ts";
import { type MutationContext, MutationRejected, type MutationTx, defineMutator, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { max } from "../validation/form-rules.ts";
import { required, requiredWith } from "../validation/required.ts";
import { alternatives, isStreamUrl, ruleMessage } from "../validation/rules.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import type { StreamingOutputRow } from "./record.ts";
import { partFor, webcastFor } from "../webcasts/part-rules.ts";
import type { WebcastApiStatus, WebcastRow } from "../webcasts/record.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * The mutators of a webcast's streaming outputs (domain/webcasts/parts.ts): RTMP destinations the
 * webcast is re-streamed to (SPEC §3). Each needs `webcasts.update` (`webcastFor` / `partFor`,
 * part-rules.ts), works only while the webcast has not started streaming (SPEC §4, `EDITABLE_STATES`),
 * and creating or changing one needs the organization's `allow_rtmp_output` (SPEC §3); removing
 * one does not, so outputs left behind by a flag turned off can still be cleaned up.
 */

type Text = LocalizedText;

/** Refusals and field errors of the streaming output mutators (SPEC §1: en and fr). */
export const STREAMING_OUTPUT_MESSAGES = {
  invalid: { en: "Some fields of the streaming output are invalid.", fr: "Certains champs de la sortie de diffusion sont invalides." },
  disabled: { en: "RTMP outputs are not enabled for this organization.", fr: "Les sorties RTMP ne sont pas activées pour cette organisation." },
  locked: {
    en: "Streaming outputs can only be changed before the webcast goes on air, while it is upcoming.",
    fr: "Les sorties de diffusion ne peuvent être modifiées qu'avant la mise en ondes du webcast, tant qu'il est à venir.",
  },
  already_exists: { en: "A streaming output with this identifier already exists.", fr: "Une sortie de diffusion avec cet identifiant existe déjà." },
  gone: { en: "This streaming output no longer exists: it was deleted.", fr: "Cette sortie de diffusion n'existe plus : elle a été supprimée." },
  stream_key_spaces: { en: "The stream key may not contain spaces.", fr: "La clé de flux ne peut pas contenir d'espaces." },
  username_label: { en: "Username", fr: "Nom d'utilisateur" },
  password_label: { en: "Password", fr: "Mot de passe" },
} as const satisfies Record<string, Text>;

/**
 * SPEC §4 "Streaming outputs are editable only before the streaming structure exists": the
 * structure is set up when the webcast starts (starting), so outputs change only while it is
 * upcoming, or being reset to upcoming. Every later state (pre-show loop, on air, ended, canceled)
 * is locked; a reset brings an ended webcast back to upcoming.
 */
export const EDITABLE_STATES: ReadonlySet<WebcastApiStatus> = new Set<WebcastApiStatus>(["upcoming", "resetting"]);

export function outputsEditable(webcast: Pick<WebcastRow, "state">): boolean {
  return EDITABLE_STATES.has(webcast.state);
}

/**
 * SPEC §5 stream URL: the addresses an output may start with. Any RTMP service (YouTube,
 * Facebook, a CDN…), so the schemes, plain or over TLS; `isOutputUrl` adds the host and the path.
 */
export const OUTPUT_URL_ADDRESSES = ["rtmp://", "rtmps://"] as const;
export const RTMP_URL_MAX = 2_000;
export const STREAM_KEY_MAX = 500;
export const CREDENTIAL_MAX = 255;

/** A host name or IPv4 address (letters, digits, dots, dashes) or a bracketed IPv6, then an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether `url` is `rtmp://` or `rtmps://`, a host (the service address) and a non-empty path
 * after it (the application, e.g. `rtmp://a.rtmp.youtube.com/live2`), without spaces.
 */
export function isOutputUrl(value: string): boolean {
  const url = value.trim();
  if (!isStreamUrl(url, OUTPUT_URL_ADDRESSES)) return false;
  const rest = url.slice(url.indexOf("://") + 3);
  const slash = rest.indexOf("/");
  return slash > 0 && HOST.test(rest.slice(0, slash)) && rest.slice(slash + 1).replace(/\//g, "") !== "";
}

type OutputFields = Pick<StreamingOutputRow, "rtmp_url" | "stream_key" | "username" | "password">;

/**
 * The field errors of an output as it would be stored (SPEC §5), in `locale`: the URL required,
 * an RTMP(S) stream URL with a path (the SPEC's stream URL message), at most 2,000 characters;
 * the stream key required, without spaces, at most 500; username and password at most 255 each
 * and each required with the other (SPEC §5 required_with). Only `checked` fields are judged (an
 * update judges what it changes, and the credentials together).
 */
export function streamingOutputErrors(output: OutputFields, locale: UiLocale, checked: ReadonlySet<keyof OutputFields> = new Set(["rtmp_url", "stream_key", "username", "password"])): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: keyof OutputFields, message: string | null) => {
    if (message && checked.has(field) && !errors[field]) errors[field] = [message];
  };
  const text = STREAMING_OUTPUT_MESSAGES;
  add("rtmp_url", required(output.rtmp_url, locale) ?? max(output.rtmp_url, locale, { length: RTMP_URL_MAX }));
  if (!isOutputUrl(output.rtmp_url)) add("rtmp_url", ruleMessage("stream_url", locale, { addresses: alternatives(OUTPUT_URL_ADDRESSES, locale) }));
  add("stream_key", required(output.stream_key, locale) ?? max(output.stream_key, locale, { length: STREAM_KEY_MAX }));
  if (/\s/.test(output.stream_key)) add("stream_key", localized(text.stream_key_spaces, locale));
  add("username", max(output.username, locale, { length: CREDENTIAL_MAX }) ?? requiredWith(output.username, locale, { target: output.password, targetField: localized(text.password_label, locale) }));
  add("password", max(output.password, locale, { length: CREDENTIAL_MAX }) ?? requiredWith(output.password, locale, { target: output.username, targetField: localized(text.username_label, locale) }));
  return errors;
}

const isoDateTime = z.iso.datetime();
// Shapes only (generous bounds); what a person can get wrong is a localized rule above.
const fields = {
  rtmp_url: z.string().max(10_000),
  stream_key: z.string().max(10_000),
  username: z.string().max(10_000).nullable(),
  password: z.string().max(10_000).nullable(),
  activated: z.boolean(),
};

export const createStreamingOutputArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  /** The webcast's organization: where the sync push sends the mutation (the id is new). */
  organization_id: z.int().positive(),
  webcast_id: z.string().regex(UUID_V7),
  rtmp_url: fields.rtmp_url,
  stream_key: fields.stream_key,
  username: fields.username.optional(),
  password: fields.password.optional(),
  activated: fields.activated.default(false),
  now: isoDateTime,
});
export type CreateStreamingOutputArgs = z.input<typeof createStreamingOutputArgs>;

/** The fields given change, the others stay (concurrent edits of different fields merge). */
export const updateStreamingOutputArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  ...z.object(fields).partial().shape,
  now: isoDateTime,
});
export type UpdateStreamingOutputArgs = z.input<typeof updateStreamingOutputArgs>;

export const deleteStreamingOutputArgs = z.strictObject({ id: z.string().regex(UUID_V7) });
export type DeleteStreamingOutputArgs = z.input<typeof deleteStreamingOutputArgs>;

/** Blank username or password = none. The password is kept as typed (spaces may belong to it). */
const credential = (value: string | null | undefined, trim: boolean) => (value == null || value.trim() === "" ? null : trim ? value.trim() : value);

/**
 * `allow_rtmp_output` in the webcast's organization, judged where the rules are known: always on
 * the server (a store without the lookup is a wiring error there), in a browser when it holds the
 * organization; otherwise the server decides.
 */
async function checkFeature(tx: MutationTx, ctx: MutationContext, organizationId: number): Promise<void> {
  if (!tx.organization) {
    if (ctx.location === "server") throw new Error("ServerStore.read.organization is required on the server");
    return;
  }
  const rules = await tx.organization(organizationId);
  if (!rules) throw new MutationRejected("not_found", WEBCAST_MESSAGES.organization_not_found);
  if (!hasFeature(rules, "allow_rtmp_output")) throw new MutationRejected("forbidden", STREAMING_OUTPUT_MESSAGES.disabled);
}

function checkEditable(webcast: WebcastRow): void {
  if (!outputsEditable(webcast)) throw new MutationRejected("locked", STREAMING_OUTPUT_MESSAGES.locked);
}

function checkFields(output: OutputFields, locale: UiLocale, checked?: ReadonlySet<keyof OutputFields>): void {
  const errors = streamingOutputErrors(output, locale, checked);
  if (Object.keys(errors).length > 0) throw new MutationRejected("validation_failed", STREAMING_OUTPUT_MESSAGES.invalid, errors);
}

/**
 * Adds an output to the webcast under the client's id (not activated unless told). Refused when
 * the webcast is gone or in another organization than `organization_id` (not_found), without
 * `webcasts.update` (forbidden), without allow_rtmp_output (forbidden), once the webcast has
 * started streaming (locked), for an id already taken (conflict) or invalid fields.
 */
export const createStreamingOutput = defineMutator("createStreamingOutput", createStreamingOutputArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  await checkFeature(tx, ctx, webcast.organization_id);
  checkEditable(webcast);
  if (await tx.get("streaming_outputs", args.id)) throw new MutationRejected("conflict", STREAMING_OUTPUT_MESSAGES.already_exists);
  const output: OutputFields = {
    rtmp_url: args.rtmp_url.trim(),
    stream_key: args.stream_key.trim(),
    username: credential(args.username, true),
    password: credential(args.password, false),
  };
  checkFields(output, ctx.locale);
  await tx.put("streaming_outputs", {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    ...output,
    activated: args.activated,
    created_at: args.now,
    updated_at: args.now,
  });
});

/**
 * Patches the given fields of an output (`activated` switches it on or off) and bumps updated_at.
 * Refused when it is gone (not_found), without `webcasts.update` or allow_rtmp_output
 * (forbidden), once the webcast has started streaming (locked) or for invalid fields (those
 * changed; username and password are judged together).
 */
export const updateStreamingOutput = defineMutator("updateStreamingOutput", updateStreamingOutputArgs, ofRow, async (tx, args, ctx) => {
  const { row, webcast } = await partFor(tx, "streaming_outputs", args.id, "webcasts.update", ctx, STREAMING_OUTPUT_MESSAGES.gone);
  await checkFeature(tx, ctx, webcast.organization_id);
  checkEditable(webcast);
  const patch: Partial<StreamingOutputRow> = {};
  if (args.rtmp_url !== undefined) patch.rtmp_url = args.rtmp_url.trim();
  if (args.stream_key !== undefined) patch.stream_key = args.stream_key.trim();
  if (args.username !== undefined) patch.username = credential(args.username, true);
  if (args.password !== undefined) patch.password = credential(args.password, false);
  if (args.activated !== undefined) patch.activated = args.activated;
  const checked = new Set<keyof OutputFields>();
  if (patch.rtmp_url !== undefined) checked.add("rtmp_url");
  if (patch.stream_key !== undefined) checked.add("stream_key");
  if (patch.username !== undefined || patch.password !== undefined) checked.add("username").add("password");
  checkFields({ ...row, ...patch }, ctx.locale, checked);
  await tx.patch("streaming_outputs", args.id, { ...patch, updated_at: args.now });
});

/**
 * Removes an output. Refused when it is already gone (not_found: a replay is answered, never
 * applied twice), without `webcasts.update` (forbidden) or once the webcast has started streaming
 * (locked). Needs no feature flag: what a turned-off flag left behind can be cleaned up.
 */
export const deleteStreamingOutput = defineMutator("deleteStreamingOutput", deleteStreamingOutputArgs, ofRow, async (tx, args, ctx) => {
  const { webcast } = await partFor(tx, "streaming_outputs", args.id, "webcasts.update", ctx, STREAMING_OUTPUT_MESSAGES.gone);
  checkEditable(webcast);
  await tx.delete("streaming_outputs", args.id);
});

/** Every streaming output mutator by name (spread into ALL_MUTATORS, domain/sync/registry.ts). */
export const STREAMING_OUTPUT_MUTATORS = { createStreamingOutput, updateStreamingOutput, deleteStreamingOutput } as const;
