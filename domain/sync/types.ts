import type { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";
import type { PermissionSubject } from "../permissions/can.ts";
import type { SyncRowMap } from "./tables.ts";

/** Tables that sync between D1 and the browser (docs/sync.md). Rows are keyed by string ids. */
export type SyncTable = keyof SyncRowMap;
export type SyncRow<T extends SyncTable = SyncTable> = SyncRowMap[T];

/** What mutators read and write through, on both sides. `patch` writes only the given fields. */
export interface MutationTx {
  get<T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined>;
  put<T extends SyncTable>(table: T, row: SyncRow<T>): Promise<void>;
  patch<T extends SyncTable>(table: T, id: string, fields: Partial<SyncRow<T>>): Promise<void>;
  delete(table: SyncTable, id: string): Promise<void>;
  /** Rows of a table in one organization (for limits such as max_webcasts). */
  list<T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]>;
}

export interface MutationActor extends PermissionSubject {
  id: number;
}

export interface MutationContext {
  /** "client": optimistic, provisional verdicts; "server": the authority. */
  location: "client" | "server";
  actor: MutationActor;
  /** Language of rejection messages to show. */
  locale: MessageLocale;
  /** ISO time of the application (server time on the server). */
  now: string;
}

/** A refusal only a rule can give (limit, state, permission, missing parent): never dropped silently. */
export class MutationRejected extends Error {
  constructor(
    readonly code: string,
    readonly messages: Record<MessageLocale, string>,
    readonly errors?: Record<string, string[]>,
  ) {
    super(messages.en);
    this.name = "MutationRejected";
  }
}

export interface Mutator<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  name: Name;
  args: Schema;
  // Method syntax on purpose: a registry holds mutators of different argument types.
  run(tx: MutationTx, args: z.output<Schema>, ctx: MutationContext): Promise<void>;
}

/** Declares a named mutator (zod args + one function over MutationTx). */
export function defineMutator<Name extends string, Schema extends z.ZodType>(
  name: Name,
  args: Schema,
  run: (tx: MutationTx, args: z.output<Schema>, ctx: MutationContext) => Promise<void>,
): Mutator<Name, Schema> {
  return { name, args, run };
}

/** A mutation as queued in the browser's outbox and sent in a push. */
export interface PendingMutation {
  /** UUIDv7 made by the client; the server applies each id at most once. */
  id: string;
  name: string;
  args: unknown;
  client_time: string;
}

export type MutationResult =
  | { id: string; status: "applied" | "already_applied"; cursor: number }
  | { id: string; status: "rejected"; error: { code: string; message: string; errors?: Record<string, string[]> } };

export interface PushRequest {
  mutations: PendingMutation[];
}
export interface PushResponse {
  results: MutationResult[];
}

export type Change = { [T in SyncTable]: { table: T; id: string; op: "put"; row: SyncRow<T> } | { table: T; id: string; op: "del" } }[SyncTable];

export interface PullResponse {
  cursor: number;
  changes: Change[];
  /** More changes wait after `cursor`: pull again. */
  more: boolean;
  /** The client must drop its base rows first (first pull, or its cursor is older than the log). */
  reset: boolean;
}
