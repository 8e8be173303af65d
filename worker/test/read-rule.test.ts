import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { readsOfWebcast } from "../../domain/permissions/read-rule.ts";
import type { PullResponse, SyncTable } from "../../domain/sync/types.ts";
import { SYNC_TABLES } from "../../domain/sync/tables.ts";
import type { WebcastRow } from "../../domain/webcasts/record.ts";
import { insertEmbedApp } from "../features/embed-apps/testing.ts";
import { cloneDemoEvents } from "../features/organizations/route-cases.ts";
import { insertPoll, insertSeries } from "../features/polls/testing.ts";
import { insertResource } from "../features/resources/testing.ts";
import { insertSegment } from "../features/segments/testing.ts";
import { insertSpeaker } from "../features/speakers/testing.ts";
import { insertOutput } from "../features/streaming-outputs/testing.ts";
import { userIdOf, viewerRow } from "../features/sync/testing.ts";
import { insertWebcast } from "../features/webcasts/testing.ts";
import { type TestClient, clientFor, seedDemo } from "./client.ts";
import { ACTORS } from "./route-matrix.ts";

/**
 * The one read rule (issue #14 point 1, domain/permissions/read-rule.ts): for every synced table,
 * every role and two tenants, what a user pulls is what the REST reads give them for the same rows.
 * Two webcasts in a copy of "Demo Events" — one where speaker@demo.test speaks and
 * producer@demo.test produces, one without them — and one in "Other Org", each with a row of every
 * webcast part; fixtures written to D1 and logged, so pulls see them.
 */
type Fixture = { webcast: WebcastRow; rows: Partial<Record<SyncTable, string[]>> };

async function logged(table: SyncTable, organizationId: number, ids: readonly string[]): Promise<string[]> {
  for (const id of ids) await env.DB.prepare("INSERT INTO sync_changes (organization_id, table_name, row_id, op) VALUES (?, ?, ?, 'put')").bind(organizationId, table, id).run();
  return [...ids];
}

async function webcastWithParts(organizationId: number, speakers: readonly [email: string, producer: boolean][]): Promise<Fixture> {
  const webcast = await insertWebcast(organizationId);
  const org = organizationId;
  const speakerIds: string[] = [];
  for (const [email, producer] of speakers) speakerIds.push((await insertSpeaker(webcast, await userIdOf(email), { is_producer: producer })).id);
  const viewer = viewerRow(webcast);
  await env.DB.prepare(
    "INSERT INTO viewers (id, organization_id, webcast_id, name, email, tags, vote_weight, registered, invitation_sent, reminder_sent, is_moderator, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', 1, 0, 0, 0, 0, ?, ?)",
  )
    .bind(viewer.id, org, webcast.id, viewer.name, viewer.email, viewer.created_at, viewer.updated_at)
    .run();
  return {
    webcast,
    rows: {
      webcasts: await logged("webcasts", org, [webcast.id]),
      webcast_speakers: await logged("webcast_speakers", org, speakerIds),
      viewers: await logged("viewers", org, [viewer.id]),
      polls: await logged("polls", org, [(await insertPoll(webcast)).id]),
      polling_series: await logged("polling_series", org, [(await insertSeries(webcast)).id]),
      resources: await logged("resources", org, [(await insertResource(webcast)).id]),
      embed_apps: await logged("embed_apps", org, [(await insertEmbedApp(webcast)).id]),
      segments: await logged("segments", org, [(await insertSegment(webcast, "Board")).id]),
      streaming_outputs: await logged("streaming_outputs", org, [(await insertOutput(webcast)).id]),
    },
  };
}

/**
 * The rows a user's device gets: the main pull, then each webcast's viewers pull (docs/sync.md
 * "Viewers on demand": a webcast the user opens), which a user who may not read them is refused.
 */
async function pulledIds(client: TestClient, webcastIds: readonly string[]): Promise<Map<SyncTable, Set<string>>> {
  const seen = new Map<SyncTable, Set<string>>(SYNC_TABLES.map((table) => [table, new Set()]));
  for (const webcast of [null, ...webcastIds]) {
    let cursor = 0;
    let continuing = false;
    for (;;) {
      const response = await client.get(`/api/sync/pull?cursor=${cursor}${continuing ? "&continuing=1" : ""}${webcast ? `&webcast=${webcast}` : ""}`);
      if (webcast && (response.status === 403 || response.status === 404)) break;
      expect(response.status).toBe(200);
      const page = await response.json<PullResponse>();
      for (const change of page.changes) if (change.op === "put") seen.get(change.table)?.add(change.id);
      if (!page.more) break;
      cursor = page.cursor;
      continuing = true;
    }
  }
  return seen;
}

/** What REST answers the user for a table of one webcast: the ids it shows, or null when it refuses (403/404). */
async function restIds(client: TestClient, table: SyncTable, fixture: Fixture): Promise<string[] | null> {
  const id = fixture.webcast.id;
  const list = async (path: string, pick: (body: unknown) => string[]) => {
    const response = await client.get(path);
    if (response.status === 403 || response.status === 404) return null;
    expect(response.status, `${table} ${path}`).toBe(200);
    return pick(await response.json());
  };
  const ids = (body: unknown) => ((body as { data: { id: string }[] }).data ?? []).map((item) => String(item.id));
  switch (table) {
    case "webcasts":
      return list(`/api/webcasts/${id}`, (body) => [(body as { data: { uid: string } }).data.uid]);
    case "webcast_speakers":
      // The webcast's answer lists its speakers (by user id): readable with it.
      return list(`/api/webcasts/${id}`, () => fixture.rows.webcast_speakers ?? []);
    case "polls":
      return list(`/api/webcasts/${id}/polls`, ids);
    case "polling_series":
      return list(`/api/webcasts/${id}/polling-series`, ids);
    case "resources":
      return list(`/api/webcasts/${id}/resources`, ids);
    case "embed_apps":
      return list(`/api/webcasts/${id}/embed-apps`, ids);
    case "streaming_outputs":
      return list(`/api/webcasts/${id}/streaming-outputs`, ids);
    case "viewers":
      return list(`/api/webcasts/${id}/viewers?per_page=200`, ids);
    default:
      return undefined as never;
  }
}

/**
 * Tables without a REST read yet (segments: only written over REST; the library, decks and
 * premiere playlists: issue #17, whose fixtures hold none of them yet): the rule itself decides.
 */
const WITHOUT_REST: readonly SyncTable[] = ["segments", "media", "slides", "premiere_videos"];

let fixtures: Fixture[] = [];
let organizationId = 0;

beforeAll(async () => {
  await seedDemo();
  organizationId = await cloneDemoEvents();
  fixtures = [
    await webcastWithParts(organizationId, [
      ["speaker@demo.test", false],
      ["producer@demo.test", true],
    ]),
    await webcastWithParts(organizationId, []),
    await webcastWithParts(2, []),
  ];
});

const USERS = [...Object.values(ACTORS).filter((email): email is Exclude<typeof email, null> => email !== null), "producer@demo.test"];

/** What each user reads of the three fixtures (in order), table by table: the rule spelled out once more. */
const PARTS = ["webcasts", "webcast_speakers", "viewers", "polls", "polling_series", "resources", "embed_apps", "segments", "streaming_outputs"] as const;
const EVERYTHING = [PARTS, PARTS, []] as const;
const EXPECTED: Record<string, readonly (readonly SyncTable[])[]> = {
  "viewer@demo.test": [[], [], []],
  "operator@demo.test": [[], [], []],
  "speaker@demo.test": [["webcasts", "webcast_speakers"], [], []],
  "producer@demo.test": [["webcasts", "webcast_speakers", "polls", "polling_series"], [], []],
  "organizer@demo.test": EVERYTHING,
  "admin@demo.test": EVERYTHING,
  "owner@demo.test": EVERYTHING,
  "owner@other.test": [[], [], PARTS],
  "superadmin@demo.test": [PARTS, PARTS, PARTS],
};

describe("one read rule for REST and the sync pull", () => {
  it.each(USERS)("%s pulls exactly what REST lets them read, table by table, in both tenants", async (email) => {
    const client = await clientFor(email);
    const pulled = await pulledIds(client, fixtures.map((fixture) => fixture.webcast.id));
    const profile = await (await client.get("/api/profile")).json<{ data: { id: number; is_super_admin: boolean; permissions: Record<string, number[]> } }>();
    for (const [index, fixture] of fixtures.entries()) {
      const tables = SYNC_TABLES.filter((table) => table !== "organizations" && (fixture.rows[table] ?? []).some((id) => pulled.get(table)?.has(id)));
      const expected = SYNC_TABLES.filter((table) => EXPECTED[email]?.[index]?.includes(table) && (fixture.rows[table] ?? []).length > 0);
      expect(tables, `${email}: the tables pulled of fixture ${index + 1}`).toEqual(expected);
      for (const table of SYNC_TABLES) {
        if (table === "organizations") continue;
        const expected = fixture.rows[table] ?? [];
        const got = expected.filter((id) => pulled.get(table)?.has(id));
        if (WITHOUT_REST.includes(table)) {
          const speakers = await env.DB.prepare("SELECT user_id AS id, is_producer FROM webcast_speakers WHERE webcast_id = ?").bind(fixture.webcast.id).all<{ id: number; is_producer: number }>();
          const readable = readsOfWebcast(profile.data, table, { organization_id: fixture.webcast.organization_id, speakers: speakers.results.map((row) => ({ id: row.id, is_producer: Boolean(row.is_producer) })) });
          expect(got, `${email} ${table} of ${fixture.webcast.event_title}`).toEqual(readable ? expected : []);
          continue;
        }
        const rest = await restIds(client, table, fixture);
        expect(got.sort(), `${email} ${table} (REST ${rest === null ? "refused" : "answered"})`).toEqual(rest === null ? [] : rest.filter((id) => expected.includes(id)).sort());
        if (rest !== null) expect(rest.filter((id) => expected.includes(id)).sort(), `${email} ${table}: REST shows the fixture`).toEqual([...expected].sort());
      }
    }
    // Organizations: the listing's.
    const listing = await (await client.get("/api/organizations?page=1")).json<{ data: { id: number }[] }>();
    const listed = listing.data.map((organization) => String(organization.id)).filter((id) => [String(organizationId), "2"].includes(id));
    expect([...(pulled.get("organizations") ?? [])].filter((id) => [String(organizationId), "2"].includes(id)).sort(), `${email} organizations`).toEqual(listed.sort());
  });
});
