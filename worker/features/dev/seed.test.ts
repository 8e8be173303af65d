import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES, FEATURE_FLAGS, WEBCAST_FEATURE_FLAGS } from "../../../domain/organizations/features.ts";
import { DEFAULT_LIMITS } from "../../../domain/organizations/limits.ts";
import { WEBCAST_PART_TABLES } from "../../../domain/sync/tables.ts";
import type { PullResponse } from "../../../domain/sync/types.ts";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { PollRow } from "../../../domain/polls/record.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { media, memberships, organizations, premiereVideos, users } from "../../db/schema/index.ts";
import { TestClient } from "../../test/client.ts";
import { D1ServerStore } from "../sync/d1-server-store.ts";
import { sniffImageType } from "../../../domain/media/image-type.ts";
import { DEMO_USERS } from "./demo-data.ts";
import { DEMO_WEBCASTS, demoId } from "./demo-webcasts.ts";
import { seedDemoData } from "./seed.ts";
import { seedDemoWebcasts } from "./seed-webcasts.ts";
import { DEMO_MEDIA_ID, seedDemoMedia } from "./seed-media.ts";

const seed = () => seedDemoData(db(env.DB), env.PASSWORD_PEPPER ?? "");

describe("seedDemoData", () => {
  it("gives the demo organizations explicit limits and flags, Demo Events with every webcast flag", async () => {
    await seed();
    const rows = await db(env.DB).select().from(organizations).orderBy(organizations.id);
    expect(rows.map((row) => row.limits)).toEqual([DEFAULT_LIMITS, DEFAULT_LIMITS]);
    const [demo, other] = rows;
    expect(Object.keys(demo?.features ?? {})).toEqual([...FEATURE_FLAGS]);
    for (const flag of WEBCAST_FEATURE_FLAGS) expect(demo?.features[flag], flag).toBe(true);
    expect(demo?.features.allow_events).toBe(false);
    expect(other?.features).toEqual(DEFAULT_FEATURES);
  });

  it("seeds a pending user and a user without accounts", async () => {
    await seed();
    const [pending] = await db(env.DB).select().from(users).where(eq(users.email, "pending@demo.test"));
    expect(pending).toMatchObject({ status: "pending", email_verified_at: null });
    const [noAccount] = await db(env.DB).select().from(users).where(eq(users.email, "noaccount@demo.test"));
    expect(noAccount).toMatchObject({ status: "active", is_super_admin: false });
    expect(await db(env.DB).select().from(memberships).where(eq(memberships.user_id, noAccount?.id ?? 0))).toEqual([]);
    for (const email of ["pending@demo.test", "noaccount@demo.test"]) expect(DEMO_USERS.find((user) => user.email === email)?.note).toBeTruthy();
  });

  it("is idempotent, and fills limits and flags of a demo organization seeded before they existed", async () => {
    await seed();
    await db(env.DB).update(organizations).set({ limits: {}, features: {} }).where(eq(organizations.id, 2));
    await db(env.DB).update(organizations).set({ limits: { max_speakers: 4 } }).where(eq(organizations.id, 1));
    expect(await seed()).toEqual({ created: 0 });
    const rows = await db(env.DB).select().from(organizations).orderBy(organizations.id);
    expect(rows[0]?.limits).toEqual({ max_speakers: 4 }); // a value someone set is left alone
    expect(rows[1]?.limits).toEqual(DEFAULT_LIMITS);
    expect(rows[1]?.features).toEqual(DEFAULT_FEATURES);
  });
});

const HOUR = 3_600_000;
const LAUNCH = demoId(1);
const AGM = demoId(2);
const EARNINGS = demoId(3);
const PREMIERE = demoId(4);
const TECH_CHECK = demoId(5);
const TOWN_HALL = demoId(6);

const seedAll = async (now = new Date()) => {
  await seed();
  return seedDemoWebcasts(env, now);
};

/** The stored rows of a table whose id is in the demo namespace. */
async function demoRows<T>(table: string, where = ""): Promise<T[]> {
  const { results } = await env.DB.prepare(`SELECT * FROM ${table} WHERE id LIKE '0196a0de-%' ${where} ORDER BY id`).all<T>();
  return results;
}

/** The demo webcasts as the server store reads them (decoded rows). */
async function storedWebcasts(): Promise<WebcastRow[]> {
  const store = new D1ServerStore(env.DB);
  const rows = await Promise.all(DEMO_WEBCASTS.map((webcast) => store.read.get("webcasts", webcast.id)));
  return rows.filter((row) => row !== undefined);
}

async function demoRowCount(): Promise<number> {
  let count = 0;
  for (const table of ["webcasts", "viewers", ...WEBCAST_PART_TABLES]) count += (await demoRows(table)).length;
  return count;
}

/** Every change of the main pull, or of a webcast's viewers pull (`webcast`: docs/sync.md "Viewers on demand"). */
async function pullAll(email: string, webcast?: string): Promise<PullResponse["changes"]> {
  const client = await new TestClient().signInAs(email);
  const changes: PullResponse["changes"] = [];
  let cursor = 0;
  for (;;) {
    const response = await client.get(`/api/sync/pull?cursor=${cursor}${webcast ? `&webcast=${webcast}` : ""}${cursor > 0 ? "&continuing=1" : ""}`);
    expect(response.status).toBe(200);
    const page = await response.json<PullResponse>();
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.more) return changes;
  }
}

// The first seed of a file creates every demo row (about a second, more on a busy machine).
describe("seedDemoWebcasts", { timeout: 30_000 }, () => {
  it("seeds Demo Events' webcasts in their states: starting within the hour, upcoming, test, premiere, past", async () => {
    const now = new Date();
    const result = await seedAll(now);
    expect(result.created).toBe(await demoRowCount());
    expect(result.rescheduled).toBe(0);
    const rows = new Map((await storedWebcasts()).map((row) => [row.id, row]));
    expect(rows.size).toBe(DEMO_WEBCASTS.length);
    const start = (id: string) => Date.parse(rows.get(id)?.event_start_date_time ?? "");

    const launch = rows.get(LAUNCH);
    expect(launch).toMatchObject({ organization_id: 1, state: "upcoming", is_test: false, is_premiere: false, event_type: "video", source_type: "rtmp", quality: "1080p" });
    expect(start(LAUNCH) - now.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(start(LAUNCH) - now.getTime()).toBeLessThan(HOUR);

    expect(rows.get(AGM)).toMatchObject({ state: "upcoming", language: "fr", timezone: "Europe/Paris", privacy: "private", control_number_required: true });
    expect(rows.get(EARNINGS)).toMatchObject({ state: "upcoming", event_type: "audio", timezone: "America/New_York" });
    expect(rows.get(PREMIERE)).toMatchObject({ state: "upcoming", is_premiere: true, timezone: "Europe/London" });
    expect(rows.get(TECH_CHECK)).toMatchObject({ state: "upcoming", is_test: true });
    expect(rows.get(TECH_CHECK)?.duration).toBeLessThanOrEqual(20);
    for (const id of [AGM, EARNINGS, PREMIERE, TECH_CHECK]) expect(start(id), id).toBeGreaterThan(now.getTime());
    expect(start(EARNINGS) - now.getTime()).toBeGreaterThan(7 * 24 * HOUR);

    const townHall = rows.get(TOWN_HALL);
    expect(townHall?.state).toBe("archived");
    expect(start(TOWN_HALL) + (townHall?.duration ?? 0) * 60_000).toBeLessThan(now.getTime());
    expect(start(TOWN_HALL)).toBeGreaterThan(now.getTime() - 2 * 24 * HOUR);

    const organizer = await db(env.DB).select({ id: users.id }).from(users).where(eq(users.email, "organizer@demo.test"));
    for (const id of [LAUNCH, AGM, TOWN_HALL]) expect(rows.get(id)?.created_by).toBe(organizer[0]?.id);
    expect([...rows.values()].filter((row) => row.organization_id === 2).map((row) => row.event_title)).toEqual(["Other Org all-hands", "Other Org partner briefing"]);
  });

  it("gives them speakers (a producer speaker), polls in a series, resources, branding, segments, outputs and embed apps", async () => {
    await seedAll();
    const store = new D1ServerStore(env.DB, 1);
    const speakers = (await store.read.list("webcast_speakers", 1)).filter((row: WebcastSpeakerRow) => row.webcast_id === LAUNCH);
    expect(speakers.map((row) => [row.email, row.is_producer, row.position])).toEqual([
      ["producer@demo.test", true, 0],
      ["speaker@demo.test", false, 1],
      ["organizer@demo.test", false, 2],
    ]);

    const polls = (await store.read.list("polls", 1)).filter((row: PollRow) => row.webcast_id === LAUNCH);
    expect(polls).toHaveLength(3);
    const series = (await store.read.list("polling_series", 1)).filter((row) => row.webcast_id === LAUNCH);
    expect(series.map((row) => row.title)).toEqual(["Launch feedback"]);
    expect(polls.filter((poll) => poll.series_id === series[0]?.id)).toHaveLength(2);
    expect(polls.every((poll) => poll.options.length >= 2 && poll.status === "unpublished")).toBe(true);
    const agmPolls = (await store.read.list("polls", 1)).filter((row) => row.webcast_id === AGM);
    expect(agmPolls[0]).toMatchObject({ language: "fr", options: [{ text: "Pour" }, { text: "Contre" }, { text: "Abstention" }], recommended_option_id: "option-1" });

    const resources = (await store.read.list("resources", 1)).filter((row: ResourceRow) => row.webcast_id === LAUNCH);
    expect(resources.map((row) => [row.kind, row.visible])).toEqual([
      ["link", true],
      ["file", true],
      ["email", true],
      ["link", false],
    ]);
    const file = resources.find((row) => row.kind === "file");
    const object = await env.MEDIA.get(file?.file_key ?? "");
    expect(await object?.text()).toContain("Spring release launch: agenda");
    expect(file?.file_name).toBe("agenda.txt");

    const launch = await store.read.get("webcasts", LAUNCH);
    expect(launch).toMatchObject({ theme: "dark", title_color: "#1d4ed8" });
    const logo = await env.MEDIA.get(launch?.logo_key ?? "");
    expect(sniffImageType(new Uint8Array(await (logo?.arrayBuffer() ?? new ArrayBuffer(0))))).toBe("image/png");
    const premiere = await store.read.get("webcasts", PREMIERE);
    expect((await env.MEDIA.head(premiere?.cover_key ?? ""))?.httpMetadata?.contentType).toBe("image/png");

    const ofLaunch = <T extends { webcast_id: string }>(rows: T[]) => rows.filter((row) => row.webcast_id === LAUNCH);
    expect(ofLaunch(await store.read.list("segments", 1)).map((row) => row.name)).toEqual(["Customers", "Partners"]);
    expect(ofLaunch(await store.read.list("streaming_outputs", 1))).toMatchObject([{ rtmp_url: "rtmp://a.rtmp.youtube.com/live2", activated: true }]);
    expect(ofLaunch(await store.read.list("embed_apps", 1)).map((row) => row.title)).toEqual(["Agenda"]);

    // The producer speaker of the test webcast is producer@demo.test too.
    const techCheck = (await store.read.list("webcast_speakers", 1)).filter((row) => row.webcast_id === TECH_CHECK);
    expect(techCheck.find((row) => row.is_producer)?.email).toBe("producer@demo.test");
  });

  it("logs every row, so a pull returns them to members; Other Org's stay with Other Org", async () => {
    await seedAll();
    const demoEvents = DEMO_WEBCASTS.filter((webcast) => webcast.organization_id === 1).map((webcast) => webcast.id);
    const otherOrg = DEMO_WEBCASTS.filter((webcast) => webcast.organization_id === 2).map((webcast) => webcast.id);

    const pulledIds = (changes: PullResponse["changes"]) => new Set(changes.filter((change) => change.op === "put").map((change) => change.id));
    const organizer = pulledIds(await pullAll("organizer@demo.test"));
    for (const id of demoEvents) expect(organizer.has(id), id).toBe(true);
    for (const id of otherOrg) expect(organizer.has(id), id).toBe(false);
    // Every demo row of Demo Events (parts included) reaches its organizer; the viewers by the
    // pull of their webcast, when it is opened (not with the main pull).
    for (const table of ["webcasts", ...WEBCAST_PART_TABLES]) {
      for (const row of await demoRows<{ id: string }>(table, "AND organization_id = 1")) expect(organizer.has(row.id), `${table} ${row.id}`).toBe(true);
    }
    const viewers = await demoRows<{ id: string; webcast_id: string }>("viewers", "AND organization_id = 1");
    expect(viewers.length).toBeGreaterThan(0);
    for (const row of viewers) expect(organizer.has(row.id), `viewers ${row.id} in the main pull`).toBe(false);
    for (const webcast of new Set(viewers.map((row) => row.webcast_id))) {
      const pulled = pulledIds(await pullAll("organizer@demo.test", webcast));
      for (const row of viewers.filter((viewer) => viewer.webcast_id === webcast)) expect(pulled.has(row.id), `viewers ${row.id}`).toBe(true);
    }
    const archived = (await pullAll("speaker@demo.test")).find((change) => change.id === TOWN_HALL);
    expect(archived).toMatchObject({ op: "put", row: { state: "archived" } });

    const other = pulledIds(await pullAll("owner@other.test"));
    for (const id of otherOrg) expect(other.has(id), id).toBe(true);
    for (const id of demoEvents) expect(other.has(id), id).toBe(false);
    expect((await new TestClient().signInAs("owner@other.test").then((client) => client.get(`/api/webcasts/${LAUNCH}`))).status).toBe(404);
  });

  it("creates nothing the second time", async () => {
    await seedAll();
    const rows = await demoRowCount();
    const log = await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_changes").first<{ n: number }>();
    expect(await seedAll()).toEqual({ created: 0, rescheduled: 0 });
    expect(await demoRowCount()).toBe(rows);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_changes").first<{ n: number }>()).toEqual(log);
  });

  it("days later, moves a still-upcoming webcast whose start has passed ahead again; a deleted one stays deleted", async () => {
    await seedAll();
    await env.DB.prepare("DELETE FROM webcasts WHERE id = ?").bind(EARNINGS).run();
    await env.DB.prepare("INSERT INTO sync_changes (organization_id, table_name, row_id, op) VALUES (1, 'webcasts', ?, 'del')").bind(EARNINGS).run();
    const before = new Map((await storedWebcasts()).map((row) => [row.id, row]));

    const later = new Date(Date.now() + 2 * 24 * HOUR);
    const result = await seedAll(later);
    expect(result.created).toBe(0);
    const after = new Map((await storedWebcasts()).map((row) => [row.id, row]));
    expect(after.has(EARNINGS)).toBe(false);
    // Passed: the launch (within the hour) and the tech check (tomorrow); the others are ahead.
    expect(result.rescheduled).toBe(2);
    const launchStart = Date.parse(after.get(LAUNCH)?.event_start_date_time ?? "");
    expect(launchStart - later.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(launchStart - later.getTime()).toBeLessThan(HOUR);
    expect(Date.parse(after.get(TECH_CHECK)?.event_start_date_time ?? "")).toBeGreaterThan(later.getTime());
    for (const id of [AGM, PREMIERE, TOWN_HALL]) expect(after.get(id)?.event_start_date_time, id).toBe(before.get(id)?.event_start_date_time);
    expect(after.get(TOWN_HALL)?.state).toBe("archived");
    // The move is an edit like any other: logged, so devices pull the new start.
    const log = await env.DB.prepare("SELECT op FROM sync_changes WHERE row_id = ? ORDER BY seq DESC LIMIT 1").bind(LAUNCH).first<{ op: string }>();
    expect(log).toEqual({ op: "put" });
  });
});

describe("seedDemoMedia", { timeout: 30_000 }, () => {
  it("puts one processed video in Demo Events' library and in the demo premiere's playlist, once", async () => {
    await seed();
    await seedDemoWebcasts(env);
    expect(await seedDemoMedia(env)).toBe(2);
    const [video] = await db(env.DB).select().from(media).where(eq(media.id, DEMO_MEDIA_ID));
    expect(video).toMatchObject({ organization_id: 1, status: "processed", width: 160, height: 90, content_type: "video/webm", pre_webcast_loop: true });
    expect(video?.duration).toBeGreaterThan(1.5);
    expect((await env.MEDIA.head(video?.file_key ?? ""))?.size).toBe(video?.size);
    const playlist = await db(env.DB).select().from(premiereVideos).where(eq(premiereVideos.webcast_id, demoId(4)));
    expect(playlist.map((entry) => entry.media_id)).toEqual([DEMO_MEDIA_ID]);
    expect(await seedDemoMedia(env)).toBe(0);
  });
});
