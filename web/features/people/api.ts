import type { Person, PersonKind } from "../../../domain/organizations/people.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import type { Paginated } from "../../api/pagination.ts";

/**
 * People calls (docs/identity-api.md "Organizations and people"), all through the typed `hc`
 * client: the worker routes declare their path, query and body (Hono validators), so `AppType`
 * types every input and answer here.
 */

export type { Person, PersonKind } from "../../../domain/organizations/people.ts";

const people = api.api.organizations[":id"].people;
const param = (organizationId: number) => ({ param: { id: String(organizationId) } });
const member = (organizationId: number, userId: number) => ({ param: { id: String(organizationId), userId: String(userId) } });

/** GET …/people?kind=&page=&q= (`<kind>s.manage`). */
export function listPeople(organizationId: number, query: { kind: PersonKind; page: number; q: string }, signal?: AbortSignal): Promise<Paginated<Person>> {
  const input = { ...param(organizationId), query: { kind: query.kind, page: String(query.page), q: query.q || undefined } };
  return unwrap(people.$get(input, signal ? { init: { signal } } : undefined));
}

export interface NewPerson {
  kind: PersonKind;
  email: string;
  first_name?: string;
  last_name?: string;
}

/** Adds or invites by e-mail; 422 `errors.email` when the user already holds an equal or higher role. */
export function addPerson(organizationId: number, person: NewPerson): Promise<{ data: Person; email_sent?: boolean }> {
  return unwrap(people.$post({ ...param(organizationId), json: person }));
}

/** users.change_role (+ managing both roles); 403 "not authorized to change role" otherwise. */
export async function changeRole(organizationId: number, userId: number, role: PersonKind): Promise<Person> {
  // A 403 here carries a message worth showing (SPEC §8), not a reason to leave the page.
  return (await unwrap(people[":userId"].$patch({ ...member(organizationId, userId), json: { role } }), { global: false })).data;
}

export async function removePerson(organizationId: number, userId: number): Promise<void> {
  await unwrap(people[":userId"].$delete(member(organizationId, userId)));
}

/** users.send_emails; answers `{ message }`. */
export async function sendVerificationEmail(organizationId: number, userId: number): Promise<string> {
  return (await unwrap(people[":userId"]["send-verification"].$post(member(organizationId, userId)))).message;
}

export async function sendPasswordResetEmail(organizationId: number, userId: number): Promise<string> {
  return (await unwrap(people[":userId"]["send-password-reset"].$post(member(organizationId, userId)))).message;
}
