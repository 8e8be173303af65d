import { writeWebcastFields } from "../webcast-room/room-host.ts";
import type { z } from "zod";
import { addSegment } from "../../../domain/segments/mutators.ts";
import { createEmbedApp } from "../../../domain/embed-apps/mutators.ts";
import { type CreatePollArgs, createPoll, createPollingSeries } from "../../../domain/polls/mutators.ts";
import { createResource } from "../../../domain/resources/mutators.ts";
import { createStreamingOutput } from "../../../domain/streaming-outputs/mutators.ts";
import { createWebcast, setWebcastBranding, updateWebcast } from "../../../domain/webcasts/mutators.ts";
import { setWebcastSpeakers } from "../../../domain/speakers/mutators.ts";
import { createViewer } from "../../../domain/viewers/mutators.ts";
import { and, eq, inArray } from "drizzle-orm";
import { type Mutator, type PendingMutation, mutationCall } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { wallTimeToUtc } from "../../../domain/time/wall-time.ts";
import { todayIn } from "../../../domain/validation/datetime.ts";
import { addDays } from "../../../domain/webcasts/calendar.ts";
import type { CreateWebcastArgs } from "../../../domain/webcasts/mutators.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { type Db, db } from "../../db/client.ts";
import { syncChanges, users, webcasts } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { type AuthUser, loadAuthUser } from "../auth/auth-user.ts";
import { newResourceFileKey } from "../resources/files.ts";
import { D1ServerStore } from "../sync/d1-server-store.ts";
import { pushMutations } from "../sync/push.ts";
import { putBrandingImage } from "../branding/images.ts";
import { demoCover, demoLogo } from "./demo-images.ts";
import { DEMO_WEBCASTS, type DemoPoll, demoPartId, type DemoStart, type DemoWebcast } from "./demo-webcasts.ts";

/**
 * Seeds the demo webcasts (demo-webcasts.ts, docs/demo.md) through the app's own sync mutators,
 * pushed as their organization's organizer (or owner) like any browser's mutations: the same
 * rules judge them, and each row gets its change-log entry, so devices receive it by a pull.
 *
 * Idempotent: a demo webcast is recognised by its fixed id. One that exists, or that was deleted
 * (its `del` entry in the change log), is left alone with its parts: nothing is created again.
 * One exception keeps the demo alive over days: a demo webcast planned ahead that is still
 * `upcoming` although its start has passed is moved to its planned start from now (updateWebcast),
 * so "starting within the hour" starts within the hour again at the next `npm start`.
 */

/** The language of the mutators' messages, should one refuse (a seed error for developers). */
const LOCALE = "en" as const;

export interface SeedWebcastsResult {
  /** New rows: webcasts and their parts (speakers, polls, series, resources, segments, outputs, embed apps). */
  created: number;
  /** Demo webcasts whose missed start was moved ahead. */
  rescheduled: number;
}

/** The start of `start` seen from `now` in `timeZone`, as a UTC ISO instant. */
export function demoStartOf(start: DemoStart, timeZone: string, now: Date): string {
  if ("soon" in start) {
    const fiveMinutes = 5 * 60_000;
    return new Date(Math.ceil((now.getTime() + 30 * 60_000) / fiveMinutes) * fiveMinutes).toISOString();
  }
  const utc = wallTimeToUtc({ date: addDays(todayIn(now, timeZone), start.days), time: start.time }, timeZone);
  if (!utc) throw new Error(`demo seed: bad start ${JSON.stringify(start)} in ${timeZone}`);
  return new Date(utc).toISOString();
}

export async function seedDemoWebcasts(env: Env, now = new Date()): Promise<SeedWebcastsResult> {
  const database = db(env.DB);
  const ids = DEMO_WEBCASTS.map((webcast) => webcast.id);
  const [stored, deleted] = await Promise.all([
    database.select({ id: webcasts.id, state: webcasts.state, event_start_date_time: webcasts.event_start_date_time }).from(webcasts).where(inArray(webcasts.id, ids)),
    database
      .select({ id: syncChanges.row_id })
      .from(syncChanges)
      .where(and(eq(syncChanges.table_name, "webcasts"), eq(syncChanges.op, "del"), inArray(syncChanges.row_id, ids))),
  ]);
  const existing = new Map(stored.map((row) => [row.id, row]));
  const known = new Set([...existing.keys(), ...deleted.map((row) => row.id)]);

  // One push per acting user (so per organization): one trip to its OrganizationSync object.
  const people = new People(database);
  const pushes = new Map<string, Planned[]>();
  const plan = (demo: DemoWebcast, planned: Planned) => pushes.set(demo.actor, [...(pushes.get(demo.actor) ?? []), planned]);
  let created = 0;
  let rescheduled = 0;
  for (const demo of DEMO_WEBCASTS) {
    const row = existing.get(demo.id);
    if (!known.has(demo.id)) {
      const planned = await planDemoWebcast(env, people, demo, now);
      plan(demo, planned);
      created += planned.rows;
    } else if (row && demo.archived !== true && row.state === "upcoming" && Date.parse(row.event_start_date_time) < now.getTime()) {
      const move = mutation(updateWebcast, { id: demo.id, event_start_date_time: demoStartOf(demo.start, demo.timezone, now), now: now.toISOString() }, now);
      plan(demo, { demo, mutations: [move], rows: 0, archive: false });
      rescheduled++;
    }
  }
  for (const [email, planned] of pushes) {
    const actor = await people.actor(email);
    await push(env, actor, planned);
    for (const entry of planned) if (entry.archive) await archive(env, entry.demo);
  }
  return { created, rescheduled };
}

/** The mutations that seed (or move) one demo webcast, and how many rows they create. */
interface Planned {
  demo: DemoWebcast;
  mutations: PendingMutation[];
  rows: number;
  /** Archive it once created (a past webcast). */
  archive: boolean;
}

/** The demo users the seed needs (actors and speakers), looked up once. */
class People {
  private readonly rows = new Map<string, { id: number; name: string; email: string }>();
  private readonly actors = new Map<string, AuthUser>();

  constructor(private readonly database: Db) {}

  async user(email: string): Promise<{ id: number; name: string; email: string }> {
    let row = this.rows.get(email);
    if (!row) {
      [row] = await this.database.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email));
      if (!row) throw new Error(`demo seed: no user ${email} (the demo accounts are seeded first)`);
      this.rows.set(email, row);
    }
    return row;
  }

  async actor(email: string): Promise<AuthUser> {
    let actor = this.actors.get(email);
    if (!actor) {
      const user = await this.user(email);
      actor = (await loadAuthUser(this.database, user.id, "dev-seed")) ?? undefined;
      if (!actor) throw new Error(`demo seed: ${email} cannot act (disabled?)`);
      this.actors.set(email, actor);
    }
    return actor;
  }
}

/** A pushed mutation named by its mutator: the demo data is checked against the mutators' argument types. */
function mutation<M extends Mutator>(mutator: M, args: z.input<M["args"]>, now: Date): PendingMutation {
  const call = mutationCall(mutator, args);
  return { id: uuidv7(), name: call.name, args: call.args, client_time: now.toISOString() };
}

/**
 * Pushes the planned mutations as `actor`, as the sync push route does (serialized in the
 * organization's OrganizationSync object, logged, poked); any refusal is a mistake in the demo
 * data and throws.
 */
async function push(env: Env, actor: AuthUser, planned: readonly Planned[]): Promise<void> {
  const mutations = planned.flatMap((entry) => entry.mutations);
  const titleOf = (index: number) => {
    let seen = 0;
    for (const entry of planned) {
      seen += entry.mutations.length;
      if (index < seen) return entry.demo.event_title;
    }
    return "?";
  };
  const response = await pushMutations(env, actor, LOCALE, mutations);
  for (const [index, result] of response.results.entries()) {
    if (result.status === "rejected") {
      const { error } = result;
      throw new Error(`demo seed: ${mutations[index]?.name} of "${titleOf(index)}" refused: ${error.message} ${JSON.stringify(error.errors ?? {})}`);
    }
  }
  if (response.error) throw new Error(`demo seed: pushing as ${actor.email} failed: ${response.error.message}`);
}

function pollArgs(demo: DemoWebcast, poll: DemoPoll, seriesId: string | null, iso: string): CreatePollArgs {
  const options = poll.options.map((text, index) => ({ id: `option-${index + 1}`, text }));
  return {
    id: poll.id,
    organization_id: demo.organization_id,
    webcast_id: demo.id,
    title: poll.title,
    ...(poll.description === undefined ? {} : { description: poll.description }),
    options,
    recommended_option_id: poll.recommended === undefined ? null : (options[poll.recommended]?.id ?? null),
    multiple_choice: poll.multiple_choice ?? false,
    display: poll.display ?? "fluid",
    series_id: seriesId,
    now: iso,
  };
}

/**
 * The mutations that create one demo webcast and its parts (createWebcast first). Its files go
 * to R2 now, under this webcast's keys, as the upload routes store them before their mutation.
 */
async function planDemoWebcast(env: Env, people: People, demo: DemoWebcast, now: Date): Promise<Planned> {
  const iso = now.toISOString();
  const part = { organization_id: demo.organization_id, webcast_id: demo.id, now: iso };
  const create: CreateWebcastArgs = {
    id: demo.id,
    organization_id: demo.organization_id,
    event_title: demo.event_title,
    description: demo.description,
    event_start_date_time: demoStartOf(demo.start, demo.timezone, now),
    duration: demo.duration,
    timezone: demo.timezone,
    language: demo.language,
    is_premiere: demo.is_premiere ?? false,
    is_test: demo.is_test ?? false,
    ...demo.settings,
    now: iso,
  };
  const mutations: PendingMutation[] = [mutation(createWebcast, { ...create }, now)];
  let rows = 1;

  // Branding images: stored in R2 first, then one setWebcastBranding points the webcast at them,
  // as the branding route does (its key rules apply).
  const branding: Record<string, unknown> = {};
  if (demo.images?.logo) branding.logo_key = await putBrandingImage(env.MEDIA, demo.id, "logo", { bytes: await demoLogo(demo.images.logo), type: "image/png" });
  if (demo.images?.cover) branding.cover_key = await putBrandingImage(env.MEDIA, demo.id, "cover", { bytes: await demoCover(demo.images.cover), type: "image/png" });
  if (Object.keys(branding).length > 0) mutations.push(mutation(setWebcastBranding, { id: demo.id, ...branding, now: iso }, now));

  if (demo.speakers.length > 0) {
    const speakers = [];
    for (const [index, speaker] of demo.speakers.entries()) {
      const user = await people.user(speaker.email);
      speakers.push({
        id: demoPartId(demo.id, 0x100 + index),
        user_id: user.id,
        name: user.name,
        email: user.email,
        is_producer: speaker.producer ?? false,
        shown_in_lobby: speaker.shown_in_lobby ?? true,
      });
    }
    mutations.push(mutation(setWebcastSpeakers, { webcast_id: demo.id, organization_id: demo.organization_id, speakers, now: iso }, now));
    rows += speakers.length;
  }

  if (demo.series) {
    const { id, title, description, polls } = demo.series;
    mutations.push(mutation(createPollingSeries, { ...part, id, title, ...(description === undefined ? {} : { description }) }, now));
    for (const poll of polls) mutations.push(mutation(createPoll, pollArgs(demo, poll, id, iso), now));
    rows += 1 + polls.length;
  }
  for (const poll of demo.polls ?? []) mutations.push(mutation(createPoll, pollArgs(demo, poll, null, iso), now));
  rows += demo.polls?.length ?? 0;

  for (const resource of demo.resources ?? []) {
    const common = { ...part, id: resource.id, title: resource.title, kind: resource.kind, visible: resource.visible ?? true, language: resource.language ?? null };
    const described = resource.description === undefined ? common : { ...common, description: resource.description };
    if (resource.kind === "file") {
      // A small text file in R2 under one of this resource's keys, as the upload route stores it.
      const key = newResourceFileKey(demo.id, resource.id);
      await env.MEDIA.put(key, resource.value, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
      mutations.push(mutation(createResource, { ...described, file_key: key, file_name: resource.file_name ?? "file.txt" }, now));
    } else {
      mutations.push(mutation(createResource, { ...described, url: resource.value }, now));
    }
  }
  rows += demo.resources?.length ?? 0;

  for (const segment of demo.segments ?? []) mutations.push(mutation(addSegment, { ...part, id: segment.id, name: segment.name }, now));
  for (const output of demo.outputs ?? []) mutations.push(mutation(createStreamingOutput, { ...part, id: output.id, rtmp_url: output.rtmp_url, stream_key: output.stream_key, activated: output.activated ?? false }, now));
  for (const app of demo.embed_apps ?? []) {
    mutations.push(mutation(createEmbedApp, { ...part, id: app.id, title: app.title, ...(app.description === undefined ? {} : { description: app.description }), embed_code: app.embed_code }, now));
  }
  rows += (demo.segments?.length ?? 0) + (demo.outputs?.length ?? 0) + (demo.embed_apps?.length ?? 0);

  for (const [index, viewer] of (demo.viewers ?? []).entries()) {
    mutations.push(mutation(createViewer, { id: demoPartId(demo.id, 0x200 + index), webcast_id: demo.id, ...viewer, now: iso }, now));
  }
  rows += demo.viewers?.length ?? 0;

  return { demo, mutations, rows, archive: demo.archived === true };
}

/**
 * Ends a demo webcast: state `archived`, as its room does when a broadcast ends. No mutator sets a
 * broadcast state (they are the room's, not an edit's, and a push never writes `state`), so the
 * seed writes it the way the room does (`writeWebcastFields`), which logs the change and pokes devices.
 */
async function archive(env: Env, demo: DemoWebcast): Promise<void> {
  const row: WebcastRow | undefined = await new D1ServerStore(env.DB, demo.organization_id).read.get("webcasts", demo.id);
  if (!row) throw new Error(`demo seed: "${demo.event_title}" was not created`);
  const { poster_overlay = false, question_wall = false } = row.attendee_options;
  await writeWebcastFields(env, row.id, { state: "archived", poster_overlay, question_wall, anonymous_questions: row.anonymous_questions });
}
