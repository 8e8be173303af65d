import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { UI_LOCALES } from "../../../domain/i18n/locales.ts";
import { createUser } from "../../features/organizations/fixtures.ts";
import { TestClient, seedDemo } from "../client.ts";
import { ACTORS, type Actor, type MatrixRequest, type RouteCase } from "../route-matrix.ts";
import { type FuzzBody, type Template, bodiesFor, describeBody, requestInit, templateOf } from "./arbitraries.ts";
import { answerProblem } from "./error-shape.ts";

/** The one seed of the fuzz suite: a failure replays the same on every machine. */
export const FUZZ_SEED = 20261126;
/**
 * Generated bodies per route. The budget: about 60 mutating routes × this, split over five files
 * run in parallel; measured on a busy 2-core machine (docs/decisions.md). Raise it locally (and
 * change the seed) to explore; CI keeps this one.
 */
export const RUNS_PER_ROUTE = 8;

const MUTATING = /^(POST|PUT|PATCH|DELETE) /;
/** Local-only tooling, not part of the product's API (404 outside APP_ENV=local). */
const SKIPPED = /^POST \/api\/dev\//;
/** Answers that stop a request before its body is read: who calls must get past them. */
const GUARDS = new Set([401, 403, 404, 409]);
/** The first of these whose matrix answer is no guard's calls the route (organizers and up, or anonymous for public calls). */
const CALLERS: Actor[] = ["super_admin", "owner", "organizer", "admin", "anonymous"];

/** Who to call a route as, so generated bodies reach its validator: the first caller the matrix lets through. */
export function callerOf(routeCase: RouteCase): Actor {
  return CALLERS.find((actor) => !GUARDS.has(routeCase.expect[actor] ?? routeCase.expect.others)) ?? "super_admin";
}

export function mutatingCases(cases: readonly RouteCase[]): RouteCase[] {
  return cases.filter((c) => MUTATING.test(c.route) && !SKIPPED.test(c.route));
}

/** A target the fuzzer bends: a client signed in as the caller and the route's normal request. */
interface Target {
  client: TestClient;
  request: MatrixRequest;
}

/** Routes every matrix actor is refused before the body is read: a caller made for each. */
const OWN_CALLERS: Record<string, () => Promise<TestClient>> = {
  // Only a self sign-up has a setup to finish (409 for the demo users).
  "POST /api/onboarding": async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET onboarding_required = 1 WHERE id = ?").bind(user.id).run();
    return new TestClient("en").signInAs(user.email);
  },
};

async function freshTarget(routeCase: RouteCase, actor: Actor): Promise<Target> {
  const own = OWN_CALLERS[routeCase.route];
  const client = own ? await own() : new TestClient("en");
  const email = ACTORS[actor];
  if (!own && email) await client.signInAs(email);
  return { client, request: await routeCase.request(client, actor) };
}

/**
 * After an answer that changed something (2xx: a row deleted, a session ended), the next runs get
 * a fresh target, at most this many times per route, so the data a run adds stays bounded.
 */
const MAX_REFRESHES = 3;

/**
 * Fuzzes every mutating route of `cases` (worker/test/route-cases.ts, the matrix's list) with
 * RUNS_PER_ROUTE generated bodies each (wrong types per field, huge strings, deep nesting, control
 * characters and lone surrogates, unknown fields, wrong content types, malformed JSON), each in one of the five
 * languages, as a caller who passes the route's guard. Every answer must be below 500, and an error
 * in the SPEC §8 shape without a zod default text (error-shape.ts). A 2xx is fine: a bent body can
 * still be valid.
 */
export function describeRouteFuzz(title: string, cases: readonly RouteCase[]): void {
  describe(title, () => {
    beforeAll(seedDemo);

    it.each(mutatingCases(cases).map((c) => [c.route, c] as const))("%s", async (_route, routeCase) => {
      const actor = callerOf(routeCase);
      let target = await freshTarget(routeCase, actor);
      const template: Template = await templateOf(target.request);
      let refreshes = 0;
      let stale = false;

      await fc.assert(
        fc.asyncProperty(bodiesFor(template), fc.constantFrom(...UI_LOCALES), async (body: FuzzBody, language) => {
          if (stale && refreshes < MAX_REFRESHES) {
            refreshes += 1;
            target = await freshTarget(routeCase, actor);
          }
          const { request, client } = target;
          const init = requestInit(body);
          const response = await client.request(request.path, {
            method: request.method ?? "POST",
            body: init.body,
            headers: { ...request.headers, ...init.headers, "Accept-Language": language },
          });
          const text = await response.text();
          stale = response.status < 300;
          const problem = answerProblem(response.status, response.headers.get("Content-Type"), text);
          if (problem) {
            throw new Error(`${routeCase.route} as ${actor} (${language}): ${problem}\n  sent ${describeBody(body)}\n  answered ${response.status} ${text.slice(0, 400)}`);
          }
        }),
        { seed: FUZZ_SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }, 180_000);
  });
}
