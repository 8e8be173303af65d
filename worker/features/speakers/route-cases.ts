import type { RouteCase } from "../../test/route-matrix.ts";

/** The speakers (PATCH /api/webcasts/{id}/speakers, POST …/speakers/{speakerId}/invite) routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). */
export const SPEAKER_ROUTE_CASES: RouteCase[] = [];
