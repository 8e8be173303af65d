import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ServerStore, Write } from "../../../domain/sync/server-store.ts";
import type { Change, MutationResult, OrganizationRules, SyncRow, SyncTable } from "../../../domain/sync/types.ts";
import { type Db, db } from "../../db/client.ts";
import { organizations, syncChanges, syncMutations } from "../../db/schema/index.ts";
import { type ChangedRow, SYNCED_TABLES, SYNCED_TABLE_NAMES, inJson } from "./tables.ts";

/** Head of the change log: the cursor after everything committed so far (0 while empty). */
const HEAD = sql<number>`(SELECT coalesce(max(${syncChanges.seq}), 0) FROM ${syncChanges})`;

/**
 * The sync `ServerStore` port (domain/sync/server-store.ts) on D1.
 *
 * With `organizationId` the store is the view of one organization, as the organization's
 * OrganizationSync object uses it for pushes: reads see only that organization's rows and rules
 * (another tenant's row does not exist for its mutators) and a commit refuses writes elsewhere.
 * Without it (pull, and the push route's routing) it reads every organization.
 *
 * Callers serialize commits per organization; D1 runs each `commit` as one batch (atomic).
 */
export class D1ServerStore implements ServerStore {
  private readonly database: Db;

  constructor(
    d1: D1Database,
    private readonly organizationId?: number,
  ) {
    this.database = db(d1);
  }

  readonly read: ServerStore["read"] = {
    get: <T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> => SYNCED_TABLES[table].get(this.database, id, this.organizationId),
    list: async <T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> => {
      if (this.organizationId !== undefined && organizationId !== this.organizationId) return [];
      return SYNCED_TABLES[table].list(this.database, organizationId);
    },
    organization: async (id: number): Promise<OrganizationRules | undefined> => {
      if (this.organizationId !== undefined && id !== this.organizationId) return undefined;
      const [row] = await this.database
        .select({ self_serve: organizations.self_serve, deactivated_at: organizations.deactivated_at, limits: organizations.limits, features: organizations.features })
        .from(organizations)
        .where(eq(organizations.id, id));
      return row;
    },
  };

  async recorded(mutationId: string): Promise<MutationResult | undefined> {
    return (await this.recordedMany([mutationId])).get(mutationId);
  }

  /** `recorded` for many ids in one query. */
  async recordedMany(mutationIds: readonly string[]): Promise<Map<string, MutationResult>> {
    if (mutationIds.length === 0) return new Map();
    const rows = await this.database.select().from(syncMutations).where(inJson(syncMutations.id, mutationIds));
    return new Map(rows.map((row) => [row.id, toResult(row)]));
  }

  /** Which organization each existing row belongs to, looked up across every synced table. */
  async organizationsOfRows(rowIds: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (rowIds.length === 0) return found;
    for (const table of SYNCED_TABLE_NAMES) {
      for (const row of await SYNCED_TABLES[table].organizationsOf(this.database, rowIds)) found.set(row.id, row.organization_id);
    }
    return found;
  }

  async commit(input: Parameters<ServerStore["commit"]>[0]): Promise<number> {
    const { database } = this;
    const statements: BatchItem<"sqlite">[] = [];
    for (const write of input.writes) {
      this.checkScope(write);
      statements.push(...writeStatements(database, write));
    }
    const { result } = input;
    statements.push(
      database.insert(syncMutations).values({
        id: result.id,
        user_id: input.userId,
        name: input.name ?? "",
        status: result.status,
        cursor: result.status === "applied" ? HEAD : null,
        error: result.status === "rejected" ? result.error : null,
      }),
    );
    statements.push(headQuery(database));
    const [first, ...rest] = statements;
    if (!first) throw new Error("unreachable: a commit always records its mutation");
    // A batch of a variable length is untyped: its last answer (the head) is checked at runtime.
    const results: readonly unknown[] = await database.batch([first, ...rest]);
    return readHead(results.at(-1));
  }

  async changesSince(cursor: number, organizationIds: readonly number[], limit: number): Promise<{ changes: Change[]; cursor: number; more: boolean }> {
    const { database } = this;
    // Pages stop at the head read first, so answering the head never skips a change committed
    // meanwhile (D1 has one writer: a later commit can only get a higher seq).
    const head = readHead(await headQuery(database));
    const pages = await Promise.all(SYNCED_TABLE_NAMES.map((table) => changesOf(database, table, cursor, head, organizationIds, limit + 1)));
    const merged = pages.flat().sort((a, b) => a.seq - b.seq);
    const more = merged.length > limit;
    const included = merged.slice(0, limit);
    const last = included.at(-1);
    return {
      changes: included.map((entry) => entry.change),
      // Without more rows the client may jump to the head: nothing it can see lies in between.
      cursor: more && last ? last.seq : Math.max(cursor, head),
      more,
    };
  }

  async oldestCursor(): Promise<number> {
    return 0;
  }

  private checkScope(write: Write): void {
    const rowOrganization = write.op === "put" ? write.row.organization_id : write.organization_id;
    if (rowOrganization !== write.organization_id || (this.organizationId !== undefined && write.organization_id !== this.organizationId)) {
      throw new Error(`sync: write to ${write.table}/${write.id} of organization ${rowOrganization} outside organization ${this.organizationId ?? write.organization_id}`);
    }
  }
}

/**
 * The statements of one write. The change-log entry takes its organization from the row itself:
 * after a put, a row that did not land (its id belongs to another organization, so the guarded
 * upsert left it alone) gives NULL and `organization_id NOT NULL` rolls the whole batch back; before
 * a delete, a row that is not there (or not this organization's) logs nothing, as nothing changed.
 */
function writeStatements(database: Db, write: Write): BatchItem<"sqlite">[] {
  const table = SYNCED_TABLES[write.table];
  const owner = table.ownedBy(write.id, write.organization_id);
  if (write.op === "del") {
    // INSERT … SELECT (drizzle's raw `run` cannot be batched): every sync_changes column, in order.
    const entry = sql`SELECT NULL, ${owner}, ${write.table}, ${write.id}, 'del', CURRENT_TIMESTAMP WHERE ${owner} IS NOT NULL`;
    return [database.insert(syncChanges).select(entry), table.delete(database, write.id, write.organization_id)];
  }
  return [putStatement(database, write), database.insert(syncChanges).values({ organization_id: owner, table_name: write.table, row_id: write.id, op: "put" })];
}

function putStatement(database: Db, write: Extract<Write, { op: "put" }>): BatchItem<"sqlite"> {
  switch (write.table) {
    case "webcasts":
      return SYNCED_TABLES.webcasts.put(database, write.row);
  }
}

/** One table's changed rows as changes, with the seq they are ordered by. */
async function changesOf<T extends SyncTable>(database: Db, table: T, cursor: number, head: number, organizationIds: readonly number[], limit: number) {
  const rows = await SYNCED_TABLES[table].changedSince(database, cursor, head, organizationIds, limit);
  return rows.map((entry) => ({ seq: entry.seq, change: toChange(table, entry) }));
}

function toChange<T extends SyncTable>(table: T, entry: ChangedRow<T>): Change {
  return entry.row ? { table, id: entry.id, op: "put", row: entry.row } : { table, id: entry.id, op: "del" };
}

function headQuery(database: Db) {
  return database.select({ head: sql<number>`coalesce(max(${syncChanges.seq}), 0)` }).from(syncChanges);
}

function readHead(rows: unknown): number {
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return typeof first === "object" && first !== null && "head" in first && typeof first.head === "number" ? first.head : 0;
}

function toResult(row: typeof syncMutations.$inferSelect): MutationResult {
  if (row.status === "rejected") return { id: row.id, status: "rejected", error: row.error ?? { code: "rejected", message: "" } };
  return { id: row.id, status: "applied", cursor: row.cursor ?? 0 };
}
