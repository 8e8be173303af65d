import type { TestClient } from "./client.ts";

/**
 * Who calls a route in the matrix. Demo users (worker/features/dev/demo-data.ts): members of
 * "Demo Events" (organization 1) in each role, the owner of "Other Org" (organization 2, the other
 * tenant), a super admin, and nobody signed in.
 */
export const ACTORS = {
  anonymous: null,
  viewer: "viewer@demo.test",
  operator: "operator@demo.test",
  speaker: "speaker@demo.test",
  organizer: "organizer@demo.test",
  admin: "admin@demo.test",
  owner: "owner@demo.test",
  other_owner: "owner@other.test",
  super_admin: "superadmin@demo.test",
} as const;
export type Actor = keyof typeof ACTORS;

export interface MatrixRequest {
  path: string;
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface RouteCase {
  /** "METHOD /path/:param" exactly as Hono lists it. */
  route: string;
  /** Builds the request; may create what the call needs first (each actor gets a fresh one). */
  request: (client: TestClient, actor: Actor) => MatrixRequest | Promise<MatrixRequest>;
  /** Expected status per actor; `others` covers every actor not listed. */
  expect: Partial<Record<Actor, number>> & { others: number };
}
