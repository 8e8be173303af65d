/**
 * Model-based test of the whole sync (issue #4): two or three clients edit the same few webcasts
 * while going on and offline, pushes fail or lose their answer and are retried, pulls break off
 * between pages (the pages before stay committed), the control room
 * takes webcasts live on the server, storage fails, the log is compacted. At the end, once
 * everyone is online and synced: every client's view and base equal the server's rows, every
 * mutation was answered exactly once, refusals sit in their author's rejected list, and the
 * server's rows and verdicts equal an independent reference replay of the committed mutations.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { can } from "../permissions/can.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "../webcasts/record.ts";
import { WEBCAST_MUTATORS, createWebcastArgs, deleteWebcastArgs, updateWebcastArgs } from "../webcasts/mutators.ts";
import type { MemoryReplicaStore } from "./memory-replica-store.ts";
import { type MemoryCommit, MemoryServerStore } from "./memory-server-store.ts";
import type { PullFetcher, PushSender, Replica } from "./replica.ts";
import { runMutation } from "./run.ts";
import { ORGANIZATION_ID, SERVER_NOW, editor, idSequence, memoryReplica, memoryServer, organizer, rules } from "./testing.ts";
import { type MutationActor, MutationRejected, type MutationResult, type PendingMutation } from "./types.ts";

/**
 * Seeds that once failed, replayed on every run (a one-line note each). fast-check prints the
 * seed and path of a failure: add `{ seed, path, note }` here once fixed.
 */
const REGRESSION_SEEDS: { seed: number; path?: string; note: string }[] = [];

const NUM_RUNS = 1000;
const MAX_WEBCASTS_PER_MONTH = 2;
const SLOTS = [1, 2, 3, 4].map((n) => `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`);
const MONTHS = ["2026-03-15T14:00:00.000Z", "2026-04-15T14:00:00.000Z"] as const;

type Fields = Partial<{ event_title: string; description: string | null; duration: number; month: 0 | 1; timezone: string; language: "en" | "fr" }>;
type Command =
  | { kind: "create"; client: number; slot: number; title: string; duration: number; month: 0 | 1; isTest: boolean }
  | { kind: "update"; client: number; slot: number; fields: Fields }
  | { kind: "delete"; client: number; slot: number }
  | { kind: "network"; client: number; online: boolean }
  | { kind: "push"; client: number; loseAnswer: boolean }
  /** `failAfter`: the connection drops once that many pages arrived (null: it does not). */
  | { kind: "pull"; client: number; failAfter: number | null }
  | { kind: "sync"; client: number }
  | { kind: "control"; slot: number; state: "live" | "archived" }
  | { kind: "storageFailure" }
  | { kind: "compact" };

const client = fc.nat({ max: 2 });
const slot = fc.nat({ max: SLOTS.length - 1 });
const month = fc.constantFrom<0 | 1>(0, 1);
const duration = fc.constantFrom(10, 15, 30, 60, 90);
const title = fc.constantFrom("Keynote", "Town hall", " Launch ");
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("create" as const), client, slot, title, duration, month, isTest: fc.constantFrom(false, false, false, true) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      client,
      slot,
      fields: fc.record(
        { event_title: title, description: fc.constantFrom(null, "Agenda", "Q&A"), duration, month, timezone: fc.constantFrom("America/Toronto", "Europe/Paris", "UTC"), language: fc.constantFrom<"en" | "fr">("en", "fr") },
        { requiredKeys: [] },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), client, slot }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("network" as const), client, online: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("push" as const), client, loseAnswer: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("pull" as const), client, failAfter: fc.constantFrom(null, null, 1, 2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("sync" as const), client }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("control" as const), slot, state: fc.constantFrom<"live" | "archived">("live", "archived") }) },
  { weight: 1, arbitrary: fc.constant({ kind: "storageFailure" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "compact" as const }) },
);
const scenario = fc.record({ clients: fc.integer({ min: 2, max: 3 }), commands: fc.array(command, { minLength: 5, maxLength: 50, size: "max" }) });

/** Organizers A and B; C may create and edit but not delete. */
const ACTORS: MutationActor[] = [organizer(1), organizer(2), editor(3)];

class Offline extends Error {}

async function runScenario({ clients: count, commands }: { clients: number; commands: Command[] }) {
  const server = memoryServer([[ORGANIZATION_ID, rules({ limits: { max_webcasts: MAX_WEBCASTS_PER_MONTH } })]]);
  const controlIds = idSequence(Date.UTC(2026, 0, 1), 200);
  const controls = new Map<string, { id: string; state: "live" | "archived" }>();
  const queued = new Map<string, { mutation: PendingMutation; client: number }>();
  const answers: MutationResult[] = [];
  let tick = Date.UTC(2026, 0, 2);
  const now = () => new Date((tick += 60_000)).toISOString();

  const clients = ACTORS.slice(0, count).map((actor, index) => {
    const { store, replica } = memoryReplica(actor, { salt: index + 1 });
    const state = { online: true };
    const send = server.sender(actor);
    const push = (loseAnswer: boolean): PushSender => async (mutations) => {
      if (!state.online) throw new Offline();
      const response = await send(mutations);
      if (loseAnswer) {
        coverage.lostAnswers++;
        throw new Offline(); // applied on the server, answer lost on the way back
      }
      if (response.error) coverage.serverErrors++;
      answers.push(...response.results);
      return response;
    };
    const fetchPage = server.fetcher([ORGANIZATION_ID], 3); // small pages: paging is exercised too
    const fetchRow = server.fetcher([ORGANIZATION_ID], 1);
    /** A pull's fetcher; with `failAfter`, pages of one row and the connection drops after that many. */
    const pull = (failAfter: number | null = null): PullFetcher => {
      let pages = 0;
      return async (cursor, continuing) => {
        if (!state.online) throw new Offline();
        if (failAfter !== null && pages >= failAfter) {
          coverage.brokenPulls++;
          throw new Offline();
        }
        pages++;
        const page = await (failAfter === null ? fetchPage : fetchRow)(cursor, continuing);
        if (page.reset && cursor > 0) coverage.resets++;
        return page;
      };
    };
    return { actor, store, replica, state, push, pull };
  });
  const at = (index: number) => clients[index % clients.length] ?? clients[0];

  /** A user action on one client: queued when the client accepts it, counted when it refuses. */
  const attempt = async (index: number, action: (replica: Replica<typeof WEBCAST_MUTATORS>) => Promise<PendingMutation>) => {
    const target = at(index);
    if (!target) return;
    try {
      const mutation = await action(target.replica);
      queued.set(mutation.id, { mutation, client: clients.indexOf(target) });
    } catch (error) {
      if (!(error instanceof MutationRejected)) throw error;
      coverage.refusedOnClient++;
    }
  };
  const tolerateOffline = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
    }
  };

  for (const step of commands) {
    switch (step.kind) {
      case "create": {
        const args = { id: SLOTS[step.slot] ?? "", organization_id: ORGANIZATION_ID, event_title: step.title, event_start_date_time: MONTHS[step.month], duration: step.duration, timezone: "America/Toronto", language: "en" as const, is_test: step.isTest, now: now() };
        await attempt(step.client, (replica) => replica.mutate("createWebcast", args));
        break;
      }
      case "update": {
        const { month: m, ...fields } = step.fields;
        const args = { id: SLOTS[step.slot] ?? "", ...fields, ...(m === undefined ? {} : { event_start_date_time: MONTHS[m] }), now: now() };
        await attempt(step.client, (replica) => replica.mutate("updateWebcast", args));
        break;
      }
      case "delete":
        await attempt(step.client, (replica) => replica.mutate("deleteWebcast", { id: SLOTS[step.slot] ?? "" }));
        break;
      case "network": {
        const target = at(step.client);
        if (target) target.state.online = step.online;
        break;
      }
      case "push": {
        const target = at(step.client);
        if (target) await target.replica.push(target.push(step.loseAnswer));
        break;
      }
      case "pull": {
        const target = at(step.client);
        if (target) await tolerateOffline(target.replica.pull(target.pull(step.failAfter)));
        break;
      }
      case "sync": {
        const target = at(step.client);
        if (target) await Promise.all([target.replica.push(target.push(false)), tolerateOffline(target.replica.pull(target.pull()))]);
        break;
      }
      case "control": {
        // The control room changes a state on the server (not a client mutation).
        const id = SLOTS[step.slot] ?? "";
        const row = await server.store.read.get("webcasts", id);
        const from = step.state === "live" ? "upcoming" : "live";
        if (!row || row.state !== from) break;
        const failing = server.store.failCommits;
        server.store.failCommits = 0;
        const mutationId = controlIds();
        controls.set(mutationId, { id, state: step.state });
        await server.store.commit({ userId: 0, writes: [{ table: "webcasts", id, organization_id: row.organization_id, op: "put", row: { ...row, state: step.state } }], result: { id: mutationId, status: "applied" } });
        server.store.failCommits = failing;
        break;
      }
      case "storageFailure":
        server.store.failCommits = 1;
        break;
      case "compact":
        server.store.compact();
        break;
    }
    // Only the client that acted can have changed its view.
    const actor = "client" in step && step.kind !== "network" ? at(step.client) : undefined;
    if (actor) expect(actor.store.rowsOf("view", "webcasts")).toEqual(await expectedView(actor));
  }

  // Everyone back online; push and pull until quiescent.
  server.store.failCommits = 0;
  for (const target of clients) target.state.online = true;
  for (let round = 0; round < 3; round++) {
    for (const target of clients) expect((await target.replica.push(target.push(false))).status).toBe("done");
    for (const target of clients) await target.replica.pull(target.pull());
  }
  return { server, clients, controls, queued, answers };
}

type Outcome = Awaited<ReturnType<typeof runScenario>>;

/**
 * The view a client must show, derived from scratch: its base, then every queued mutation re-run
 * in order (those the client now refuses have no effect). Checked after every step, so an
 * incremental rebase that forgets a row shows at once.
 */
async function expectedView(target: { store: MemoryReplicaStore; replica: Replica<typeof WEBCAST_MUTATORS>; actor: MutationActor }): Promise<WebcastRow[]> {
  const scratch = new MemoryServerStore([[ORGANIZATION_ID, rules()]]);
  const ids = idSequence(Date.UTC(2026, 0, 1), 250);
  const base = target.store.rowsOf("base", "webcasts");
  await scratch.commit({ userId: 0, writes: base.map((row) => ({ table: "webcasts" as const, id: row.id, organization_id: row.organization_id, op: "put" as const, row })), result: { id: ids(), status: "applied" } });
  for (const entry of await target.replica.pending()) {
    const outcome = await runMutation(WEBCAST_MUTATORS, entry, scratch.read, { location: "client", actor: target.actor, locale: "en", now: SERVER_NOW });
    if (outcome.ok) await scratch.commit({ userId: 0, writes: outcome.writes, result: { id: ids(), status: "applied" } });
  }
  return scratch.rowsOf("webcasts");
}

/** What kinds of paths a run took, summed over all runs (so a weak generator shows). */
const coverage = { runs: 0, mutations: 0, refusedOnClient: 0, rejected: 0, alreadyApplied: 0, lostAnswers: 0, serverErrors: 0, resets: 0, controls: 0, brokenPulls: 0 };

async function check(outcome: Outcome): Promise<void> {
  const { server, clients, queued, answers } = outcome;
  const rows = server.store.rowsOf("webcasts");

  // 1. Convergence: every client's base and view equal the server's rows; nothing left queued.
  for (const target of clients) {
    expect(target.store.rowsOf("base", "webcasts")).toEqual(rows);
    expect(target.store.rowsOf("view", "webcasts")).toEqual(rows);
    expect(await target.replica.pending()).toEqual([]);
  }

  // 2. Exactly once: one commit per mutation id, and every answer is that commit's.
  const commits = new Map<string, MemoryCommit>();
  for (const commit of server.store.commits) {
    expect(commits.has(commit.mutationId), `${commit.mutationId} committed twice`).toBe(false);
    commits.set(commit.mutationId, commit);
  }
  for (const answer of answers) {
    const commit = commits.get(answer.id);
    expect(commit?.status).toBe(answer.status === "rejected" ? "rejected" : "applied");
    if (answer.status !== "rejected") expect(answer.cursor).toBe(commit?.cursor);
  }

  // 3. Nothing dropped: every queued mutation was committed once; the refused ones, and only
  //    they, wait in their author's rejected list with the server's error.
  for (const [index, target] of clients.entries()) {
    const rejected = new Map((await target.replica.rejected()).map((entry) => [entry.mutation.id, entry]));
    for (const [id, entry] of rejected) {
      expect(queued.get(id)?.client).toBe(index);
      const recorded = await server.store.recorded(id);
      expect(recorded?.status === "rejected" ? recorded.error : undefined).toEqual(entry.error);
    }
    for (const { mutation, client } of queued.values()) {
      if (client !== index) continue;
      const commit = commits.get(mutation.id);
      expect(commit, `${mutation.name} ${mutation.id} never reached the server`).toBeDefined();
      expect(rejected.has(mutation.id)).toBe(commit?.status === "rejected");
    }
  }

  // 4. The server's verdicts and rows equal a reference replay of its commit history.
  expect(await referenceReplay(outcome, [...commits.values()])).toEqual(rows);

  coverage.runs++;
  coverage.mutations += queued.size;
  coverage.rejected += server.store.commits.filter((commit) => commit.status === "rejected").length;
  coverage.alreadyApplied += answers.filter((answer) => answer.status === "already_applied").length;
  coverage.controls += outcome.controls.size;
}

/**
 * Reference semantics of the three webcast mutators over plain rows, limited to what the model
 * generates, replayed in the server's commit order. Returns the rows; asserts each verdict.
 */
async function referenceReplay(outcome: Outcome, commits: readonly MemoryCommit[]): Promise<WebcastRow[]> {
  const rows = new Map<string, WebcastRow>();
  const monthOf = (row: Pick<WebcastRow, "event_start_date_time">) => row.event_start_date_time.slice(0, 7);
  const counted = (month: string, except: string) => [...rows.values()].filter((row) => row.id !== except && !row.is_test && monthOf(row) === month).length;
  const onAir = (row: WebcastRow) => row.state === "live";

  for (const commit of commits) {
    const control = outcome.controls.get(commit.mutationId);
    if (control) {
      const row = rows.get(control.id);
      expect(row).toBeDefined();
      if (row) rows.set(control.id, { ...row, state: control.state });
      continue;
    }
    const entry = outcome.queued.get(commit.mutationId);
    if (!entry) throw new Error(`commit ${commit.mutationId} of no queued mutation`);
    const actor = ACTORS[entry.client];
    const { mutation } = entry;
    let verdict = "applied";
    if (mutation.name === "createWebcast") {
      const { now, ...args } = createWebcastArgs.parse(mutation.args);
      const { attendee_options: _options, ...core } = args; // the model makes no settings changes
      const row: WebcastRow = { ...DEFAULT_WEBCAST_SETTINGS, ...core, event_title: args.event_title.trim(), description: null, state: "upcoming", created_by: actor?.id ?? -1, created_at: now, updated_at: now };
      if (rows.has(row.id)) verdict = "conflict";
      else if (row.is_test && row.duration > 20) verdict = "validation_failed";
      else if (!row.is_test && counted(monthOf(row), row.id) >= MAX_WEBCASTS_PER_MONTH) verdict = "limit_reached";
      else rows.set(row.id, row);
    } else if (mutation.name === "updateWebcast") {
      const { id, now, attendee_options: _options, ...patch } = updateWebcastArgs.parse(mutation.args);
      const current = rows.get(id);
      if (!current) verdict = "not_found";
      else {
        const next: WebcastRow = { ...current, ...patch, ...(patch.event_title === undefined ? {} : { event_title: patch.event_title.trim() }) };
        if (onAir(current) && (next.duration !== current.duration || next.event_start_date_time !== current.event_start_date_time)) verdict = "locked";
        else if (patch.duration !== undefined && next.is_test && next.duration > 20) verdict = "validation_failed";
        else if (!next.is_test && monthOf(next) !== monthOf(current) && counted(monthOf(next), id) >= MAX_WEBCASTS_PER_MONTH) verdict = "limit_reached";
        else rows.set(id, { ...next, updated_at: now });
      }
    } else {
      const { id } = deleteWebcastArgs.parse(mutation.args);
      const current = rows.get(id);
      if (!current) verdict = "not_found";
      else if (!can(actor, "webcasts.delete", ORGANIZATION_ID)) verdict = "forbidden";
      else if (onAir(current)) verdict = "locked";
      else rows.delete(id);
    }

    const recorded = await outcome.server.store.recorded(commit.mutationId);
    const actual = recorded?.status === "rejected" ? recorded.error.code : recorded?.status;
    expect({ mutation: entry.mutation, verdict: actual }).toEqual({ mutation: entry.mutation, verdict });
  }
  return [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

describe("sync model", () => {
  it(`converges, applies each mutation once and never drops a refusal (${NUM_RUNS} runs)`, async () => {
    const property = fc.asyncProperty(scenario, async (input) => check(await runScenario(input)));
    for (const { seed, path } of REGRESSION_SEEDS) await fc.assert(property, { seed, ...(path ? { path } : {}), numRuns: 1 });
    await fc.assert(property, { numRuns: NUM_RUNS });
    // The generator reaches the interesting paths (sums over every run, shrinking included).
    // Broken pulls are rarer (a pull must have more rows than its break point): ≈ 75 per 1000 runs,
    // 49 seen once, so their floor is lower than the others' rather than near the mean.
    for (const key of ["rejected", "alreadyApplied", "lostAnswers", "serverErrors", "resets", "controls"] as const) expect(coverage[key], key).toBeGreaterThan(NUM_RUNS / 20);
    expect(coverage.brokenPulls, "brokenPulls").toBeGreaterThan(NUM_RUNS / 50);
  }, 60_000);
});
