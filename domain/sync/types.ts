import type { OrganizationRole } from "../permissions/permissions.ts";
import type { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { type LocalizedText, inEveryLocale } from "../validation/localized.ts";
import type { PermissionSubject } from "../permissions/can.ts";
import type { SyncRowMap } from "./tables.ts";

/** Tables that sync between D1 and the browser (docs/sync.md). Rows are keyed by string ids. */
export type SyncTable = keyof SyncRowMap;
export type SyncRow<T extends SyncTable = SyncTable> = SyncRowMap[T];

/**
 * What one user pulls (domain/permissions/read-rule.ts decides it): per synced table, the
 * organizations whose rows they may see; and `byWebcast`, per table, rows they see only for some
 * webcasts of an organization (a speaker: the sessions they speak in) — the webcast rows of
 * `webcastIds`, or the rows of a webcast part whose `webcast_id` is one of them — plus the ids of
 * that table's deleted rows there (an id tells nothing, and a deleted part's webcast is unknown).
 */
export type SyncScope = { readonly [T in SyncTable]: readonly number[] } & {
  readonly byWebcast?: { readonly [T in SyncTable]?: readonly WebcastGrant[] };
};

/** Rows of some webcasts of one organization (a `SyncScope.byWebcast` entry). */
export interface WebcastGrant {
  organizationId: number;
  webcastIds: readonly string[];
}

/** What mutators read and write through, on both sides. `patch` writes only the given fields. */
export interface MutationTx {
  get<T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined>;
  put<T extends SyncTable>(table: T, row: SyncRow<T>): Promise<void>;
  patch<T extends SyncTable>(table: T, id: string, fields: Partial<SyncRow<T>>): Promise<void>;
  delete(table: SyncTable, id: string): Promise<void>;
  /** Rows of a table in one organization. */
  list<T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]>;
  /**
   * How many rows of one organization match `query` (e.g. the non-test webcasts starting in a
   * month, for max_webcasts): the server answers it with an indexed count instead of listing.
   */
  count<T extends SyncTable>(table: T, organizationId: number, query: RowQuery<T>): Promise<number>;
  /**
   * The rules of an organization (limits, features, deactivation), read-only (mutators never write
   * organizations). `undefined` = no such organization. The server reads D1; the browser reads its
   * synced `organizations` rows (web/local/organization-rules.ts). The method itself is absent
   * where the rules are not known: mutators then skip those checks there, and the server (where it
   * must be present) judges them.
   */
  organization?(id: number): Promise<OrganizationRules | undefined>;
  /**
   * The role of a user in an organization (`undefined`: not a member), read-only. Only the server
   * knows memberships (D1); the browser has no such lookup, so mutators skip the check there and
   * the server judges (e.g. a speaker added offline must be a member with a speaking role).
   */
  memberRole?(organizationId: number, userId: number): Promise<OrganizationRole | undefined>;
}

/** Columns of a row holding a single value (not a list): what `RowQuery.equals` may test. */
type ScalarColumn<T extends SyncTable> = { [K in keyof SyncRow<T>]: SyncRow<T>[K] extends string | number | boolean | null ? K : never }[keyof SyncRow<T>];

/** Columns of a row holding a number (a duration in minutes for `RowQuery.endsAfter`). */
type NumberColumn<T extends SyncTable> = { [K in keyof SyncRow<T>]: SyncRow<T>[K] extends number ? K : never }[keyof SyncRow<T>] & string;

/** One single-value column and values it must not hold (`RowQuery.except`). */
type Exclusion<T extends SyncTable> = { [K in ScalarColumn<T>]: { column: K & string; values: readonly Exclude<SyncRow<T>[K], null>[] } }[ScalarColumn<T>];

/**
 * Rows whose text `range.column` lies in [`from`, `to`) (string order) and whose `equals` columns
 * have those values. Optionally also (each an extra filter on the rows of the range, which is what
 * an index serves):
 * - `except`: rows whose column holds none of `values` (a null value is not excluded);
 * - `endsAfter`: rows still running after `after` (an ISO date-time in UTC), the range column being
 *   their start (an ISO date-time in UTC) and `minutes` their length: start + minutes > after. With
 *   `range.to` as the end of a span, the rows overlapping [after, to) (max_simultaneous_webcasts).
 */
export interface RowQuery<T extends SyncTable> {
  range: { column: keyof SyncRow<T> & string; from: string; to: string };
  equals?: Partial<Pick<SyncRow<T>, ScalarColumn<T>>>;
  except?: Exclusion<T>;
  endsAfter?: { minutes: NumberColumn<T>; after: string };
}

/** Whether `row` of `organizationId` matches `query` (the reference the stores' counts follow). */
export function matchesQuery<T extends SyncTable>(row: SyncRow<T>, organizationId: number, query: RowQuery<T>): boolean {
  if (row.organization_id !== organizationId) return false;
  const value: unknown = row[query.range.column];
  if (typeof value !== "string" || value < query.range.from || value >= query.range.to) return false;
  if (!Object.entries(query.equals ?? {}).every(([column, expected]) => Reflect.get(row, column) === expected)) return false;
  if (query.except) {
    const held: unknown = Reflect.get(row, query.except.column);
    if ((query.except.values as readonly unknown[]).includes(held)) return false;
  }
  if (query.endsAfter) {
    const minutes: unknown = Reflect.get(row, query.endsAfter.minutes);
    // Millisecond times, as SQLite's date functions count on D1; an unreadable time matches nothing.
    if (typeof minutes !== "number" || !(Date.parse(value) + minutes * 60_000 > Date.parse(query.endsAfter.after))) return false;
  }
  return true;
}

/**
 * What mutators need of an organization. `limits` and `features` may be the stored JSON or the
 * merged `Limits`/`Features` of the API: `limitsOf`/`featuresOf` merge them over the defaults.
 */
export interface OrganizationRules {
  self_serve: boolean;
  /** ISO date-time of the deactivation; null while active (SPEC §4). */
  deactivated_at: string | null;
  limits?: Readonly<Record<string, unknown>> | null;
  features?: Readonly<Record<string, unknown>> | null;
}

export interface MutationActor extends PermissionSubject {
  id: number;
}

export interface MutationContext {
  /** "client": optimistic, provisional verdicts; "server": the authority. */
  location: "client" | "server";
  actor: MutationActor;
  /** Language of rejection messages to show. */
  locale: UiLocale;
  /** ISO time of the application (server time on the server). */
  now: string;
}

/** A refusal only a rule can give (limit, state, permission, missing parent): never dropped silently. */
export class MutationRejected extends Error {
  /** The refusal in each interface language (English where a text is not translated to de, pt, es). */
  readonly messages: Readonly<Record<UiLocale, string>>;

  constructor(
    readonly code: string,
    messages: LocalizedText,
    readonly errors?: Record<string, string[]>,
  ) {
    super(messages.en);
    this.name = "MutationRejected";
    this.messages = inEveryLocale(messages);
  }
}

/**
 * Which organization a mutation writes, said by the mutator itself from its parsed arguments (the
 * push routes each mutation to that organization's object): the organization it names, or the
 * one of the existing row it names (an update or a deletion).
 */
export type MutationScope = { organizationId: number } | { rowId: string };

/** The scope of a mutation that names its organization (a creation, a list of a webcast's parts). */
export function inOrganization(args: { organization_id: number }): MutationScope {
  return { organizationId: args.organization_id };
}

/** The scope of a mutation of an existing row: that row's organization. */
export function ofRow(args: { id: string }): MutationScope {
  return { rowId: args.id };
}

/**
 * The scope of a mutation of a webcast's part that names its webcast but no existing row of its
 * own (a new slide deck, a whole premiere playlist): the webcast's organization.
 */
export function ofWebcast(args: { webcast_id: string }): MutationScope {
  return { rowId: args.webcast_id };
}

export interface Mutator<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  name: Name;
  args: Schema;
  // Method syntax on purpose: a registry holds mutators of different argument types.
  scope(args: z.output<Schema>): MutationScope;
  run(tx: MutationTx, args: z.output<Schema>, ctx: MutationContext): Promise<void>;
}

/** Declares a named mutator: zod args, the organization it writes (`scope`), one function over MutationTx. */
export function defineMutator<Name extends string, Schema extends z.ZodType>(
  name: Name,
  args: Schema,
  scope: (args: z.output<Schema>) => MutationScope,
  run: (tx: MutationTx, args: z.output<Schema>, ctx: MutationContext) => Promise<void>,
): Mutator<Name, Schema> {
  return { name, args, scope, run };
}

/**
 * A mutation a server route makes, named by its mutator (so a rename or an argument change fails to
 * compile instead of at run time): `mutationCall(createPoll, { … })`.
 */
export interface MutationCall {
  readonly name: string;
  readonly args: unknown;
}

export function mutationCall<M extends Mutator>(mutator: M, args: z.input<M["args"]>): MutationCall {
  return { name: mutator.name, args };
}

/** A mutation as queued in the browser's outbox and sent in a push. */
export interface PendingMutation {
  /** UUIDv7 made by the client; the server applies each id at most once. */
  id: string;
  name: string;
  args: unknown;
  client_time: string;
  /**
   * The sync contract version the app wrote it under (domain/sync/contract.ts); absent means 1.
   * An older one is upgraded before it runs; a newer one waits.
   */
  contract_version?: number;
}

export type MutationResult =
  | { id: string; status: "applied" | "already_applied"; cursor: number }
  | { id: string; status: "rejected"; error: { code: string; message: string; errors?: Record<string, string[]> } };

export interface PushRequest {
  mutations: PendingMutation[];
}
export interface PushResponse {
  /** One answer per mutation, in order; fewer than sent when `error` stopped the batch. */
  results: MutationResult[];
  /**
   * The server stopped on an unexpected failure (not a rule's refusal) before answering the rest:
   * nothing of the failing mutation was recorded, so the client keeps it and the ones after it
   * queued and pushes them again later. `contract_ahead`: the failing mutation was written by a
   * newer app than the server runs (a deployment rolled back): it waits, queued, likewise.
   */
  error?: { code: "server_error" | "contract_ahead"; message: string };
}

export type Change = { [T in SyncTable]: { table: T; id: string; op: "put"; row: SyncRow<T> } | { table: T; id: string; op: "del" } }[SyncTable];

export interface PullResponse {
  cursor: number;
  changes: Change[];
  /** More changes wait after `cursor`: pull again. */
  more: boolean;
  /** The client must drop its base rows first (first pull, or its cursor is older than the log). */
  reset: boolean;
  /**
   * A webcast's viewers pull only, on the first page of a pull: how many viewers the webcast has
   * now (progress of a first pull).
   */
  total?: number;
}
