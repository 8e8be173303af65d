// Viewers on demand (docs/sync.md "Viewers on demand"): the main pull sends no viewers; a webcast's
// viewers come through GET /api/sync/pull?webcast=<uid> (a JSON page per request) and
// GET /api/sync/pull/stream?webcast=<uid> (every page in one streamed response, the app's), under
// the viewers read rule.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { WEBCAST_PULL_FIRST_PAGE_LIMIT, WEBCAST_PULL_PAGE_LIMIT } from "../../../domain/sync/server.ts";
import type { Change, MutationResult, PendingMutation, PullResponse, PushResponse } from "../../../domain/sync/types.ts";
import { PAGE_STREAM_TYPE, StreamFailed, decodeStreamPage, encodeStreamError } from "../../../domain/sync/page-stream.ts";
import { webcastPageStream } from "./page-stream.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { newOrganization } from "./testing.ts";
import { createWebcast, deleteWebcast } from "./test-mutations.ts";

beforeAll(seedDemo);

async function push(client: TestClient, mutations: PendingMutation[]): Promise<MutationResult[]> {
  const response = await client.post("/api/sync/push", { mutations });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<PushResponse>()).results;
}

async function pullAll(client: TestClient, webcast?: string): Promise<PullResponse[]> {
  const pages: PullResponse[] = [];
  for (let cursor = 0, continuing = false; ; continuing = true) {
    const response = await client.get(`/api/sync/pull?cursor=${cursor}${webcast ? `&webcast=${webcast}` : ""}${continuing ? "&continuing=1" : ""}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await response.json<PullResponse>();
    pages.push(page);
    if (!page.more) return pages;
    cursor = page.cursor;
  }
}

async function pullWebcast(client: TestClient, webcast: string, cursor: number): Promise<Response> {
  return client.get(`/api/sync/pull?cursor=${cursor}&webcast=${webcast}`);
}

/** The streamed pull of a webcast's viewers from `cursor`: its pages, each line decoded. */
async function streamWebcast(client: TestClient, webcast: string, cursor: number, continuing = false): Promise<PullResponse[]> {
  const response = await client.get(`/api/sync/pull/stream?cursor=${cursor}&webcast=${webcast}${continuing ? "&continuing=1" : ""}`);
  const body = await response.text();
  expect(response.status, body).toBe(200);
  expect(response.headers.get("content-type")).toBe(PAGE_STREAM_TYPE);
  expect(body.endsWith("\n")).toBe(true);
  return body.slice(0, -1).split("\n").map(decodeStreamPage);
}

/** A page's changes in one order (a streamed line's rows come in no particular order). */
const byId = (changes: readonly Change[]) => [...changes].sort((a, b) => a.id.localeCompare(b.id));

/** `count` viewers of a webcast, logged like a commit would (one statement each for rows and entries). */
async function insertViewers(webcastId: string, organizationId: number, count: number, prefix: string): Promise<void> {
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO viewers (id, organization_id, webcast_id, name, email, tags, vote_weight, registered, invitation_sent, reminder_sent, is_moderator, created_at, updated_at)
       SELECT printf('%s%012x', ?2, i), ?3, ?4, 'Viewer ' || i, 'viewer' || i || '@' || ?2 || 'test', '[]', 1, 0, 0, 0, 0, ?5, ?5 FROM n`,
    ).bind(count, prefix, organizationId, webcastId, now),
    env.DB.prepare("INSERT INTO sync_changes (organization_id, table_name, row_id, op) SELECT organization_id, 'viewers', id, 'put' FROM viewers WHERE webcast_id = ?1 AND id LIKE ?2 || '%' ORDER BY id").bind(webcastId, prefix),
  ]);
}

function webcastIdOf(mutation: PendingMutation): string {
  const { args } = mutation;
  const id = typeof args === "object" && args !== null && "id" in args ? args.id : undefined;
  if (typeof id !== "string") throw new Error("not a webcast mutation");
  return id;
}

/** Viewers of the big webcast: a first page, a full page and a bit. */
const BIG = WEBCAST_PULL_FIRST_PAGE_LIMIT + WEBCAST_PULL_PAGE_LIMIT + 100;

/** An organization (demo members) with two webcasts: `big` with more viewers than two pages, `small` with 3. */
async function twoWebcasts() {
  const organizationId = await newOrganization(1);
  const organizer = await clientFor("organizer@demo.test");
  const [big, small] = [createWebcast(organizationId), createWebcast(organizationId)];
  await push(organizer, [big, small]);
  const tag = crypto.randomUUID().slice(0, 4);
  await insertViewers(webcastIdOf(big), organizationId, BIG, `0195aaaa-${tag}-7000-9000-`);
  await insertViewers(webcastIdOf(small), organizationId, 3, `0195bbbb-${tag}-7000-9000-`);
  return { organizationId, organizer, big: webcastIdOf(big), small: webcastIdOf(small) };
}

describe("viewers on demand", () => {
  it("leaves viewers out of every user's main pull", async () => {
    const { big, small } = await twoWebcasts();
    for (const email of ["organizer@demo.test", "owner@demo.test", "superadmin@demo.test"]) {
      const changes = (await pullAll(await clientFor(email))).flatMap((page) => page.changes);
      expect(changes.filter((change) => change.table === "viewers"), email).toEqual([]);
      expect(changes.filter((change) => change.id === big || change.id === small), email).toHaveLength(2);
    }
  });

  it("pages through a webcast's viewers from scratch (a reset, with the total), then sends only its changes and the deletions", async () => {
    const { organizer, big, small } = await twoWebcasts();
    const pages = await pullAll(organizer, big);
    expect(pages.map((page) => page.changes.length)).toEqual([WEBCAST_PULL_FIRST_PAGE_LIMIT, WEBCAST_PULL_PAGE_LIMIT, 100]);
    expect(pages[0]).toMatchObject({ reset: true, more: true, total: BIG });
    expect(pages[2]).toMatchObject({ reset: false, more: false });
    expect(pages[1]?.total).toBeUndefined();
    const changes = pages.flatMap((page) => page.changes);
    expect(changes).toHaveLength(BIG);
    expect(changes.every((change) => change.table === "viewers" && change.op === "put" && change.row.webcast_id === big)).toBe(true);
    const cursor = pages.at(-1)?.cursor ?? 0;

    // Another webcast's viewers: only its own three.
    const smallPages = await pullAll(organizer, small);
    expect(smallPages.flatMap((page) => page.changes).map((change) => (change.op === "put" && change.table === "viewers" ? change.row.webcast_id : change.op))).toEqual([small, small, small]);

    // A change of one of big's viewers and a deletion of one of small's come with the next pull of big.
    const [first] = changes;
    const now = new Date().toISOString();
    const smallViewer = smallPages[0]?.changes[0]?.id ?? "";
    const results = await push(organizer, [
      { id: uuidv7(), name: "updateViewer", args: { id: first?.id, name: "Renamed", now }, client_time: now },
      { id: uuidv7(), name: "deleteViewers", args: { webcast_id: small, ids: [smallViewer] }, client_time: now },
    ]);
    expect(results.map((result) => result.status)).toEqual(["applied", "applied"]);
    const delta = await (await pullWebcast(organizer, big, cursor)).json<PullResponse>();
    expect(delta).toMatchObject({ reset: false, more: false });
    expect(delta.changes).toEqual([
      { table: "viewers", id: first?.id, op: "put", row: expect.objectContaining({ name: "Renamed" }) },
      { table: "viewers", id: smallViewer, op: "del" },
    ]);

    // Compacted past the cursor: a reset of that webcast's viewers.
    const head = delta.cursor;
    await env.DB.prepare("INSERT INTO sync_compaction (id, oldest_cursor, compacted_at) VALUES (1, ?1, ?2) ON CONFLICT (id) DO UPDATE SET oldest_cursor = excluded.oldest_cursor").bind(head + 1, now).run();
    try {
      expect(await (await pullWebcast(organizer, small, head)).json<PullResponse>()).toMatchObject({ reset: true, total: 2 });
    } finally {
      await env.DB.prepare("UPDATE sync_compaction SET oldest_cursor = 0 WHERE id = 1").run();
    }
  });

  it("streams the same pages as the JSON pull, every column of every row as drizzle reads it, then the changes and deletions, and a reset after compaction", async () => {
    const { organizer, big, small } = await twoWebcasts();
    // Values of every kind a viewer holds: text needing escapes, a list of tags, a null and a set
    // control number, a fractional vote weight, every boolean set.
    const [odd] = (await env.DB.prepare("SELECT id FROM viewers WHERE webcast_id = ?1 ORDER BY id LIMIT 1").bind(big).all<{ id: string }>()).results;
    await env.DB.prepare(
      `UPDATE viewers SET name = ?2, tags = '["vip","Équipe \\"A\\""]', control_number = 'C-7', vote_weight = 2.5, registered = 1, invitation_sent = 1, reminder_sent = 1, is_moderator = 1 WHERE id = ?1`,
    )
      .bind(odd?.id, 'Zoë "Z" O\'Brien\n\t\\ 東京 😀')
      .run();
    const json = await pullAll(organizer, big);
    const streamed = await streamWebcast(organizer, big, 0);
    expect(streamed.map((page) => page.changes.length)).toEqual([WEBCAST_PULL_FIRST_PAGE_LIMIT, WEBCAST_PULL_PAGE_LIMIT, 100]);
    expect(streamed.map(({ cursor, more, reset, total }) => ({ cursor, more, reset, total }))).toEqual(json.map(({ cursor, more, reset, total }) => ({ cursor, more, reset, total })));
    streamed.forEach((page, index) => expect(byId(page.changes)).toEqual(byId(json[index]?.changes ?? [])));
    const oddRow = streamed.flatMap((page) => page.changes).find((change) => change.id === odd?.id);
    expect(oddRow).toMatchObject({ op: "put", row: { name: 'Zoë "Z" O\'Brien\n\t\\ 東京 😀', tags: ["vip", 'Équipe "A"'], control_number: "C-7", vote_weight: 2.5, registered: true, is_moderator: true } });
    // From a middle page's cursor, continuing: the rest, no reset, no total.
    const rest = await streamWebcast(organizer, big, json[0]?.cursor ?? 0, true);
    expect(rest.map(({ cursor, more, reset, total }) => ({ cursor, more, reset, total }))).toEqual(json.slice(1).map(({ cursor, more, reset }) => ({ cursor, more, reset, total: undefined })));

    // A change of one of big's viewers and a deletion of one of small's: the next pull of big.
    const cursor = streamed.at(-1)?.cursor ?? 0;
    const smallViewer = (await streamWebcast(organizer, small, 0))[0]?.changes[0]?.id ?? "";
    const now = new Date().toISOString();
    const results = await push(organizer, [
      { id: uuidv7(), name: "updateViewer", args: { id: odd?.id, name: "Renamed", now }, client_time: now },
      { id: uuidv7(), name: "deleteViewers", args: { webcast_id: small, ids: [smallViewer] }, client_time: now },
    ]);
    expect(results.map((result) => result.status)).toEqual(["applied", "applied"]);
    const delta = await streamWebcast(organizer, big, cursor);
    expect(delta).toHaveLength(1);
    expect(delta[0]).toMatchObject({ reset: false, more: false, total: BIG });
    expect(delta[0]?.changes).toEqual([
      { table: "viewers", id: odd?.id, op: "put", row: expect.objectContaining({ name: "Renamed" }) },
      { table: "viewers", id: smallViewer, op: "del" },
    ]);
    expect(delta[0]?.cursor).toBe((await (await pullWebcast(organizer, big, cursor)).json<PullResponse>()).cursor);

    // Compacted past the cursor: the stream starts over too.
    const head = delta[0]?.cursor ?? 0;
    await env.DB.prepare("INSERT INTO sync_compaction (id, oldest_cursor, compacted_at) VALUES (1, ?1, ?2) ON CONFLICT (id) DO UPDATE SET oldest_cursor = excluded.oldest_cursor").bind(head + 1, now).run();
    try {
      const again = await streamWebcast(organizer, small, head);
      expect(again[0]).toMatchObject({ reset: true, more: false, total: 2 });
      // Its two viewers; no deletion: the log is read up to the newest entry of its rows only (the
      // device drops the webcast's rows first, so a deletion logged after them would change nothing).
      expect(again[0]?.changes.filter((change) => change.op === "put")).toHaveLength(2);
      expect(again[0]?.changes.filter((change) => change.op === "del")).toEqual([]);
      expect(again[0]?.cursor).toBe(head);
    } finally {
      await env.DB.prepare("UPDATE sync_compaction SET oldest_cursor = 0 WHERE id = 1").run();
    }
  });

  it("refuses another tenant's webcast and an unknown one (404), a member without viewers.manage (403), a malformed uid (422), a stranger (401)", async () => {
    const { organizer, small } = await twoWebcasts();
    expect((await pullWebcast(await clientFor("owner@other.test"), small, 0)).status).toBe(404);
    expect((await pullWebcast(organizer, uuidv7(), 0)).status).toBe(404);
    for (const email of ["viewer@demo.test", "speaker@demo.test", "operator@demo.test"]) expect((await pullWebcast(await clientFor(email), small, 0)).status, email).toBe(403);
    for (const email of ["owner@demo.test", "admin@demo.test", "superadmin@demo.test"]) expect((await pullWebcast(await clientFor(email), small, 0)).status, email).toBe(200);
    expect((await organizer.get("/api/sync/pull?cursor=0&webcast=nope")).status).toBe(422);
    expect((await new TestClient().get(`/api/sync/pull?cursor=0&webcast=${small}`)).status).toBe(401);
    // The streamed pull: the same refusals, in the error shape; a stream without a webcast is malformed.
    const stream = (client: TestClient, webcast: string) => client.get(`/api/sync/pull/stream?cursor=0&webcast=${webcast}`);
    const refused = await stream(await clientFor("owner@other.test"), small);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: "not_found" });
    expect((await stream(await clientFor("viewer@demo.test"), small)).status).toBe(403);
    expect((await stream(organizer, "nope")).status).toBe(422);
    expect((await organizer.get("/api/sync/pull/stream?cursor=0")).status).toBe(422);
    expect((await stream(new TestClient(), small)).status).toBe(401);
  });

  it("sends the deletions of a deleted webcast's viewers, then refuses the webcast (404)", async () => {
    const { organizer, small } = await twoWebcasts();
    const pages = await pullAll(organizer, small);
    const ids = pages.flatMap((page) => page.changes.map((change) => change.id)).sort();
    const cursor = pages.at(-1)?.cursor ?? 0;
    await push(organizer, [deleteWebcast(small)]);
    // The main pull says the webcast is gone; the device then forgets its viewers (its pull is refused).
    const main = (await pullAll(organizer)).flatMap((page) => page.changes);
    expect(main.filter((change) => change.id === small)).toEqual([{ table: "webcasts", id: small, op: "del" }]);
    expect(main.filter((change) => change.table === "viewers")).toEqual([]);
    expect((await pullWebcast(organizer, small, cursor)).status).toBe(404);
    // Another opened webcast of the organization gets their deletions (harmless: the ids are gone).
    const deletions = await env.DB.prepare("SELECT row_id FROM sync_changes WHERE table_name = 'viewers' AND op = 'del' AND seq > ? ORDER BY row_id").bind(cursor).all<{ row_id: string }>();
    expect(deletions.results.map((row) => row.row_id)).toEqual(ids);
  });

  it("ends a stream that fails after its first line with the error's line (its status is sent already)", async () => {
    const { organizationId, big } = await twoWebcasts();
    // The real D1, failing once the stream is made (its first page is read before it returns).
    let broken = false;
    const failing = new Proxy(env.DB, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (broken) throw new Error("D1 went away");
          return Reflect.apply(value, target, args);
        };
      },
    });
    const failure = () => encodeStreamError({ message: "Erreur du serveur", code: "server_error", requestId: "req-1" });
    const body = await webcastPageStream(failing, "viewers", { id: big, organization_id: organizationId }, { cursor: 0, continuing: false, total: Promise.resolve(BIG), failure });
    broken = true;
    const lines = (await new Response(body).text()).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(decodeStreamPage(lines[0] ?? "")).toMatchObject({ reset: true, more: true, total: BIG });
    expect(() => decodeStreamPage(lines[1] ?? "")).toThrow(new StreamFailed({ message: "Erreur du serveur", code: "server_error", requestId: "req-1" }));
  });

  it("reads a first pull's log only up to its webcast's newest entry and ends at the head it started at; what changes during the pull comes with the next one", async () => {
    const { organizationId, organizer, big, small } = await twoWebcasts();
    // A deletion in the other webcast, logged after every viewer of big: the JSON pull's last page
    // carries it (it reads the log to its head), the stream's first pull stops before it.
    const smallViewer = (await pullAll(organizer, small)).flatMap((page) => page.changes)[0]?.id;
    const now = new Date().toISOString();
    await push(organizer, [{ id: uuidv7(), name: "deleteViewers", args: { webcast_id: small, ids: [smallViewer] }, client_time: now }]);
    expect((await pullAll(organizer, big)).at(-1)?.changes.filter((change) => change.op === "del").map((change) => change.id)).toEqual([smallViewer]);
    const head = async () => (await env.DB.prepare("SELECT max(seq) AS head FROM sync_changes").first<{ head: number }>())?.head ?? 0;
    const started = await head();

    const body = await webcastPageStream(env.DB, "viewers", { id: big, organization_id: organizationId }, { cursor: 0, continuing: false, total: Promise.resolve(BIG), failure: () => "" });
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const first = decodeStreamPage(text.slice(0, text.indexOf("\n")));
    // During the pull: a viewer already sent is deleted, one not sent yet is renamed, two are added.
    const sent = first.changes[0]?.id;
    const [last] = (await env.DB.prepare("SELECT id FROM viewers WHERE webcast_id = ?1 ORDER BY id DESC LIMIT 1").bind(big).all<{ id: string }>()).results;
    expect(first.changes.some((change) => change.id === last?.id)).toBe(false);
    const results = await push(organizer, [
      { id: uuidv7(), name: "deleteViewers", args: { webcast_id: big, ids: [sent] }, client_time: now },
      { id: uuidv7(), name: "updateViewer", args: { id: last?.id, name: "Renamed during the pull", now }, client_time: now },
    ]);
    expect(results.map((result) => result.status)).toEqual(["applied", "applied"]);
    await insertViewers(big, organizationId, 2, "0195cccc-0000-7000-9000-");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const pages = text.slice(0, -1).split("\n").map(decodeStreamPage);
    expect(pages.at(-1)).toMatchObject({ more: false, cursor: started });
    expect(pages.flatMap((page) => page.changes).filter((change) => change.op === "del")).toEqual([]);

    // The device's rows after this pull and the next one (from its cursor) are the server's.
    const device = new Map<string, string>();
    const apply = (page: PullResponse) => {
      if (page.reset) device.clear();
      for (const change of page.changes) {
        if (change.op === "del") device.delete(change.id);
        else if (change.table === "viewers") device.set(change.id, change.row.name);
      }
    };
    pages.forEach(apply);
    const next = await streamWebcast(organizer, big, started);
    expect(next[0]?.reset).toBe(false);
    next.forEach(apply);
    const server = (await env.DB.prepare("SELECT id, name FROM viewers WHERE webcast_id = ?1").bind(big).all<{ id: string; name: string }>()).results;
    expect(new Map(server.map((row) => [row.id, row.name]))).toEqual(device);
    expect(device.get(last?.id ?? "")).toBe("Renamed during the pull");
    expect(device.has(sent ?? "")).toBe(false);
    expect(device.size).toBe(BIG - 1 + 2);
  });
});
