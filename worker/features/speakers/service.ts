import { and, asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { UUID_V7, uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { ruleMessage } from "../../../domain/validation/rule-messages.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { MAX_LISTED_SPEAKERS, SPEAKER_MESSAGES, type SetWebcastSpeakersArgs, type SpeakerEntry, maySpeak } from "../../../domain/speakers/mutators.ts";
import type { Db } from "../../db/client.ts";
import { memberships, users, webcastSpeakers } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import { inJson } from "../sync/sql.ts";
import { localized } from "../../../domain/validation/localized.ts";

/**
 * The speakers routes' logic (docs/webcasts-api.md "Speakers"). Callers have authorized
 * `webcasts.update` on the webcast; writes are one pushed mutation (the route's business).
 */

/** A speaker as the routes answer it: the synced row without its sync columns. */
export interface SpeakerResource {
  id: string;
  user_id: number;
  name: string;
  email: string;
  is_producer: boolean;
  shown_in_lobby: boolean;
  position: number;
  invited_at: string | null;
}

export function speakerResource(row: WebcastSpeakerRow): SpeakerResource {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    is_producer: row.is_producer,
    shown_in_lobby: row.shown_in_lobby,
    position: row.position,
    invited_at: row.invited_at,
  };
}

/**
 * Body of PATCH /api/webcasts/{uid}/speakers: the whole list, in order. A person is named by
 * `user_id`, else by `id` — an integer `id` is the user's (the webcast's SPEC §3 `speakers (id,
 * is_producer)`), a UUIDv7 `id` a speaker of this webcast as answered. Absent flags are kept
 * (new speakers: not the producer, shown in the lobby).
 */
export function speakersBody(locale: UiLocale) {
  const entry = z
    .strictObject({
      user_id: z.int().positive().optional(),
      id: z.union([z.int().positive(), z.string().regex(UUID_V7)]).optional(),
      is_producer: z.boolean().optional(),
      shown_in_lobby: z.boolean().optional(),
    })
    .refine((value) => value.user_id !== undefined || value.id !== undefined, { message: ruleMessage("required", locale), path: ["user_id"] });
  return z.strictObject({ webcast_speakers: z.array(entry).max(MAX_LISTED_SPEAKERS) });
}
export type SpeakersBody = z.output<ReturnType<typeof speakersBody>>;

/** The webcast's speakers in their order. */
export async function listSpeakers(database: Db, webcastId: string): Promise<WebcastSpeakerRow[]> {
  return database.select().from(webcastSpeakers).where(eq(webcastSpeakers.webcast_id, webcastId)).orderBy(asc(webcastSpeakers.position), asc(webcastSpeakers.id));
}

/**
 * One speaker of the webcast, named by its id (UUIDv7) or by its user's id (an integer); 404 with
 * "not on this webcast" otherwise.
 */
export async function findSpeaker(database: Db, webcastId: string, speakerId: string, locale: UiLocale): Promise<WebcastSpeakerRow> {
  const byUser = /^[1-9][0-9]{0,15}$/.test(speakerId) ? eq(webcastSpeakers.user_id, Number(speakerId)) : undefined;
  const byId = UUID_V7.test(speakerId) ? eq(webcastSpeakers.id, speakerId) : undefined;
  const [row] = byUser || byId ? await database.select().from(webcastSpeakers).where(and(eq(webcastSpeakers.webcast_id, webcastId), or(byUser, byId))) : [];
  if (!row) throw new ApiError("not_found", { message: localized(SPEAKER_MESSAGES.not_on_webcast, locale) });
  return row;
}

/**
 * The `setWebcastSpeakers` arguments for a PATCH body: kept speakers by their row, added ones
 * under a new UUIDv7 with their name and e-mail copied from D1. An added person must be a member
 * of the webcast's organization who may speak (`maySpeak`: speaker, organizer, admin, owner); a
 * kept one stays even if their role changed since (the organizer removes them). 422 otherwise,
 * field errors keyed `webcast_speakers.<index>.<field>`. Also the webcast forms' `speakers`
 * (worker/features/webcasts/form-speakers.ts), for a webcast that may not exist yet.
 */
export async function speakerListArgs(database: Db, webcast: Pick<WebcastRow, "id" | "organization_id">, body: SpeakersBody, locale: UiLocale): Promise<SetWebcastSpeakersArgs> {
  const current = await listSpeakers(database, webcast.id);
  const byId = new Map(current.map((row) => [row.id, row]));
  const byUser = new Map(current.map((row) => [row.user_id, row]));
  const errors: Record<string, string[]> = {};

  const people = body.webcast_speakers.map((entry, index) => {
    if (entry.user_id !== undefined) return entry.user_id;
    if (typeof entry.id === "number") return entry.id;
    const row = entry.id === undefined ? undefined : byId.get(entry.id);
    if (!row) errors[`webcast_speakers.${index}.id`] = [localized(SPEAKER_MESSAGES.not_on_webcast, locale)];
    return row?.user_id;
  });
  const added = [...new Set(people.filter((userId): userId is number => userId !== undefined && !byUser.has(userId)))];
  const candidates = new Map<number, { name: string; email: string }>();
  if (added.length > 0) {
    const members = await database
      .select({ id: users.id, name: users.name, email: users.email, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(and(eq(memberships.organization_id, webcast.organization_id), inJson(memberships.user_id, added)));
    for (const member of members) if (maySpeak(member.role)) candidates.set(member.id, { name: member.name, email: member.email });
  }

  const newIds = new Map<number, string>();
  const speakers: SpeakerEntry[] = [];
  for (const [index, entry] of body.webcast_speakers.entries()) {
    const userId = people[index];
    if (userId === undefined) continue;
    const flags = { ...(entry.is_producer === undefined ? {} : { is_producer: entry.is_producer }), ...(entry.shown_in_lobby === undefined ? {} : { shown_in_lobby: entry.shown_in_lobby }) };
    const kept = byUser.get(userId);
    if (kept) {
      speakers.push({ id: kept.id, user_id: userId, ...flags });
      continue;
    }
    const person = candidates.get(userId);
    if (!person) {
      errors[`webcast_speakers.${index}.user_id`] = [localized(SPEAKER_MESSAGES.not_a_candidate, locale)];
      continue;
    }
    let id = newIds.get(userId);
    if (!id) newIds.set(userId, (id = uuidv7()));
    speakers.push({ id, user_id: userId, name: person.name, email: person.email, ...flags });
  }
  if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(SPEAKER_MESSAGES.invalid, locale), errors });
  return { webcast_id: webcast.id, organization_id: webcast.organization_id, speakers, now: new Date().toISOString() };
}

/** The mutator's field errors (`speakers.1.is_producer`) under the body's names (`webcast_speakers.1.is_producer`). */
export function bodyFieldErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.options.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.options.errors).map(([field, messages]) => [field.replace(/^speakers(?=\.|$)/, "webcast_speakers"), messages]));
  return new ApiError(error.code, { ...error.options, errors });
}

/** The user a speaker row stands for, as the invitation needs them (their current address and language). */
export async function speakerUser(database: Db, userId: number) {
  const [user] = await database
    .select({ id: users.id, email: users.email, communication_language: users.communication_language, status: users.status, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new ApiError("not_found");
  return user;
}
